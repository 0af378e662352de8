//! Checking `kaidoku generate`'s puzzles independently of the generator: their values, the
//! puzzle of an output line, minimality by taking clues away, and a run's lines.

use super::{kaidoku, stderr, stdout};
use kaidoku_engine::backtrack::count_values;

pub fn values(puzzle: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (i, ch) in puzzle.chars().enumerate() {
        out[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    out
}

/// The puzzle of an output line (`ER EP ED LEVEL SCORE HARDEST … PUZZLE`): its last column.
pub fn puzzle_of(line: &str) -> &str {
    line.split_whitespace().last().unwrap()
}

/// The lines of a successful `kaidoku generate` run.
pub fn generate(args: &[&str]) -> Vec<String> {
    let out = kaidoku(&[&["generate"], args].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

/// A map of cells: (row, column) to (row, column).
pub type CellMap = fn(usize, usize) -> (usize, usize);

/// Every clue is needed, taking clue orbits under `maps` together.
pub fn is_minimal(v: &[u8; 81], maps: &[CellMap]) -> bool {
    (0..81).filter(|&i| v[i] != 0).all(|i| {
        let mut fewer = *v;
        for map in maps {
            let (r, c) = map(i / 9, i % 9);
            fewer[9 * r + c] = 0;
        }
        count_values(&fewer, 2) == 2
    })
}

/// A puzzle with one solution, minimal, its clues symmetric under `maps`.
pub fn assert_unique_minimal_symmetric(puzzle: &str, maps: &[CellMap]) {
    let v = values(puzzle);
    assert_eq!(count_values(&v, 2), 1, "{puzzle}");
    assert!(is_minimal(&v, maps), "{puzzle}");
    for i in 0..81 {
        for map in maps {
            let (r, c) = map(i / 9, i % 9);
            assert_eq!(v[i] != 0, v[9 * r + c] != 0, "{puzzle}");
        }
    }
}
