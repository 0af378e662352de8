//! Going on from a hint: `hint --apply`, `steps --apply N`, `solve --until N` print the position
//! after the step(s), in the input's format or a chosen one; `hint --format json` for programs.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn hint_apply_prints_the_position_after_the_step_and_chains() {
    let out = kaidoku(&["hint", PUZZLE, "--apply"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Hidden Single r2c3=6 placed; the step is told on stderr.
    let after = format!("{}6{}", &PUZZLE[..11], &PUZZLE[12..]);
    assert_eq!(stdout(&out), format!("{after}\n"));
    assert_eq!(
        stderr(&out),
        "applied: Hidden Single #6 in b1 => r2c3=6 (ER 1.2)\n"
    );
    // The position reads again: the next hint is about the next step.
    let next = kaidoku_with_stdin(&["hint", "-", "--level", "3"], &stdout(&out));
    assert_eq!(
        stdout(&next),
        "Hint 3/3: Hidden Single #5 in b1 => r2c2=5 (ER 1.2)\n"
    );
    // A 9-line grid in, a 9-line grid out.
    let grid = kaidoku_engine::render::values(&kaidoku_engine::parse::parse(PUZZLE).unwrap());
    let out = kaidoku_with_stdin(&["hint", "-", "--apply"], &grid);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 11, "{}", stdout(&out));
    assert_eq!(
        kaidoku_engine::parse::parse(&stdout(&out))
            .unwrap()
            .to_line(),
        after
    );
}

#[test]
fn an_elimination_applied_to_a_line_is_written_as_a_library_state() {
    let config = common::temp_file(
        "going-on-locked.toml",
        "[[technique]]\nid = \"locked-candidates\"\n",
    );
    let out = kaidoku(&[
        "hint",
        HARD,
        "--config",
        config.to_str().unwrap(),
        "--apply",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let position = stdout(&out);
    // Claiming: the 7 of r8 lies in b8, so r9c456<>7 (`drc` triples: digit, row, column).
    assert_eq!(position, format!("{HARD}:794 795 796\n"));
    assert!(
        stderr(&out).contains("written as a library state"),
        "{}",
        stderr(&out)
    );
    let grid = kaidoku_engine::parse::parse(&position).unwrap();
    for col in 3..6 {
        assert!(
            !grid
                .candidates(kaidoku_engine::Cell::at(8, col))
                .contains(7)
        );
    }
    // Asked for: pencil marks, the 729 candidates, a line.
    for (format, lines) in [("pencil-marks", 13), ("candidates", 1), ("library", 1)] {
        let out = kaidoku(&[
            "hint",
            HARD,
            "--config",
            config.to_str().unwrap(),
            "--apply",
            "--position",
            format,
        ]);
        let text = stdout(&out);
        assert_eq!(text.lines().count(), lines, "{format}: {text}");
        let read = kaidoku_engine::parse::parse(&text).unwrap();
        assert!(
            !read.candidates(kaidoku_engine::Cell::at(8, 4)).contains(7),
            "{format}"
        );
    }
}

#[test]
fn steps_apply_takes_step_n_of_the_list() {
    let list = stdout(&kaidoku(&[
        "steps",
        HARD,
        "--technique",
        "locked-candidates",
    ]));
    let second = list.lines().nth(2).unwrap().trim_start();
    assert!(second.starts_with("2. Locked Candidates"), "{list}");
    let out = kaidoku(&[
        "steps",
        HARD,
        "--technique",
        "locked-candidates",
        "--apply",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(&format!("applied step 2: {}", &second[3..])),
        "{}",
        stderr(&out)
    );
    // r123c3<>5
    assert_eq!(stdout(&out), format!("{HARD}:513 523 533\n"));
    let out = kaidoku(&[
        "steps",
        HARD,
        "--technique",
        "locked-candidates",
        "--apply",
        "11",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("--apply 11: there are 10 steps"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn solve_until_stops_after_step_n_and_prints_the_position() {
    let out = kaidoku(&["solve", PUZZLE, "--until", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[2], "1. Hidden Single #6 in b1 => r2c3=6");
    assert_eq!(lines[3], "2. Hidden Single #5 in b1 => r2c2=5");
    assert!(lines[4].starts_with("Stopped after step 2 of "), "{text}");
    let after = format!("{}56{}", &PUZZLE[..10], &PUZZLE[12..]);
    assert_eq!(lines[5], after);
    assert_eq!(lines.len(), 6);
    let json = stdout(&kaidoku(&[
        "solve", PUZZLE, "--until", "1", "--format", "json",
    ]));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["steps"].as_array().unwrap().len(), 1);
    assert_eq!(
        value["position"],
        format!("{}6{}", &PUZZLE[..11], &PUZZLE[12..])
    );
    // Beyond the last step: the whole solve, and the solved grid.
    let all = stdout(&kaidoku(&["solve", PUZZLE, "--until", "1000"]));
    assert!(all.contains("all taken"), "{all}");
}

#[test]
fn hint_json_carries_the_whole_step() {
    let out = kaidoku(&["hint", PUZZLE, "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(value["technique"], "Hidden Single");
    assert_eq!(value["er"], "1.2");
    assert_eq!(value["where"], "in b1");
    assert_eq!(value["cells"], "r2c3");
    assert_eq!(value["text"], "Hidden Single #6 in b1 => r2c3=6");
    assert_eq!(value["step"]["placements"], serde_json::json!([[2, 3, 6]]));
    assert_eq!(value["fallback"], serde_json::Value::Null);
    assert_eq!(value["position"], serde_json::Value::Null);
    let applied = kaidoku(&["hint", PUZZLE, "--format", "json", "--apply"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&applied)).unwrap();
    assert_eq!(
        value["position"],
        format!("{}6{}", &PUZZLE[..11], &PUZZLE[12..])
    );
    let solved =
        "278916354956342178413578692324795861781624539695831247532487916849163725167259483";
    let value: serde_json::Value =
        serde_json::from_str(&stdout(&kaidoku(&["hint", solved, "--format", "json"]))).unwrap();
    assert_eq!(value["solved"], true);
}
