//! A [`Transform`] (a symmetry of the grid with a relabelling of the digits) applied to the
//! board's vocabulary: cells, digits, houses, their sets, candidates and whole positions. A
//! rating taken on a puzzle's canonical form is carried back to the puzzle as given with these.

use crate::board::candidates::Candidates;
use crate::board::canon::Transform;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::house::House;
use crate::board::house_set::HouseSet;
use crate::board::symmetry::moved_grid;
use std::sync::OnceLock;

impl Transform {
    /// Where `cell` goes.
    pub fn map_cell(&self, cell: Cell) -> Cell {
        let (r, c) = if self.transposes() {
            (cell.col(), cell.row())
        } else {
            (cell.row(), cell.col())
        };
        let rows = self.rows();
        let cols = self.cols();
        let i = rows.iter().position(|&x| x as usize == r).unwrap_or(r);
        let j = cols.iter().position(|&x| x as usize == c).unwrap_or(c);
        Cell::at(i, j)
    }

    /// What `digit` becomes.
    pub fn map_digit(&self, digit: Digit) -> Digit {
        match digit {
            1..=9 => self.digits()[digit as usize - 1],
            other => other,
        }
    }

    /// Where each of `cells` goes.
    pub fn map_cells(&self, cells: CellSet) -> CellSet {
        let mut out = CellSet::EMPTY;
        for cell in cells.iter() {
            out.insert(self.map_cell(cell));
        }
        out
    }

    /// What each of `digits` becomes.
    pub fn map_digits(&self, digits: DigitSet) -> DigitSet {
        digits.iter().map(|d| self.map_digit(d)).collect()
    }

    /// Where `house` goes: a row may become a column (transposed), a box stays a box.
    pub fn map_house(&self, house: House) -> House {
        let cells = self.map_cells(house.cells());
        House::all()
            .find(|h| h.cells() == cells)
            .expect("a symmetry maps a house onto a house")
    }

    /// Where each of `houses` goes.
    pub fn map_houses(&self, houses: HouseSet) -> HouseSet {
        let mut out = HouseSet::from_bits(0);
        for house in houses.iter() {
            out.insert(self.map_house(house));
        }
        out
    }

    /// The candidates moved: each (cell, digit) to its cell's place, relabelled.
    pub fn map_candidates(&self, candidates: &Candidates) -> Candidates {
        let mut out = Candidates::EMPTY;
        for (cell, digit) in candidates.iter() {
            out.insert(self.map_cell(cell), self.map_digit(digit));
        }
        out
    }

    /// The position moved: values, candidates and which values are givens.
    pub fn grid(&self, grid: &Grid) -> Grid {
        moved_grid(grid, |c| self.map_cell(c), |d| self.map_digit(d))
    }
}

/// The 1,296 orders of the nine rows (or columns) that keep the bands (stacks) whole: the
/// bands permuted, and the lines inside each band. Entry `i` of an order is the line that goes
/// to place `i`.
pub fn line_orders() -> &'static [[u8; 9]] {
    static LIST: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    LIST.get_or_init(|| {
        const ORDERS_OF_3: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut out = Vec::with_capacity(1296);
        for bands in ORDERS_OF_3 {
            for p0 in ORDERS_OF_3 {
                for p1 in ORDERS_OF_3 {
                    for p2 in ORDERS_OF_3 {
                        let inner = [p0, p1, p2];
                        let mut order = [0u8; 9];
                        for (i, slot) in order.iter_mut().enumerate() {
                            *slot = bands[i / 3] * 3 + inner[i / 3][i % 3];
                        }
                        out.push(order);
                    }
                }
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::canon::canonical_transform;

    const PUZZLE: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

    fn values(grid: &Grid) -> [u8; 81] {
        *grid.values()
    }

    #[test]
    fn the_moved_grid_is_the_canonical_form_and_moves_back() {
        let grid = crate::text::parse::parse(PUZZLE).expect("valid");
        let t = canonical_transform(&values(&grid));
        let moved = t.grid(&grid);
        assert_eq!(values(&moved), t.apply(&values(&grid)));
        let back = t.inverse().grid(&moved);
        assert_eq!(values(&back), values(&grid));
        for cell in Cell::all() {
            assert_eq!(back.candidates(cell), grid.candidates(cell), "{cell}");
            assert_eq!(t.inverse().map_cell(t.map_cell(cell)), cell);
        }
    }

    #[test]
    fn houses_go_to_houses_of_the_moved_cells() {
        let grid = crate::text::parse::parse(PUZZLE).expect("valid");
        let t = canonical_transform(&values(&grid));
        for house in House::all() {
            let to = t.map_house(house);
            assert_eq!(to.cells(), t.map_cells(house.cells()));
            assert_eq!(t.inverse().map_house(to), house);
        }
    }
}
