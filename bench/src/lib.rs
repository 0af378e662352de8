//! Shared helpers for Kaidoku's benchmarks: finding and reading the puzzle sets.

use std::fs;
use std::path::{Path, PathBuf};

/// The sets the backtracking benchmark runs, in table order (file stems in the puzzles dir).
pub const BACKTRACK_SETS: [&str; 7] = [
    "17clue",
    "forum_hardest_1106",
    "forum_hardest_1905_11plus",
    "top1465",
    "kaggle",
    "unbiased",
    "serg_benchmark",
];

/// `<workspace root>/../shared/puzzles`, where the project keeps its puzzle sets.
pub fn default_puzzles_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .join("shared")
        .join("puzzles")
}

/// One puzzle line: 81 characters of `1`-`9`, `.` or `0`.
pub fn parse_line(line: &str) -> Option<[u8; 81]> {
    let bytes = line.trim_end().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut values = [0u8; 81];
    for (v, &c) in values.iter_mut().zip(bytes) {
        *v = match c {
            b'1'..=b'9' => c - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(values)
}

/// A parsed puzzle: its values and its 81-character line.
pub struct Puzzle {
    pub values: [u8; 81],
    pub line: String,
}

/// Reads `<dir>/<name>.txt`, keeping at most `limit` puzzles. Fails on a missing file or a
/// malformed line.
pub fn load_set(dir: &Path, name: &str, limit: Option<usize>) -> Result<Vec<Puzzle>, String> {
    let path = dir.join(format!("{name}.txt"));
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if limit.is_some_and(|l| out.len() >= l) {
            break;
        }
        let values = parse_line(line)
            .ok_or_else(|| format!("{}:{}: not a puzzle line", path.display(), n + 1))?;
        out.push(Puzzle {
            values,
            line: line.trim_end().to_string(),
        });
    }
    Ok(out)
}

/// Every puzzle of a set parsed, before any timing; an unreadable line is an error naming it.
pub fn parse_grids(puzzles: &[Puzzle]) -> Result<Vec<kaidoku_engine::Grid>, String> {
    puzzles
        .iter()
        .map(|p| kaidoku_engine::parse::parse(&p.line).map_err(|e| format!("{}: {e}", p.line)))
        .collect()
}
