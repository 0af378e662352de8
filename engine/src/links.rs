//! Links between candidates. A strong link says "at least one of the two is true": a digit with
//! exactly two places in a house (a conjugate pair), or the two candidates of a bivalue cell. A
//! weak link says "at most one is true": the same digit in two cells that see each other, or
//! two candidates of one cell. Remote pairs use them now; chains will later.

use crate::cells::{Cell, CellSet};
use crate::digits::{Digit, DigitSet};
use crate::grid::Grid;
use crate::house::{House, houses_of, peers};

/// A digit with exactly two places in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConjugatePair {
    pub digit: Digit,
    pub house: House,
    pub cells: (Cell, Cell),
}

/// Every conjugate pair of `digit`, in house order.
pub fn conjugate_pairs(grid: &Grid, digit: Digit) -> impl Iterator<Item = ConjugatePair> + '_ {
    House::all().filter_map(move |house| {
        let cells = grid.house_cells_with(house, digit);
        if cells.len() != 2 {
            return None;
        }
        let mut it = cells.iter();
        let (a, b) = (it.next()?, it.next()?);
        Some(ConjugatePair {
            digit,
            house,
            cells: (a, b),
        })
    })
}

/// The cells strongly linked to `cell` on `digit`: its partners in the conjugate pairs of the
/// cell's houses.
pub fn strong_partners(grid: &Grid, cell: Cell, digit: Digit) -> CellSet {
    let mut partners = CellSet::EMPTY;
    if !grid.has_candidate(cell, digit) {
        return partners;
    }
    for house in houses_of(cell) {
        let cells = grid.house_cells_with(house, digit);
        if cells.len() == 2 {
            partners |= cells - CellSet::single(cell);
        }
    }
    partners
}

/// The cells weakly linked to `cell` on `digit`: its peers that still hold the digit.
#[inline]
pub fn weak_partners(grid: &Grid, cell: Cell, digit: Digit) -> CellSet {
    peers(cell) & grid.cells_with(digit)
}

/// The two digits of a bivalue cell, strongly linked inside it.
pub fn bivalue_pair(grid: &Grid, cell: Cell) -> Option<DigitSet> {
    let digits = grid.candidates(cell);
    (digits.len() == 2).then_some(digits)
}

/// Bivalue cells holding exactly `pair`.
pub fn bivalue_cells_with(grid: &Grid, pair: DigitSet) -> CellSet {
    let mut cells = grid.bivalue_cells();
    for digit in pair {
        cells &= grid.cells_with(digit);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strong_and_weak_partners() {
        let mut grid = Grid::new();
        // Digit 5 in row 1 only at r1c1 and r1c9.
        for col in 1..8 {
            grid.eliminate(Cell::at(0, col), 5);
        }
        let (a, b) = (Cell::at(0, 0), Cell::at(0, 8));
        assert_eq!(strong_partners(&grid, a, 5), CellSet::single(b));
        assert!(strong_partners(&grid, a, 4).is_empty());
        assert_eq!(weak_partners(&grid, a, 5).len(), 20 - 7);
        let pairs: Vec<_> = conjugate_pairs(&grid, 5).collect();
        assert_eq!(
            pairs,
            vec![ConjugatePair {
                digit: 5,
                house: House::row(0),
                cells: (a, b)
            }]
        );
    }

    #[test]
    fn bivalue_pairs() {
        let mut grid = Grid::new();
        let cell = Cell::at(3, 3);
        for digit in [1, 2, 4, 5, 6, 8, 9] {
            grid.eliminate(cell, digit);
        }
        let pair = bivalue_pair(&grid, cell).unwrap();
        assert_eq!(pair.to_string(), "37");
        assert_eq!(bivalue_cells_with(&grid, pair), CellSet::single(cell));
        assert!(bivalue_pair(&grid, Cell::at(0, 0)).is_none());
    }
}
