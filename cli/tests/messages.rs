//! What a new user meets: `steps` checks its position and caps its output, `count` reads what
//! `solve` reads, `techniques` judges a config as `solve` does, clear messages for odd paths
//! and inputs, and help with examples and exit codes.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout, temp_file};
use std::process::Output;

const SEED: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const SOLUTION: &str =
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483";

fn assert_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(1), "{}\n{}", stdout(o), stderr(o));
    assert!(
        stderr(o).contains(needle),
        "expected {needle:?}: {}",
        stderr(o)
    );
}

/// The seed as a 9-line grid with separators.
fn nine_lines() -> String {
    let mut text = String::new();
    for (r, row) in SEED.as_bytes().chunks(9).enumerate() {
        if r % 3 == 0 && r > 0 {
            text.push_str("------+-------+------\n");
        }
        let cells: Vec<String> = row.iter().map(|&b| (b as char).to_string()).collect();
        text.push_str(&format!(
            "{} | {} | {}\n",
            cells[0..3].join(" "),
            cells[3..6].join(" "),
            cells[6..9].join(" ")
        ));
    }
    text
}

#[test]
fn steps_refuses_positions_without_one_solution() {
    let several = format!("{}{}", ".".repeat(9), &SEED[9..]);
    assert_error(&kaidoku(&["steps", &several]), "more than one solution");
    let none = format!("..3456789..1......{}", ".".repeat(63));
    assert_error(
        &kaidoku(&["steps", &none]),
        "no solution: digit 1 has no place in row 1",
    );
    let conflict = format!("22{}", &SEED[2..]);
    assert_error(&kaidoku(&["steps", &conflict]), "r1c1 and r1c2 both hold 2");
}

#[test]
fn steps_caps_its_output_and_says_how_to_see_more() {
    let o = kaidoku(&["steps", SEED]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let numbered = |l: &&str| {
        let l = l.trim_start();
        l.split_once(". ")
            .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
    };
    let listed = text.lines().filter(numbered).count();
    assert_eq!(listed, 100, "{text}");
    let total: usize = text
        .lines()
        .last()
        .unwrap()
        .strip_suffix(" steps available")
        .unwrap()
        .parse()
        .unwrap();
    assert!(total > 100);
    assert!(
        text.contains(&format!(
            "... {} more steps not shown (`--limit N` shows the first N, `--limit 0` all)",
            total - 100
        )),
        "{text}"
    );
    let all = stdout(&kaidoku(&["steps", SEED, "--limit", "0"]));
    assert!(!all.contains("not shown"));
    assert_eq!(all.lines().count(), total + 2);
    let o = kaidoku(&["steps", SEED, "--limit", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["steps"].as_array().unwrap().len(), 3);
    assert_eq!(v["total"], total);
    assert!(
        stderr(&o).contains("more steps not shown"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn count_reads_every_format_solve_reads() {
    let grid = temp_file("count-grid.txt", &nine_lines());
    let commented = temp_file(
        "count-commented.txt",
        &format!("# a grid\n{}", nine_lines()),
    );
    let library = format!(":0000:9:{SEED}:::919:");
    let spaced = SEED
        .as_bytes()
        .chunks(9)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    let grid_of_seed = kaidoku_engine::parse::parse(SEED).unwrap();
    let pencil = temp_file(
        "count-pencil.txt",
        &kaidoku_engine::render::pencil_marks(&grid_of_seed),
    );
    for args in [
        vec!["count", grid.to_str().unwrap()],
        vec!["count", commented.to_str().unwrap()],
        vec!["count", &nine_lines()],
        vec!["count", pencil.to_str().unwrap()],
        vec!["count", &library],
        vec!["count", &spaced],
        vec!["count", &format!("\u{feff}{SEED}")],
    ] {
        let o = kaidoku(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stdout(&o));
        assert_eq!(stdout(&o), format!("1 {SOLUTION}\n"), "{args:?}");
    }
    let o = kaidoku_with_stdin(&["count", "-"], &nine_lines());
    assert_eq!(stdout(&o), format!("1 {SOLUTION}\n"));
}

#[test]
fn solve_accepts_a_bom_and_spaced_lines() {
    let spaced = SEED
        .as_bytes()
        .chunks(3)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(kaidoku(&["solve", &spaced]).status.code(), Some(0));
    let bom = temp_file("bom.txt", &format!("\u{feff}{SEED}\r\n"));
    let o = kaidoku(&["solve", bom.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bad = format!("{} x{}", &SEED[..40], &SEED[41..]);
    assert_error(
        &kaidoku(&["solve", &bad]),
        "bad character 'x' at column 42 (cell r5c5)",
    );
}

#[test]
fn no_solution_names_the_cell_or_house_when_it_shows() {
    let none = format!("..3456789..1......{}", ".".repeat(63));
    assert_error(
        &kaidoku(&["solve", &none]),
        "the puzzle has no solution: digit 1 has no place in row 1",
    );
    let empty_cell = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    assert_error(
        &kaidoku(&["solve", &empty_cell]),
        "the puzzle has no solution: r1c9 has no candidate left",
    );
}

#[test]
fn directories_and_devices_are_not_missing_files() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for command in ["solve", "steps", "count", "batch"] {
        assert_error(
            &kaidoku(&[command, dir]),
            &format!("{dir} is a directory, not a file of puzzles"),
        );
    }
    assert_error(&kaidoku(&["reglib", dir]), "is a directory");
    if std::path::Path::new("/dev/zero").exists() {
        assert_error(&kaidoku(&["solve", "/dev/zero"]), "holds more than 1 MiB");
    }
    assert_error(&kaidoku(&["solve", "no/such/file.txt"]), "no such file");
    assert_error(&kaidoku(&["batch", "no/such/file.txt"]), "no such file");
}

#[test]
fn techniques_rejects_what_solve_rejects_and_warns_on_empty_configs() {
    let bad = temp_file(
        "unbuildable.toml",
        "[[technique]]\nid = \"locked-set\"\nmin_size = 5\nmax_size = 3\n",
    );
    let bad = bad.to_str().unwrap();
    let solve = kaidoku(&["solve", SEED, "--config", bad]);
    let techniques = kaidoku(&["techniques", "--config", bad]);
    assert_eq!(solve.status.code(), Some(1), "{}", stderr(&solve));
    assert_eq!(techniques.status.code(), Some(1), "{}", stdout(&techniques));
    assert_eq!(stderr(&solve), stderr(&techniques));
    assert!(
        stderr(&solve).contains("unbuildable.toml:2:"),
        "{}",
        stderr(&solve)
    );

    let empty = temp_file("empty.toml", "name = \"empty\"\n");
    let o = kaidoku(&["techniques", "--config", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("lists no techniques) runs no technique"),
        "{}",
        stderr(&o)
    );
    let off = temp_file(
        "off.toml",
        "[[technique]]\nid = \"naked-single\"\nenabled = false\n",
    );
    let o = kaidoku(&["solve", SEED, "--config", off.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("disables every technique it lists"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&kaidoku(&["techniques"])).contains("warning"));
}

#[test]
fn help_points_to_steps_and_shows_examples_and_exit_codes() {
    for args in [vec!["--help"], vec!["solve", "--help"]] {
        let o = kaidoku(&args);
        assert_eq!(o.status.code(), Some(0));
        assert!(
            stdout(&o).contains("kaidoku steps"),
            "{args:?}: {}",
            stdout(&o)
        );
    }
    for command in ["solve", "batch", "steps", "reglib", "techniques", "count"] {
        let text = stdout(&kaidoku(&[command, "--help"]));
        assert!(text.contains("Examples:"), "{command}: {text}");
        assert!(text.contains("Exit codes:"), "{command}: {text}");
    }
}

#[test]
fn skipped_notices_name_the_test_and_the_data() {
    let message = common::skipped_message(
        "some_test",
        std::path::Path::new("../shared/puzzles"),
        &["17clue.txt", "top1465.txt"],
    );
    assert!(message.starts_with("SKIPPED: some_test: "), "{message}");
    assert!(message.contains("17clue.txt, top1465.txt"), "{message}");
}
