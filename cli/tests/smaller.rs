//! The smaller things a new user hit (issue 24, item 17): `count` reads stdin by default and
//! refuses `--allow-plugins`, a `0` among pencil marks, a `# title` above a puzzle, `steps`
//! without guesses, a summary for empty input.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const SOLUTION: &str =
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483";

#[test]
fn count_reads_stdin_without_an_argument_and_refuses_allow_plugins() {
    let out = kaidoku_with_stdin(&["count"], &format!("{PUZZLE}\n{}\n", ".".repeat(81)));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("1 {SOLUTION}\n2+ -\n"));
    for command in ["count", "canon"] {
        let out = kaidoku_with_stdin(&[command, "--allow-plugins"], PUZZLE);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(
            stderr(&out).contains("loads no config, so --allow-plugins does nothing"),
            "{}",
            stderr(&out)
        );
        let before = kaidoku_with_stdin(&["--allow-plugins", command], PUZZLE);
        assert_eq!(before.status.code(), Some(2), "{command}");
    }
}

#[test]
fn a_zero_among_pencil_marks_is_named_with_its_cell() {
    let grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
    let text = kaidoku_engine::render::pencil_marks(&grid).replacen("3569 ", "125690", 1);
    let out = kaidoku_with_stdin(&["hint", "-"], &text);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("bad character '0' at line 3,")
            && stderr(&out).contains("(cell r2c3)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_title_line_above_one_puzzle_is_a_comment() {
    let plain = stdout(&kaidoku(&["solve", PUZZLE]));
    let file = common::temp_file("titled.txt", &format!("# A puzzle for Ann\n{PUZZLE}\n"));
    let out = kaidoku(&["solve", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), plain);
    let grid = kaidoku_engine::render::values(&kaidoku_engine::parse::parse(PUZZLE).unwrap());
    let file = common::temp_file("titled-grid.txt", &format!("# A grid\n{grid}"));
    let out = kaidoku(&["hint", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn steps_lists_no_guess_unless_asked() {
    // The default config ends with `guess`: at a hard start it is no hint.
    let hardest =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let config = common::temp_file(
        "steps-guess.toml",
        "[[technique]]\nid = \"naked-single\"\n[[technique]]\nid = \"guess\"\n",
    );
    let config = config.to_str().unwrap();
    let out = kaidoku(&["steps", hardest, "--config", config]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains("Guess"), "{text}");
    assert!(text.contains("0 steps available"), "{text}");
    assert!(text.contains("`--technique guess` shows it"), "{text}");
    let asked = stdout(&kaidoku(&[
        "steps",
        hardest,
        "--config",
        config,
        "--technique",
        "guess",
    ]));
    assert!(asked.contains("Guess"), "{asked}");
}

#[test]
fn an_empty_batch_says_so_without_an_empty_status_line() {
    let out = kaidoku_with_stdin(&["batch"], "");
    assert!(out.status.success());
    let summary = stderr(&out);
    assert!(summary.starts_with("0 puzzles in "), "{summary}");
    assert!(summary.ends_with(" s (no puzzles)\n"), "{summary}");
    assert_eq!(summary.lines().count(), 1, "{summary}");
}
