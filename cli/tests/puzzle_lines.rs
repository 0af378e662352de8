//! A puzzle line with text after it (`puzzle<TAB>rating`, `puzzle # comment`, `puzzle extra`)
//! is read as its puzzle by every command, while a bad puzzle with text after it stays an error.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

fn annotated() -> Vec<String> {
    vec![
        format!("{PUZZLE}\t1.2"),
        format!("{PUZZLE} # an easy one"),
        format!("{PUZZLE}#an easy one"),
        format!("{PUZZLE} extra"),
    ]
}

#[test]
fn one_puzzle_commands_read_the_puzzle_before_the_text() {
    let plain = stdout(&kaidoku(&["solve", PUZZLE]));
    let hint = stdout(&kaidoku(&["hint", PUZZLE]));
    let steps = stdout(&kaidoku(&["steps", PUZZLE, "--limit", "3"]));
    let count = stdout(&kaidoku(&["count", PUZZLE]));
    for line in annotated() {
        let solve = kaidoku(&["solve", &line]);
        assert!(solve.status.success(), "{line}: {}", stderr(&solve));
        assert_eq!(stdout(&solve), plain, "{line}");
        assert_eq!(stdout(&kaidoku(&["hint", &line])), hint, "{line}");
        let listed = stdout(&kaidoku(&["steps", &line, "--limit", "3"]));
        assert_eq!(listed, steps, "{line}");
        assert_eq!(stdout(&kaidoku(&["count", &line])), count, "{line}");
        // A file holding the line, as setters keep them.
        let file = common::temp_file("annotated-one.txt", &format!("{line}\n"));
        let from_file = kaidoku(&["solve", file.to_str().unwrap()]);
        assert_eq!(stdout(&from_file), plain, "{line}");
    }
    let dir = std::env::temp_dir().join(format!("kaidoku-annotated-{}", std::process::id()));
    let html = dir.with_extension("html");
    let out = kaidoku(&[
        "explain",
        &format!("{PUZZLE}\t1.2"),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = std::fs::remove_file(&html);
}

#[test]
fn files_of_annotated_lines_rate_batch_count_and_canon_like_plain_ones() {
    let lines = annotated();
    let input = lines.join("\n") + "\n";
    let plain_input = format!("{PUZZLE}\n").repeat(lines.len());
    for command in [&["rate"][..], &["batch"], &["count", "-"], &["canon"]] {
        let annotated = kaidoku_with_stdin(command, &input);
        let plain = kaidoku_with_stdin(command, &plain_input);
        assert!(
            annotated.status.success(),
            "{command:?}: {}",
            stdout(&annotated)
        );
        assert_eq!(stdout(&annotated), stdout(&plain), "{command:?}");
    }
    // The Sudoku Exchange sample is `puzzle<TAB>SE rating`: rated without `cut`.
    let sample = common::root().join("testdata/sudoku-exchange-sample.tsv");
    let head: String = std::fs::read_to_string(sample)
        .unwrap()
        .lines()
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    let rated = kaidoku_with_stdin(&["rate"], &head);
    assert!(rated.status.success(), "{}", stdout(&rated));
    assert_eq!(stdout(&rated).lines().count(), 5);
    assert!(!stdout(&rated).contains("invalid"), "{}", stdout(&rated));
}

#[test]
fn a_bad_puzzle_with_text_after_it_is_still_an_error() {
    let short = format!("{}\t1.2", &PUZZLE[1..]);
    let out = kaidoku(&["solve", &short]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("expected 81 cells (or 729 candidate characters), found 80"),
        "{}",
        stderr(&out)
    );
    let rated = kaidoku_with_stdin(&["rate"], &format!("{short}\n"));
    assert!(
        stdout(&rated).starts_with("invalid line 1: expected 81 cells"),
        "{}",
        stdout(&rated)
    );
    let counted = kaidoku_with_stdin(&["count", "-"], &format!("{short}\n"));
    assert!(
        stdout(&counted).starts_with("invalid line 1"),
        "{}",
        stdout(&counted)
    );
}

#[test]
fn generate_from_reads_an_annotated_start() {
    let start = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = common::temp_file("annotated-start.txt", &format!("{start}#hard\n"));
    let out = kaidoku(&[
        "generate",
        "--from",
        file.to_str().unwrap(),
        "--vicinity",
        "-1+1",
        "--time-limit",
        "1",
        "--seed",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}
