//! The 324 sets of set logic and candidate bitboards over all 729 candidates.
//!
//! Every candidate (a digit in a cell) lies in four sets: its cell, and its digit's places in
//! its row, its column and its box. A set with candidates left holds exactly one true one.

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::House;
use std::fmt;

/// 729 candidates: one 81-cell mask per digit.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Bits(pub [u128; 9]);

impl Bits {
    /// No candidate.
    pub const EMPTY: Bits = Bits([0; 9]);

    /// Whether no candidate is in.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// Whether a candidate is in both.
    #[inline]
    pub fn intersects(&self, other: &Bits) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The candidates in both.
    #[inline]
    pub fn and(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The candidates in either.
    #[inline]
    pub fn or(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The candidates in `self` but not in `other`.
    #[inline]
    pub fn minus(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// How many candidates are in.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|b| b.count_ones()).sum()
    }

    /// The first candidate, digit first then cell: `(digit, cell index)`.
    #[inline]
    pub fn first(&self) -> Option<(Digit, usize)> {
        self.0
            .iter()
            .enumerate()
            .find(|&(_, &b)| b != 0)
            .map(|(i, &b)| (i as Digit + 1, b.trailing_zeros() as usize))
    }

    /// The cells holding `digit`.
    #[inline]
    pub fn cells_of(&self, digit: Digit) -> CellSet {
        CellSet::from_bits(self.0[digit as usize - 1])
    }

    /// The same candidates as the board's [`Candidates`](crate::board::candidates::Candidates).
    pub fn to_candidates(self) -> crate::board::candidates::Candidates {
        let mut out = crate::board::candidates::Candidates::EMPTY;
        for digit in 1..=9 {
            out.insert_cells(self.cells_of(digit), digit);
        }
        out
    }
}

/// What a set is: a cell's candidates, or a digit's places in a row, column or box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SetKind {
    /// A cell's candidates.
    Cell,
    /// A digit's places in a row.
    Row,
    /// A digit's places in a column.
    Column,
    /// A digit's places in a box.
    Box,
}

/// One of the 324 sets: 0-80 cells, then for each digit its nine rows (81-161), nine columns
/// (162-242) and nine boxes (243-323).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sector(pub u16);

impl Sector {
    /// How many sets there are.
    pub const COUNT: usize = 324;

    /// The four sets holding `digit` in `cell`: cell, row, column, box.
    #[inline]
    pub fn of_candidate(cell: Cell, digit: Digit) -> [Sector; 4] {
        let d = (digit as usize - 1) * 9;
        [
            Sector(cell.index() as u16),
            Sector((81 + d + cell.row()) as u16),
            Sector((162 + d + cell.col()) as u16),
            Sector((243 + d + cell.box_index()) as u16),
        ]
    }

    /// Which kind of set this is.
    pub fn kind(self) -> SetKind {
        match self.0 / 81 {
            0 => SetKind::Cell,
            1 => SetKind::Row,
            2 => SetKind::Column,
            _ => SetKind::Box,
        }
    }

    /// The digit of a house set (`None` for a cell).
    pub fn digit(self) -> Option<Digit> {
        (self.0 >= 81).then(|| ((self.0 as usize % 81) / 9) as Digit + 1)
    }

    /// The house of a house set, or the cell's row for a cell.
    pub fn house(self) -> Option<House> {
        let i = self.0 as usize % 9;
        match self.kind() {
            SetKind::Cell => None,
            SetKind::Row => Some(House::row(i)),
            SetKind::Column => Some(House::column(i)),
            SetKind::Box => Some(House::box_(i)),
        }
    }

    /// The cell of a cell set.
    pub fn cell(self) -> Option<Cell> {
        (self.0 < 81).then(|| Cell::new(self.0 as usize))
    }

    /// The candidates of this set in `grid`.
    pub fn bits(self, grid: &Grid) -> Bits {
        let mut out = Bits::EMPTY;
        match (self.cell(), self.digit(), self.house()) {
            (Some(cell), _, _) => {
                for digit in grid.candidates(cell) {
                    out.0[digit as usize - 1] |= CellSet::single(cell).bits();
                }
            }
            (None, Some(digit), Some(house)) => {
                out.0[digit as usize - 1] = grid.house_cells_with(house, digit).bits();
            }
            _ => {}
        }
        out
    }
}

/// Sets written as the project writes candidates: cells `r4c6`, a digit's rows, columns or
/// boxes with the digit first and the houses run together (`5r37`, `2c4`, `9b15`), in the
/// order cells, rows, columns, boxes.
pub struct SetList<'a>(pub &'a [Sector]);

impl fmt::Display for SetList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sets = self.0.to_vec();
        sets.sort();
        let mut first = true;
        let mut i = 0;
        while i < sets.len() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            let set = sets[i];
            if let Some(cell) = set.cell() {
                write!(f, "{}", CellSet::single(cell))?;
                i += 1;
                continue;
            }
            let (kind, digit) = (set.kind(), set.digit());
            let letter = match kind {
                SetKind::Row => 'r',
                SetKind::Column => 'c',
                _ => 'b',
            };
            write!(f, "{}{letter}", digit.unwrap_or(0))?;
            while i < sets.len() && sets[i].kind() == kind && sets[i].digit() == digit {
                write!(f, "{}", sets[i].0 as usize % 9 + 1)?;
                i += 1;
            }
        }
        Ok(())
    }
}
