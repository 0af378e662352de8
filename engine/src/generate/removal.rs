//! Taking clues away from a solution grid while the puzzle keeps one solution.
//!
//! Clues go by orbits of the clue symmetry, in a random order, each orbit tried once: taking
//! more clues away only adds solutions, so an orbit that could not go once can never go
//! later, and one pass leaves a minimal puzzle (no orbit can be removed). Most checks need no
//! search: a removed cell the remaining clues force at a glance (a naked or hidden single)
//! keeps the solution unique. The rest ask the backtracker for a solution that differs from
//! the known one in a removed cell.

use crate::backtrack::{count_values, count_values_without};
use crate::board::cells::{Cell, CellSet};

/// The values of a puzzle, `0` for empty, with its house masks kept in step.
#[derive(Clone)]
pub struct Clues {
    values: [u8; 81],
    given: CellSet,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    count: usize,
}

impl Clues {
    /// Every cell of `cells` given its value in `solution`.
    pub fn from_solution(solution: &[u8; 81], cells: CellSet) -> Clues {
        let mut clues = Clues {
            values: [0; 81],
            given: CellSet::EMPTY,
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            count: 0,
        };
        for cell in cells {
            clues.set(cell, solution[cell.index()]);
        }
        clues
    }

    /// The values, `0` for an empty cell.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// How many clues there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The cells that hold a clue.
    pub fn cells(&self) -> CellSet {
        Cell::all()
            .filter(|c| self.values[c.index()] != 0)
            .collect()
    }

    fn set(&mut self, cell: Cell, digit: u8) {
        let bit = 1u16 << (digit - 1);
        self.values[cell.index()] = digit;
        self.given.insert(cell);
        self.rows[cell.row()] |= bit;
        self.cols[cell.col()] |= bit;
        self.boxes[cell.box_index()] |= bit;
        self.count += 1;
    }

    fn clear(&mut self, cell: Cell) -> u8 {
        let digit = self.values[cell.index()];
        let bit = !(1u16 << (digit - 1));
        self.values[cell.index()] = 0;
        self.given.remove(cell);
        self.rows[cell.row()] &= bit;
        self.cols[cell.col()] &= bit;
        self.boxes[cell.box_index()] &= bit;
        self.count -= 1;
        digit
    }

    /// The digits the clues leave possible in an empty cell.
    fn open(&self, cell: Cell) -> u16 {
        !(self.rows[cell.row()] | self.cols[cell.col()] | self.boxes[cell.box_index()]) & 0x1ff
    }

    /// Whether empty `cell` must hold `digit` at a glance: no other digit is left to it, or no
    /// other cell of one of its houses can take the digit.
    fn forces(&self, cell: Cell, digit: u8) -> bool {
        let bit = 1u16 << (digit - 1);
        if self.open(cell) == bit {
            return true;
        }
        let (row, col, box_) = (cell.row(), cell.col(), cell.box_index());
        let takes = |other: Cell| self.values[other.index()] == 0 && self.open(other) & bit != 0;
        let row_only = (0..9).all(|c| c == col || !takes(Cell::at(row, c)));
        row_only
            || (0..9).all(|r| r == row || !takes(Cell::at(r, col)))
            || (0..9).all(|i| {
                let other = Cell::at(3 * (box_ / 3) + i / 3, 3 * (box_ % 3) + i % 3);
                other == cell || !takes(other)
            })
    }

    /// Removes `orbit` (all clues) if the puzzle keeps its one solution `solution`; says
    /// whether it did. The puzzle must have that one solution before.
    pub fn try_remove(&mut self, orbit: CellSet, solution: &[u8; 81]) -> bool {
        self.try_remove_keeping(orbit, solution, &[])
    }

    /// [`Clues::try_remove`], knowing sets of cells of which the puzzle must keep a clue (an
    /// unavoidable set of `solution`: [`unavoidable_rectangles`]): a removal that would give
    /// none of one fails without a search.
    pub fn try_remove_keeping(
        &mut self,
        orbit: CellSet,
        solution: &[u8; 81],
        unavoidable: &[CellSet],
    ) -> bool {
        for cell in orbit {
            self.clear(cell);
        }
        let keeps = |set: &CellSet| set.intersects(self.given);
        if unavoidable.iter().all(keeps) && self.still_unique(orbit, solution) {
            true
        } else {
            for cell in orbit {
                self.set(cell, solution[cell.index()]);
            }
            false
        }
    }

    /// Whether the puzzle, just stripped of `removed`, still has only `solution`. Another
    /// solution would differ in a removed cell (else it would solve the puzzle before): for
    /// each removed cell, a search with its digit ruled out there (cheaper than counting to
    /// two).
    fn still_unique(&self, removed: CellSet, solution: &[u8; 81]) -> bool {
        if removed
            .iter()
            .all(|cell| self.forces(cell, solution[cell.index()]))
        {
            return true;
        }
        // Another solution differs first (in cell order) at some removed cell: look for one
        // at each in turn, the cells before it given their solution values.
        let mut values = self.values;
        for cell in removed {
            let i = cell.index();
            if count_values_without(&values, i, solution[i], 1) > 0 {
                return false;
            }
            values[i] = solution[i];
        }
        true
    }

    /// Whether no orbit of `orbits` (each all clues or all empty) can be removed.
    pub fn is_minimal(&self, orbits: &[CellSet], solution: &[u8; 81]) -> bool {
        let clues = self.cells();
        let mut probe = self.clone();
        orbits
            .iter()
            .filter(|o| o.is_subset_of(clues))
            .all(|&orbit| !probe.try_remove(orbit, solution))
    }
}

/// The unavoidable rectangles of a solution grid: four cells on two rows of a band (or two
/// columns of a stack) holding two digits crosswise. A puzzle that gives none of the four has
/// a second solution (the two digits swapped keep every row, column and box), so it must
/// keep a clue of each. (Two lines' three cells in a band holding the same three digits are
/// unavoidable too, but they decided too few removals to pay for their checks.)
pub fn unavoidable_rectangles(solution: &[u8; 81]) -> Vec<CellSet> {
    let mut out = Vec::new();
    let at = |r: usize, c: usize| solution[9 * r + c];
    for a in 0..9 {
        for b in (a + 1)..9 {
            // Rows a, b of one band (any two columns), or columns a, b of one stack.
            if a / 3 != b / 3 {
                continue;
            }
            for c in 0..9 {
                for d in (c + 1)..9 {
                    if at(a, c) == at(b, d) && at(a, d) == at(b, c) {
                        out.push(cells(&[(a, c), (a, d), (b, c), (b, d)]));
                    }
                    // (Four cells of one box are the rows' rectangle already.)
                    if c / 3 != d / 3 && at(c, a) == at(d, b) && at(d, a) == at(c, b) {
                        out.push(cells(&[(c, a), (d, a), (c, b), (d, b)]));
                    }
                }
            }
        }
    }
    out
}

fn cells(at: &[(usize, usize)]) -> CellSet {
    at.iter().map(|&(r, c)| Cell::at(r, c)).collect()
}

/// Whether `values` (0 = empty) have exactly one solution.
pub fn has_one_solution(values: &[u8; 81]) -> bool {
    count_values(values, 2) == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::solution::random_solution;
    use crate::generate::symmetry::ClueSymmetry;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;

    fn minimal(seed: u64, symmetry: ClueSymmetry) -> (Clues, [u8; 81]) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = random_solution(&mut rng);
        let mut clues = Clues::from_solution(&solution, CellSet::ALL);
        let mut orbits = symmetry.orbits();
        orbits.shuffle(&mut rng);
        for orbit in orbits {
            clues.try_remove(orbit, &solution);
        }
        (clues, solution)
    }

    #[test]
    fn one_pass_leaves_a_unique_minimal_symmetric_puzzle() {
        for (seed, symmetry) in (0..12).zip(ClueSymmetry::ALL.into_iter().cycle()) {
            let (clues, solution) = minimal(seed, symmetry);
            assert!(has_one_solution(clues.values()));
            assert_eq!(
                crate::backtrack::solve_values(clues.values(), 1).first,
                Some(solution)
            );
            assert!(symmetry.keeps(clues.cells()), "{symmetry}");
            assert!(clues.is_minimal(&symmetry.orbits(), &solution));
            // Minimal under no symmetry means no single clue can go.
            if symmetry == ClueSymmetry::None {
                for cell in clues.cells() {
                    let mut values = *clues.values();
                    values[cell.index()] = 0;
                    assert!(!has_one_solution(&values));
                }
            }
            assert!((17..=40).contains(&clues.count()), "{}", clues.count());
        }
    }

    #[test]
    fn unavoidable_rectangles_hold_a_second_solution() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut found = 0;
        for _ in 0..20 {
            let solution = random_solution(&mut rng);
            for set in unavoidable_rectangles(&solution) {
                assert_eq!(set.len(), 4);
                // The two digits swapped: another grid with every house whole.
                let mut swapped = solution;
                let digits: Vec<u8> = set.iter().map(|c| solution[c.index()]).collect();
                let (a, b) = (
                    digits[0],
                    *digits.iter().find(|&&d| d != digits[0]).unwrap(),
                );
                for cell in set {
                    swapped[cell.index()] = if solution[cell.index()] == a { b } else { a };
                }
                assert_ne!(swapped, solution);
                assert_eq!(crate::board::grid::find_conflict(&swapped), None);
                // So the solution's clues without the four have two solutions.
                let clues = Clues::from_solution(&solution, CellSet::ALL - set);
                assert_eq!(count_values(clues.values(), 2), 2);
                found += 1;
            }
        }
        assert!(found > 10, "{found} rectangles in 20 grids");
    }

    #[test]
    fn a_forced_cell_is_what_a_search_says() {
        let (clues, solution) = minimal(3, ClueSymmetry::None);
        // Every clue of a minimal puzzle, taken away alone, gives several solutions: none is
        // forced at a glance.
        for cell in clues.cells() {
            let mut probe = clues.clone();
            probe.clear(cell);
            assert!(!probe.forces(cell, solution[cell.index()]));
            assert!(!probe.still_unique(CellSet::single(cell), &solution));
        }
    }
}
