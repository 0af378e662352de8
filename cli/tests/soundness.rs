//! Soundness: every step is checked against the unique solution (verify mode) while solving
//! the in-repo puzzles and, when `../shared` exists, a spread of every shared set; every
//! `solved` grid must equal the backtracking solution. Zero unsound steps allowed.
//!
//! `KAIDOKU_SOUNDNESS_PER_SET` sets how many puzzles of each shared set are solved (default
//! 300 with the default config and 1,000 with the largest sizes); raise it, in `--release`,
//! for a whole-set run.

mod common;

use kaidoku_engine::{ParamValue, Solver, Status};
use std::collections::BTreeMap;

#[derive(Default, Debug)]
struct Tally {
    by_status: BTreeMap<Status, usize>,
    steps: usize,
    /// Steps by technique id.
    by_technique: BTreeMap<String, usize>,
}

fn check(solver: &Solver, label: &str, puzzles: &[String]) -> Tally {
    let mut tally = Tally::default();
    for puzzle in puzzles {
        let grid = kaidoku_engine::parse::parse(puzzle)
            .unwrap_or_else(|e| panic!("{label}: {puzzle}: {e}"));
        let trace = solver.solve(&grid);
        assert!(
            trace.status != Status::Error,
            "{label}: {puzzle}: {}",
            trace.error.as_deref().unwrap_or("")
        );
        if trace.status == Status::Solved {
            let solution = grid
                .solutions(2)
                .first
                .expect("solved puzzles have a solution");
            let solved: String = solution.iter().map(|&d| (b'0' + d) as char).collect();
            assert_eq!(
                trace.grid, solved,
                "{label}: {puzzle}: solved grid differs from the solution"
            );
        }
        *tally.by_status.entry(trace.status).or_default() += 1;
        tally.steps += trace.steps.len();
        for step in &trace.steps {
            *tally
                .by_technique
                .entry(step.technique.to_string())
                .or_default() += 1;
        }
    }
    eprintln!(
        "{label:<32} {:>5} puzzles {:>7} steps {:?}",
        puzzles.len(),
        tally.steps,
        tally.by_status
    );
    tally
}

/// The basic config: fast, so it can cover hundreds of puzzles of every set.
fn soundness_solver() -> Solver {
    common::solver(common::config_file("basic.toml"), true)
}

#[test]
fn in_repo_puzzles_are_solved_soundly() {
    let solver = soundness_solver();
    let seeds: Vec<String> = common::seeds().into_iter().map(|(_, p)| p).collect();
    let tally = check(&solver, "seeds", &seeds);
    assert_eq!(tally.by_status.values().sum::<usize>(), 9);
    let sample: Vec<String> = common::exchange_sample()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let tally = check(&solver, "sudoku-exchange-sample", &sample);
    assert!(
        tally.by_status.get(&Status::Solved).copied().unwrap_or(0) >= 20,
        "{tally:?}"
    );
}

const SHARED_SETS: [&str; 7] = [
    "kaggle.txt",
    "unbiased.txt",
    "17clue.txt",
    "top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "se_rated_sudoku_exchange.txt",
];

/// Puzzles per shared set: `KAIDOKU_SOUNDNESS_PER_SET`, else `default`.
fn per_set(default: usize) -> usize {
    std::env::var("KAIDOKU_SOUNDNESS_PER_SET")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Solve a spread of every shared set; none may have no solution or several.
fn check_shared_sets(solver: &Solver, dir: &std::path::Path, per_set: usize) -> usize {
    let mut total = 0;
    for set in SHARED_SETS {
        let puzzles = common::spread_lines(&dir.join(set), per_set);
        let tally = check(solver, set, &puzzles);
        assert_eq!(tally.by_status.get(&Status::NoSolution), None, "{set}");
        assert_eq!(
            tally.by_status.get(&Status::MultipleSolutions),
            None,
            "{set}"
        );
        total += puzzles.len();
    }
    total
}

#[test]
fn shared_sets_are_solved_soundly() {
    let Some(dir) = common::shared_puzzles(
        "shared_sets_are_solved_soundly",
        &[&SHARED_SETS[..], &["serg_benchmark.txt"]].concat(),
    ) else {
        return;
    };
    let per_set = per_set(300);
    let solver = soundness_solver();
    let total = check_shared_sets(&solver, &dir, per_set);
    assert!(total >= 7 * per_set.min(375), "solved {total}");
    // Serg's benchmark: every puzzle has several solutions, and the solver says so.
    let serg = common::spread_lines(&dir.join("serg_benchmark.txt"), per_set.min(200));
    let tally = check(&solver, "serg_benchmark.txt", &serg);
    assert_eq!(
        tally.by_status.get(&Status::MultipleSolutions),
        Some(&serg.len())
    );
}

/// The default config (chains, loops, ALS rules, the guess) in verify mode over a spread of
/// every set: fewer puzzles than the basic config's run, as the hardest take a third of a
/// second each. Every valid puzzle must finish (the guess), and soundly.
#[test]
fn default_config_is_sound_on_the_shared_sets() {
    let Some(dir) =
        common::shared_puzzles("default_config_is_sound_on_the_shared_sets", &SHARED_SETS)
    else {
        return;
    };
    let solver = common::solver(common::config_file("default.toml"), true);
    let per_set = per_set(30).min(60);
    for set in SHARED_SETS {
        let puzzles = common::spread_lines(&dir.join(set), per_set);
        let tally = check(&solver, set, &puzzles);
        assert_eq!(
            tally.by_status.get(&Status::Solved).copied(),
            Some(puzzles.len()),
            "{set}: {tally:?}"
        );
    }
    let seeds: Vec<String> = common::seeds().into_iter().map(|(_, p)| p).collect();
    let tally = check(&solver, "seeds", &seeds);
    assert_eq!(tally.by_status.get(&Status::Solved).copied(), Some(9));
}

/// `configs/fast.toml` (forcing nets and nested forcing with `reuse`, which take conclusions
/// proved at an earlier search after proving them again) in verify mode: every puzzle of a
/// spread of every set solved by logic (it has no `guess`), and soundly.
#[test]
fn fast_config_solves_by_logic_soundly() {
    let config = common::config_file("fast.toml");
    assert!(config.enabled().all(|t| t.id != "guess"));
    let reusing = |id: &str| {
        config
            .enabled()
            .any(|t| t.id == id && t.params.get("reuse") == Some(ParamValue::Bool(true)))
    };
    assert!(reusing("forcing-chain") && reusing("nested-forcing"));
    let solver = common::solver(config, true);
    let mut puzzles: Vec<String> = common::seeds().into_iter().map(|(_, p)| p).collect();
    puzzles.extend(common::exchange_sample().into_iter().map(|(p, _)| p));
    let tally = check(&solver, "in-repo puzzles (fast)", &puzzles);
    assert_eq!(tally.by_status.get(&Status::Solved), Some(&puzzles.len()));
    let Some(dir) = common::shared_puzzles("fast_config_solves_by_logic_soundly", &SHARED_SETS)
    else {
        return;
    };
    let per_set = per_set(40).min(100);
    for set in SHARED_SETS {
        let puzzles = common::spread_lines(&dir.join(set), per_set);
        let tally = check(&solver, set, &puzzles);
        assert_eq!(
            tally.by_status.get(&Status::Solved),
            Some(&puzzles.len()),
            "{set}: {tally:?}"
        );
    }
}

/// The largest searches: locked sets and fish up to 7, death blossoms of 5 petals with overlap
/// (`configs/gnpx.toml`), over 1,000 puzzles of every set (6,375 in all), the hardest included.
#[test]
fn largest_sizes_are_sound_over_five_thousand_puzzles() {
    let Some(dir) = common::shared_puzzles(
        "largest_sizes_are_sound_over_five_thousand_puzzles",
        &SHARED_SETS,
    ) else {
        return;
    };
    let config = common::config_file("gnpx.toml");
    let sets_to = |id: &str, name: &str, value: i64| {
        config
            .enabled()
            .any(|t| t.id == id && t.params.get(name) == Some(ParamValue::Int(value)))
    };
    assert!(sets_to("locked-set", "max_size", 7));
    assert!(sets_to("fish", "max_size", 7));
    assert!(sets_to("death-blossom", "max_petals", 5));
    let solver = common::solver(config, true);
    let per_set = per_set(1000);
    let total = check_shared_sets(&solver, &dir, per_set);
    assert!(total >= 7 * per_set.min(375), "solved {total}");
    if per_set >= 1000 {
        assert!(total >= 5_000, "solved {total}");
    }
}

/// Every registered technique (found through the registry, so a new one is covered without
/// an edit here) after the default config, with the chain search also over groups and ALSs,
/// in verify mode over the in-repo puzzles and a spread of every shared set.
#[test]
fn every_registered_technique_is_sound() {
    kaidoku_techniques::link();
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    // Verify mode comes from `common::solver(.., true)`.
    let mut text = with_uniqueness_switch(kaidoku_techniques::DEFAULT_CONFIG);
    for entry in registry.entries() {
        text.push_str(&format!("\n[[technique]]\nid = \"{}\"\n", entry.id));
    }
    text.push_str("\n[[technique]]\nid = \"aic\"\ngroups = true\n");
    text.push_str("\n[[technique]]\nid = \"als-xy-wing\"\noverlap = true\n");
    text.push_str("\n[[technique]]\nid = \"aic\"\nals = true\nmax_length = 7\n");
    text.push_str(
        "\n[[technique]]\nid = \"nice-loop\"\ngroups = true\nals = true\nmax_length = 9\n",
    );
    let solver = common::solver(common::config_text(&text), true);
    let seeds: Vec<String> = common::seeds().into_iter().map(|(_, p)| p).collect();
    check(&solver, "seeds (every technique)", &seeds);
    let sample: Vec<String> = common::exchange_sample()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    check(&solver, "exchange sample (every technique)", &sample);
    let Some(dir) = common::shared_puzzles("every_registered_technique_is_sound", &SHARED_SETS)
    else {
        return;
    };
    let total = check_shared_sets(&solver, &dir, per_set(100));
    assert!(total >= 7 * 100usize.min(per_set(100)), "solved {total}");
}

/// A config text with `uniqueness = true` in its `[solver]` table.
fn with_uniqueness_switch(config: &str) -> String {
    assert!(config.contains("[solver]\n"), "{config}");
    config.replacen("[solver]\n", "[solver]\nuniqueness = true\n", 1)
}

/// The uniqueness techniques (found through the registry) right after locked sets, where they
/// fire most, in verify mode: the puzzles have one solution, so their steps must be sound.
#[test]
fn uniqueness_techniques_are_sound() {
    kaidoku_techniques::link();
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let mut uniqueness = String::new();
    for entry in registry.entries().iter().filter(|e| e.uniqueness) {
        uniqueness.push_str(&format!("[[technique]]\nid = \"{}\"\n\n", entry.id));
    }
    let fish = "[[technique]]\nid = \"fish\"";
    let default = with_uniqueness_switch(kaidoku_techniques::DEFAULT_CONFIG);
    assert!(default.contains(fish));
    let text = default.replacen(fish, &format!("{uniqueness}{fish}"), 1);
    let solver = common::solver(common::config_text(&text), true);
    let sample: Vec<String> = common::exchange_sample()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let tally = check(&solver, "exchange sample (uniqueness)", &sample);
    let uniqueness_steps: usize = registry
        .entries()
        .iter()
        .filter(|e| e.uniqueness)
        .filter_map(|e| tally.by_technique.get(&e.id))
        .sum();
    assert!(uniqueness_steps >= 10, "{:?}", tally.by_technique);
    let Some(dir) = common::shared_puzzles("uniqueness_techniques_are_sound", &SHARED_SETS) else {
        return;
    };
    let total = check_shared_sets(&solver, &dir, per_set(100));
    assert!(total >= 7 * 100usize.min(per_set(100)), "solved {total}");
}
