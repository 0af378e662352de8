//! End-to-end tests of the `kaidoku` binary: formats, exit codes and every error path.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout, temp_file};
use std::process::Output;

const SEED: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

fn assert_error(o: &Output, needle: &str) {
    assert_eq!(
        o.status.code(),
        Some(1),
        "stdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
    assert!(
        stderr(o).contains(needle),
        "expected {needle:?} in stderr: {}",
        stderr(o)
    );
}

#[test]
fn solve_prints_a_text_trace() {
    let o = kaidoku(&["solve", EASY]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with(&format!("Puzzle  {EASY}\nConfig  default (")),
        "{text}"
    );
    assert!(text.contains(" 1. "), "{text}");
    assert!(text.contains("Status  solved after "), "{text}");
}

#[test]
fn solve_json_keeps_the_trace_contract() {
    let o = kaidoku(&["solve", SEED, "--format", "json", "--verify"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let trace: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(trace["puzzle"], SEED);
    assert_eq!(trace["format"], kaidoku_engine::TRACE_FORMAT);
    assert_eq!(trace["kaidoku"], env!("CARGO_PKG_VERSION"));
    assert!(["solved", "stuck"].contains(&trace["status"].as_str().unwrap()));
    assert_eq!(trace["grid"].as_str().unwrap().len(), 81);
    assert_eq!(trace["config"]["name"], "default");
    assert_eq!(trace["config"]["hash"].as_str().unwrap().len(), 16);
    let step = &trace["steps"][0];
    for key in [
        "technique",
        "kind",
        "name",
        "text",
        "placements",
        "eliminations",
        "parts",
        "pattern",
    ] {
        assert!(!step[key].is_null(), "step lacks {key}: {step}");
    }
    assert!(step["kind"]["id"].is_string(), "{step}");
    // Every part has a type, and the step text is written from them.
    for part in step["parts"].as_array().unwrap() {
        assert!(part["type"].is_string(), "{part}");
    }
    assert!(trace.get("error").is_none());
}

#[test]
fn solve_reads_files_and_stdin() {
    let path = temp_file("one.txt", &format!("{SEED}\n"));
    let o = kaidoku(&["solve", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = kaidoku_with_stdin(&["solve", "-"], SEED);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let several = temp_file("several.txt", &format!("{SEED}\n{EASY}\n"));
    assert_error(
        &kaidoku(&["solve", several.to_str().unwrap()]),
        "holds 2 puzzles; use `kaidoku batch`",
    );
    assert_error(&kaidoku(&["solve", "no/such/file.txt"]), "no such file");
}

#[test]
fn bad_puzzles_are_clear_errors() {
    assert_error(&kaidoku(&["solve", "123"]), "expected 81 cells");
    let bad = format!("{}x{}", &SEED[..40], &SEED[41..]);
    assert_error(
        &kaidoku(&["solve", &bad]),
        "bad character 'x' at column 41 (cell r5c5)",
    );
    let conflict = format!("22{}", &SEED[2..]);
    assert_error(
        &kaidoku(&["solve", &conflict]),
        "r1c1 and r1c2 both hold 2 in row 1",
    );
    let multiple = format!("{}{}", ".".repeat(9), &SEED[9..]);
    assert_error(&kaidoku(&["solve", &multiple]), "more than one solution");
    let o = kaidoku(&["solve", "123", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let trace: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(trace["status"], "invalid");
    assert!(
        trace["error"]
            .as_str()
            .unwrap()
            .contains("expected 81 cells")
    );
}

#[test]
fn no_solution_is_reported() {
    // r1c1 and r1c2 can only be 2 (row 1 has 3-9, box 1 has 1): no solution, no conflict.
    let puzzle = format!("..3456789..1......{}", ".".repeat(63));
    let o = kaidoku(&["solve", &puzzle]);
    assert_error(&o, "no solution");
    assert!(stdout(&o).contains("Status  no-solution"));
}

#[test]
fn config_errors_name_file_line_and_suggestion() {
    let config = temp_file("bad.toml", "[[technique]]\nid = \"naked-singel\"\n");
    let o = kaidoku(&["solve", SEED, "--config", config.to_str().unwrap()]);
    assert_error(
        &o,
        "bad.toml:2: unknown technique `naked-singel`; did you mean `naked-single`?",
    );
    let config = temp_file(
        "key.toml",
        "[[technique]]\nid = \"naked-single\"\nmax_size = 3\n",
    );
    let o = kaidoku(&["techniques", "--config", config.to_str().unwrap()]);
    assert_error(
        &o,
        "key.toml:3: unknown key `max_size` for technique `naked-single`",
    );
    assert_error(
        &kaidoku(&["solve", SEED, "--config", "missing.toml"]),
        "missing.toml: cannot read",
    );
}

/// `--config NAME` takes a shipped config by name (the same trace as its file); a name that
/// is neither a file nor shipped is an error listing the shipped ones and the nearest.
#[test]
fn shipped_configs_are_taken_by_name() {
    for name in ["fast", "all", "rating"] {
        let by_name = kaidoku(&["solve", SEED, "--config", name]);
        assert_eq!(
            by_name.status.code(),
            Some(0),
            "{name}: {}",
            stderr(&by_name)
        );
        let file = format!("configs/{name}.toml");
        let by_file = kaidoku(&["solve", SEED, "--config", &file]);
        assert_eq!(stdout(&by_name), stdout(&by_file), "{name}");
    }
    assert_error(
        &kaidoku(&["solve", SEED, "--config", "fsat"]),
        "config `fsat`: no such file, and no shipped config of that name (shipped: default, fast,",
    );
    assert_error(
        &kaidoku(&["batch", "--config", "fsat"]),
        "did you mean `fast`?",
    );
}

#[test]
fn usage_errors_exit_with_2() {
    assert_eq!(kaidoku(&["solve"]).status.code(), Some(2));
    assert_eq!(kaidoku(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        kaidoku(&["solve", SEED, "--format", "xml"]).status.code(),
        Some(2)
    );
}

#[test]
fn batch_streams_traces_in_order_and_survives_bad_lines() {
    let input = format!("{SEED}\nnot a puzzle\n\n{EASY}\n");
    let o = kaidoku_with_stdin(&["batch"], &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one output line per input line");
    assert_eq!(lines[0]["puzzle"], SEED);
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(lines[1]["puzzle"], "not a puzzle");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("line 2: expected 81 cells")
    );
    assert_eq!(lines[2]["status"], "skipped");
    assert_eq!(lines[3]["status"], "solved");
    let summary = stderr(&o);
    assert!(summary.contains("3 puzzles in "), "{summary}");
    assert!(summary.contains("invalid 1"), "{summary}");
}

#[test]
fn batch_with_threads_keeps_input_order() {
    let sample: Vec<String> = common::exchange_sample()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let path = temp_file("sample.txt", &sample.join("\n"));
    let one = kaidoku(&["batch", path.to_str().unwrap(), "--threads", "1"]);
    let four = kaidoku(&["batch", path.to_str().unwrap(), "--threads", "4"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&four));
    assert_eq!(stdout(&one).lines().count(), 300);
}

#[test]
fn steps_lists_without_applying() {
    let o = kaidoku(&[
        "steps",
        SEED,
        "--technique",
        "hidden-single",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["puzzle"], SEED);
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|s| s["technique"] == "hidden-single"));
    let o = kaidoku(&["steps", SEED]);
    assert!(stdout(&o).contains("steps available"), "{}", stdout(&o));
    assert_error(
        &kaidoku(&["steps", SEED, "--technique", "hiden-single"]),
        "did you mean `hidden-single`?",
    );
}

#[test]
fn techniques_lists_the_config_in_order() {
    let o = kaidoku(&["techniques"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let first = text.find("last-digit").unwrap();
    let later = text.find("locked-candidates").unwrap();
    assert!(first < later, "{text}");
    assert!(text.contains("(built-in)"), "{text}");
}

#[test]
fn count_streams_solution_counts() {
    let multiple = ".".repeat(81);
    let input = format!("{SEED}\n{multiple}\n12\n");
    let o = kaidoku_with_stdin(&["count", "-"], &input);
    assert_eq!(
        o.status.code(),
        Some(1),
        "an invalid line makes the exit code 1"
    );
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert!(lines[0].starts_with("1 2"), "{lines:?}");
    assert_eq!(lines[0].len(), 2 + 81);
    assert_eq!(lines[1], "2+ -");
    assert!(
        lines[2].starts_with("invalid line 3: expected 81 cells"),
        "{lines:?}"
    );
    let o = kaidoku(&["count", SEED]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("1 278916354"), "{}", stdout(&o));
}

#[test]
fn reglib_runs_library_cases() {
    // Our own cases in HoDoKu's format (the real library is GPL data kept out of the repo).
    let givens =
        "12345678.........................................................................";
    let cases = format!(
        ":0003:9:{givens}:::919:\n:0000:9:{givens}:::919:\n:0003:9:{givens}:::918:\n:9999:1:{givens}::::\n"
    );
    let file = temp_file("mini-reglib.txt", &cases);
    let o = kaidoku(&["reglib", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "one case fails on purpose");
    let text = stdout(&o);
    assert!(text.contains("ok   0000 Full House"), "{text}");
    assert!(text.contains("FAIL 0003 Naked Single"), "{text}");
    assert!(text.contains("1/2 passed"), "{text}");
    assert!(
        text.contains("2 passed, 1 failed, 0 unreadable; 1 cases of 1 codes skipped"),
        "{text}"
    );
}

#[test]
fn count_and_solve_end_on_a_house_that_cannot_seat_its_digits() {
    // Issue 11: row 7 must fit 4, 7, 8 and 9 into three cells; both commands used to run for
    // minutes over the open rest of the grid.
    let deleted = "549 749 656 357 657 365 665 767 867 967 468 768 868 968 472 772 872 972 474 \
                   774 874 974 475 775 875 975 476 776 876 976 477 777 877 977 479 779 879 979";
    let position = format!("{}:{deleted}", ".".repeat(81));
    let o = kaidoku(&["count", &position]);
    assert_eq!(stdout(&o), "0 -\n");
    let o = kaidoku(&["solve", &position]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no solution"), "{}", stderr(&o));
}

#[test]
fn a_plus_after_the_last_library_cell_is_an_input_error() {
    // Issue 10: the parser used to build cell r10c1 here (a panic in debug builds).
    let position = format!("{}+:", ".".repeat(81));
    let o = kaidoku(&["solve", &position]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("after '+'"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let o = kaidoku_with_stdin(&["count", "-"], &format!("{position}\n"));
    assert!(stdout(&o).starts_with("invalid "), "{}", stdout(&o));
}

/// A hard puzzle (top1465's first) that singles alone cannot finish.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn guesses_finish_a_puzzle_and_are_marked_in_the_trace() {
    let config = temp_file(
        "guess.toml",
        "name = \"singles-then-guess\"\n[[technique]]\nid = \"naked-single\"\n\
         [[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"guess\"\n",
    );
    let config = config.to_str().unwrap();
    let text = kaidoku(&["solve", HARD, "--config", config, "--verify"]);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let out = stdout(&text);
    assert!(out.contains("Guess r"), "{out}");
    assert!(out.contains("(no logic: the solution's digit"), "{out}");
    assert!(
        out.contains("Status  solved after") && out.contains("of them guess"),
        "{out}"
    );

    let json = kaidoku(&["solve", HARD, "--config", config, "--format", "json"]);
    let trace: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(trace["status"], "solved");
    let guesses = trace["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"]["id"] == "guess")
        .count();
    assert!(guesses > 0);
    assert_eq!(trace["guesses"], guesses);

    // Without `guess` in the config the same puzzle is stuck, and no `guesses` is written.
    let stuck = kaidoku(&[
        "solve",
        HARD,
        "--format",
        "json",
        "--config",
        &format!("{}/configs/singles.toml", common::root().display()),
    ]);
    let trace: serde_json::Value = serde_json::from_str(&stdout(&stuck)).unwrap();
    assert_eq!(trace["status"], "stuck");
    assert!(trace.get("guesses").is_none());
}
