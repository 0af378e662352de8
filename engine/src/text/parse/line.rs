//! The 81-character line: `1`-`9` for givens, `.` or `0` for empty cells. Spaces and tabs
//! between cells are ignored (`2.8 91. .54 ...` is how some sites print a line).

use super::{Location, ParseError, grid_from_values};
use crate::board::cells::Cell;
use crate::board::grid::Grid;

pub(super) fn parse_line(line: &str) -> Result<Grid, ParseError> {
    let cells = || {
        line.chars()
            .enumerate()
            .filter(|(_, ch)| *ch != ' ' && *ch != '\t')
    };
    let found = cells().count();
    if found != 81 {
        return Err(ParseError::WrongLength { found });
    }
    let mut values = [0u8; 81];
    for (i, (column, ch)) in cells().enumerate() {
        values[i] = match ch {
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' => 0,
            _ => {
                let at = Location {
                    line: 1,
                    column: column + 1,
                    cell: Some(Cell::new(i)),
                };
                return Err(ParseError::BadCharacter {
                    ch,
                    at,
                    expected: "a digit 1-9, '.' or '0'",
                });
            }
        };
    }
    grid_from_values(&values, &[false; 81])
}
