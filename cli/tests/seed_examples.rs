//! The seed documents' acceptance examples, run the way a user would: position S is the
//! puzzle after singles (`kaidoku solve --config configs/singles.toml`), then
//! `kaidoku steps S --technique ID` lists what a technique finds there, with its parameters
//! from a config.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

fn stdout_of(args: &[&str]) -> String {
    let out = common::kaidoku(args);
    assert!(
        out.status.success(),
        "kaidoku {args:?} failed: {}",
        common::stderr(&out)
    );
    common::stdout(&out)
}

/// Position S: the puzzle after singles, as the 81-character grid of the JSON trace.
fn after_singles(puzzle: &str) -> String {
    let singles = common::root().join("configs/singles.toml");
    let json = stdout_of(&[
        "solve",
        puzzle,
        "--config",
        singles.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let trace: serde_json::Value = serde_json::from_str(&json).expect("json trace");
    trace["grid"].as_str().expect("grid").to_string()
}

/// The step lines (`N. text`) of `kaidoku steps`, without their numbers.
fn steps(position: &str, technique: &str, config: &str) -> Vec<String> {
    // Tests run in parallel in one process: each config gets its own file.
    static CONFIGS: AtomicUsize = AtomicUsize::new(0);
    let n = CONFIGS.fetch_add(1, Ordering::Relaxed);
    let file = common::temp_file(&format!("seed-examples-{n}.toml"), config);
    let text = stdout_of(&[
        "steps",
        position,
        "--technique",
        technique,
        "--config",
        file.to_str().unwrap(),
    ]);
    text.lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .map(|(_, step)| step.to_string())
        .collect()
}

const LOCKED_SETS_SEED: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

#[test]
fn seed_004_locked_sets_up_to_seven_cells() {
    let s = after_singles(LOCKED_SETS_SEED);
    assert_eq!(
        s,
        "278916354.56.4.17.41.57.6.2.2.79..617.162....69...1...5.24.7916.4.16....167.594.3"
    );
    // The seed's names: `[solver] names = "gnpx"`.
    let found = steps(
        &s,
        "locked-set",
        "[solver]\nnames = \"gnpx\"\n[[technique]]\nid = \"locked-set\"\nmax_size = 7\n",
    );
    assert_eq!(found.len(), 25, "{found:#?}");
    // HoDoKu's and Sudoku Explainer's by default.
    let hodoku = steps(
        &s,
        "locked-set",
        "[[technique]]\nid = \"locked-set\"\nmax_size = 7\n",
    );
    assert!(
        hodoku.contains(&found[0]),
        "the pair in a box and a line is locked: {hodoku:#?}"
    );
    assert!(
        hodoku
            .iter()
            .any(|t| t.starts_with("Naked Quadruple r8c1368 #2389 => "))
    );
    assert!(
        hodoku
            .iter()
            .any(|t| t.starts_with("Hidden Set (5) r5c89 r6c789 #23479 => "))
    );
    assert!(
        !hodoku
            .iter()
            .any(|t| t.contains("Quartet") || t.contains("(hidden)"))
    );
    let names: Vec<&str> = found
        .iter()
        .map(|s| s.split(" => ").next().unwrap())
        .collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 25, "a set listed twice: {names:#?}");
    assert_eq!(names[0], "Locked Pair r6c45 #38");
    assert!(names.contains(&"Locked Set[5D] (hidden) r5c89 r6c789 #23479"));
    assert!(names.contains(&"Locked Quartet r8c1368 #2389"));
    // The pair sits in row 6 and box 5: one step with the eliminations of both houses.
    assert_eq!(
        found[0],
        "Locked Pair r6c45 #38 => r45c6,r6c38<>3, r45c6,r6c789<>8"
    );
    // The default max_size (4) stops at quartets.
    let default = steps(&s, "locked-set", "[[technique]]\nid = \"locked-set\"\n");
    assert_eq!(default.len(), 23);
    assert!(default.iter().all(|s| !s.starts_with("Locked Set[5D]")));
}

#[test]
fn seed_004_swordfish_and_jellyfish() {
    let s = after_singles(LOCKED_SETS_SEED);
    let found = steps(&s, "fish", "[[technique]]\nid = \"fish\"\nmax_size = 7\n");
    assert!(
        found.contains(&"Swordfish #3 r348 c136 => r2c16,r5c6,r6c3<>3".into()),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|s| s.starts_with("Jellyfish #3 r2348 c1346 => ")),
        "{found:#?}"
    );
    let x_wings_only = steps(&s, "fish", "[[technique]]\nid = \"fish\"\nmax_size = 2\n");
    assert!(x_wings_only.is_empty(), "{x_wings_only:#?}");
}

#[test]
fn seed_002_death_blossoms() {
    let s = after_singles(
        "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18..",
    );
    let found = steps(
        &s,
        "death-blossom",
        "[[technique]]\nid = \"death-blossom\"\n",
    );
    assert!(
        found.contains(
            &"ALS Death Blossom Stem r2c3 #69, #6-ALS r27c7 #567, #9-ALS r12368c2 #345679 => r7c2<>7"
                .into()
        ),
        "{found:#?}"
    );

    let s = after_singles(
        "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316..",
    );
    let blossom = |step: &&String| {
        step.starts_with("ALS Death Blossom Stem r1c7 #37,")
            && step.contains("#3-ALS r234c9 #1347")
            && step.contains("#7-ALS r2c459 #1347")
            && step.ends_with("=> r4c5<>4")
    };
    let overlap = "[[technique]]\nid = \"death-blossom\"\noverlap = true\n";
    let with = steps(&s, "death-blossom", overlap);
    assert!(with.iter().any(|s| blossom(&s)), "{with:#?}");
    let disjoint = "[[technique]]\nid = \"death-blossom\"\noverlap = false\n";
    let without = steps(&s, "death-blossom", disjoint);
    assert!(!without.iter().any(|s| blossom(&s)), "{without:#?}");
}

#[test]
fn seed_003_remote_pairs() {
    let config = "[[technique]]\nid = \"remote-pair\"\n";
    let s = after_singles(
        ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
    );
    let found = steps(&s, "remote-pair", config);
    assert_eq!(
        found,
        ["Remote Pair #37 r4c5 r5c4 r5c9 r7c9 => r3c9<>3, r1c9,r7c5<>7"]
    );
    let s = after_singles(
        "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
    );
    let found = steps(&s, "remote-pair", config);
    assert_eq!(
        found,
        ["Remote Pair #57 r1c5 r2c1 r2c6 r3c2 r3c9 r7c1 r8c5 => r8c9<>57"]
    );
}
