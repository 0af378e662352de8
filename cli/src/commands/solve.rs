//! `kaidoku solve`: one puzzle, its whole trace.

use crate::{Format, input, output};
use anyhow::{Result, anyhow};
use kaidoku_engine::{Grid, Status, Trace};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    puzzle: &str,
    config: Option<PathBuf>,
    format: Format,
    verify: bool,
) -> Result<ExitCode> {
    let solver = input::solver(config, verify)?;
    let mut out = output::stdout();
    let (_, grid) = match input::one_puzzle(puzzle) {
        Ok(found) => found,
        Err(error) => {
            if format == Format::Json {
                let trace = Trace::invalid(puzzle, format!("{error:#}"), solver.config());
                writeln!(out, "{}", trace.to_json())?;
                out.flush()?;
            }
            return Err(error);
        }
    };
    let trace = solver.solve(&grid);
    match format {
        Format::Json => writeln!(out, "{}", trace.to_json())?,
        Format::Text => write!(out, "{}", trace.to_text())?,
    }
    out.flush()?;
    match trace.status {
        Status::Solved | Status::Stuck => Ok(ExitCode::SUCCESS),
        _ => Err(unsolvable(&trace, &grid)),
    }
}

/// The error for a trace that did not start: no solution (with the reason when one shows at a
/// glance), several solutions, unreadable, or a failing technique.
pub fn unsolvable(trace: &Trace, grid: &Grid) -> anyhow::Error {
    match trace.status {
        Status::NoSolution => match kaidoku_engine::obvious_contradiction(grid) {
            Some(why) => anyhow!("the puzzle has no solution: {why}"),
            None => anyhow!("the puzzle has no solution"),
        },
        Status::MultipleSolutions => anyhow!("the puzzle has more than one solution"),
        _ => anyhow!(
            trace
                .error
                .clone()
                .unwrap_or_else(|| trace.status.as_str().to_string())
        ),
    }
}
