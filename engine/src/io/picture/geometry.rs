//! Where things sit in a picture: its sizes, and the corners and centres of cells and
//! candidates.

use crate::board::cells::Cell;
use crate::board::digits::Digit;

/// Side of a cell; a candidate takes a third of it.
pub const CELL: f64 = 54.0;
pub(super) const SUB: f64 = CELL / 3.0;
/// Room for the row and column labels.
pub const MARGIN: f64 = 30.0;
pub(super) const BOARD: f64 = CELL * 9.0;
/// Width of the whole picture.
pub const WIDTH: f64 = MARGIN + BOARD + 14.0;
/// Radius of the fill behind a candidate.
pub(super) const MARK_RADIUS: f64 = 8.2;
pub(super) const LINE_HEIGHT: f64 = 18.0;
/// Characters of caption per line (13 px text across the board).
pub(super) const CAPTION_CHARS: usize = 66;

/// The top-left corner of a cell.
pub(super) fn corner(cell: Cell) -> (f64, f64) {
    (
        MARGIN + cell.col() as f64 * CELL,
        MARGIN + cell.row() as f64 * CELL,
    )
}

pub(super) fn cell_centre(cell: Cell) -> (f64, f64) {
    let (x, y) = corner(cell);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// Where candidate `digit` of `cell` sits: 1 2 3 on top, 7 8 9 at the bottom.
pub fn candidate_centre(cell: Cell, digit: Digit) -> (f64, f64) {
    let (x, y) = corner(cell);
    let i = (digit - 1) as usize;
    (
        x + (i % 3) as f64 * SUB + SUB / 2.0,
        y + (i / 3) as f64 * SUB + SUB / 2.0,
    )
}
