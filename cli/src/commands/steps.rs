//! `kaidoku steps`: every step available now, none applied.

use crate::{Format, input};
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    puzzle: &str,
    techniques: &[String],
    config: Option<PathBuf>,
    format: Format,
) -> Result<ExitCode> {
    let solver = input::solver(config, false)?;
    let (_, grid) = input::one_puzzle(puzzle)?;
    let mut steps = Vec::new();
    if techniques.is_empty() {
        steps = solver.all_steps(&grid)?;
    } else {
        for id in techniques {
            steps.extend(solver.steps_of(id, &grid)?);
        }
    }
    match format {
        Format::Json => {
            let out = serde_json::json!({"puzzle": grid.to_line(), "steps": steps});
            println!("{out}");
        }
        Format::Text => {
            println!("Puzzle  {}", grid.to_line());
            let width = steps.len().to_string().len();
            for (i, step) in steps.iter().enumerate() {
                println!("{:>width$}. {}", i + 1, step.text());
            }
            println!(
                "{} step{} available",
                steps.len(),
                if steps.len() == 1 { "" } else { "s" }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
