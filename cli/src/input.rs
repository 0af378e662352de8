//! Where puzzles and configs come from: an argument, a file, or stdin.

use crate::output;
use anyhow::{Context, Result, bail};
use kaidoku_engine::{Config, ConfigLoader, Solver};
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

/// The config of `--config`, or a built-in one (its text and name).
pub fn config_or(path: Option<PathBuf>, builtin: &str, name: &str) -> Result<Config> {
    // The loader reads the registry of built-ins: keep them linked.
    kaidoku_techniques::link();
    let loader = ConfigLoader::new()
        .shipped_configs(kaidoku_techniques::shipped_config)
        .allow_plugins(ALLOW_PLUGINS.load(Ordering::Relaxed))
        .opt_in_hint(format!("pass --allow-plugins or set {ALLOW_PLUGINS_VAR}=1"));
    let shipped = |name: &str, text: &str| {
        loader.parse(
            text,
            &format!("<built-in {name} config>"),
            name,
            Path::new("."),
        )
    };
    let config = match path {
        // A file of that name wins over a shipped config of that name.
        Some(path) if path.exists() => loader.from_file(&path)?,
        Some(path) => match shipped_name(&path) {
            Some(name) => match kaidoku_techniques::shipped_config(name) {
                Some(text) => shipped(name, text)?,
                None => bail!(unknown_config(name)),
            },
            None => loader.from_file(&path)?,
        },
        None => shipped(name, builtin)?,
    };
    Ok(config)
}

/// A shipped config by name (`default`, `all`, …), whatever files the directory holds.
pub fn shipped(name: &str) -> Result<Config> {
    match kaidoku_techniques::shipped_config(name) {
        Some(text) => config_or(None, text, name),
        None => bail!(unknown_config(name)),
    }
}

/// `path` as the name of a shipped config: a bare word, no directory, no extension.
fn shipped_name(path: &Path) -> Option<&str> {
    let name = path.to_str()?;
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    bare.then_some(name)
}

/// No file and no shipped config of that name: say which there are, and the nearest.
fn unknown_config(name: &str) -> String {
    let names = kaidoku_techniques::SHIPPED_CONFIGS.iter().map(|(n, _)| *n);
    let nearest = kaidoku_engine::registry::nearest(name, names.clone())
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default();
    let list: Vec<&str> = names.collect();
    format!(
        "config `{name}`: no such file, and no shipped config of that name (shipped: {}){nearest}",
        list.join(", ")
    )
}

/// The solver every command uses, so all accept and reject the same configs. A config that
/// runs no technique is allowed (it shows that a puzzle is valid) but surely not meant.
pub fn solver(path: Option<PathBuf>, verify: bool) -> Result<Solver> {
    solver_of(config(path)?, verify)
}

/// [`solver`] for a config already read.
pub fn solver_of(config: Config, verify: bool) -> Result<Solver> {
    let mut solver = Solver::new(config)?;
    if verify {
        solver.set_verify(true);
    }
    let config = solver.config();
    for repeated in config.repeated() {
        output::note(format_args!(
            "warning: config {}: {repeated}",
            config.origin
        ));
    }
    if config.enabled().next().is_none() {
        let what = if config.techniques.is_empty() {
            "lists no techniques"
        } else {
            "disables every technique it lists"
        };
        output::note(format_args!(
            "warning: config {} ({what}) runs no technique: every solve stops at once as `stuck`",
            config.origin
        ));
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
    let text = without_comments(&puzzle_text(arg)?);
    match kaidoku_engine::parse::parse_with_format(&text) {
        Ok((grid, format)) => Ok((format, grid)),
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

/// The text without its `#` comment lines (a title above the puzzle in a file), as files of
/// puzzles are read line by line.
fn without_comments(text: &str) -> String {
    if !text.lines().any(|l| l.trim_start().starts_with('#')) {
        return text.to_string();
    }
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    kept.join("\n")
}
