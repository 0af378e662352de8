//! Puzzles on a given clue pattern (the pattern game's sparse masks), found without drawing
//! whole solution grids: a random grid keeps a 17–24 cell mask's clues unique almost never
//! (an 18-cell mask: none in 200,000 grids).
//!
//! 1. A backtracking fill of the mask's cells, random digits from the seed's stream, each
//!    assignment kept only while the clues still have a solution (pruning on 0): the clues
//!    and one of their solutions `S`.
//! 2. Local repair while the clues have several solutions. The clues are `S` on the mask, so
//!    they are unique exactly when the mask hits every unavoidable set of `S` (cells whose
//!    digits can be rearranged into another valid grid). A repair swaps one of `S`'s small
//!    unavoidable sets that meets the mask: two digits along their cycle through rows,
//!    columns and boxes, or two rows of a band (two columns of a stack) along a cycle of
//!    their values. The result is again a valid grid, with one or a few clues changed. The
//!    walk goes downhill (Metropolis, at a low temperature) on the number of such sets that
//!    miss the mask, and asks the backtracker whenever none does.
//!
//!    When the backtracker finds another solution, the cells where it differs are a larger
//!    unavoidable set the mask misses: it is learned for the rest of the try (see
//!    `pattern_unavoidable.rs`), and counts in the walk's score from then on.
//! 3. When such a grid's clues have at most a few thousand solutions, a descent on the
//!    solution count itself, by the same swaps (see [`descend`]).
//!
//! The swaps only ever produce valid grids, so every kept puzzle is checked for one solution
//! by the backtracker itself; the walk is only the way there.

use crate::backtrack::{count_values, solve_values};
use crate::board::cells::{Cell, CellSet};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

#[path = "pattern_clues.rs"]
mod clue_walk;
#[path = "pattern_unavoidable.rs"]
mod unavoidable;
use unavoidable::Learned;

/// The box of cell `i` (0..81).
fn box_of(i: usize) -> usize {
    (i / 27) * 3 + (i % 9) / 3
}

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

/// The small unavoidable sets of a solution grid, as cell bitmaps (bit `i` for cell `i`):
/// for every pair of digits, the cycles their 18 cells form (each row, column and box of a
/// cycle holds both digits in it, so swapping them there leaves a valid grid), and for every
/// two rows of a band (two columns of a stack), the cycles of their values (the columns on
/// which the two rows hold the same digits, so swapping the rows there leaves a valid grid;
/// rows of two bands only where the cycle stays in one stack). Every unavoidable set of 4 or
/// 6 cells is one of these.
fn small_unavoidable_sets(grid: &[u8; 81], out: &mut Vec<u128>) {
    out.clear();
    // where[d][row]: the cell of digit d in the row.
    let mut place = [[0usize; 9]; 10];
    for (i, &d) in grid.iter().enumerate() {
        place[d as usize][i / 9] = i;
    }
    for a in 1..=9usize {
        for b in a + 1..=9 {
            // Cells 0..9: digit a in rows 0..9; cells 9..18: digit b. Link the a and b of
            // each row, column and box; the components are the cycles.
            let cells: [usize; 18] =
                std::array::from_fn(|k| if k < 9 { place[a][k] } else { place[b][k - 9] });
            let mut parent: [u8; 18] = std::array::from_fn(|k| k as u8);
            fn root(parent: &mut [u8; 18], mut x: usize) -> usize {
                while parent[x] as usize != x {
                    parent[x] = parent[parent[x] as usize];
                    x = parent[x] as usize;
                }
                x
            }
            let mut join = |x: usize, y: usize| {
                let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
                parent[rx] = ry as u8;
            };
            let (mut in_col, mut in_box) = ([[0usize; 2]; 9], [[0usize; 2]; 9]);
            for (k, &cell) in cells.iter().enumerate() {
                in_col[cell % 9][k / 9] = k;
                in_box[box_of(cell)][k / 9] = k;
            }
            for i in 0..9 {
                join(i, 9 + i);
                join(in_col[i][0], in_col[i][1]);
                join(in_box[i][0], in_box[i][1]);
            }
            let mut cycles = [0u128; 18];
            for (k, &cell) in cells.iter().enumerate() {
                cycles[root(&mut parent, k)] |= 1 << cell;
            }
            out.extend(cycles.into_iter().filter(|&c| c != 0));
        }
    }
    for by_rows in [true, false] {
        let at = |line: usize, j: usize| if by_rows { line * 9 + j } else { j * 9 + line };
        for first in 0..9 {
            for second in first + 1..9 {
                // Lines of one band (stack) may swap along any cycle; lines of two bands
                // only along a cycle inside one stack (box), which keeps the boxes' digits.
                let same_band = first / 3 == second / 3;
                let mut column_of = [0usize; 10];
                for j in 0..9 {
                    column_of[grid[at(first, j)] as usize] = j;
                }
                let mut seen = 0u16;
                for start in 0..9 {
                    if seen & (1 << start) != 0 {
                        continue;
                    }
                    let (mut cycle, mut j, mut stacks) = (0u128, start, 0u8);
                    loop {
                        seen |= 1 << j;
                        stacks |= 1 << (j / 3);
                        cycle |= (1 << at(first, j)) | (1 << at(second, j));
                        j = column_of[grid[at(second, j)] as usize];
                        if j == start {
                            break;
                        }
                    }
                    if same_band || stacks.count_ones() == 1 {
                        out.push(cycle);
                    }
                }
            }
        }
    }
}

/// Swaps an unavoidable set of [`small_unavoidable_sets`]: its two digits, or its two lines'
/// values. The grid stays valid.
fn swap(grid: &mut [u8; 81], set: u128) {
    let cells = CellSet::from_bits(set);
    let digits: u16 = cells.iter().fold(0, |m, c| m | 1 << grid[c.index()]);
    if digits.count_ones() == 2 {
        let (a, b) = (
            digits.trailing_zeros() as u8,
            15 - digits.leading_zeros() as u8,
        );
        for c in cells {
            let v = &mut grid[c.index()];
            *v = if *v == a { b } else { a };
        }
        return;
    }
    let rows = cells.rows();
    if rows.count_ones() == 2 {
        let (first, second) = (
            rows.trailing_zeros() as usize,
            15 - rows.leading_zeros() as usize,
        );
        for c in cells.iter().filter(|c| c.row() == first) {
            grid.swap(c.index(), Cell::at(second, c.col()).index());
        }
    } else {
        let cols = cells.cols();
        let (first, second) = (
            cols.trailing_zeros() as usize,
            15 - cols.leading_zeros() as usize,
        );
        for c in cells.iter().filter(|c| c.col() == first) {
            grid.swap(c.index(), Cell::at(c.row(), second).index());
        }
    }
}

/// The walk's temperature: a move that adds one unavoidable set missing the mask is taken
/// with probability e^(-1/T) (about 1 in 7 at 0.5).
const TEMPERATURE: f64 = 0.5;

/// What one search did, whether or not it found a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Repairs tried.
    pub moves: u64,
    /// Grids whose small unavoidable sets all met the mask, checked by the backtracker.
    pub checks: u64,
    /// Unavoidable sets learned from the checks.
    pub learned: u64,
    /// The lowest number of known sets the mask missed.
    pub best: usize,
    /// Descents on the solution count.
    pub descents: u64,
    /// Counts made by the descents.
    pub counted: u64,
    /// The lowest count reached by a descent.
    pub best_count: usize,
}

/// Solutions counted in about the time of one move of the walk (a move is about 20 µs, a
/// solution about 0.5 µs): a try's budget of moves bounds its counting too.
const COUNTED_PER_MOVE: usize = 40;

/// Whether `set` (of `grid`) only relabels: two digits swapped everywhere, the same puzzle.
fn relabels(grid: &[u8; 81], set: u128) -> bool {
    set.count_ones() == 18 && {
        let first = grid[set.trailing_zeros() as usize];
        (0..81)
            .filter(|&i| set >> i & 1 == 1 && grid[i] == first)
            .count()
            == 9
    }
}

/// Solution counts below which a grid the small sets cannot tell from a unique one goes to
/// [`descend`] (above, a count costs too much and a descent rarely gets down).
const COUNT_CAP: usize = 10_000;

/// Steps of one descent, at most.
const DESCENT_STEPS: usize = 3_000;

/// The descent's temperature on the logarithm of the count: doubling it is taken with
/// probability 2^(-1/T) (1 in 16 at 0.25).
const COUNT_TEMPERATURE: f64 = 0.25;

/// Step 3, from a grid whose clues have `count` (a few thousand at most) solutions: swaps of
/// its small unavoidable sets that meet the mask (a relabelling of two digits is the same
/// puzzle, so not those), downhill on the clues' solution count (each counted only to four
/// times the current one), until it is 1. Near a unique puzzle the swaps' counts have a
/// slope (from an 18-clue puzzle's grid, most swaps give a few to a few hundred solutions),
/// which the small sets alone do not see: at 18-21 clues, grids whose small sets all meet
/// the mask mostly leave more than 10,000 solutions.
fn descend(
    grid: &[u8; 81],
    mask: u128,
    mut count: usize,
    rng: &mut ChaCha8Rng,
    walk: &mut Walk,
    moves: u64,
    accept: &dyn Fn(&[u8; 81], &[u8; 81]) -> bool,
) -> Option<Found> {
    let clues = |grid: &[u8; 81]| -> [u8; 81] {
        std::array::from_fn(|i| if mask >> i & 1 == 1 { grid[i] } else { 0 })
    };
    let mut grid = *grid;
    let mut sets = Vec::new();
    small_unavoidable_sets(&grid, &mut sets);
    sets.retain(|&s| s & mask != 0 && !relabels(&grid, s));
    let (mut aimed, mut near) = (None, Vec::new());
    for _ in 0..DESCENT_STEPS {
        if walk.moves >= moves {
            break;
        }
        // Few solutions left: aim at the cells where another one differs, which a swap must
        // change for the mask to hit them.
        if count <= AIM_BELOW && aimed.is_none() {
            aimed = Some(unavoidable::missed_by(&grid, mask).unwrap_or(0));
        }
        let pool: &[u128] = match aimed {
            Some(d) if d != 0 && rng.random_bool(AIMED) => {
                near.clear();
                near.extend(sets.iter().copied().filter(|&s| s & d != 0));
                if near.is_empty() { &sets } else { &near }
            }
            _ => &sets,
        };
        let &set = pool.get(rng.random_range(0..pool.len().max(1)))?;
        let mut next = grid;
        swap(&mut next, set);
        let limit = (count * 4).min(COUNT_CAP);
        let puzzle = clues(&next);
        let next_count = count_values(&puzzle, limit + 1);
        walk.counted += 1;
        walk.moves += 1 + (limit / COUNTED_PER_MOVE) as u64;
        if next_count == 1 && accept(&puzzle, &next) {
            return Some((puzzle, next));
        }
        // Metropolis on the logarithm of the count; past the limit, always declined.
        let ratio = count as f64 / next_count as f64;
        if next_count <= limit
            && (next_count <= count || rng.random::<f64>() < (ratio.ln() / COUNT_TEMPERATURE).exp())
        {
            grid = next;
            count = next_count;
            aimed = None;
            walk.best_count = walk.best_count.min(count);
            small_unavoidable_sets(&grid, &mut sets);
            sets.retain(|&s| s & mask != 0 && !relabels(&grid, s));
        }
    }
    None
}

/// A puzzle found and its solution.
pub type Found = ([u8; 81], [u8; 81]);

/// One search for a puzzle whose clues are exactly `pattern`'s cells: a random fill, then up
/// to `moves` repairs. `accept` has the last word on a unique puzzle (minimality, say); the
/// walk goes on past one it turns down. Returns the puzzle and its solution, and the work.
pub fn search(
    pattern: CellSet,
    rng: &mut ChaCha8Rng,
    moves: u64,
    accept: &dyn Fn(&[u8; 81], &[u8; 81]) -> bool,
) -> (Option<Found>, Walk) {
    let mask = pattern.bits();
    let mut walk = Walk::default();
    let mut cells: Vec<usize> = pattern.iter().map(Cell::index).collect();
    cells.shuffle(rng);
    // The fill never needs many nodes (a mask's partial clues almost always have a solution);
    // the bound only keeps a pathological mask from stalling.
    let mut nodes = 10_000;
    let Some(mut grid) = random_fill(&cells, rng, &mut nodes) else {
        return (None, walk);
    };
    // Half the try's moves for the walk in clue space, the rest for the grid walk.
    let (found, spent) = clue_walk::walk(&cells, &grid, rng, moves / 2, accept);
    walk.moves += spent;
    if found.is_some() {
        return (found, walk);
    }
    let clues = |grid: &[u8; 81]| -> [u8; 81] {
        std::array::from_fn(|i| if mask >> i & 1 == 1 { grid[i] } else { 0 })
    };
    let mut learned = Learned::default();
    let missing = |grid: &[u8; 81], sets: &mut Vec<u128>, learned: &Learned| {
        small_unavoidable_sets(grid, sets);
        sets.iter().filter(|&&s| s & mask == 0).count() + learned.held(grid)
    };
    // The backtracker's verdict on a grid whose known sets all meet the mask: the puzzle, or
    // (several solutions) the set it missed, learned.
    let check = |grid: &[u8; 81], walk: &mut Walk, learned: &mut Learned, rng: &mut ChaCha8Rng| {
        walk.checks += 1;
        let puzzle = clues(grid);
        if count_values(&puzzle, 2) == 1 {
            return accept(&puzzle, grid).then_some((puzzle, *grid));
        }
        let count = count_values(&puzzle, COUNT_CAP);
        walk.moves += (count / COUNTED_PER_MOVE) as u64;
        if count < COUNT_CAP {
            walk.descents += 1;
            if let Some(found) = descend(grid, mask, count, rng, walk, moves, accept) {
                return Some(found);
            }
        }
        if let Some(set) = unavoidable::missed_by(grid, mask) {
            learned.learn(grid, set);
            walk.learned += 1;
        }
        None
    };
    let mut sets = Vec::new();
    let mut score = missing(&grid, &mut sets, &learned);
    walk.best = score;
    walk.best_count = usize::MAX;
    if score == 0 {
        if let Some(found) = check(&grid, &mut walk, &mut learned, rng) {
            return (Some(found), walk);
        }
        score = missing(&grid, &mut sets, &learned);
    }
    let mut touching = Vec::new();
    let mut missed = Vec::new();
    let mut next_sets = Vec::new();
    while walk.moves < moves {
        walk.moves += 1;
        touching.clear();
        touching.extend(sets.iter().copied().filter(|&s| s & mask != 0));
        // Half the moves aim at a set the mask misses: a swap that changes some of its cells.
        if score > 0 && rng.random_bool(AIMED) {
            missed.clear();
            missed.extend(sets.iter().copied().filter(|&s| s & mask == 0));
            learned.held_sets(&grid, &mut missed);
            if let Some(&target) = missed.get(rng.random_range(0..missed.len().max(1))) {
                let all = touching.len();
                touching.retain(|&s| s & target != 0);
                if touching.is_empty() && all > 0 {
                    touching.extend(sets.iter().copied().filter(|&s| s & mask != 0));
                }
            }
        }
        let Some(&set) = touching.get(rng.random_range(0..touching.len().max(1))) else {
            break;
        };
        let mut next = grid;
        swap(&mut next, set);
        let next_score = missing(&next, &mut next_sets, &learned);
        let uphill = next_score.saturating_sub(score) as f64;
        if uphill == 0.0 || rng.random::<f64>() < (-uphill / TEMPERATURE).exp() {
            (grid, score) = (next, next_score);
            walk.best = walk.best.min(score);
            std::mem::swap(&mut sets, &mut next_sets);
            if score == 0 {
                if let Some(found) = check(&grid, &mut walk, &mut learned, rng) {
                    return (Some(found), walk);
                }
                score = missing(&grid, &mut sets, &learned);
            }
        }
    }
    (None, walk)
}

/// Solution counts at which the descent aims at another solution's cells.
const AIM_BELOW: usize = 8;

/// The share of moves aimed at a set the mask misses.
const AIMED: f64 = 0.5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::solution::random_solution;
    use rand::SeedableRng;

    fn is_grid(grid: &[u8; 81]) -> bool {
        crate::board::grid::find_conflict(grid).is_none()
            && grid.iter().all(|v| (1..=9).contains(v))
    }

    #[test]
    fn every_small_set_swaps_into_another_valid_grid() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut sets = Vec::new();
        for _ in 0..20 {
            let grid = random_solution(&mut rng);
            small_unavoidable_sets(&grid, &mut sets);
            // 36 digit pairs and 18 line pairs give at least one cycle each.
            assert!(sets.len() >= 54);
            for &set in &sets {
                let mut other = grid;
                swap(&mut other, set);
                assert!(is_grid(&other));
                // It differs exactly on the set: an unavoidable set of the grid.
                let differ: u128 = (0..81)
                    .filter(|&i| other[i] != grid[i])
                    .fold(0, |m, i| m | 1 << i);
                assert_eq!(differ, set);
            }
        }
    }

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
    fn the_count_descent_reaches_a_22_clue_mask_the_small_sets_alone_missed() {
        // The mask of a 22-clue top1465 puzzle (the walk on the small sets alone found none
        // in 10 s).
        let mask =
            "......x...x..x..x...x..x..xx..x......x..x..x...x..x..xx.....x...x..x..x......x..x";
        let pattern = crate::generate::parse_pattern(mask).expect("81 cells");
        let run = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..20)
                .find_map(|_| search(pattern, &mut rng, 50_000, &|_, _| true).0)
                .expect("found within 20 tries")
        };
        let found = run(1);
        assert_on_pattern(&found, pattern);
        // Deterministic by seed.
        assert_eq!(run(1), found);
    }

    #[test]
    fn relabelling_swaps_are_told_apart() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let grid = random_solution(&mut rng);
        let mut sets = Vec::new();
        small_unavoidable_sets(&grid, &mut sets);
        for &set in &sets {
            let mut other = grid;
            swap(&mut other, set);
            // A relabelling maps every digit to one digit: the same puzzle on any mask.
            let mut map = [0u8; 10];
            let same = (0..81).all(|i| {
                let m = &mut map[grid[i] as usize];
                *m == 0 && {
                    *m = other[i];
                    true
                } || *m == other[i]
            });
            let digits_in: u16 = (0..81)
                .filter(|&i| set >> i & 1 == 1)
                .fold(0, |m, i| m | 1 << grid[i]);
            assert_eq!(relabels(&grid, set), same && digits_in.count_ones() == 2);
        }
    }

    #[test]
    fn a_found_puzzle_has_the_pattern_and_one_solution() {
        // The 24-cell mask of a top1465 puzzle.
        let mask =
            "x..x..x...x..x..x...x..x..xx..x..x...x..x..x......x..xx.....x...x..x..x......x..x";
        let pattern = crate::generate::parse_pattern(mask).expect("81 cells");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (found, walk) = search(pattern, &mut rng, 200_000, &|_, _| true);
        let (puzzle, solution) = found.expect("a 24-clue mask is found within the moves");
        assert!(walk.moves >= 1);
        assert_eq!(count_values(&puzzle, 2), 1);
        assert_eq!(solve_values(&puzzle, 1).first, Some(solution));
        for (i, &v) in puzzle.iter().enumerate() {
            assert_eq!(v != 0, pattern.contains(Cell::new(i)));
        }
    }
}
