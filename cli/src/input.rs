//! Where puzzles and configs come from: an argument, a file, or stdin.

use crate::output;
use anyhow::{Context, Result, bail};
use kaidoku_api::{ConfigSource, configs};
use kaidoku_engine::{Config, Solver};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// One puzzle or position is never this large; reading stops here (`solve /dev/zero`).
const MAX_PUZZLE_BYTES: u64 = 1 << 20;

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
    config_or(path, kaidoku_techniques::DEFAULT_CONFIG, "default")
}

/// Where the CLI's configs come from: files and shipped configs, plugins when allowed.
pub fn source() -> ConfigSource {
    ConfigSource::local(
        ALLOW_PLUGINS.load(Ordering::Relaxed),
        format!("pass --allow-plugins or set {ALLOW_PLUGINS_VAR}=1"),
    )
}

/// The config of `--config`, or a built-in one (its text and name).
pub fn config_or(path: Option<PathBuf>, builtin: &str, name: &str) -> Result<Config> {
    let source = source();
    let config = match path {
        // A file of that name wins over a shipped config of that name.
        Some(path) if path.exists() => source.file(&path)?,
        Some(path) => match path.to_str().filter(|name| configs::is_name(name)) {
            Some(name) => source.shipped(name)?,
            None => source.file(&path)?,
        },
        None => source.builtin(builtin, name)?,
    };
    Ok(config)
}

/// The solver every command uses, so all accept and reject the same configs. A config that
/// runs no technique is allowed (it shows that a puzzle is valid) but surely not meant.
pub fn solver(path: Option<PathBuf>, verify: bool) -> Result<Solver> {
    solver_of(config(path)?, verify)
}

/// [`solver`] for a config already read.
pub fn solver_of(config: Config, verify: bool) -> Result<Solver> {
    let (mut solver, warnings) = configs::solver(config)?;
    if verify {
        solver.set_verify(true);
    }
    for warning in warnings {
        output::note(format_args!("warning: {warning}"));
    }
    Ok(solver)
}

/// Open a file of puzzles, saying plainly what is wrong: missing, a directory, unreadable.
pub fn open_file(name: &str) -> Result<File> {
    let path = Path::new(name);
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!("{name}: no such file"),
        Ok(meta) if meta.is_dir() => bail!("{name} is a directory, not a file of puzzles"),
        _ => File::open(path).with_context(|| format!("cannot read {name}")),
    }
}

/// The text of a PUZZLE argument: `-` reads stdin, an existing path is read (a file, or a
/// device or pipe such as `/dev/stdin`), anything else is the puzzle itself.
pub fn puzzle_text(arg: &str) -> Result<String> {
    if arg == "-" {
        return read_bounded(std::io::stdin().lock(), "stdin");
    }
    let path = Path::new(arg);
    if !arg.contains('\n') && path.exists() {
        return read_bounded(open_file(arg)?, arg);
    }
    if looks_like_path(arg) {
        bail!("{arg}: no such file (and not a puzzle)");
    }
    Ok(arg.to_string())
}

fn read_bounded(reader: impl Read, name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_PUZZLE_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_PUZZLE_BYTES {
        bail!(
            "{name} holds more than {} MiB: not one puzzle (`kaidoku batch` reads files of puzzles)",
            MAX_PUZZLE_BYTES >> 20
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        anyhow::anyhow!("{name} is not UTF-8 text (bad byte at offset {at})")
    })
}

fn looks_like_path(arg: &str) -> bool {
    !arg.contains('\n')
        && (arg.contains('/') || arg.ends_with(".txt") || arg.ends_with(".sdk"))
        && arg.len() < 81
}

/// Read one puzzle or position, and the format it came in; a file of several puzzles is
/// pointed to `batch`.
pub fn one_puzzle(arg: &str) -> Result<(kaidoku_engine::parse::Format, kaidoku_engine::Grid)> {
    Ok(kaidoku_api::position::read_named(&puzzle_text(arg)?, arg)?)
}
