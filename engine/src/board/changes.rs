//! What changed between two positions of one path, where candidates only go: the cells and
//! digits whose candidates moved. Techniques skip what did not change since their last miss
//! (see `technique::last_miss`).

use crate::board::cells::CellSet;
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::house::House;

/// The candidates of a position, by digit, and its empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CandidateSnapshot {
    digit_cells: [CellSet; 9],
    empty: CellSet,
}

impl CandidateSnapshot {
    /// The candidates of `grid` now.
    pub fn of(grid: &Grid) -> CandidateSnapshot {
        CandidateSnapshot {
            digit_cells: std::array::from_fn(|i| grid.cells_with(i as Digit + 1)),
            empty: grid.empty_cells(),
        }
    }
}

/// The cells and digits whose candidates changed between two positions of one path (a cell
/// also changes when it is filled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changes {
    pub(crate) cells: CellSet,
    pub(crate) digits: DigitSet,
}

impl Changes {
    /// No earlier position to compare with: search everything.
    pub const EVERYTHING: Changes = Changes {
        cells: CellSet::ALL,
        digits: DigitSet::ALL,
    };

    /// What changed from `before` to `grid`.
    pub fn since(before: &CandidateSnapshot, grid: &Grid) -> Changes {
        let mut cells = before.empty ^ grid.empty_cells();
        let mut digits = DigitSet::EMPTY;
        for (i, &old) in before.digit_cells.iter().enumerate() {
            let digit = i as Digit + 1;
            let moved = old ^ grid.cells_with(digit);
            if !moved.is_empty() {
                cells |= moved;
                digits.insert(digit);
            }
        }
        Changes { cells, digits }
    }

    /// Whether the cells holding `digit` changed.
    #[inline]
    pub fn digit_changed(&self, digit: Digit) -> bool {
        self.digits.contains(digit)
    }

    /// Whether some cell of `house` changed (its candidates, or it was filled).
    #[inline]
    pub fn house_changed(&self, house: House) -> bool {
        self.cells_changed(house.cells())
    }

    /// Whether some of `cells` changed.
    #[inline]
    pub fn cells_changed(&self, cells: CellSet) -> bool {
        self.cells.intersects(cells)
    }

    /// Whether this stands for every candidate (nothing known about what changed).
    pub fn is_everything(&self) -> bool {
        *self == Changes::EVERYTHING
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cells::Cell;

    #[test]
    fn changes_name_the_cells_and_digits_that_lost_candidates() {
        let grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let before = CandidateSnapshot::of(&grid);
        assert!(Changes::since(&before, &grid).digits.is_empty());
        assert!(Changes::since(&before, &grid).cells.is_empty());
        let mut later = grid.clone();
        let cell = Cell::at(0, 1);
        let digit = later.candidates(cell).first().unwrap();
        later.eliminate(cell, digit);
        let changes = Changes::since(&before, &later);
        assert_eq!(changes.digits, DigitSet::single(digit));
        assert_eq!(changes.cells, CellSet::single(cell));
        assert!(changes.house_changed(House::row(0)));
        assert!(!changes.house_changed(House::row(1)));
        assert!(changes.digit_changed(digit) && !changes.digit_changed(digit % 9 + 1));
        // Filling a cell changes it, and its peers that lose the digit.
        let mut filled = grid.clone();
        let empty = grid.empty_cells().first().unwrap();
        let value = grid.candidates(empty).first().unwrap();
        filled.place(empty, value);
        let changes = Changes::since(&before, &filled);
        assert!(changes.cells.contains(empty));
        assert!(changes.digit_changed(value));
        assert!(Changes::EVERYTHING.house_changed(House::box_(8)));
    }
}
