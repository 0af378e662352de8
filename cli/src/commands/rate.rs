//! `kaidoku rate`: the difficulty of each puzzle, one line per input line, streamed through
//! `batch`'s pipeline (same line handling, threads and progress bar). Each puzzle is solved
//! as Sudoku Explainer rates, the easiest step first, with the rating config unless
//! `--config` names another.

use crate::commands::batch::{self, Mode};
use crate::input;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(file: &str, config: Option<PathBuf>, threads: usize) -> Result<ExitCode> {
    let config = input::config_or(config, kaidoku_techniques::RATING_CONFIG, "rating")?;
    batch::run_mode(file, input::solver_of(config, false)?, threads, Mode::Rate)
}
