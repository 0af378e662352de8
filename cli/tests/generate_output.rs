//! What `kaidoku generate` prints, checked independently of the generator: plain puzzles
//! (`--format puzzle`, `--no-rating`) are the rated run's, unique and minimal; the symmetry
//! drawn by `--symmetry random` is the clues' (and minimal under it); every technique
//! filter's printed path fields hold when the puzzle is solved again on the filter's path
//! (`kaidoku solve --config` for a config, the rating path of `configs/rating.toml`
//! without one); vicinity lines carry the columns of every other line.

mod common;

use common::generated::{
    CellMap, assert_unique_minimal_symmetric, generate, is_minimal, puzzle_of, values,
};
use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};
use kaidoku_engine::backtrack::{count_values, solve_values};
use serde_json::Value;

/// The eight maps of the square: identity, quarter-turn, half-turn, three-quarter-turn,
/// vertical axis, horizontal axis, diagonal, anti-diagonal.
const MAPS: [CellMap; 8] = [
    |r, c| (r, c),
    |r, c| (c, 8 - r),
    |r, c| (8 - r, 8 - c),
    |r, c| (8 - c, r),
    |r, c| (r, 8 - c),
    |r, c| (8 - r, c),
    |r, c| (c, r),
    |r, c| (8 - c, 8 - r),
];

/// The maps of a symmetry named as `--symmetry` names it.
fn group(name: &str) -> Vec<CellMap> {
    let maps: &[usize] = match name {
        "none" => &[0],
        "rotational" => &[0, 2],
        "rotational90" => &[0, 1, 2, 3],
        "vertical" => &[0, 4],
        "horizontal" => &[0, 5],
        "diagonal" => &[0, 6],
        "antidiagonal" => &[0, 7],
        "mirrors" => &[0, 2, 4, 5],
        "diagonals" => &[0, 2, 6, 7],
        "dihedral" => &[0, 1, 2, 3, 4, 5, 6, 7],
        other => panic!("unknown symmetry {other}"),
    };
    maps.iter().map(|&m| MAPS[m]).collect()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn plain_puzzles_are_the_rated_runs_own() {
    let rated = generate(&["--count", "5", "--seed", "11", "--symmetry", "rotational"]);
    let plain = generate(&[
        "--count",
        "5",
        "--seed",
        "11",
        "--symmetry",
        "rotational",
        "--format",
        "puzzle",
    ]);
    let puzzles: Vec<&str> = rated.iter().map(|l| puzzle_of(l)).collect();
    assert_eq!(plain, puzzles);
    for puzzle in &plain {
        assert_eq!(puzzle.len(), 81);
        assert_unique_minimal_symmetric(puzzle, &group("rotational"));
    }
    // Without the logic check: the generator alone.
    for puzzle in generate(&[
        "--count",
        "5",
        "--seed",
        "2",
        "--format",
        "puzzle",
        "--no-logic",
    ]) {
        assert_eq!(puzzle.len(), 81);
        assert_unique_minimal_symmetric(&puzzle, &group("none"));
    }
    // A filter still rates, as far as it needs, and holds; the rating is not printed.
    let band = ["--count", "3", "--seed", "2", "--er", "3.0..4.0"];
    let unrated = generate(&[&band[..], &["--no-rating"]].concat());
    let with_rating = generate(&band);
    let puzzles: Vec<&str> = with_rating.iter().map(|l| puzzle_of(l)).collect();
    assert_eq!(unrated, puzzles);
    let again = kaidoku_with_stdin(&["rate"], &unrated.join("\n"));
    assert_eq!(stdout(&again).lines().collect::<Vec<_>>(), with_rating);
    for line in &with_rating {
        let er: f64 = line.split_whitespace().next().unwrap().parse().unwrap();
        assert!((3.0..=4.0).contains(&er), "{line}");
    }
    let json_lines = generate(&[&band[..], &["--no-rating", "--format", "json"]].concat());
    for (line, puzzle) in json_lines.iter().zip(&puzzles) {
        let value = json(line);
        assert_eq!(value["puzzle"].as_str(), Some(*puzzle));
        assert!(
            value.get("rating").is_none() && value.get("status").is_none(),
            "{line}"
        );
        let solution = solve_values(&values(puzzle), 1).first.unwrap();
        let digits: String = solution.iter().map(|d| d.to_string()).collect();
        assert_eq!(value["solution"].as_str(), Some(digits.as_str()));
    }
}

#[test]
fn a_random_symmetry_is_printed_and_holds() {
    let args = ["--count", "6", "--seed", "77", "--symmetry", "random"];
    let lines = generate(&args);
    let json_lines = generate(&[&args[..], &["--format", "json"]].concat());
    let unrated = generate(&[&args[..], &["--no-rating"]].concat());
    let mut names = std::collections::HashSet::new();
    for ((line, json_line), plain) in lines.iter().zip(&json_lines).zip(&unrated) {
        // The six rating columns, the symmetry, the puzzle.
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 8, "{line}");
        let name = fields[6];
        assert_unique_minimal_symmetric(fields[7], &group(name));
        assert_eq!(json(json_line)["symmetry"].as_str(), Some(name));
        assert_eq!(*plain, format!("{name} {}", fields[7]));
        names.insert(name.to_string());
    }
    assert!(names.len() > 1, "six draws of one symmetry: {names:?}");
}

/// Whether a step (`technique`, `kind.id` of a trace's JSON) is of a filter's id: the
/// technique, the kind, or a family of kinds (`unique-rectangle` for its types).
fn is_of(step: &Value, id: &str) -> bool {
    let kind = step["kind"]["id"].as_str().unwrap();
    step["technique"].as_str() == Some(id)
        || kind == id
        || kind
            .strip_prefix(id)
            .is_some_and(|rest| rest.starts_with('-'))
}

fn is_single(step: &Value) -> bool {
    ["naked-single", "hidden-single", "last-digit"].contains(&step["kind"]["id"].as_str().unwrap())
}

/// A technique filter, `--needs ID` and the like.
type Filter<'a> = (&'a str, &'a str);

/// The path fields of a text line (`MET PATH-HARDEST` before the puzzle) hold on `trace`,
/// the puzzle solved again on the filter's path.
fn check_path_fields(line: &str, filters: &[Filter], trace: &Value) {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (met, path_hardest) = (fields[fields.len() - 3], fields[fields.len() - 2]);
    assert_eq!(trace["status"].as_str(), Some("solved"), "{line}");
    let steps = trace["steps"].as_array().unwrap();
    let hardest = trace["rating"]["hardest"].as_str().unwrap();
    assert_eq!(path_hardest, hardest, "{line}");
    let met: Vec<&str> = met.split(',').collect();
    assert_eq!(met.len(), filters.len(), "{line}");
    let kind = |s: &Value| s["kind"]["id"].as_str().unwrap().to_string();
    for ((flag, id), met) in filters.iter().zip(met) {
        let expected = match *flag {
            "--needs" => steps.iter().find(|s| is_of(s, id)).map(kind),
            "--hardest" => {
                let step = steps.iter().find(|s| kind(s) == hardest).unwrap();
                assert!(is_of(step, id), "{line}: hardest {hardest}");
                Some(hardest.to_string())
            }
            "--practice" => {
                assert!(steps.iter().all(|s| is_single(s) || is_of(s, id)), "{line}");
                steps.iter().find(|s| is_of(s, id)).map(kind)
            }
            "--first" => {
                let first = steps.iter().find(|s| !is_single(s)).unwrap();
                assert!(is_of(first, id), "{line}");
                Some(kind(first))
            }
            other => panic!("{other}"),
        };
        assert_eq!(Some(met.to_string()), expected, "{flag} {id}: {line}");
    }
}

fn run_with(filters: &[Filter], more: &[&str]) -> Vec<String> {
    let mut args: Vec<&str> = vec!["--count", "2", "--seed", "3"];
    for (flag, id) in filters {
        args.extend([*flag, *id]);
    }
    generate(&[&args[..], more].concat())
}

#[test]
fn filters_on_a_config_hold_when_solved_again_on_it() {
    let cases: &[&[Filter]] = &[
        &[("--hardest", "x-wing")],
        &[("--needs", "naked-pair"), ("--first", "locked-candidates")],
        &[("--practice", "naked-pair")],
    ];
    for filters in cases {
        let lines = run_with(filters, &["--config", "default"]);
        assert_eq!(lines.len(), 2, "{filters:?}");
        for line in &lines {
            let solved = kaidoku(&[
                "solve",
                "--config",
                "default",
                "--format",
                "json",
                puzzle_of(line),
            ]);
            check_path_fields(line, filters, &json(&stdout(&solved)));
        }
        // JSON names the path and gives the same fields.
        let json_lines = run_with(filters, &["--config", "default", "--format", "json"]);
        for (line, json_line) in lines.iter().zip(&json_lines) {
            let path = &json(json_line)["path"];
            assert_eq!(path["config"].as_str(), Some("default"));
            assert_eq!(path["order"].as_str(), Some("config"));
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(path["hardest"].as_str(), Some(fields[fields.len() - 2]));
            let mut met: Vec<String> = Vec::new();
            for (flag, _) in filters.iter() {
                let value = &path["met"][flag.trim_start_matches("--")];
                match value {
                    Value::Array(kinds) => met.extend(kinds.iter().map(|k| k.to_string())),
                    other => met.push(other.to_string()),
                }
            }
            let text: Vec<String> = fields[fields.len() - 3]
                .split(',')
                .map(|k| format!("\"{k}\""))
                .collect();
            assert_eq!(met, text, "{json_line}");
        }
    }
}

#[test]
fn filters_without_a_config_hold_on_the_rating_path() {
    let rating = common::solver(common::config_file("rating.toml"), false);
    let cases: &[&[Filter]] = &[
        &[("--hardest", "xy-wing")],
        &[("--needs", "locked-candidates"), ("--first", "naked-pair")],
    ];
    for filters in cases {
        let lines = run_with(filters, &[]);
        assert_eq!(lines.len(), 2, "{filters:?}");
        let puzzles: Vec<&str> = lines.iter().map(|l| puzzle_of(l)).collect();
        // The SE columns are `kaidoku rate`'s; the path's hardest is `rate --config rating`'s.
        let se = kaidoku_with_stdin(&["rate"], &puzzles.join("\n"));
        let on_path = kaidoku_with_stdin(
            &["rate", "--config", "rating", "--format", "json"],
            &puzzles.join("\n"),
        );
        let se = stdout(&se);
        let on_path = stdout(&on_path);
        for ((line, se), on_path) in lines.iter().zip(se.lines()).zip(on_path.lines()) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let se: Vec<&str> = se.split_whitespace().collect();
            assert_eq!(fields[..6], se[..6], "{line}");
            assert_eq!(
                json(on_path)["hardest"].as_str(),
                Some(fields[fields.len() - 2]),
                "{line}"
            );
            let grid = kaidoku_engine::parse::parse(puzzle_of(line)).unwrap();
            let trace = serde_json::to_value(rating.solve_easiest(&grid)).unwrap();
            check_path_fields(line, filters, &trace);
        }
    }
}

#[test]
fn a_slow_filter_says_what_it_turned_down() {
    let out = kaidoku(&[
        "generate",
        "--hardest",
        "swordfish",
        "--max-tries",
        "20",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("for --hardest swordfish"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn vicinity_lines_in_json_and_plain() {
    let start = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = common::temp_file("vicinity-json-start.txt", &format!("{start}\n"));
    let near = |more: &[&str]| {
        let from = [
            "generate",
            "--from",
            file.to_str().unwrap(),
            "--vicinity",
            "-1+1",
        ];
        kaidoku(&[&from[..], &["--time-limit", "1", "--seed", "1"], more].concat())
    };
    let out = near(&["--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<Value> = text.lines().take(10).map(json).collect();
    assert!(!lines.is_empty(), "{}", stderr(&out));
    let puzzles: Vec<&str> = lines
        .iter()
        .map(|v| v["puzzle"].as_str().unwrap())
        .collect();
    let rated = kaidoku_with_stdin(&["rate", "--format", "json"], &puzzles.join("\n"));
    for (value, again) in lines.iter().zip(stdout(&rated).lines()) {
        let again = json(again);
        assert_eq!(value["rating"]["er"], again["er"], "{value}");
        assert_eq!(value["rating"]["hardest"], again["hardest"], "{value}");
        assert!(value["parent_er"].is_number() && value["round"].as_u64() >= Some(1));
        let v = values(value["puzzle"].as_str().unwrap());
        assert_eq!(count_values(&v, 2), 1, "{value}");
        assert!(is_minimal(&v, &[|r, c| (r, c)]), "{value}");
    }
    let plain = near(&["--format", "puzzle"]);
    assert!(stdout(&plain).lines().all(|l| l.len() == 81));
    let unrated = near(&["--no-rating"]);
    assert!(stderr(&unrated).contains("--no-rating does not apply to --vicinity"));
}

/// The search rates a neighbour up to its first chain (SE's 6.5 and up) first: one solved
/// before it is rated by that probe, the others are rated in full when they are near their
/// parent's ER. Either way the line's ER and hardest step are `rate`'s.
#[test]
fn vicinity_ratings_by_the_probe_and_in_full_are_rates_own() {
    let start = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = common::temp_file("vicinity-probe-start.txt", &format!("{start}\n"));
    let args = [
        "generate",
        "--from",
        file.to_str().unwrap(),
        "--vicinity",
        "-1+1",
    ];
    let more = [
        "--time-limit",
        "4",
        "--seed",
        "2",
        "--threads",
        "2",
        "--format",
        "json",
    ];
    let out = kaidoku(&[&args[..], &more[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out).lines().map(json).collect();
    let er = |v: &Value| v["rating"]["er"].as_f64().unwrap();
    let (probed, full): (Vec<&Value>, Vec<&Value>) = lines.iter().partition(|v| er(v) <= 6.4);
    assert!(!probed.is_empty() && !full.is_empty(), "{}", stderr(&out));
    let checked: Vec<&Value> = probed
        .iter()
        .take(15)
        .chain(full.iter().take(15))
        .copied()
        .collect();
    let puzzles: Vec<&str> = checked
        .iter()
        .map(|v| v["puzzle"].as_str().unwrap())
        .collect();
    let rated = kaidoku_with_stdin(&["rate", "--format", "json"], &puzzles.join("\n"));
    let again: Vec<Value> = stdout(&rated).lines().map(json).collect();
    assert_eq!(again.len(), checked.len());
    for (value, again) in checked.iter().zip(&again) {
        assert_eq!(value["rating"]["er"], again["er"], "{value}");
        assert_eq!(value["rating"]["ep"], again["ep"], "{value}");
        assert_eq!(value["rating"]["ed"], again["ed"], "{value}");
        assert_eq!(value["rating"]["hardest"], again["hardest"], "{value}");
        let v = values(value["puzzle"].as_str().unwrap());
        assert_eq!(count_values(&v, 2), 1, "{value}");
        assert!(is_minimal(&v, &[|r, c| (r, c)]), "{value}");
    }
    // Only the start and probed neighbours are rated in full (how many wait unrated depends
    // on how many rounds the time limit allows; the engine's tests count that by rounds).
    let note = stderr(&out);
    let count = |what: &str| -> u64 {
        let at = note
            .find(&format!(" {what}"))
            .unwrap_or_else(|| panic!("{note}"));
        note[..at]
            .rsplit([' ', ','])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(count("rated") <= count("probed") + 1, "{note}");
    assert!(lines.len() as u64 <= count("rated"), "{note}");
}
