//! Multi-line inputs: the 9-line value grid and the pencil-mark grid.
//!
//! Border lines (no digit, and a `-` or `=` in them, like `------+-------` or HoDoKu's
//! `.-------.`) are skipped; `|` and `:` inside a row are separators. A row whose cells are all
//! single characters (`1`-`9`, `.`, `0`) belongs to a value grid; a row of space-separated
//! digit groups belongs to a pencil-mark grid.

use super::candidates::grid_from_masks;
use super::{Format, Location, ParseError, grid_from_values};
use crate::board::cells::Cell;
use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

struct Row<'a> {
    line: usize,
    text: &'a str,
}

fn is_border(line: &str) -> bool {
    !line.chars().any(|c| c.is_ascii_digit()) && line.chars().any(|c| c == '-' || c == '=')
}

fn is_value_row(text: &str) -> bool {
    let cells = text.chars().filter(|c| !is_separator(*c));
    cells.clone().count() == 9 && cells.clone().all(|c| matches!(c, '1'..='9' | '.' | '0'))
}

/// Nine or more cells separated by blanks, one of them several digits (candidates).
fn is_pencil_row(text: &str) -> bool {
    let tokens = text.split(is_separator).filter(|t| !t.is_empty());
    tokens.clone().count() >= 9
        && tokens
            .clone()
            .any(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_digit()))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '|' || c == ':' || c == '+'
}

pub(super) fn parse_multiline(text: &str) -> Result<(Grid, Format), ParseError> {
    let rows: Vec<Row> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !is_border(l))
        .map(|(i, l)| Row {
            line: i + 1,
            text: l,
        })
        .collect();
    if rows.len() != 9 {
        return Err(ParseError::WrongRowCount { found: rows.len() });
    }
    // Pencil marks never hold an empty cell, so a `.` or `0` means a value grid, unless a row
    // is plainly pencil marks (a `0` typed among candidates, `125690`, is then a bad character
    // in that cell, not a value row of 11 cells).
    let has_empty_cell = rows.iter().any(|r| r.text.contains(['.', '0']));
    let pencil_row = rows.iter().any(|r| is_pencil_row(r.text));
    if (has_empty_cell && !pencil_row) || rows.iter().all(|r| is_value_row(r.text)) {
        return parse_value_grid(&rows).map(|g| (g, Format::Grid));
    }
    parse_pencil_marks(&rows).map(|g| (g, Format::PencilMarks))
}

fn parse_value_grid(rows: &[Row]) -> Result<Grid, ParseError> {
    let mut values = [0u8; 81];
    for (r, row) in rows.iter().enumerate() {
        let mut col = 0;
        for (i, ch) in row.text.chars().enumerate() {
            if is_separator(ch) {
                continue;
            }
            let at = Location {
                line: row.line,
                column: i + 1,
                cell: (col < 9).then(|| Cell::at(r, col)),
            };
            if col >= 9 {
                let found = row.text.chars().filter(|c| !is_separator(*c)).count();
                return Err(ParseError::WrongCellCount {
                    row: r + 1,
                    line: row.line,
                    found,
                });
            }
            values[r * 9 + col] = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' => 0,
                _ => {
                    return Err(ParseError::BadCharacter {
                        ch,
                        at,
                        expected: "a digit 1-9, '.' or '0'",
                    });
                }
            };
            col += 1;
        }
        if col != 9 {
            return Err(ParseError::WrongCellCount {
                row: r + 1,
                line: row.line,
                found: col,
            });
        }
    }
    grid_from_values(&values, &[false; 81])
}

fn parse_pencil_marks(rows: &[Row]) -> Result<Grid, ParseError> {
    let mut masks = [DigitSet::EMPTY; 81];
    for (r, row) in rows.iter().enumerate() {
        let mut col = 0;
        let mut chars = row.text.char_indices().peekable();
        while let Some(&(_, ch)) = chars.peek() {
            if is_separator(ch) {
                chars.next();
                continue;
            }
            // One cell: a run of characters up to the next separator.
            let cell = (col < 9).then(|| Cell::at(r, col));
            let mut mask = DigitSet::EMPTY;
            while let Some(&(i, ch)) = chars.peek() {
                if is_separator(ch) {
                    break;
                }
                let at = Location {
                    line: row.line,
                    column: row.text[..i].chars().count() + 1,
                    cell,
                };
                match ch {
                    '1'..='9' => {
                        let digit = ch as u8 - b'0';
                        if mask.contains(digit) {
                            return Err(ParseError::RepeatedCandidate { at, digit });
                        }
                        mask.insert(digit);
                    }
                    _ => {
                        let expected = "candidate digits 1-9 (a pencil-mark cell cannot be empty)";
                        return Err(ParseError::BadCharacter { ch, at, expected });
                    }
                }
                chars.next();
            }
            if col < 9 {
                masks[r * 9 + col] = mask;
            }
            col += 1;
        }
        if col != 9 {
            return Err(ParseError::WrongCellCount {
                row: r + 1,
                line: row.line,
                found: col,
            });
        }
    }
    grid_from_masks(&masks)
}
