//! The pattern search's walk in clue space (issue 33 item 1): the mask's digits themselves
//! are changed one clue at a time, keeping at least one solution, downhill (Metropolis) on
//! the logarithm of the solution count. A one-clue change keeps all other clues, so
//! neighbouring counts are close; a walk that moved whole solution grids changed many clues
//! at once.
//!
//! Counts are estimated (Knuth's estimator, [`estimate_values`]) and counted exactly only
//! where the estimate is small. A random 17-clue fill has about a million solutions; a walk
//! that counted exactly, to a cap of 500, saw every count above the cap alike and wandered
//! that plateau (72 of 85 traced walks never left it). The estimate sees the whole slope,
//! at a fifth of a capped count's cost (docs/benchmarks.md, "Pattern search, sixth round").

use super::{Found, Walk, open_digits};
use crate::backtrack::{count_values, estimate_values, solve_values};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Probes per estimate: 16 take about 50 µs at 17 clues, and the estimate's logarithm is
/// off by about 0.7 (a factor of two). 8 and 32 did about as well.
const PROBES: u32 = 16;

/// Estimates below this are counted exactly (near one solution the estimate is too coarse
/// to tell 1 from 2). An exact count costs about 0.5 µs a solution, so it is kept to the
/// last stretch: on eight 17-clue masks 300 and 1,000 found 75 and 70 puzzles in 10 s each,
/// 3,000 found 36 and 10,000 found 24.
const EXACT_BELOW: f64 = 300.0;

/// An exact count stops here; above it the estimate stands.
const CAP: usize = 500;

/// Temperature on ln(count): doubling the count is taken with probability 2^(-1/T) (1 in 4
/// at 0.5). 0.35 and 1.0 found a third and a fifth as many puzzles; 0.7 about as many.
const TEMPERATURE: f64 = 0.5;

/// Changes between two looks at `stop` (about 0.1 s of work at 17 clues).
const CHANGES_PER_LOOK: u32 = 1024;

/// The logarithm of how many solutions `puzzle` has, and whether it has exactly one: exact
/// up to [`CAP`] where the estimate is below [`EXACT_BELOW`], else estimated. `None` if it
/// has none. An estimate above 0 comes from a probe that reached a solution, so it never
/// calls an unsolvable puzzle solvable.
fn log_count(puzzle: &[u8; 81], rng: &mut ChaCha8Rng) -> Option<(f64, bool)> {
    let estimate = estimate_values(puzzle, PROBES, rng);
    if estimate >= EXACT_BELOW {
        return Some((estimate.ln(), false));
    }
    match count_values(puzzle, CAP + 1) {
        0 => None,
        n if n <= CAP => Some(((n as f64).ln(), n == 1)),
        _ => Some((estimate.max(CAP as f64).ln(), false)),
    }
}

/// From the clues of `start` on `cells`, up to `budget` one-clue changes; a unique puzzle
/// that `accept` takes ends the walk, and so does `stop`. Returns the puzzle and its
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
    let Some((mut current, _)) = log_count(&puzzle, rng) else {
        return (None, Walk::default());
    };
    let mut lowest = current;
    let walk = |moves, lowest: f64| Walk {
        moves,
        lowest: lowest.exp().round() as usize,
    };
    let mut moves = 0;
    let mut until_look = CHANGES_PER_LOOK;
    while moves < budget {
        until_look -= 1;
        if until_look == 0 {
            if stop() {
                break;
            }
            until_look = CHANGES_PER_LOOK;
        }
        moves += 1;
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
        let Some((next, unique)) = log_count(&puzzle, rng) else {
            puzzle[cell] = old;
            continue;
        };
        if unique && let Some(solution) = solve_values(&puzzle, 1).first {
            lowest = 0.0;
            if accept(&puzzle, &solution) {
                return (Some((puzzle, solution)), walk(moves, lowest));
            }
        }
        let keep = next <= current || rng.random::<f64>() < ((current - next) / TEMPERATURE).exp();
        if keep {
            current = next;
            lowest = lowest.min(current);
        } else {
            puzzle[cell] = old;
        }
    }
    (None, walk(moves, lowest))
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
