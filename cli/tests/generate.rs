//! `kaidoku generate` and `kaidoku canon` end to end: every printed puzzle is checked
//! independently of the generator (solution count by the backtracker, minimality by taking
//! clues away, symmetry by mapping cells, ratings by `kaidoku rate`), runs repeat from their
//! seed whatever the thread count, and bad options fail before any work.

mod common;

use common::generated::{
    CellMap, assert_unique_minimal_symmetric, generate, is_minimal, puzzle_of, values,
};
use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};
use kaidoku_engine::backtrack::count_values;

#[test]
fn puzzles_are_unique_minimal_and_symmetric() {
    let half_turn: [CellMap; 2] = [|r, c| (r, c), |r, c| (8 - r, 8 - c)];
    for (symmetry, maps) in [("none", &half_turn[..1]), ("rotational", &half_turn[..])] {
        let lines = generate(&["--count", "6", "--seed", "11", "--symmetry", symmetry]);
        assert_eq!(lines.len(), 6);
        for line in &lines {
            assert_unique_minimal_symmetric(puzzle_of(line), maps);
        }
    }
}

#[test]
fn not_minimal_and_clue_ranges_are_kept() {
    for line in generate(&[
        "--count",
        "4",
        "--seed",
        "5",
        "--clues",
        "30..34",
        "--not-minimal",
    ]) {
        let v = values(puzzle_of(&line));
        let clues = v.iter().filter(|&&d| d != 0).count();
        assert!((30..=34).contains(&clues), "{line}");
        assert_eq!(count_values(&v, 2), 1);
    }
}

#[test]
fn a_pattern_gives_exactly_its_cells() {
    // The clue cells of a generated minimal puzzle: a pattern some puzzle fits.
    let first = generate(&[
        "--count",
        "1",
        "--seed",
        "21",
        "--clues",
        "38..40",
        "--not-minimal",
    ]);
    let mask: String = puzzle_of(&first[0])
        .chars()
        .map(|c| if c == '.' { '.' } else { 'x' })
        .collect();
    let lines = generate(&[
        "--count",
        "2",
        "--seed",
        "3",
        "--pattern",
        &mask,
        "--not-minimal",
        "--time-limit",
        "60",
    ]);
    for line in lines {
        let puzzle = puzzle_of(&line);
        let cells: String = puzzle
            .chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect();
        assert_eq!(cells, mask);
        assert_eq!(count_values(&values(puzzle), 2), 1);
    }
}

#[test]
fn filters_hold_when_rated_again() {
    let lines = generate(&["--count", "3", "--seed", "9", "--er", "3.0..6.5"]);
    let puzzles: Vec<&str> = lines.iter().map(|l| puzzle_of(l)).collect();
    let rated = kaidoku_with_stdin(&["rate"], &puzzles.join("\n"));
    for (line, again) in lines.iter().zip(stdout(&rated).lines()) {
        assert_eq!(line, again, "generate's rating columns are rate's");
        let er: f64 = again.split_whitespace().next().unwrap().parse().unwrap();
        assert!((3.0..=6.5).contains(&er), "{again}");
    }
    // Practice: singles, then only X-Wings and singles, on the rating path (easiest first).
    for line in generate(&["--count", "2", "--seed", "4", "--practice", "x-wing"]) {
        assert_practice(&line, "x-wing");
    }
}

/// The line's puzzle is solved on the rating path (easiest step first) by singles and steps
/// of kind `id` only, with at least one of those.
fn assert_practice(line: &str, id: &str) {
    let rating = common::solver(common::config_file("rating.toml"), false);
    let grid = kaidoku_engine::parse::parse(puzzle_of(line)).unwrap();
    let trace = rating.solve_easiest(&grid);
    assert_eq!(trace.status, kaidoku_engine::Status::Solved, "{line}");
    let kinds: Vec<&str> = trace.steps.iter().map(|s| s.kind.id.as_ref()).collect();
    assert!(kinds.contains(&id), "{line}: {kinds:?}");
    assert!(
        kinds
            .iter()
            .all(|k| *k == id || k.ends_with("single") || *k == "last-digit"),
        "{line}: {kinds:?}"
    );
}

/// Practice puzzles come in a family around the first found (minimal, unique, none
/// isomorphic to another); `--practice-apart` draws each from its own grids, and repeats too
/// whatever the threads.
#[test]
fn practice_families_and_practice_apart() {
    let args = ["--count", "5", "--seed", "9", "--practice", "skyscraper"];
    let family = generate(&args);
    let apart = generate(&[&args[..], &["--practice-apart"]].concat());
    assert_eq!(
        apart,
        generate(&[&args[..], &["--practice-apart", "--threads", "2"]].concat())
    );
    // The family's root is the first puzzle made the usual way; the rest differ.
    assert_eq!(family[0], apart[0]);
    assert_ne!(family[1..], apart[1..]);
    for run in [&family, &apart] {
        let mut forms = std::collections::HashSet::new();
        for line in run {
            let puzzle = puzzle_of(line);
            assert_unique_minimal_symmetric(puzzle, &[|r, c| (r, c)]);
            assert_practice(line, "skyscraper");
            forms.insert(kaidoku_engine::generate::canon::minlex(&values(puzzle)));
        }
        assert_eq!(
            forms.len(),
            run.len(),
            "two puzzles are isomorphic: {run:?}"
        );
    }
    let out = kaidoku(&["generate", "--practice-apart"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--practice"), "{}", stderr(&out));
}

#[test]
fn a_seed_repeats_the_run_whatever_the_threads() {
    let one = generate(&["--count", "8", "--seed", "77", "--symmetry", "random"]);
    let two = generate(&[
        "--count",
        "8",
        "--seed",
        "77",
        "--symmetry",
        "random",
        "--threads",
        "2",
    ]);
    assert_eq!(one, two);
    // Hard bands climb from near misses: still the same puzzles on any thread count.
    let hard = ["--count", "3", "--seed", "5", "--er", "7.5..8.4"];
    assert_eq!(
        generate(&hard),
        generate(&[&hard[..], &["--threads", "2"]].concat())
    );
    let other = generate(&["--count", "8", "--seed", "78", "--symmetry", "random"]);
    assert_ne!(one, other);
    let json = generate(&[
        "--count",
        "2",
        "--seed",
        "77",
        "--symmetry",
        "random",
        "--format",
        "json",
    ]);
    for (line, text) in json.iter().zip(&one) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["puzzle"].as_str(), Some(puzzle_of(text)));
        assert_eq!(value["seed"].as_u64(), Some(77));
    }
}

#[test]
fn distinct_runs_print_no_two_isomorphs() {
    let lines = generate(&[
        "--count",
        "12",
        "--seed",
        "1",
        "--distinct",
        "--er",
        "1.0..1.5",
    ]);
    let canon = kaidoku_with_stdin(&["canon"], &lines.join("\n"));
    let forms: std::collections::HashSet<_> = stdout(&canon).lines().map(str::to_string).collect();
    assert_eq!(forms.len(), lines.len());
}

#[test]
fn bad_options_fail_before_any_work() {
    let cases: &[(&[&str], &str)] = &[
        (&["--clues", "10..16"], "fewer than 17 clues"),
        (&["--clues", "30..20"], "is empty"),
        (&["--er", "7..5"], "is empty"),
        (&["--er", "abc"], "bad ER"),
        (&["--level", "hardest"], "unknown level"),
        (&["--needs", "xwing"], "did you mean `x-wing`"),
        (
            &["--hardest", "no-such-thing"],
            "unknown technique or step kind",
        ),
        (&["--symmetry", "spiral"], "unknown symmetry"),
        (&["--pattern", "x.x"], "needs 81"),
        (
            &[
                "--pattern",
                &"x".repeat(16)
                    .chars()
                    .chain(".".repeat(65).chars())
                    .collect::<String>(),
            ],
            "fewer than 17",
        ),
        (
            &[
                "--pattern",
                &format!("{}{}", "x".repeat(20), ".".repeat(61)),
                "--symmetry",
                "rotational",
            ],
            "not rotational-symmetric",
        ),
        (
            &[
                "--pattern",
                &format!("{}{}", "x".repeat(27), ".".repeat(54)),
            ],
            "no clue in rows 4 and 5 of one band",
        ),
        (&["--trace"], "--trace needs --format json"),
        (
            &["--trace", "--format", "puzzle"],
            "--trace needs --format json",
        ),
        (
            &["--trace", "--format", "json", "--no-rating"],
            "leave out --no-rating",
        ),
        (&["--count", "0"], "at least 1"),
        (&["--time-limit", "0"], "positive"),
    ];
    for (args, message) in cases {
        let out = kaidoku(&[&["generate"], *args].concat());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn a_filter_no_puzzle_meets_ends_at_its_limit() {
    let out = kaidoku(&[
        "generate",
        "--er",
        "11.5..12",
        "--max-tries",
        "30",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("found 0 of 1"), "{message}");
    assert!(message.contains("30 solution grids tried"), "{message}");
    assert!(message.contains("ER below the range"), "{message}");
}

#[test]
fn canon_gives_isomorphs_one_form() {
    // A puzzle, its transpose, and a relabelling of it.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let v: Vec<char> = puzzle.chars().collect();
    let transposed: String = (0..81).map(|i| v[9 * (i % 9) + i / 9]).collect();
    let relabelled: String = puzzle
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_digit(d % 9 + 1, 10).unwrap(),
            None => '.',
        })
        .collect();
    let input = format!("{puzzle}\n{transposed}\t8.3\n{relabelled} # note\n\nnot a puzzle\n");
    let out = kaidoku_with_stdin(&["canon"], &input);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], lines[1]);
    assert_eq!(lines[0], lines[2]);
    assert!(lines[0].starts_with("........"), "{}", lines[0]);
    assert!(lines[3].starts_with("skipped line 4"), "{}", lines[3]);
    assert!(lines[4].starts_with("invalid line 5"), "{}", lines[4]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_vicinity_search_finds_rated_unique_neighbours() {
    let start = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = common::temp_file("vicinity-start.txt", &format!("{start}\n"));
    let near = |vicinity: &str, more: &[&str]| {
        let from = [
            "generate",
            "--from",
            file.to_str().unwrap(),
            "--vicinity",
            vicinity,
        ];
        kaidoku(&[&from[..], more].concat())
    };
    let out = near("-1+1", &["--time-limit", "3", "--seed", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty(), "{}", stderr(&out));
    // The columns of every generate line (as `rate` prints them), then parent and round.
    let sample: Vec<&str> = lines.iter().take(20).copied().collect();
    let puzzles: Vec<&str> = sample
        .iter()
        .map(|l| l.split_whitespace().nth(6).unwrap())
        .collect();
    let rated = kaidoku_with_stdin(&["rate"], &puzzles.join("\n"));
    for (line, again) in sample.iter().zip(stdout(&rated).lines()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let v = values(fields[6]);
        assert_eq!(count_values(&v, 2), 1, "{line}");
        assert!(is_minimal(&v, &[|r, c| (r, c)]), "{line}");
        assert_eq!(fields[..7].join(" "), again, "{line}");
        assert_eq!((fields[7], fields[9]), ("from", "round"), "{line}");
        let parent: f64 = fields[8].parse().unwrap();
        assert!((0.0..=12.0).contains(&parent), "{line}");
    }
    assert!(stderr(&out).contains("best ER"), "{}", stderr(&out));
    let no_limit = near("-1+1", &[]);
    assert!(stderr(&no_limit).contains("needs --time-limit"));
    let mixed = near("-1+1", &["--time-limit", "1", "--er", "9.."]);
    assert!(
        stderr(&mixed).contains("--er does not apply to --vicinity"),
        "{}",
        stderr(&mixed)
    );
    let bad = near("-5+1", &["--time-limit", "1"]);
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn a_vicinity_search_ends_at_its_time_limit_while_listing_neighbours() {
    // Listing every -2+2 neighbour of an 18-clue puzzle is millions of uniqueness checks
    // (half a minute in a release build); the time limit still ends the search.
    let start = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = common::temp_file("vicinity-wide.txt", &format!("{start}\n"));
    let began = std::time::Instant::now();
    let out = kaidoku(&[
        "generate",
        "--from",
        file.to_str().unwrap(),
        "--vicinity",
        "-2+2",
        "--time-limit",
        "1",
    ]);
    let took = began.elapsed().as_secs_f64();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("listing the neighbours took all the time")
            && stderr(&out).contains("--sample N"),
        "{}",
        stderr(&out)
    );
    // Generous for a loaded debug build; a search that did not hear the limit takes minutes.
    assert!(took < 30.0, "ended after {took:.1} s");
}
