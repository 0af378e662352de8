//! Fireworks (shye, New Sudoku Players' Forum, 2021; GNPX v6's "Firework" family).
//!
//! A firework of digit d: a stem cell S holding d, in box B, row R and column C; outside B,
//! row R holds d at most in one cell A (the row leaf) and column C at most in one cell B' (the
//! column leaf). Then d lies in S, A or B' (at least one of them):
//!
//! *Proof.* Suppose none of the three is d. Row R needs d: outside the box its only place is
//! A, so d is in R inside the box, off S. Column C likewise holds d inside the box, off S. These
//! are two different cells of box B (one in R but not C, one in C but not R): box B would hold
//! d twice. ∎
//!
//! When a line holds no d outside the box, any empty cell of that line outside the box can
//! serve as its leaf (the proof never uses the leaf's candidates); a line with two or more d
//! outside the box gives no firework. A line with none on both sides is left out: d is then
//! simply fixed in S.
//!
//! A firework is *strong* when d's only candidates in R and C are S, A and B': then S is d or
//! both leaves are d (the row's d is in S or A, the column's in S or B').
//!
//! The three cells (stem, row leaf, column leaf) are a *frame*; the cell at the row leaf's
//! column and the column leaf's row is its *corner*: it sees both leaves (a column with the
//! row leaf, a row with the column leaf) and neither the stem nor its box. A frame with the
//! corner as stem has the same leaves (row and column swapped); these are the only two stems
//! two leaves can share.
//!
//! Each technique of this folder combines fireworks that share a frame (or a corner).

mod firework_alp;
mod firework_dual_alp;
mod firework_l_wing;
mod firework_quadruple;
mod firework_triple;
mod firework_w_wing;

#[cfg(test)]
mod tests;

use kaidoku_engine::prelude::*;

/// A stem with one empty cell of its row outside its box and one of its column outside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub stem: Cell,
    pub row_leaf: Cell,
    pub col_leaf: Cell,
}

impl Frame {
    /// The cell in the row leaf's column and the column leaf's row.
    pub fn corner(self) -> Cell {
        Cell::at(self.col_leaf.row(), self.row_leaf.col())
    }

    /// The frame with the corner as stem: the same leaves.
    pub fn opposite(self) -> Frame {
        Frame {
            stem: self.corner(),
            row_leaf: self.col_leaf,
            col_leaf: self.row_leaf,
        }
    }

    pub fn leaves(self) -> CellSet {
        CellSet::single(self.row_leaf) | CellSet::single(self.col_leaf)
    }

    pub fn cells(self) -> CellSet {
        CellSet::single(self.stem) | self.leaves()
    }
}

/// The parts of the stem's row and column outside its box.
fn arms(stem: Cell) -> (CellSet, CellSet) {
    let bx = House::box_(stem.box_index()).cells();
    (
        House::row(stem.row()).cells() - bx,
        House::column(stem.col()).cells() - bx,
    )
}

/// Every frame of the grid: an empty stem, an empty cell of its row outside its box, an empty
/// cell of its column outside its box.
pub(crate) fn frames(grid: &Grid) -> impl Iterator<Item = Frame> + '_ {
    let empty = grid.empty_cells();
    empty.iter().flat_map(move |stem| {
        let (row_arm, col_arm) = arms(stem);
        (row_arm & empty).iter().flat_map(move |row_leaf| {
            (col_arm & empty).iter().map(move |col_leaf| Frame {
                stem,
                row_leaf,
                col_leaf,
            })
        })
    })
}

/// The digits with a firework on `frame` (see the module): each lies in its stem or a leaf.
pub(crate) fn firework_digits(grid: &Grid, frame: Frame) -> DigitSet {
    let (row_arm, col_arm) = arms(frame.stem);
    let (row_leaf, col_leaf) = (
        CellSet::single(frame.row_leaf),
        CellSet::single(frame.col_leaf),
    );
    let mut out = DigitSet::EMPTY;
    for digit in grid.candidates(frame.stem) {
        let with = grid.cells_with(digit);
        let (in_row, in_col) = (with & row_arm, with & col_arm);
        if in_row.is_empty() && in_col.is_empty() {
            continue;
        }
        if in_row.is_subset_of(row_leaf) && in_col.is_subset_of(col_leaf) {
            out.insert(digit);
        }
    }
    out
}

/// The digits with a strong firework on `frame`: each is in the stem or in both leaves.
pub(crate) fn strong_digits(grid: &Grid, frame: Frame) -> DigitSet {
    let row = CellSet::single(frame.stem) | CellSet::single(frame.row_leaf);
    let col = CellSet::single(frame.stem) | CellSet::single(frame.col_leaf);
    grid.candidates(frame.stem)
        .iter()
        .filter(|&d| {
            grid.house_cells_with(House::row(frame.stem.row()), d) == row
                && grid.house_cells_with(House::column(frame.stem.col()), d) == col
        })
        .collect()
}

/// Every candidate of `cell` outside `keep`, added to `out`.
pub(crate) fn drop_others(grid: &Grid, cell: Cell, keep: DigitSet, out: &mut Candidates) {
    out.insert_digits(cell, grid.candidates(cell) - keep);
}

/// The pattern of a firework: its digits in the stem (role "stem") and in the leaves ("leaves").
pub(crate) fn firework_pattern(grid: &Grid, frame: Frame, digits: DigitSet) -> [Candidates; 2] {
    let mut stem = Candidates::EMPTY;
    stem.insert_digits(frame.stem, grid.candidates(frame.stem) & digits);
    let mut leaves = Candidates::EMPTY;
    for leaf in frame.leaves() {
        leaves.insert_digits(leaf, grid.candidates(leaf) & digits);
    }
    [stem, leaves]
}

/// The start of a firework step: `kind`, the stem, its digits and the leaves, with the pattern.
pub(crate) fn firework_step(grid: &Grid, kind: StepKind, frame: Frame, digits: DigitSet) -> Step {
    let [stem, leaves] = firework_pattern(grid, frame, digits);
    Step::new(kind)
        .part(Part::Cells(CellSet::single(frame.stem)))
        .part(Part::Digits(digits))
        .part(Part::Cells(frame.leaves()))
        .pattern("stem", stem)
        .pattern("leaves", leaves)
}
