//! Random complete grids: three independent boxes (1, 5 and 9 share no house) filled with
//! random permutations, completed by the backtracker, then moved by a random grid symmetry
//! (rows within bands, bands, columns within stacks, stacks, transposition). The backtracker's
//! completion is deterministic; the random symmetry spreads its choices over the whole grid.

use crate::backtrack::solve_values;
use rand::Rng;
use rand::seq::SliceRandom;

/// A solution grid, 81 values `1..=9`, row by row.
pub type Solution = [u8; 81];

/// A random solution grid from `rng`.
pub fn random_solution<R: Rng>(rng: &mut R) -> Solution {
    loop {
        let mut values = [0u8; 81];
        for box_ in [0, 4, 8] {
            let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            digits.shuffle(rng);
            for (i, &digit) in digits.iter().enumerate() {
                let (row, col) = (3 * (box_ / 3) + i / 3, 3 * (box_ % 3) + i % 3);
                values[9 * row + col] = digit;
            }
        }
        // Three independent boxes always complete; the loop only guards the invariant.
        if let Some(first) = solve_values(&values, 1).first {
            return shuffle_grid(&first, rng);
        }
    }
}

/// `grid` moved by a random symmetry of the board (rows and columns permuted within bands and
/// stacks, bands and stacks permuted, maybe transposed).
pub fn shuffle_grid<R: Rng>(grid: &[u8; 81], rng: &mut R) -> [u8; 81] {
    let rows = random_line_order(rng);
    let cols = random_line_order(rng);
    let transpose = rng.random_bool(0.5);
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (from_r, from_c) = (rows[r], cols[c]);
            let (from_r, from_c) = if transpose {
                (from_c, from_r)
            } else {
                (from_r, from_c)
            };
            out[9 * r + c] = grid[9 * from_r + from_c];
        }
    }
    out
}

/// A random order of the nine rows (or columns) that keeps bands together.
fn random_line_order<R: Rng>(rng: &mut R) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    let mut order = [0usize; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut within = [0usize, 1, 2];
        within.shuffle(rng);
        for (j, &line) in within.iter().enumerate() {
            order[3 * i + j] = 3 * band + line;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::find_conflict;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_solutions_are_complete_valid_and_varied() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let grid = random_solution(&mut rng);
            assert!(grid.iter().all(|v| (1..=9).contains(v)));
            assert_eq!(find_conflict(&grid), None);
            seen.insert(grid);
        }
        assert_eq!(seen.len(), 200);
    }

    #[test]
    fn a_seed_gives_the_same_grid() {
        let a = random_solution(&mut ChaCha8Rng::seed_from_u64(42));
        let b = random_solution(&mut ChaCha8Rng::seed_from_u64(42));
        assert_eq!(a, b);
    }
}
