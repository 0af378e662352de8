//! `kaidoku rate`: the difficulty of each puzzle, one line per input line, streamed through
//! `batch`'s pipeline (same line handling, threads and progress bar). Each puzzle is solved
//! as the config's `[solver] rate` says, with `configs/se.toml` (Sudoku Explainer's producers
//! in SE's order, rated as SE rates them) unless `--config` names another.

use crate::commands::batch::{self, Mode};
use crate::input;
use crate::output;
use anyhow::Result;
use kaidoku_engine::Orientation;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub use kaidoku_api::rating::{COLUMNS, RateFormat, line, rating_columns, separator, text_line};

pub fn run(
    file: &str,
    config: Option<PathBuf>,
    threads: usize,
    format: RateFormat,
    as_given: bool,
) -> Result<ExitCode> {
    let mut config = input::config_or(config, kaidoku_techniques::SE_CONFIG, "se")?;
    if as_given {
        config.orientation = Orientation::AsGiven;
    }
    let solver = input::solver_of(config, false)?;
    if let Some(separator) = separator(format) {
        let mut out = output::stdout();
        writeln!(out, "{}", COLUMNS.join(separator))?;
        out.flush()?;
    }
    batch::run_mode(file, solver, threads, Mode::Rate(format))
}
