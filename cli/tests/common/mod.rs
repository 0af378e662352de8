//! Shared helpers for the integration tests: where the data is, and how to build solvers.
#![allow(dead_code)]

pub mod generated;

pub mod browser;

use kaidoku_engine::{Config, Solver};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::canonicalize(&root).unwrap_or(root)
}

/// `../shared/puzzles` beside the checkout, when it exists. Tests over it say plainly when
/// they are skipped: which test, and which files it would have read.
pub fn shared_puzzles(test: &str, files: &[&str]) -> Option<PathBuf> {
    let dir = root().join("../shared/puzzles");
    if dir.is_dir() {
        Some(dir)
    } else {
        // Straight to stderr: `eprintln!` would be captured by the test harness and never shown
        // for a passing test.
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", skipped_message(test, &dir, files));
        None
    }
}

/// The notice of a test skipped for want of `../shared/puzzles`.
pub fn skipped_message(test: &str, dir: &Path, files: &[&str]) -> String {
    format!(
        "SKIPPED: {test}: {} not found (needs {}); only the in-repo data was checked",
        dir.display(),
        files.join(", ")
    )
}

/// The seed puzzles: (name, puzzle).
pub fn seeds() -> Vec<(String, String)> {
    let text =
        std::fs::read_to_string(root().join("testdata/seeds.txt")).expect("testdata/seeds.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, puzzle) = l.split_once(' ').expect("name puzzle");
            (name.to_string(), puzzle.trim().to_string())
        })
        .collect()
}

/// The in-repo Sudoku Exchange sample: (puzzle, SE rating).
pub fn exchange_sample() -> Vec<(String, f32)> {
    let text = std::fs::read_to_string(root().join("testdata/sudoku-exchange-sample.tsv"))
        .expect("sample");
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(p, r)| (p.to_string(), r.parse().expect("rating")))
        .collect()
}

/// The first `n` lines of a puzzle file.
pub fn first_lines(path: &Path, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().take(n).map(str::to_string).collect()
}

/// Every `step`-th line of a puzzle file, up to `n` lines (a spread over the whole file).
pub fn spread_lines(path: &Path, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().collect();
    let step = (lines.len() / n).max(1);
    lines
        .iter()
        .step_by(step)
        .take(n)
        .map(|s| s.to_string())
        .collect()
}

pub fn config_file(name: &str) -> Config {
    kaidoku_techniques::link();
    Config::from_file(&root().join("configs").join(name)).unwrap_or_else(|e| panic!("{e}"))
}

pub fn config_text(text: &str) -> Config {
    kaidoku_techniques::link();
    Config::parse(text, "test.toml", "test", &root()).unwrap_or_else(|e| panic!("{e}"))
}

pub fn solver(config: Config, verify: bool) -> Solver {
    let mut solver = Solver::new(config).unwrap_or_else(|e| panic!("{e}"));
    solver.set_verify(verify);
    solver
}

/// The shipped configs, by file name.
pub fn shipped_configs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("configs"))
        .expect("configs/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    names
}

/// Run the `kaidoku` binary from the repository root, with empty stdin.
pub fn kaidoku(args: &[&str]) -> Output {
    kaidoku_with_stdin(args, "")
}

/// Run the `kaidoku` binary from the repository root. Stdin is written from another thread:
/// a large input must not block against a full stdout pipe.
pub fn kaidoku_with_stdin(args: &[&str], stdin: &str) -> Output {
    kaidoku_with_bytes(args, stdin.as_bytes().to_vec())
}

/// Run the `kaidoku` binary with raw bytes on stdin (not UTF-8, very long lines).
pub fn kaidoku_with_bytes(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kaidoku");
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || pipe.write_all(&stdin));
    let output = child.wait_with_output().expect("kaidoku output");
    // A command that stops before reading its input (a usage error) closes the pipe: that is
    // its answer, not a failure of the test.
    match writer.join().expect("stdin writer") {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    output
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Write a file in this test process's scratch folder; names must differ between tests.
pub fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaidoku-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

/// The first of `names` found on PATH (a browser, its driver).
#[allow(dead_code)]
pub fn find_on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        names
            .iter()
            .map(|name| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}
