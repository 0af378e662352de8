//! `kaidoku solve`: one puzzle, its whole trace.

use crate::{Format, input};
use anyhow::{Result, anyhow};
use kaidoku_engine::{Status, Trace};
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    puzzle: &str,
    config: Option<PathBuf>,
    format: Format,
    verify: bool,
) -> Result<ExitCode> {
    let solver = input::solver(config, verify)?;
    let (_, grid) = match input::one_puzzle(puzzle) {
        Ok(found) => found,
        Err(error) => {
            if format == Format::Json {
                println!(
                    "{}",
                    Trace::invalid(puzzle, format!("{error:#}"), solver.config()).to_json()
                );
            }
            return Err(error);
        }
    };
    let trace = solver.solve(&grid);
    match format {
        Format::Json => println!("{}", trace.to_json()),
        Format::Text => print!("{}", trace.to_text()),
    }
    match trace.status {
        Status::Solved | Status::Stuck => Ok(ExitCode::SUCCESS),
        Status::NoSolution => Err(anyhow!("the puzzle has no solution")),
        Status::MultipleSolutions => Err(anyhow!("the puzzle has more than one solution")),
        Status::Invalid | Status::Error => Err(anyhow!(
            trace
                .error
                .clone()
                .unwrap_or_else(|| trace.status.as_str().to_string())
        )),
    }
}
