//! `kaidoku steps`: every step available now, none applied.

use crate::position::{self, PositionFormat};
use crate::{Format, input, output};
use anyhow::{Result, bail};
use kaidoku_api::diagnose::check_solvable;
use kaidoku_api::service::list_steps;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Steps shown unless `--limit` says otherwise: a hard position can offer tens of thousands.
pub const DEFAULT_LIMIT: usize = 100;

pub fn run(
    puzzle: &str,
    techniques: &[String],
    config: Option<PathBuf>,
    format: Format,
    limit: usize,
    apply: Option<(usize, PositionFormat)>,
) -> Result<ExitCode> {
    let solver = input::solver(config, false)?;
    let (input_format, grid) = input::one_puzzle(puzzle)?;
    check_solvable(&grid)?;
    let (mut steps, guesses_left_out) = list_steps(&solver, &grid, techniques)?;
    let total = steps.len();
    if let Some((n, format)) = apply {
        let Some(step) = n.checked_sub(1).and_then(|i| steps.get(i)) else {
            bail!(
                "--apply {n}: there {} {total} step{} (numbered from 1)",
                if total == 1 { "is" } else { "are" },
                plural(total)
            );
        };
        let mut after = grid.clone();
        step.apply(&mut after);
        let (text, note) = position::write(&after, input_format, format);
        output::note(format_args!("applied step {n}: {}", step.text()));
        if let Some(note) = note {
            output::note(format_args!("note: {note}"));
        }
        let mut out = output::stdout();
        writeln!(out, "{text}")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if limit > 0 {
        steps.truncate(limit);
    }
    let left_out = total - steps.len();
    let more = format!(
        "{left_out} more step{} not shown (`--limit N` shows the first N, `--limit 0` all)",
        plural(left_out)
    );
    let mut out = output::stdout();
    match format {
        Format::Json => {
            let json =
                serde_json::json!({"puzzle": grid.to_line(), "total": total, "steps": steps});
            writeln!(out, "{json}")?;
            out.flush()?;
            if left_out > 0 {
                output::note(format_args!("note: {more}"));
            }
        }
        Format::Text => {
            writeln!(out, "Puzzle  {}", grid.to_line())?;
            let width = steps.len().to_string().len();
            for (i, step) in steps.iter().enumerate() {
                writeln!(out, "{:>width$}. {}", i + 1, step.text())?;
            }
            if left_out > 0 {
                writeln!(out, "... {more}")?;
            }
            writeln!(out, "{total} step{} available", plural(total))?;
            if total == 0 && guesses_left_out > 0 {
                writeln!(
                    out,
                    "(no technique of the config finds a step; only a guess would: \
                     `--technique guess` shows it)"
                )?;
            }
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
