//! Where puzzles and configs come from: an argument, a file, or stdin.

use anyhow::{Context, Result, bail};
use kaidoku_engine::{Config, Solver};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The compiled-in default config (`configs/default.toml`).
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

/// The config of `--config`, or the built-in default.
pub fn config(path: Option<PathBuf>) -> Result<Config> {
    let config = match path {
        Some(path) => Config::from_file(&path)?,
        None => Config::parse(
            DEFAULT_CONFIG,
            "<built-in default config>",
            "default",
            Path::new("."),
        )?,
    };
    Ok(config)
}

pub fn solver(path: Option<PathBuf>, verify: bool) -> Result<Solver> {
    let mut solver = Solver::new(config(path)?)?;
    if verify {
        solver.set_verify(true);
    }
    Ok(solver)
}

/// The text of a PUZZLE argument: `-` reads stdin, an existing file is read, anything else
/// is the puzzle itself.
pub fn puzzle_text(arg: &str) -> Result<String> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")?;
        return Ok(text);
    }
    let path = Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path).with_context(|| format!("cannot read {arg}"));
    }
    if looks_like_path(arg) {
        bail!("{arg}: no such file (and not a puzzle)");
    }
    Ok(arg.to_string())
}

fn looks_like_path(arg: &str) -> bool {
    !arg.contains('\n')
        && (arg.contains('/') || arg.ends_with(".txt") || arg.ends_with(".sdk"))
        && arg.len() < 81
}

/// Read one puzzle or position; a file of several puzzles is pointed to `batch`.
pub fn one_puzzle(arg: &str) -> Result<(String, kaidoku_engine::Grid)> {
    let text = puzzle_text(arg)?;
    match kaidoku_engine::parse::parse(&text) {
        Ok(grid) => Ok((text, grid)),
        Err(e) => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() > 1
                && lines
                    .iter()
                    .all(|l| kaidoku_engine::parse::parse(l).is_ok())
            {
                bail!(
                    "{arg} holds {} puzzles; use `kaidoku batch` for several",
                    lines.len()
                );
            }
            bail!("cannot read the puzzle: {e}")
        }
    }
}
