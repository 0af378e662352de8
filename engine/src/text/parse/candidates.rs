//! The 729-character candidate string: nine characters per cell, character `k` being the
//! digit `k + 1` when it is a candidate and `.` or `0` when it is not. A cell with a single
//! candidate is read as solved.

use super::{Location, ParseError, grid_from_values};
use crate::board::cells::Cell;
use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

pub(super) fn parse_candidate_string(text: &str) -> Result<Grid, ParseError> {
    let mut masks = [DigitSet::EMPTY; 81];
    let mut index = 0;
    for (column, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        let cell = Cell::new(index / 9);
        let digit = (index % 9) as u8 + 1;
        match ch {
            '.' | '0' => {}
            _ if ch as u32 == (b'0' + digit) as u32 => masks[cell.index()].insert(digit),
            _ => {
                let at = Location {
                    line: 1,
                    column: column + 1,
                    cell: Some(cell),
                };
                let expected = DIGIT_OR_DOT[digit as usize - 1];
                return Err(ParseError::BadCharacter { ch, at, expected });
            }
        }
        index += 1;
    }
    grid_from_masks(&masks)
}

const DIGIT_OR_DOT: [&str; 9] = [
    "'1', '.' or '0'",
    "'2', '.' or '0'",
    "'3', '.' or '0'",
    "'4', '.' or '0'",
    "'5', '.' or '0'",
    "'6', '.' or '0'",
    "'7', '.' or '0'",
    "'8', '.' or '0'",
    "'9', '.' or '0'",
];

/// A position from per-cell candidate masks: single-candidate cells become solved (given)
/// cells, and every other cell keeps exactly the listed candidates.
pub(super) fn grid_from_masks(masks: &[DigitSet; 81]) -> Result<Grid, ParseError> {
    let mut values = [0u8; 81];
    for (value, mask) in values.iter_mut().zip(masks) {
        *value = mask.only().unwrap_or(0);
    }
    let mut grid = grid_from_values(&values, &[false; 81])?;
    for cell in grid.empty_cells() {
        for digit in grid.candidates(cell) - masks[cell.index()] {
            grid.eliminate(cell, digit);
        }
    }
    Ok(grid)
}
