//! HoDoKu's library format. A position is `givens:deleted`: the 81 cells, with `+` before a
//! placed (non-given) digit, then the deleted candidates as `drc` triples separated by blanks.
//! A whole test case is `:<code>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`.

use super::{Location, ParseError, grid_from_values};
use crate::board::cells::Cell;
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::symmetry::Symmetry;

/// One test case of a HoDoKu library file.
#[derive(Clone, Debug)]
pub struct LibraryCase {
    /// The technique code, e.g. `0100`.
    pub code: String,
    /// The variant after the dash, e.g. `1` or `x` (`x`: the technique must find nothing).
    pub variant: Option<String>,
    /// The digits the case is about.
    pub digits: DigitSet,
    /// The position: the givens, the placed digits and the candidates left.
    pub grid: Grid,
    /// The eliminations the case expects.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The placements the case expects.
    pub placements: Vec<(Cell, Digit)>,
    /// The line's extra field (e.g. a fish's size), empty when none.
    pub extra: String,
}

impl LibraryCase {
    /// A `-x` case: the technique must find nothing.
    pub fn expects_nothing(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

/// Read a library position `givens:deleted` (also accepts a whole library line).
pub(super) fn parse_state(text: &str) -> Result<Grid, ParseError> {
    if text.starts_with(':') {
        return parse_library_case(text).map(|case| case.grid);
    }
    let (givens, deleted) = text.split_once(':').unwrap_or((text, ""));
    let deleted = deleted.split(':').next().unwrap_or("");
    position(givens, deleted)
}

/// Read one whole library line.
pub fn parse_library_case(line: &str) -> Result<LibraryCase, ParseError> {
    let fields: Vec<&str> = line.trim().split(':').collect();
    if fields.len() < 7 || !fields[0].is_empty() {
        return Err(ParseError::BadLibraryLine(format!(
            "expected `:code:candidates:givens:deleted:eliminations:placements:extra`, found {} fields",
            fields.len().saturating_sub(1)
        )));
    }
    let (code, variant) = match fields[1].split_once('-') {
        Some((code, variant)) => (code.to_string(), Some(variant.to_string())),
        None => (fields[1].to_string(), None),
    };
    let mut digits = DigitSet::EMPTY;
    for ch in fields[2].chars() {
        match ch {
            '1'..='9' => digits.insert(ch as u8 - b'0'),
            _ => {
                return Err(ParseError::BadLibraryLine(format!(
                    "bad candidate digit {ch:?} in {:?}",
                    fields[2]
                )));
            }
        }
    }
    let grid = position(fields[3], fields[4])?;
    Ok(LibraryCase {
        code,
        variant,
        digits,
        grid,
        eliminations: candidate_list(fields[5])?,
        placements: candidate_list(fields[6])?,
        extra: fields.get(7).unwrap_or(&"").to_string(),
    })
}

fn position(givens: &str, deleted: &str) -> Result<Grid, ParseError> {
    let found = givens
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '+')
        .count();
    if found != 81 {
        return Err(ParseError::WrongLength { found });
    }
    let mut values = [0u8; 81];
    let mut placed = [false; 81];
    let mut index = 0;
    let mut plus = false;
    for (column, ch) in givens.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        // A trailing `+` after the 81st cell has no cell; it is reported below.
        let at = Location {
            line: 1,
            column: column + 1,
            cell: (index < 81).then(|| Cell::new(index)),
        };
        if ch == '+' {
            plus = true;
            continue;
        }
        match ch {
            '1'..='9' => {
                values[index] = ch as u8 - b'0';
                placed[index] = plus;
            }
            '.' | '0' if !plus => {}
            _ => {
                let expected = if plus {
                    "a digit 1-9 after '+'"
                } else {
                    "a digit 1-9, '+', '.' or '0'"
                };
                return Err(ParseError::BadCharacter { ch, at, expected });
            }
        }
        plus = false;
        index += 1;
    }
    if plus {
        let at = Location {
            line: 1,
            column: givens.chars().count(),
            cell: None,
        };
        return Err(ParseError::BadCharacter {
            ch: '+',
            at,
            expected: "a digit 1-9 after '+'",
        });
    }
    let mut grid = grid_from_values(&values, &placed)?;
    for (cell, digit) in candidate_list(deleted)? {
        grid.eliminate(cell, digit);
    }
    Ok(grid)
}

/// Blank-separated `drc` triples.
fn candidate_list(text: &str) -> Result<Vec<(Cell, Digit)>, ParseError> {
    let mut out = Vec::new();
    for (item, token) in text.split_whitespace().enumerate() {
        let bytes = token.as_bytes();
        let ok = bytes.len() == 3 && bytes.iter().all(|b| (b'1'..=b'9').contains(b));
        if !ok {
            return Err(ParseError::BadDeletedCandidate {
                token: token.to_string(),
                item: item + 1,
            });
        }
        let cell = Cell::at((bytes[1] - b'1') as usize, (bytes[2] - b'1') as usize);
        out.push((cell, bytes[0] - b'0'));
    }
    Ok(out)
}

/// Symmetries move library cases too (the regression runner checks every case under each).
impl Symmetry {
    /// A regression-library case under the symmetry: its position, digits and effects moved.
    pub fn case(&self, case: &LibraryCase) -> LibraryCase {
        let moved = |&(cell, digit): &(Cell, Digit)| (self.map_cell(cell), self.map_digit(digit));
        LibraryCase {
            code: case.code.clone(),
            variant: case.variant.clone(),
            digits: self.map_digits(case.digits),
            grid: self.grid(&case.grid),
            eliminations: case.eliminations.iter().map(moved).collect(),
            placements: case.placements.iter().map(moved).collect(),
            extra: case.extra.clone(),
        }
    }
}
