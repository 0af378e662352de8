//! Puzzles on a given clue pattern (the pattern game's sparse masks), found without drawing
//! whole solution grids: a random grid keeps a 17–24 cell mask's clues unique almost never
//! (an 18-cell mask: none in 200,000 grids).
//!
//! 1. A backtracking fill of the mask's cells, random digits from the seed's stream, each
//!    assignment kept only while the clues still have a solution (pruning on 0).
//! 2. Local repair while the clues have several solutions: a walk in clue space, one clue's
//!    digit changed at a time, downhill on the solution count (see `pattern_clues.rs`).
//!
//! Every puzzle the walk returns has been counted to one solution by the backtracker itself.
//!
//! An earlier walk moved whole solution grids (swapping their small unavoidable sets, with
//! the larger ones the backtracker found learned). Run after the clue walk in 60 tries on two
//! 18-clue masks, it found no puzzle the clue walk had missed, so the clue walk has the whole
//! try (docs/benchmarks.md, "Pattern search, fourth round").

use crate::backtrack::{count_values, solve_values};
use crate::board::cells::{Cell, CellSet};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

#[path = "pattern_clues.rs"]
mod clue_walk;

/// The digits (bit `d`) that clash with no clue in a house of `cell`.
fn open_digits(values: &[u8; 81], cell: usize) -> u16 {
    let (row, col) = (cell / 9, cell % 9);
    let corner = (row / 3) * 27 + (col / 3) * 3;
    let mut used = 0u16;
    for i in 0..9 {
        used |= 1 << values[row * 9 + i];
        used |= 1 << values[i * 9 + col];
        used |= 1 << values[corner + (i / 3) * 9 + i % 3];
    }
    0x3fe & !used
}

/// Step 1: the mask's cells filled with random digits, each kept while the clues have a
/// solution; the clues' first solution. `None` only if the backtracking runs out of `nodes`.
fn random_fill(cells: &[usize], rng: &mut ChaCha8Rng, nodes: &mut u32) -> Option<[u8; 81]> {
    fn fill(cells: &[usize], values: &mut [u8; 81], rng: &mut ChaCha8Rng, nodes: &mut u32) -> bool {
        let Some((&cell, rest)) = cells.split_first() else {
            return true;
        };
        let open = open_digits(values, cell);
        let mut digits: Vec<u8> = (1..=9).filter(|d| open & (1 << d) != 0).collect();
        digits.shuffle(rng);
        for digit in digits {
            if *nodes == 0 {
                break;
            }
            *nodes -= 1;
            values[cell] = digit;
            if count_values(values, 1) == 1 && fill(rest, values, rng, nodes) {
                return true;
            }
        }
        values[cell] = 0;
        false
    }
    let mut values = [0u8; 81];
    if !fill(cells, &mut values, rng, nodes) {
        return None;
    }
    solve_values(&values, 1).first
}

/// Why no puzzle on `pattern` can have one solution, if a glance shows it: two rows of a band
/// (or two columns of a stack) without a clue can be swapped in any solution, which gives
/// another solution with the same clues.
pub fn never_unique(pattern: CellSet) -> Option<String> {
    let empty =
        |occupied: u16| -> Vec<usize> { (0..9).filter(|l| occupied >> l & 1 == 0).collect() };
    let (empty_rows, empty_cols) = (empty(pattern.rows()), empty(pattern.cols()));
    for (lines, name, group) in [
        (empty_rows, "rows", "band"),
        (empty_cols, "columns", "stack"),
    ] {
        if let Some(pair) = lines.windows(2).find(|w| w[0] / 3 == w[1] / 3) {
            return Some(format!(
                "the pattern has no clue in {name} {} and {} of one {group}: swapping them in any \
                 solution gives another with the same clues, so no puzzle on it has one \
                 solution (put a clue in one of them)",
                pair[0] + 1,
                pair[1] + 1
            ));
        }
    }
    None
}

/// A puzzle found and its solution.
pub type Found = ([u8; 81], [u8; 81]);

/// What one search did, whether or not it found a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// One-clue changes made (see `pattern_clues.rs`).
    pub moves: u64,
    /// The lowest solution count the walk reached: counted exactly up to a few hundred,
    /// estimated above.
    pub lowest: usize,
}

/// One search for a puzzle whose clues are exactly `pattern`'s cells: a random fill, then up
/// to `moves` one-clue changes of repair. `accept` has the last word on a unique puzzle (minimality,
/// say); the walk goes on past one it turns down. `stop` is looked at every few milliseconds
/// and ends the search. Returns the puzzle and its solution, and the work.
pub fn search(
    pattern: CellSet,
    rng: &mut ChaCha8Rng,
    moves: u64,
    accept: &dyn Fn(&[u8; 81], &[u8; 81]) -> bool,
    stop: &dyn Fn() -> bool,
) -> (Option<Found>, Walk) {
    let mut cells: Vec<usize> = pattern.iter().map(Cell::index).collect();
    cells.shuffle(rng);
    // The fill never needs many nodes (a mask's partial clues almost always have a solution);
    // the bound only keeps a pathological mask from stalling.
    let mut nodes = 10_000;
    let Some(grid) = random_fill(&cells, rng, &mut nodes) else {
        return (None, Walk::default());
    };
    clue_walk::walk(&cells, &grid, rng, moves, accept, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Checks `found` independently of the search: one solution, which is the one given, and
    /// clues exactly on the pattern.
    fn assert_on_pattern(found: &Found, pattern: CellSet) {
        let (puzzle, solution) = found;
        assert_eq!(count_values(puzzle, 2), 1);
        assert_eq!(solve_values(puzzle, 1).first, Some(*solution));
        for (i, &v) in puzzle.iter().enumerate() {
            assert_eq!(v != 0, pattern.contains(Cell::new(i)));
        }
    }

    #[test]
    fn an_18_clue_mask_of_a_real_puzzle_is_found_and_repeats_by_seed() {
        // The mask of an 18-clue top1465 puzzle (the third round's search, seed 1, found none
        // in 10 s).
        let mask =
            "x.x.x...........xxx........x.....x.....xx.......xx..........xx..x....x...x.x.....";
        let pattern = crate::generate::parse_pattern(mask).expect("81 cells");
        let run = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..20)
                .find_map(|_| search(pattern, &mut rng, 400_000, &|_, _| true, &|| false).0)
                .expect("found within 20 tries")
        };
        let found = run(1);
        assert_on_pattern(&found, pattern);
        assert_eq!(run(1), found);
    }

    #[test]
    fn a_17_clue_mask_of_a_real_puzzle_is_found() {
        // The mask of a 17-clue puzzle of the 17-clue list. With exact counts capped at 500
        // (the fifth round) 60 s on two threads found none on three seeds.
        let mask =
            ".................x.....x.x......x.x...x.x......x....x..x......x.x..x...xxx...x...";
        let pattern = crate::generate::parse_pattern(mask).expect("81 cells");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let found = (0..5)
            .find_map(|_| search(pattern, &mut rng, 100_000, &|_, _| true, &|| false).0)
            .expect("found within 5 tries");
        assert_on_pattern(&found, pattern);
    }

    #[test]
    fn a_found_puzzle_has_the_pattern_and_one_solution() {
        // The 24-cell mask of a top1465 puzzle.
        let mask =
            "x..x..x...x..x..x...x..x..xx..x..x...x..x..x......x..xx.....x...x..x..x......x..x";
        let pattern = crate::generate::parse_pattern(mask).expect("81 cells");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (found, walk) = search(pattern, &mut rng, 200_000, &|_, _| true, &|| false);
        let found = found.expect("a 24-clue mask is found within the moves");
        assert!(walk.moves >= 1);
        assert!(walk.lowest == 1);
        assert_on_pattern(&found, pattern);
    }

    #[test]
    fn two_empty_lines_of_a_band_or_stack_are_told() {
        // Every row full but the two given.
        let without_rows = |a: usize, b: usize| -> CellSet {
            let text: String = (0..81)
                .map(|i| if i / 9 == a || i / 9 == b { '.' } else { 'x' })
                .collect();
            crate::generate::parse_pattern(&text).expect("81 cells")
        };
        let why = never_unique(without_rows(3, 5)).expect("two empty rows of band 2");
        assert!(why.contains("rows 4 and 6 of one band"), "{why}");
        // Columns 1 and 3 empty: the same by columns.
        let cols: String = (0..81)
            .map(|i| if i % 9 == 0 || i % 9 == 2 { '.' } else { 'x' })
            .collect();
        let pattern = crate::generate::parse_pattern(&cols).expect("81 cells");
        let why = never_unique(pattern).expect("two empty columns of stack 1");
        assert!(why.contains("columns 1 and 3 of one stack"), "{why}");
        // Empty rows 3 and 4 are in two bands: nothing to say.
        assert_eq!(never_unique(without_rows(2, 3)), None);
    }

    #[test]
    fn a_mask_whose_fill_has_no_room_is_none_not_a_panic() {
        // Ten clues in one row: no fill at all.
        let mask = format!("{}{}", "x".repeat(10), ".".repeat(71));
        let pattern = crate::generate::parse_pattern(&mask).expect("81 cells");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(
            search(pattern, &mut rng, 1_000, &|_, _| true, &|| false).0,
            None
        );
    }
}
