//! Technique fixtures: the examples each technique keeps beside its file, in HoDoKu's library
//! line format, checked by one registry-driven test for every registered technique.
//!
//! ```text
//! # Comments start with `#`. A `params:` comment sets parameters for the lines after it:
//! # params: max_size = 2, hidden = false
//! :0200:38:<givens>:<deleted>:<eliminations>:<placements>:
//! ```
//!
//! A case passes when one of the technique's steps at the position has exactly the listed
//! eliminations and placements; a `-x` code (`:0200-x:…`) passes when it finds nothing.

use crate::board::cells::Cell;
use crate::board::grid::Grid;
use crate::io::reglib::matches_case;
use crate::plugin::abi::decode_params;
use crate::step::Step;
use crate::technique::StepSink;
use crate::technique::analysis::Analysis;
use crate::technique::registry::RegistryEntry;
use crate::text::parse::{LibraryCase, parse_library_case};
use std::fmt::Write;
use std::sync::Arc;

/// One fixture line.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// One-based line number in the fixture text.
    pub line: usize,
    /// The parameters in force, as `name = value` lines.
    pub params: String,
    /// The library line: the position, the step code and the effects the technique must find.
    pub case: LibraryCase,
}

/// Read a fixture text; `Err` names the line that cannot be read.
pub fn parse_fixtures(text: &str) -> Result<Vec<Fixture>, String> {
    let mut params = String::new();
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(list) = comment.trim().strip_prefix("params:") {
                params = list
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(|p| format!("{p}\n"))
                    .collect();
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let case = parse_library_case(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        out.push(Fixture {
            line: index + 1,
            params: params.clone(),
            case,
        });
    }
    Ok(out)
}

/// Run a fixture: every step the technique finds at its position, or why the case fails.
pub fn run_fixture(entry: &RegistryEntry, fixture: &Fixture) -> Result<Vec<Step>, String> {
    let params = decode_params(&fixture.params, &entry.params)
        .map_err(|e| format!("line {}: {e}", fixture.line))?;
    let technique = (entry.build)(&params).map_err(|e| format!("line {}: {e}", fixture.line))?;
    let mut sink = StepSink::all(Arc::from(entry.id.as_str()));
    let _ = technique.find_steps_in(&Analysis::new(&fixture.case.grid), &mut sink);
    let steps = sink.into_steps();
    match matches_case(&fixture.case, &steps) {
        Ok(()) => Ok(steps),
        Err(reason) => Err(format!("line {}: {reason}", fixture.line)),
    }
}

/// A library line for `step` at `grid`: `:code:digits:givens:deleted:eliminations:placements:`.
/// Placed (not given) values are written `+d`; deleted candidates are those neither present
/// nor ruled out by a value in the cell's houses.
pub fn library_line(code: &str, grid: &Grid, step: &Step) -> String {
    let mut out = format!(":{code}:");
    let placed: crate::board::digits::DigitSet = step.placements.iter().map(|&(_, d)| d).collect();
    for digit in step.eliminations.digits() | placed {
        let _ = write!(out, "{digit}");
    }
    out.push(':');
    for cell in Cell::all() {
        match grid.value(cell) {
            Some(d) if grid.is_given(cell) => {
                let _ = write!(out, "{d}");
            }
            Some(d) => {
                let _ = write!(out, "+{d}");
            }
            None => out.push('.'),
        }
    }
    out.push(':');
    let mut deleted = Vec::new();
    for cell in grid.empty_cells() {
        let seen: crate::board::digits::DigitSet = crate::board::house::peers(cell)
            .iter()
            .filter_map(|p| grid.value(p))
            .collect();
        for digit in !(grid.candidates(cell) | seen) {
            deleted.push(format!("{digit}{}{}", cell.row() + 1, cell.col() + 1));
        }
    }
    out.push_str(&deleted.join(" "));
    out.push(':');
    let eliminations: Vec<String> = step
        .eliminations
        .iter()
        .map(|(c, d)| format!("{d}{}{}", c.row() + 1, c.col() + 1))
        .collect();
    out.push_str(&eliminations.join(" "));
    out.push(':');
    let placements: Vec<String> = step
        .placements
        .iter()
        .map(|(c, d)| format!("{d}{}{}", c.row() + 1, c.col() + 1))
        .collect();
    out.push_str(&placements.join(" "));
    out.push(':');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_lines_round_trip() {
        let mut grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        grid.place(Cell::at(0, 1), 3);
        grid.eliminate(Cell::at(0, 4), 6);
        let step = Step::new(crate::StepKind::new("x", "X")).eliminate(Cell::at(0, 5), 7);
        let line = library_line("0000", &grid, &step);
        let case = parse_library_case(&line).unwrap();
        assert_eq!(case.grid, grid, "{line}");
        assert_eq!(case.eliminations, vec![(Cell::at(0, 5), 7)]);
        assert!(line.contains("+3"), "{line}");
        let fixtures =
            parse_fixtures(&format!("# a comment\n# params: max_size = 2\n\n{line}\n")).unwrap();
        assert_eq!(fixtures.len(), 1);
        assert_eq!(fixtures[0].line, 4);
        assert_eq!(fixtures[0].params, "max_size = 2\n");
        assert!(
            parse_fixtures(":0000:1:bad:::")
                .unwrap_err()
                .starts_with("line 1:")
        );
    }
}
