//! Sudoku's symmetries: the transformations that map every valid grid to a valid grid and
//! every logical step to the same step, moved (transposition, rotation, mirrors, bands and
//! stacks swapped, rows or columns swapped inside a band or stack, digits relabelled). A
//! technique that looks only along rows, or only at some digits, finds different steps on a
//! transformed position: `kaidoku reglib --symmetries` and the technique tests use these to
//! catch it.

use crate::board::cells::Cell;
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;

/// A symmetry: where cell (row, col) goes (0-based), and what digit `d` becomes.
pub struct Symmetry {
    /// Its name, e.g. `transpose`.
    pub name: &'static str,
    /// Where it sends the cell at (row, column), both `0..9`.
    pub cell: fn(usize, usize) -> (usize, usize),
    /// What it makes of a digit (relabelling).
    pub digit: fn(Digit) -> Digit,
}

fn same(d: Digit) -> Digit {
    d
}

/// Seven symmetries that between them move every row, column, box and digit.
pub const SYMMETRIES: &[Symmetry] = &[
    Symmetry {
        name: "transpose",
        cell: |r, c| (c, r),
        digit: same,
    },
    Symmetry {
        name: "rotate 90°",
        cell: |r, c| (c, 8 - r),
        digit: same,
    },
    Symmetry {
        name: "mirror rows",
        cell: |r, c| (8 - r, c),
        digit: same,
    },
    Symmetry {
        name: "cycle the bands",
        cell: |r, c| ((r + 6) % 9 / 3 * 3 + r % 3, c),
        digit: same,
    },
    Symmetry {
        name: "swap rows 1 and 2, stacks 2 and 3",
        cell: |r, c| {
            let r = match r {
                0 => 1,
                1 => 0,
                r => r,
            };
            let c = if c >= 3 { 3 + (c - 3 + 3) % 6 } else { c };
            (r, c)
        },
        digit: same,
    },
    Symmetry {
        name: "relabel digits, then transpose",
        cell: |r, c| (c, r),
        digit: |d| d % 9 + 1,
    },
    Symmetry {
        name: "relabel digits 1<->9, mirror columns",
        cell: |r, c| (r, 8 - c),
        digit: |d| 10 - d,
    },
];

impl Symmetry {
    /// Where the symmetry sends `cell`.
    pub fn map_cell(&self, cell: Cell) -> Cell {
        let (r, c) = (self.cell)(cell.row(), cell.col());
        Cell::at(r, c)
    }

    /// What the symmetry makes of `digit`.
    pub fn map_digit(&self, digit: Digit) -> Digit {
        (self.digit)(digit)
    }

    /// What the symmetry makes of each digit of `digits`.
    pub fn map_digits(&self, digits: DigitSet) -> DigitSet {
        digits.iter().map(|d| self.map_digit(d)).collect()
    }

    /// A puzzle line (81 characters, `.` or `0` for empty) under the symmetry.
    pub fn puzzle(&self, puzzle: &str) -> String {
        let mut out = vec![b'.'; 81];
        for (index, byte) in puzzle.bytes().take(81).enumerate() {
            if byte.is_ascii_digit() && byte != b'0' {
                let target = self.map_cell(Cell::new(index));
                out[target.index()] = b'0' + self.map_digit(byte - b'0');
            }
        }
        String::from_utf8(out).expect("ASCII")
    }

    /// A position under the symmetry: values, candidates and which values are givens.
    pub fn grid(&self, grid: &Grid) -> Grid {
        moved_grid(grid, |c| self.map_cell(c), |d| self.map_digit(d))
    }
}

/// `grid` with every cell moved by `cell` and every digit relabelled by `digit` (a bijection
/// of each that maps houses onto houses): values, candidates and which values are givens.
pub(crate) fn moved_grid(
    grid: &Grid,
    cell: impl Fn(Cell) -> Cell,
    digit: impl Fn(Digit) -> Digit,
) -> Grid {
    let mut values = [0; 81];
    let mut candidates = [0u16; 81];
    let mut givens = 0u128;
    for from in Cell::all() {
        let to = cell(from).index();
        values[to] = grid.value(from).map_or(0, &digit);
        candidates[to] = grid
            .candidates(from)
            .iter()
            .map(&digit)
            .collect::<DigitSet>()
            .bits();
        if grid.is_given(from) {
            givens |= 1 << to;
        }
    }
    Grid::from_state(&values, &candidates, givens)
        .expect("a symmetry maps a valid position to a valid position")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_a_bijection_on_cells_and_digits() {
        for symmetry in SYMMETRIES {
            let cells: std::collections::HashSet<usize> =
                Cell::all().map(|c| symmetry.map_cell(c).index()).collect();
            assert_eq!(cells.len(), 81, "{}", symmetry.name);
            assert_eq!(symmetry.map_digits(DigitSet::ALL), DigitSet::ALL);
        }
    }

    #[test]
    fn a_moved_position_keeps_its_solution_moved() {
        let puzzle =
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
        let grid = crate::text::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        for symmetry in SYMMETRIES {
            let moved = symmetry.grid(&grid);
            assert_eq!(moved.givens().len(), grid.givens().len());
            let moved_solution = moved.solutions(2);
            assert_eq!(moved_solution.count, 1);
            for cell in Cell::all() {
                assert_eq!(
                    moved_solution.first.unwrap()[symmetry.map_cell(cell).index()],
                    symmetry.map_digit(solution[cell.index()]),
                    "{}",
                    symmetry.name
                );
            }
            assert_eq!(
                crate::text::parse::parse(&symmetry.puzzle(puzzle))
                    .unwrap()
                    .to_line(),
                moved.to_line()
            );
        }
    }
}
