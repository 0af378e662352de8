//! Helpers for the plugin tests: build the plugin libraries once, scratch folders for
//! configs, and running `kaidoku`.

#[path = "../common/mod.rs"]
pub mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The plugin crates the tests load, by package name.
pub const EXAMPLE: &str = "kaidoku-example-two-string-kite";
pub const WRONG_ABI: &str = "kaidoku-fixture-wrong-abi";
pub const NO_ENTRY: &str = "kaidoku-fixture-no-entry";
pub const MISBEHAVING: &str = "kaidoku-fixture-misbehaving";
pub const DUPLICATE_IDS: &str = "kaidoku-fixture-duplicate-ids";
pub const PACKAGES: [&str; 5] = [EXAMPLE, WRONG_ABI, NO_ENTRY, MISBEHAVING, DUPLICATE_IDS];

/// The plugins' version: every crate of the workspace shares it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A Sudoku Exchange puzzle (line 35 of `testdata/sudoku-exchange-sample.tsv`) that singles
/// and locked candidates leave stuck, and that a 2-String Kite opens after 21 singles.
pub const KITE_PUZZLE: &str =
    "..96..8...6....15.84.1....3...4983.2...2.5...2.8731...3....6.71.74....3...6..74..";
/// The kite of that solve, step 22 or 23 depending on the order of the techniques.
pub const KITE_STEP: &str =
    "2-String Kite #2 in r9c8,r3c3 (connected by r9c2,r7c3 in b7) => r3c8<>2";
/// The step that comes first when locked candidates run before the kite.
pub const POINTING_STEP: &str = "Locked Candidates Type 1 (Pointing) #5 r13c5 in b2 => r89c5<>5";
/// A puzzle (line 8 of the sample) with a kite in its starting position.
pub const KITE_AT_START: &str =
    "..5....4.72..3..6....8.9..2..23.76...1..8..3...34.15..2..9.5....9..1..53.5....4..";

/// The folder holding the plugin libraries, built on first use.
pub fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(build_libraries)
}

/// Build the plugin crates into the target folder this test runs from: the test binary is
/// `<target>/<profile>/deps/plugins-<hash>`, so the libraries land in `<target>/<profile>`.
pub fn build_libraries() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary lies in <target>/<profile>/deps");
    let profile_name = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a profile folder name");
    // `debug` is the folder of the `dev` (and `test`) profile; others are named as theirs.
    let profile = if profile_name == "debug" {
        "dev"
    } else {
        profile_name
    };
    // CARGO_TARGET_DIR when absolute (a relative one was meant for another working folder);
    // else the folder the test binary is in, which is the target folder cargo used.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .unwrap_or_else(|| profile_dir.parent().expect("a target folder").to_path_buf());
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args(["build", "--quiet", "--profile", profile, "--target-dir"])
        .arg(&target)
        .current_dir(common::root());
    for package in PACKAGES {
        cargo.args(["-p", package]);
    }
    let out = cargo.output().expect("run cargo build");
    assert!(
        out.status.success(),
        "cargo build of the plugins failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join(profile_name)
}

/// The shared library of a plugin package, e.g. `libkaidoku_fixture_wrong_abi.so`.
pub fn library(package: &str) -> PathBuf {
    use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
    let file = format!("{DLL_PREFIX}{}{DLL_SUFFIX}", package.replace('-', "_"));
    let path = library_dir().join(file);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// A scratch folder for configs and files, removed when the test ends.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "kaidoku-plugin-tests-{}-{test}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("create a scratch folder");
        Scratch(dir)
    }

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a scratch file");
        path
    }

    /// A config loading `plugins` and running `techniques` in that order.
    pub fn config(&self, name: &str, plugins: &[&Path], techniques: &[&str]) -> String {
        let mut text = String::from("[plugins]\npaths = [");
        for (i, plugin) in plugins.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            // Debug quoting escapes `\` and `"` as a TOML basic string wants.
            text.push_str(&format!("{sep}{:?}", plugin.display().to_string()));
        }
        text.push_str("]\n");
        for id in techniques {
            text.push_str(&format!("\n[[technique]]\nid = \"{id}\"\n"));
        }
        self.write(name, &text).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};

/// `kaidoku` with `--allow-plugins`: configs here load plugins on purpose.
pub fn allowed(args: &[&str]) -> Output {
    kaidoku(&[args, &["--allow-plugins"]].concat())
}

/// `kaidoku solve KITE_PUZZLE --config <config> --allow-plugins` and more arguments.
pub fn solve(config: &str, more: &[&str]) -> Output {
    allowed(&[&["solve", KITE_PUZZLE, "--config", config][..], more].concat())
}

/// `kaidoku batch --config <config> --verify --allow-plugins` and more arguments, over
/// `input`.
pub fn batch(config: &str, more: &[&str], input: &str) -> Output {
    let args = [
        &["batch", "--config", config, "--verify", "--allow-plugins"][..],
        more,
    ]
    .concat();
    kaidoku_with_stdin(&args, input)
}

/// `kaidoku` with `KAIDOKU_ALLOW_PLUGINS` set to `value`, or removed for `None` (whatever
/// the environment of the test run holds).
pub fn with_allow_var(args: &[&str], value: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kaidoku"));
    command.args(args).current_dir(common::root());
    match value {
        Some(value) => command.env("KAIDOKU_ALLOW_PLUGINS", value),
        None => command.env_remove("KAIDOKU_ALLOW_PLUGINS"),
    };
    command.output().expect("run kaidoku")
}

pub fn assert_success(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
}

pub fn assert_stdout_has(o: &Output, needle: &str) {
    assert!(
        stdout(o).contains(needle),
        "expected {needle:?} in: {}",
        stdout(o)
    );
}

/// Exit code 1 (an error, not a crash: a signal leaves no code) with one `error:` line that
/// contains every needle, and no panic message from anyone.
pub fn assert_error(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    let code = o.status.code();
    assert_eq!(code, Some(1), "stdout: {}\nstderr: {err}", stdout(o));
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.lines().count(), 1, "one line of error: {err}");
    for needle in needles {
        assert!(err.contains(needle), "expected {needle:?} in: {err}");
    }
    assert!(!err.contains("panicked at"), "{err}");
}

/// `plugin <name> <version> (<path>)`, as messages and `kaidoku techniques` name a plugin.
pub fn label(package: &str, path: &Path) -> String {
    format!("plugin {package} {VERSION} ({})", path.display())
}

pub fn json_lines(o: &Output) -> Vec<Value> {
    let text = stdout(o);
    let parse = |l: &str| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
    text.lines().map(parse).collect()
}

/// One field of every step of a JSON trace.
pub fn steps(trace: &Value, field: &str) -> Vec<String> {
    let list = trace["steps"].as_array().unwrap().iter();
    list.map(|s| s[field].as_str().unwrap().to_string())
        .collect()
}

/// The ids of a JSON trace's steps that are not singles.
pub fn beyond_singles(trace: &Value) -> Vec<String> {
    let ids = steps(trace, "technique").into_iter();
    ids.filter(|id| !id.ends_with("-single")).collect()
}

/// The first `n` puzzles of the in-repo Sudoku Exchange sample, one a line.
pub fn sample(n: usize) -> String {
    let sample = common::exchange_sample().into_iter().take(n);
    sample.map(|(p, _)| p + "\n").collect()
}
