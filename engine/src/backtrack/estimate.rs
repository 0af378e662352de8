//! An estimate of a puzzle's solution count where counting them would take too long: Knuth's
//! estimator of a search tree's size, on the search's own tree. A probe goes from the root to
//! a leaf, taking one branch at random at each guess; the product of the branch counts on
//! its way is the estimate if the leaf is a solution, 0 if it is a contradiction. The mean
//! of many probes is unbiased; each probe costs one path of the search, not the whole tree.

use super::search::{Settled, State, guess_cell};
use rand::Rng;

/// One probe from `s`: the product of the branch counts on a random path if it ends in a
/// solution, else 0.
fn probe(mut s: State, rng: &mut impl Rng) -> f64 {
    let mut weight = 1.0;
    loop {
        match s.settle() {
            Settled::Broken => return 0.0,
            Settled::Solved => return weight,
            Settled::Stuck(pairs) => {
                let (b, bit, digits) = guess_cell(&mut s, &pairs);
                let branches = digits.count_ones();
                if branches == 0 {
                    return 0.0;
                }
                weight *= f64::from(branches);
                let mut pick = rng.random_range(0..branches);
                let mut rest = digits;
                while pick > 0 {
                    rest &= rest - 1;
                    pick -= 1;
                }
                s.place(rest.trailing_zeros() as usize, b, bit, digits);
            }
        }
    }
}

/// The mean of `probes` probes from `s` (0 for no probes).
pub(super) fn estimate(s: State, probes: u32, rng: &mut impl Rng) -> f64 {
    if probes == 0 {
        return 0.0;
    }
    let total: f64 = (0..probes).map(|_| probe(s, rng)).sum();
    total / f64::from(probes)
}

#[cfg(test)]
mod tests {
    use super::super::{count_values, estimate_values};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A 17-clue puzzle (one solution).
    const SEVENTEEN: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

    fn values(text: &str) -> [u8; 81] {
        let mut v = [0u8; 81];
        for (cell, ch) in v.iter_mut().zip(text.bytes()) {
            *cell = ch - b'0';
        }
        v
    }

    #[test]
    fn a_solved_grid_is_one_and_a_conflict_is_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let puzzle = values(SEVENTEEN);
        let solution = super::super::solve_values(&puzzle, 1)
            .first
            .expect("solvable");
        assert_eq!(estimate_values(&solution, 8, &mut rng), 1.0);
        let mut clash = puzzle;
        clash[0] = 1; // a second 1 in row 1
        assert_eq!(estimate_values(&clash, 8, &mut rng), 0.0);
        assert_eq!(estimate_values(&puzzle, 0, &mut rng), 0.0);
    }

    #[test]
    fn the_mean_of_many_probes_is_near_the_count() {
        // A clue taken off the 17: many solutions, counted exactly for the check.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for removed in [7, 42, 66] {
            let mut puzzle = values(SEVENTEEN);
            assert_ne!(puzzle[removed], 0, "cell {removed} is a clue");
            puzzle[removed] = 0;
            let exact = count_values(&puzzle, 1_000_000) as f64;
            assert!((100.0..1_000_000.0).contains(&exact), "{exact} solutions");
            let estimate = estimate_values(&puzzle, 4_000, &mut rng);
            let ratio = estimate / exact;
            assert!((0.8..1.25).contains(&ratio), "{estimate} against {exact}");
        }
    }
}
