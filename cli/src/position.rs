//! Writing a position for a player to go on from (`hint --apply`, `steps --apply N`,
//! `solve --until N`): in the format the input came in, or one chosen with `--position`.

use clap::ValueEnum;
use kaidoku_engine::parse::Format as InputFormat;
use kaidoku_engine::{Cell, DigitSet, Grid, render};

/// How to write a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
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
fn deleted(grid: &Grid) -> Vec<(Cell, DigitSet)> {
    grid.empty_cells()
        .iter()
        .filter_map(|cell| {
            let mut seen = DigitSet::EMPTY;
            for peer in kaidoku_engine::peers(cell).iter() {
                if let Some(d) = grid.value(peer) {
                    seen.insert(d);
                }
            }
            let gone = !(seen | grid.candidates(cell)) & DigitSet::ALL;
            (!gone.is_empty()).then_some((cell, gone))
        })
        .collect()
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
}
