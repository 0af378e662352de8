//! Unavoidable sets the pattern walk learns from the backtracker, kept for the rest of a try.
//!
//! When the mask's clues of a grid `S` have a second solution `T`, the cells where the two
//! differ are an unavoidable set of `S` that misses the mask. It is shrunk to a minimal one
//! (a set none of whose parts can be rearranged on its own), and kept as a *shape*: its cells
//! and `S`'s digits there up to relabelling. In every house the set's cells hold the same
//! digits in `S` and `T`, so any grid whose digits on those cells are a relabelling of `S`'s
//! has the same rearrangement: the shape is unavoidable in it too. The walk then counts the
//! learned shapes its grid holds among the sets the mask misses, so it does not come back to
//! a grid the backtracker already turned down, nor to any grid with the same flaw.

use crate::backtrack::solve_candidates;

/// One learned unavoidable set: its cells and the digits of the grid it came from there.
#[derive(Clone, Debug)]
struct Shape {
    cells: u128,
    digits: Vec<(u8, u8)>,
}

impl Shape {
    /// Whether `grid` holds the shape: its digits on the cells are a relabelling of the
    /// shape's (equal digits stay equal, different ones stay different).
    fn held_by(&self, grid: &[u8; 81]) -> bool {
        let (mut to, mut from) = ([0u8; 10], [0u8; 10]);
        for &(cell, digit) in &self.digits {
            let now = grid[cell as usize];
            let (d, n) = (digit as usize, now as usize);
            if to[d] == 0 {
                if from[n] != 0 {
                    return false;
                }
                to[d] = now;
                from[n] = digit;
            } else if to[d] != now {
                return false;
            }
        }
        true
    }
}

/// The learned shapes of one try.
#[derive(Clone, Debug, Default)]
pub struct Learned {
    shapes: Vec<Shape>,
}

impl Learned {
    /// How many learned shapes `grid` holds.
    pub fn held(&self, grid: &[u8; 81]) -> usize {
        self.shapes.iter().filter(|s| s.held_by(grid)).count()
    }

    /// The cells of the learned shapes `grid` holds, each as a bitmap, into `out`.
    pub fn held_sets(&self, grid: &[u8; 81], out: &mut Vec<u128>) {
        out.extend(
            self.shapes
                .iter()
                .filter(|s| s.held_by(grid))
                .map(|s| s.cells),
        );
    }

    /// Learns the unavoidable set `cells` of `grid` (shrunk first by [`shrink`]).
    pub fn learn(&mut self, grid: &[u8; 81], cells: u128) -> u128 {
        let cells = shrink(grid, cells);
        let digits = (0..81)
            .filter(|&i| cells >> i & 1 == 1)
            .map(|i| (i as u8, grid[i]))
            .collect();
        self.shapes.push(Shape { cells, digits });
        cells
    }
}

/// The candidates (bit `d - 1` for digit `d`) with `grid` fixed outside `open` and every
/// digit open inside it.
fn fixed_outside(grid: &[u8; 81], open: u128) -> [u16; 81] {
    std::array::from_fn(|i| {
        if open >> i & 1 == 1 {
            0x1ff
        } else {
            1 << (grid[i] - 1)
        }
    })
}

/// A solution of `candidates` other than `grid` that differs from it only in `open` (where
/// `candidates` are open), as the cells where it differs; `None` when there is none.
fn other_solution(grid: &[u8; 81], candidates: &[u16; 81], open: u128) -> Option<u128> {
    // One count to two first: most calls while shrinking find no other solution.
    if solve_candidates(candidates, 2).count < 2 {
        return None;
    }
    for e in (0..81).filter(|&e| open >> e & 1 == 1) {
        let mut without = *candidates;
        without[e] &= !(1 << (grid[e] - 1));
        if let Some(other) = solve_candidates(&without, 1).first {
            return Some(
                (0..81)
                    .filter(|&i| other[i] != grid[i])
                    .fold(0u128, |m, i| m | 1 << i),
            );
        }
    }
    None
}

/// An unavoidable set of `grid` that misses `mask`, from a second solution of the mask's
/// clues (which must have one): the cells where it differs from `grid`.
pub fn missed_by(grid: &[u8; 81], mask: u128) -> Option<u128> {
    let open = !mask & ((1u128 << 81) - 1);
    other_solution(grid, &fixed_outside(grid, open), open)
}

/// A minimal unavoidable set of `grid` inside the unavoidable set `cells`: each cell in turn
/// is fixed to its digit, and the set becomes the difference with a solution that still
/// differs from `grid` (only inside the rest), when there is one.
pub fn shrink(grid: &[u8; 81], mut cells: u128) -> u128 {
    for d in 0..81 {
        if cells >> d & 1 == 0 {
            continue;
        }
        let rest = cells & !(1 << d);
        if let Some(smaller) = other_solution(grid, &fixed_outside(grid, rest), rest) {
            cells = smaller;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::count_values;
    use crate::generate::solution::random_solution;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;

    /// `grid` outside `cells`, empty inside.
    fn outside(grid: &[u8; 81], cells: u128) -> [u8; 81] {
        std::array::from_fn(|i| if cells >> i & 1 == 1 { 0 } else { grid[i] })
    }

    /// A random 20-cell mask and a grid whose clues on it have several solutions.
    fn sample(rng: &mut ChaCha8Rng) -> ([u8; 81], u128) {
        loop {
            let grid = random_solution(rng);
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(rng);
            let mask = cells[..20].iter().fold(0u128, |m, &i| m | 1 << i);
            let clues: [u8; 81] =
                std::array::from_fn(|i| if mask >> i & 1 == 1 { grid[i] } else { 0 });
            if count_values(&clues, 2) == 2 {
                return (grid, mask);
            }
        }
    }

    #[test]
    fn a_missed_set_is_a_minimal_unavoidable_set_off_the_mask() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..10 {
            let (grid, mask) = sample(&mut rng);
            let found = missed_by(&grid, mask).expect("the clues have another solution");
            assert_eq!(found & mask, 0);
            let set = shrink(&grid, found);
            assert_ne!(set, 0);
            assert_eq!(set & !found, 0, "shrinking stays inside the set");
            // Unavoidable: the grid outside it leaves another solution.
            assert_eq!(count_values(&outside(&grid, set), 2), 2);
            // Minimal: any one of its cells given leaves one solution.
            for d in (0..81).filter(|&d| set >> d & 1 == 1) {
                assert_eq!(count_values(&outside(&grid, set & !(1 << d)), 2), 1);
            }
        }
    }

    #[test]
    fn a_learned_shape_is_held_up_to_relabelling_only() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let (grid, mask) = sample(&mut rng);
        let mut learned = Learned::default();
        let set = learned.learn(&grid, missed_by(&grid, mask).expect("another solution"));
        assert_eq!(learned.held(&grid), 1);
        // Digits relabelled: the same shape.
        let mut relabel: Vec<u8> = (1..=9).collect();
        relabel.shuffle(&mut rng);
        let relabelled: [u8; 81] = std::array::from_fn(|i| relabel[grid[i] as usize - 1]);
        assert_eq!(learned.held(&relabelled), 1);
        let mut sets = Vec::new();
        learned.held_sets(&relabelled, &mut sets);
        assert_eq!(sets, vec![set]);
        // Two of its cells with different digits made equal: not the shape any more.
        let cells: Vec<usize> = (0..81).filter(|&i| set >> i & 1 == 1).collect();
        let (a, b) = cells
            .iter()
            .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| grid[a] != grid[b])
            .expect("an unavoidable set holds two digits at least");
        let mut broken = grid;
        broken[b] = grid[a];
        assert_eq!(learned.held(&broken), 0);
    }
}
