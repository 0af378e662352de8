//! Positions in and out: reading a puzzle or position in every format `solve` accepts, and
//! writing one for a player to go on from, in the format it came in or one chosen.

use crate::error::{ApiError, ApiResult};
use kaidoku_engine::parse::Format as InputFormat;
use kaidoku_engine::{Cell, DigitSet, Grid, render};
use serde::Serialize;

/// Read one puzzle or position (81-character line, 9-line grid, pencil marks, 729 candidates,
/// HoDoKu library state), and the format it came in. `#` comment lines are left out; a text
/// of several puzzles is an error pointing to `batch`.
pub fn read(text: &str) -> ApiResult<(InputFormat, Grid)> {
    read_named(text, "the text")
}

/// [`read`] of a text that errors call `name` (a file's name).
pub fn read_named(text: &str, name: &str) -> ApiResult<(InputFormat, Grid)> {
    let text = without_comments(text);
    match kaidoku_engine::parse::parse_with_format(&text) {
        Ok((grid, format)) => Ok((format, grid)),
        Err(e) => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() > 1
                && lines
                    .iter()
                    .all(|l| kaidoku_engine::parse::parse(l).is_ok())
            {
                return Err(ApiError::bad_input(format!(
                    "{name} holds {} puzzles; use `kaidoku batch` for several",
                    lines.len()
                )));
            }
            Err(ApiError::bad_input(format!("cannot read the puzzle: {e}")))
        }
    }
}

/// The text without its `#` comment lines (a title above the puzzle in a file), as files of
/// puzzles are read line by line.
fn without_comments(text: &str) -> String {
    if !text.lines().any(|l| l.trim_start().starts_with('#')) {
        return text.to_string();
    }
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    kept.join("\n")
}

/// How to write a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum PositionFormat {
    /// The input's format; a line or a 9-line grid cannot hold removed candidates, so a
    /// position with some is written as a library state or a pencil-mark grid instead.
    Input,
    /// The 81-character line (values only).
    Line,
    /// The 9-line grid of values.
    Grid,
    /// The pencil-mark grid, as HoDoKu prints it.
    PencilMarks,
    /// The 729-character candidate string.
    Candidates,
    /// HoDoKu's library state `givens:deleted` (`+` before a placed digit): holds everything.
    Library,
}

/// The position in `format` (for [`PositionFormat::Input`], the format the input came in),
/// and a note when the input's format could not hold it and another was used.
pub fn write(grid: &Grid, input: InputFormat, format: PositionFormat) -> (String, Option<String>) {
    let chosen = match format {
        PositionFormat::Input => match input {
            InputFormat::Line => PositionFormat::Line,
            InputFormat::Grid => PositionFormat::Grid,
            InputFormat::PencilMarks => PositionFormat::PencilMarks,
            InputFormat::CandidateString => PositionFormat::Candidates,
            InputFormat::Library => PositionFormat::Library,
        },
        other => other,
    };
    let values_only = matches!(chosen, PositionFormat::Line | PositionFormat::Grid);
    if format == PositionFormat::Input && values_only && !deleted(grid).is_empty() {
        let (instead, name) = match chosen {
            PositionFormat::Line => (PositionFormat::Library, "a library state `givens:deleted`"),
            _ => (PositionFormat::PencilMarks, "a pencil-mark grid"),
        };
        let note = format!(
            "the position has removed candidates, which values alone cannot hold: written as \
             {name} (`--position` chooses)"
        );
        return (render_as(grid, instead), Some(note));
    }
    (render_as(grid, chosen), None)
}

fn render_as(grid: &Grid, format: PositionFormat) -> String {
    match format {
        PositionFormat::Line | PositionFormat::Input => grid.to_line(),
        PositionFormat::Grid => render::values(grid).trim_end().to_string(),
        PositionFormat::PencilMarks => render::pencil_marks(grid).trim_end().to_string(),
        PositionFormat::Candidates => grid.to_candidate_string(),
        PositionFormat::Library => library_state(grid),
    }
}

/// The candidates removed beyond what the values exclude, in cell order: `(cell, digits)`.
pub fn deleted(grid: &Grid) -> Vec<(Cell, DigitSet)> {
    grid.empty_cells()
        .iter()
        .filter_map(|cell| {
            let gone = !(seen_digits(grid, cell) | grid.candidates(cell)) & DigitSet::ALL;
            (!gone.is_empty()).then_some((cell, gone))
        })
        .collect()
}

/// The digits the values of a cell's peers hold.
pub fn seen_digits(grid: &Grid, cell: Cell) -> DigitSet {
    let mut seen = DigitSet::EMPTY;
    for peer in kaidoku_engine::peers(cell).iter() {
        if let Some(d) = grid.value(peer) {
            seen.insert(d);
        }
    }
    seen
}

/// HoDoKu's library state: the 81 cells with `+` before a placed digit, `:`, then the removed
/// candidates as `digit row column` triples.
pub fn library_state(grid: &Grid) -> String {
    let mut out = String::with_capacity(200);
    for cell in Cell::all() {
        match grid.value(cell) {
            Some(d) => {
                if !grid.is_given(cell) {
                    out.push('+');
                }
                out.push((b'0' + d) as char);
            }
            None => out.push('.'),
        }
    }
    out.push(':');
    let triples: Vec<String> = deleted(grid)
        .into_iter()
        .flat_map(|(cell, digits)| {
            digits
                .into_iter()
                .map(move |d| format!("{d}{}{}", cell.row() + 1, cell.col() + 1))
        })
        .collect();
    out.push_str(&triples.join(" "));
    out
}

/// The name of an input format, as the JSON answers write it.
pub fn format_name(format: InputFormat) -> &'static str {
    match format {
        InputFormat::Line => "line",
        InputFormat::Grid => "grid",
        InputFormat::PencilMarks => "pencil-marks",
        InputFormat::CandidateString => "candidates",
        InputFormat::Library => "library",
    }
}

/// A position as a page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    /// The 81 values, `.` for an empty cell.
    pub values: String,
    /// The 81 givens, `.` elsewhere (formats without givens count every value as one).
    pub givens: String,
    /// Each cell's candidates as digits (`"138"`), empty for a solved cell.
    pub candidates: Vec<String>,
    /// The whole position as HoDoKu's library state (`givens:deleted`), to send back.
    pub library: String,
    /// Whether every cell holds a value.
    pub solved: bool,
}

impl PositionView {
    /// The view of `grid`.
    pub fn of(grid: &Grid) -> PositionView {
        PositionView {
            values: grid.to_line(),
            givens: grid.givens_line(),
            candidates: Cell::all()
                .map(|cell| match grid.value(cell) {
                    Some(_) => String::new(),
                    None => grid
                        .candidates(cell)
                        .iter()
                        .map(|d| d.to_string())
                        .collect(),
                })
                .collect(),
            library: library_state(grid),
            solved: grid.is_solved(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

    #[test]
    fn a_library_state_reads_back_as_the_same_position() {
        let mut grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
        grid.place(Cell::at(1, 2), 6);
        grid.eliminate(Cell::at(0, 1), 3);
        let state = library_state(&grid);
        assert!(state.contains("+6"), "{state}");
        assert!(state.ends_with(":312"), "{state}");
        assert_eq!(kaidoku_engine::parse::parse(&state).unwrap(), grid);
        let view = PositionView::of(&grid);
        assert_eq!(view.library, state);
        assert_eq!(view.givens, PUZZLE);
        assert_eq!(view.candidates[1], "7");
        assert_eq!(view.candidates[0], "");
    }

    #[test]
    fn a_line_that_cannot_hold_the_position_becomes_a_library_state() {
        let mut grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
        let (line, note) = write(&grid, InputFormat::Line, PositionFormat::Input);
        assert_eq!((line.as_str(), note), (PUZZLE, None));
        grid.eliminate(Cell::at(0, 1), 3);
        let (state, note) = write(&grid, InputFormat::Line, PositionFormat::Input);
        assert!(state.ends_with(":312"), "{state}");
        assert!(note.is_some());
        // A 9-line grid becomes a pencil-mark grid (whose one-candidate cells read as solved).
        let (grid_text, note) = write(&grid, InputFormat::Grid, PositionFormat::Input);
        assert_eq!(grid_text.lines().count(), 13, "{grid_text}");
        assert!(note.is_some());
        let read = kaidoku_engine::parse::parse(&grid_text).unwrap();
        assert!(!read.candidates(Cell::at(0, 1)).contains(3));
        // Asked for plainly, a line is a line.
        let (line, note) = write(&grid, InputFormat::Library, PositionFormat::Line);
        assert_eq!((line.as_str(), note), (PUZZLE, None));
    }

    #[test]
    fn several_puzzles_and_unreadable_text_are_named() {
        let two = format!("{PUZZLE}\n{PUZZLE}\n");
        assert!(read(&two).unwrap_err().message.contains("holds 2 puzzles"));
        let short = &PUZZLE[..80];
        let error = read(short).unwrap_err();
        assert!(
            error.message.starts_with("cannot read the puzzle: "),
            "{error}"
        );
        let titled = format!("# a title\n{PUZZLE}\n");
        assert_eq!(read(&titled).unwrap().1.to_line(), PUZZLE);
    }
}
