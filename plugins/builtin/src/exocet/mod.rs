//! Exocets (David P. Bird's JExocet and its relatives): two base cells of a box-line mini-line
//! whose digits must turn up again in two target cells, because every base digit is confined
//! to too few cover lines in the "S-cells" of three cross-lines to fill them all outside the
//! base band. The eliminations follow from that one fact: the targets hold exactly the two
//! digits of the base cells.
//!
//! The geometry is written along an [`Axis`]: for a band of rows, "lines" are rows and
//! "cross-lines" columns; for a stack, the other way round. Line `i` and cross-line `j` meet
//! at [`Axis::cell`]`(i, j)`.

pub mod junior_exocet;

use kaidoku_engine::prelude::*;

/// Which way a band runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A band of rows: lines are rows, cross-lines are columns.
    Rows,
    /// A stack of columns: lines are columns, cross-lines are rows.
    Columns,
}

impl Axis {
    pub const BOTH: [Axis; 2] = [Axis::Rows, Axis::Columns];

    /// The cell where line `line` meets cross-line `cross`.
    #[inline]
    pub fn cell(self, line: usize, cross: usize) -> Cell {
        match self {
            Axis::Rows => Cell::at(line, cross),
            Axis::Columns => Cell::at(cross, line),
        }
    }

    /// Line `i` (a row for [`Axis::Rows`]).
    #[inline]
    pub fn line(self, i: usize) -> House {
        match self {
            Axis::Rows => House::row(i),
            Axis::Columns => House::column(i),
        }
    }

    /// Cross-line `j` (a column for [`Axis::Rows`]).
    #[inline]
    pub fn cross(self, j: usize) -> House {
        match self {
            Axis::Rows => House::column(j),
            Axis::Columns => House::row(j),
        }
    }

    /// The lines (bit i for line i) that hold a cell of `cells`.
    #[inline]
    pub fn lines_of(self, cells: CellSet) -> u16 {
        match self {
            Axis::Rows => cells.rows(),
            Axis::Columns => cells.cols(),
        }
    }

    /// The cells of band `band` (lines `3 * band ..= 3 * band + 2`).
    pub fn band(self, band: usize) -> CellSet {
        (3 * band..3 * band + 3).fold(CellSet::EMPTY, |acc, i| acc | self.line(i).cells())
    }
}

/// Where each digit is placed (index 1..=9): S-cells count a placed digit as well as a
/// candidate.
pub fn placed_by_digit(grid: &Grid) -> [CellSet; 10] {
    let mut placed = [CellSet::EMPTY; 10];
    for cell in Cell::all() {
        if let Some(d) = grid.value(cell) {
            placed[d as usize].insert(cell);
        }
    }
    placed
}

/// The cells of `within` where `digit` can still be: a candidate, or already placed.
#[inline]
pub fn possible(grid: &Grid, placed: &[CellSet; 10], digit: Digit, within: CellSet) -> CellSet {
    (grid.cells_with(digit) | placed[digit as usize]) & within
}

/// Whether `cells` lie in at most `n` (1 or 2) of `houses`.
pub fn coverable(cells: CellSet, houses: &[CellSet], n: usize) -> bool {
    if cells.is_empty() {
        return true;
    }
    if houses.iter().any(|&h| cells.is_subset_of(h)) {
        return true;
    }
    n >= 2
        && houses
            .iter()
            .enumerate()
            .any(|(i, &a)| houses[i + 1..].iter().any(|&b| cells.is_subset_of(a | b)))
}
