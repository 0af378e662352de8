//! Where puzzles and configs come from: an argument, a file, or stdin.

use anyhow::{Context, Result, bail};
use kaidoku_engine::{Config, ConfigLoader, Solver};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The compiled-in default config (`configs/default.toml`).
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

/// Whether configs may load plugins (`--allow-plugins` or `KAIDOKU_ALLOW_PLUGINS=1`). Set
/// once by `main` before any command runs; a static so that every command's config goes
/// through the same gate without each passing the flag on.
static ALLOW_PLUGINS: AtomicBool = AtomicBool::new(false);

/// The environment variable that allows plugins, as `--allow-plugins` does.
pub const ALLOW_PLUGINS_VAR: &str = "KAIDOKU_ALLOW_PLUGINS";

/// Allow plugins when the flag is given or the environment variable is `1`.
pub fn set_allow_plugins(flag: bool) {
    let from_env = std::env::var_os(ALLOW_PLUGINS_VAR).is_some_and(|v| v == "1");
    ALLOW_PLUGINS.store(flag || from_env, Ordering::Relaxed);
}

/// The config of `--config`, or the built-in default.
pub fn config(path: Option<PathBuf>) -> Result<Config> {
    let loader = ConfigLoader::new()
        .allow_plugins(ALLOW_PLUGINS.load(Ordering::Relaxed))
        .opt_in_hint(format!("pass --allow-plugins or set {ALLOW_PLUGINS_VAR}=1"));
    let config = match path {
        Some(path) => loader.from_file(&path)?,
        None => loader.parse(
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
