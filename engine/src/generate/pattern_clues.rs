//! The pattern search's walk in clue space (issue 33 item 1): the mask's digits themselves
//! are changed one clue at a time, keeping at least one solution, downhill (Metropolis) on
//! the logarithm of the solution count, each count taken only to a few times the current
//! one. A one-clue change keeps all other clues, so neighbouring counts are close; a walk
//! that moved whole solution grids changed many clues at once.

use super::{Found, Walk, open_digits};
use crate::backtrack::{count_values, solve_values};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Counts above this are all alike to the walk (a count costs about 0.5 µs a solution).
/// Measured on two 18-clue masks of top1465 puzzles (fourth round): with 500 the walk found
/// four to five times as many puzzles a second as with 2,000; 200 was no better.
const CAP: usize = 500;

/// Temperature on ln(count): doubling the count is taken with probability 2^(-1/T) (1 in 4
/// at 0.5). At 0.3 (cap 2,000) it found a quarter as many puzzles a second or fewer; 0.7 and
/// 0.8 were no better.
const TEMPERATURE: f64 = 0.5;

/// Work units charged per solution counted (a unit is about one one-clue change).
const COUNTED_PER_UNIT: usize = 40;

/// Changes between two looks at `stop` (about 10 ms of work at 17 clues).
const CHANGES_PER_LOOK: u32 = 1024;

/// From the clues of `start` on `cells`, up to `budget` units of one-clue changes; a unique
/// puzzle that `accept` takes ends the walk, and so does `stop`. Returns the puzzle and its
/// solution, and the work.
pub fn walk(
    cells: &[usize],
    start: &[u8; 81],
    rng: &mut ChaCha8Rng,
    budget: u64,
    accept: &dyn Fn(&[u8; 81], &[u8; 81]) -> bool,
    stop: &dyn Fn() -> bool,
) -> (Option<Found>, Walk) {
    let mut puzzle = [0u8; 81];
    for &c in cells {
        puzzle[c] = start[c];
    }
    let mut count = count_values(&puzzle, CAP + 1);
    let mut walk = Walk {
        moves: 1 + (count / COUNTED_PER_UNIT) as u64,
        lowest: count,
    };
    let mut until_look = CHANGES_PER_LOOK;
    while walk.moves < budget {
        until_look -= 1;
        if until_look == 0 {
            if stop() {
                break;
            }
            until_look = CHANGES_PER_LOOK;
        }
        walk.moves += 1;
        let cell = cells[rng.random_range(0..cells.len())];
        let old = puzzle[cell];
        puzzle[cell] = 0;
        let open = open_digits(&puzzle, cell) & !(1 << old);
        if open == 0 {
            puzzle[cell] = old;
            continue;
        }
        let pick = rng.random_range(0..open.count_ones());
        let digit = (1..=9u8)
            .filter(|d| open >> d & 1 == 1)
            .nth(pick as usize)
            .expect("`pick` is below the number of open digits");
        puzzle[cell] = digit;
        let limit = (count * 4).clamp(4, CAP);
        let next = count_values(&puzzle, limit + 1);
        walk.moves += (next / COUNTED_PER_UNIT) as u64;
        if next == 1
            && let Some(solution) = solve_values(&puzzle, 1).first
        {
            walk.lowest = 1;
            if accept(&puzzle, &solution) {
                return (Some((puzzle, solution)), walk);
            }
        }
        let keep = next >= 1
            && (next <= count
                || (next <= limit
                    && rng.random::<f64>()
                        < ((count as f64 / next as f64).ln() / TEMPERATURE).exp()));
        if keep {
            count = next;
            walk.lowest = walk.lowest.min(count);
        } else {
            puzzle[cell] = old;
        }
    }
    (None, walk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::solution::random_solution;
    use rand::SeedableRng;

    /// The walk alone, from random grids' clues on a 22-clue top1465 mask: what it returns is
    /// unique (the backtracker counts to two), on the mask's cells exactly, with its solution,
    /// what `accept` took, and the same for the same seed.
    #[test]
    fn the_clue_walk_alone_reaches_a_unique_puzzle_on_the_mask() {
        let mask =
            "......x...x..x..x...x..x..xx..x......x..x..x...x..x..xx.....x...x..x..x......x..x";
        let cells: Vec<usize> = (0..81).filter(|&i| mask.as_bytes()[i] == b'x').collect();
        let asked = std::cell::Cell::new(0);
        let accept = |_: &[u8; 81], _: &[u8; 81]| {
            asked.set(asked.get() + 1);
            // Turn the first unique one down: the walk goes on past a refusal.
            asked.get() > 1
        };
        let run = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            asked.set(0);
            (0..20)
                .find_map(|_| {
                    let start = random_solution(&mut rng);
                    walk(&cells, &start, &mut rng, 100_000, &accept, &|| false).0
                })
                .expect("found within 20 walks")
        };
        let (puzzle, solution) = run(3);
        assert!(asked.get() >= 2, "the refusal was not asked");
        assert_eq!(count_values(&puzzle, 2), 1);
        assert_eq!(solve_values(&puzzle, 1).first, Some(solution));
        for (i, &v) in puzzle.iter().enumerate() {
            assert_eq!(v != 0, cells.contains(&i), "cell {i}");
        }
        assert_eq!(run(3), (puzzle, solution));
    }
}
