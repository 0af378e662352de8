//! `kaidoku solve`: one puzzle, its whole trace.

use crate::position::{self, PositionFormat};
use crate::{Format, input, output};
use anyhow::Result;
use kaidoku_engine::parse::Format as InputFormat;
use kaidoku_engine::{Grid, Status, Trace};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    puzzle: &str,
    config: Option<PathBuf>,
    format: Format,
    verify: bool,
    until: Option<(usize, PositionFormat)>,
) -> Result<ExitCode> {
    let solver = input::solver(config, verify)?;
    let mut out = output::stdout();
    let (input_format, grid) = match input::one_puzzle(puzzle) {
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
    if let (Some((n, position)), Status::Solved | Status::Stuck) = (until, trace.status) {
        write_until(&mut out, &trace, &grid, n, (input_format, position), format)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
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
    kaidoku_api::diagnose::unsolvable(trace, grid).into()
}

/// `--until N`: the first N steps of the trace, then the position after them.
fn write_until(
    out: &mut impl Write,
    trace: &Trace,
    start: &Grid,
    n: usize,
    (input, format): (InputFormat, PositionFormat),
    output_format: Format,
) -> Result<()> {
    let taken = &trace.steps[..n.min(trace.steps.len())];
    let mut grid = start.clone();
    for step in taken {
        step.apply(&mut grid);
    }
    let (text, note) = position::write(&grid, input, format);
    if let Some(note) = &note {
        output::note(format_args!("note: {note}"));
    }
    if output_format == Format::Json {
        let value = serde_json::json!({
            "puzzle": trace.puzzle,
            "config": trace.config,
            "until": n,
            "steps": taken,
            "position": text,
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "Puzzle  {}", trace.puzzle)?;
    writeln!(out, "Config  {} ({})", trace.config.name, trace.config.hash)?;
    let width = taken.len().to_string().len();
    for (i, step) in taken.iter().enumerate() {
        writeln!(out, "{:>width$}. {}", i + 1, step.text())?;
    }
    let of = trace.steps.len();
    if n < of {
        writeln!(
            out,
            "Stopped after step {n} of {of} (--until {n}); the position:"
        )?;
    } else {
        writeln!(out, "The solve has {of} steps, all taken; the position:")?;
    }
    writeln!(out, "{text}")?;
    Ok(())
}
