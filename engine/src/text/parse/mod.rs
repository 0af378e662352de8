//! Reading puzzles and positions. [`parse`] recognises every supported format:
//!
//! - an 81-character line (`1`-`9`, `.` or `0` for empty; spaces between cells are ignored),
//! - a 9-line grid, with or without `|`, `-`, `+` separators and spaces,
//! - a pencil-mark grid as HoDoKu and Sudoku Explainer print it (each cell written as its
//!   candidate digits; a cell with one digit is a solved cell),
//! - the 729-character candidate string (nine characters a cell, digit or `.`),
//! - HoDoKu's library state `givens:deleted` (or a whole library line `:code:...`).
//!
//! A one-line puzzle may carry text after it, as puzzle files do: a rating
//! (`puzzle<TAB>7.2`), a comment (`puzzle # hard`), a name (`puzzle extra`). When the whole line
//! is no puzzle, the text before the first `#`, tab or blank is read alone (see
//! `leading_fields`).
//!
//! Every malformed input gets a [`ParseError`] naming what is wrong and where.

mod candidates;
mod grid_text;
mod library;
mod line;

pub use library::{LibraryCase, parse_library_case};

use crate::board::cells::Cell;
use crate::board::grid::{Conflict, Grid};

/// What is wrong with an input, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the input is empty")]
    /// Nothing but blanks and comments.
    Empty,
    #[error("expected 81 cells (or 729 candidate characters), found {found} characters")]
    /// One line, but not 81 cells (nor 729 candidate characters).
    WrongLength {
        /// How many characters it has.
        found: usize,
    },
    #[error("bad character {ch:?} at {at}: expected {expected}")]
    /// A character that is not a digit, an empty cell or a separator.
    BadCharacter {
        /// The character.
        ch: char,
        /// Where it is.
        at: Location,
        /// What was expected there.
        expected: &'static str,
    },
    #[error("expected 9 rows, found {found}")]
    /// A grid without nine rows.
    WrongRowCount {
        /// How many rows it has.
        found: usize,
    },
    #[error("row {row} (line {line}) has {found} cells, expected 9")]
    /// A grid row without nine cells.
    WrongCellCount {
        /// The row, one-based.
        row: usize,
        /// Its line in the input, one-based.
        line: usize,
        /// How many cells it has.
        found: usize,
    },
    #[error("digit {digit} is listed twice at {at}")]
    /// A pencil-mark cell that lists a digit twice.
    RepeatedCandidate {
        /// Where.
        at: Location,
        /// The digit.
        digit: u8,
    },
    #[error(
        "bad deleted candidate {token:?} (item {item}): expected three digits <digit><row><column>"
    )]
    /// A deleted candidate of a library state that is not `<digit><row><column>`.
    BadDeletedCandidate {
        /// The text found.
        token: String,
        /// Its place in the list, one-based.
        item: usize,
    },
    #[error("bad library line: {0}")]
    /// A HoDoKu library line that cannot be read (the reason).
    BadLibraryLine(String),
    #[error("conflicting values: {0}")]
    /// Two equal values in one house.
    Conflict(#[from] Conflict),
}

/// A place in the input text: one-based line and column, and the cell being read if known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The line, one-based.
    pub line: usize,
    /// The column, one-based.
    pub column: usize,
    /// The cell being read, when known.
    pub cell: Option<Cell>,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 1 {
            write!(f, "line {}, ", self.line)?;
        }
        write!(f, "column {}", self.column)?;
        if let Some(cell) = self.cell {
            write!(f, " (cell {cell})")?;
        }
        Ok(())
    }
}

/// The input formats [`parse`] understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 81 characters on one line.
    Line,
    /// Nine lines of nine cells, with or without separators.
    Grid,
    /// A pencil-mark grid: each cell as its candidates.
    PencilMarks,
    /// 729 characters: nine per cell, the digit or `.`.
    CandidateString,
    /// HoDoKu's library format (`givens:deleted`, or a whole library line).
    Library,
}

/// Read a puzzle or position in any supported format.
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    parse_with_format(text).map(|(grid, _)| grid)
}

/// Read a puzzle or position and tell which format it was in.
pub fn parse_with_format(text: &str) -> Result<(Grid, Format), ParseError> {
    // Editors on Windows start UTF-8 files with a byte order mark; it is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    if !trimmed.contains('\n') {
        let whole = parse_one_line(trimmed);
        if whole.is_ok() {
            return whole;
        }
        let mut field_error = None;
        for field in leading_fields(trimmed) {
            match parse_one_line(field) {
                Ok(found) => return Ok(found),
                // A first field nearly a puzzle long is what was meant: its error says more
                // than the whole line's (`found 84 characters` for a rating after it).
                Err(e) if field_error.is_none() && cell_count(field) >= 72 => field_error = Some(e),
                Err(_) => {}
            }
        }
        return match field_error {
            Some(e) => Err(e),
            None => whole,
        };
    }
    grid_text::parse_multiline(text)
}

/// One line in the format it looks like: a library state (it has a `:`), the 729 candidates,
/// or the 81 cells.
fn parse_one_line(trimmed: &str) -> Result<(Grid, Format), ParseError> {
    if trimmed.contains(':') {
        return library::parse_state(trimmed).map(|g| (g, Format::Library));
    }
    if cell_count(trimmed) == 729 {
        return candidates::parse_candidate_string(trimmed).map(|g| (g, Format::CandidateString));
    }
    line::parse_line(trimmed).map(|g| (g, Format::Line))
}

fn cell_count(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// The prefixes of a line that may be its puzzle followed by other text, longest cut first:
/// before the first `#`, before the first tab, before the first blank. A library state's
/// deleted candidates are separated by blanks, so it is only cut at a `#` or a tab. A cut
/// followed by `+` or `:` is inside a library state, not after the puzzle: never taken (a bad
/// library state must stay an error).
fn leading_fields(line: &str) -> impl Iterator<Item = &str> {
    let first_word = line.split(|c: char| c.is_whitespace() || c == '#').next();
    let library = first_word.is_some_and(|w| w.contains(':'));
    let hash = line.find('#');
    let tab = line.find('\t');
    let blank = if library {
        None
    } else {
        line.find(char::is_whitespace)
    };
    let mut cuts = [hash, tab, blank];
    cuts.sort_unstable_by(|a, b| b.cmp(a));
    let mut previous = None;
    cuts.into_iter().flatten().filter_map(move |cut| {
        if previous == Some(cut) {
            return None;
        }
        previous = Some(cut);
        let (field, rest) = line.split_at(cut);
        let field = field.trim_end();
        let after = rest.trim_start_matches(char::is_whitespace);
        let inside = after.starts_with(['+', ':']);
        (!field.is_empty() && !inside).then_some(field)
    })
}

/// The position of a puzzle's values, checked for conflicts; `placed_not_given` says which
/// values are not givens.
fn grid_from_values(values: &[u8; 81], placed_not_given: &[bool; 81]) -> Result<Grid, ParseError> {
    let mut placed = crate::board::cells::CellSet::EMPTY;
    if placed_not_given.contains(&true) {
        placed = Cell::all()
            .filter(|c| placed_not_given[c.index()])
            .collect();
    }
    Ok(Grid::from_values(values, placed)?)
}

#[cfg(test)]
mod tests;
