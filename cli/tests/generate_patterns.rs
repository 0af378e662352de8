//! `kaidoku generate --pattern` end to end: every printed puzzle is checked independently of
//! the pattern search (its clue cells are the mask's, one solution by the backtracker,
//! minimality by taking each clue away, the mask's symmetry by mapping cells), and a search
//! that ends short says which constraint turned the tries down and what to change.

mod common;

use common::{kaidoku, stderr, stdout};
use kaidoku_engine::backtrack::count_values;

fn values(puzzle: &str) -> [u8; 81] {
    let digits: Vec<u8> = puzzle
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    digits.try_into().unwrap()
}

fn mask_of(puzzle: &str) -> String {
    puzzle
        .chars()
        .map(|c| if c == '.' { '.' } else { 'x' })
        .collect()
}

/// The 24-cell mask of a top1465 puzzle: random solution grids almost never keep such a
/// mask's clues unique; the pattern search finds puzzles on it in a fraction of a second.
const SPARSE: &str =
    "x.....x...x..x..x...x..x..x...x..x...x..x..x...x..x..x...x..x...x..x..x...x..x..x";

/// The mask of a 17-clue puzzle (from the 17-clue list): puzzles on it are rare, so one
/// search (with this seed) ends short.
const SEVERAL: &str =
    "................xx....xx.........x....x...x...xx.x.......x.xx..xx.......x......x.";

fn json_lines(args: &[&str]) -> (Vec<serde_json::Value>, String) {
    let out = kaidoku(&[&["generate", "--format", "json"], args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (lines, stderr(&out))
}

#[test]
fn a_sparse_mask_gets_unique_puzzles_on_exactly_its_cells() {
    let (lines, _) = json_lines(&["--pattern", SPARSE, "--count", "3", "--seed", "4"]);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let puzzle = line["puzzle"].as_str().unwrap();
        assert_eq!(mask_of(puzzle), SPARSE);
        assert_eq!(count_values(&values(puzzle), 2), 1, "{puzzle}");
        assert_eq!(line["clues"].as_u64(), Some(24));
    }
    // The same seed, the same puzzles, on two threads too.
    let (again, _) = json_lines(&[
        "--pattern",
        SPARSE,
        "--count",
        "3",
        "--seed",
        "4",
        "--threads",
        "2",
    ]);
    assert_eq!(lines, again);
    // Fewer puzzles than threads: every thread on each puzzle's tries, the same puzzles.
    let (shared, _) = json_lines(&[
        "--pattern",
        SPARSE,
        "--count",
        "2",
        "--seed",
        "4",
        "--threads",
        "3",
    ]);
    assert_eq!(shared, lines[..2]);
}

#[test]
fn minimal_is_asked_with_minimal() {
    let (lines, _) = json_lines(&[
        "--pattern",
        SPARSE,
        "--count",
        "2",
        "--seed",
        "2",
        "--minimal",
    ]);
    for line in &lines {
        let v = values(line["puzzle"].as_str().unwrap());
        assert_eq!(count_values(&v, 2), 1);
        for i in (0..81).filter(|&i| v[i] != 0) {
            let mut fewer = v;
            fewer[i] = 0;
            assert_eq!(count_values(&fewer, 2), 2, "clue {i} could go");
        }
    }
    // --minimal belongs to patterns.
    let out = kaidoku(&["generate", "--minimal"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--minimal is for --pattern"));
}

#[test]
fn a_symmetric_mask_gives_its_symmetry_without_asking() {
    let (first, _) = json_lines(&["--seed", "11", "--symmetry", "rotational"]);
    let mask = mask_of(first[0]["puzzle"].as_str().unwrap());
    let (lines, notes) = json_lines(&["--pattern", &mask, "--seed", "3", "--count", "2"]);
    assert!(
        notes.contains("-symmetric, and so are its puzzles"),
        "{notes}"
    );
    for line in &lines {
        let puzzle = line["puzzle"].as_str().unwrap();
        assert_eq!(mask_of(puzzle), mask);
        assert_eq!(count_values(&values(puzzle), 2), 1);
        let symmetry = line["symmetry"].as_str().unwrap();
        assert_ne!(symmetry, "none", "{puzzle}");
        // Whatever the mask's full symmetry, it includes the half-turn it was made with.
        let v = values(puzzle);
        assert!((0..81).all(|i| (v[i] != 0) == (v[80 - i] != 0)));
    }
}

#[test]
fn a_search_that_ends_short_says_why_and_what_to_change() {
    let out = kaidoku(&[
        "generate",
        "--pattern",
        SEVERAL,
        "--max-tries",
        "1",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("1 pattern searches tried"), "{message}");
    assert!(
        message.contains("pattern (its clues kept several solutions)"),
        "{message}"
    );
    assert!(message.contains("to change: "), "{message}");
    assert!(stdout(&out).is_empty());
}
