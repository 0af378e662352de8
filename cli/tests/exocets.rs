//! Exocets are sound where they occur: on a spread of the forum's hardest puzzles (in
//! `../shared`), with only basic techniques before them so that they fire often, every step
//! is checked against the solution (verify mode). The whole sets are checked with the release
//! binary (`kaidoku batch --verify --config hardest`); this is the cheap sample.

mod common;

use kaidoku_engine::Status;

const FILES: [&str; 2] = ["forum_hardest_1106.txt", "forum_hardest_1905_11plus.txt"];

/// Singles and intersections, then the exocets, then subsets and fish.
const CONFIG: &str = r#"
name = "exocets-early"

[[technique]]
id = "last-digit"

[[technique]]
id = "hidden-single"

[[technique]]
id = "naked-single"

[[technique]]
id = "locked-candidates"

[[technique]]
id = "junior-exocet"

[[technique]]
id = "senior-exocet"

[[technique]]
id = "locked-set"
max_size = 4

[[technique]]
id = "fish"
max_size = 4
"#;

#[test]
fn exocets_are_sound_on_the_hardest_puzzles() {
    let Some(dir) = common::shared_puzzles("exocets_are_sound_on_the_hardest_puzzles", &FILES)
    else {
        return;
    };
    let solver = common::solver(common::config_text(CONFIG), true);
    let mut fired = 0;
    for file in FILES {
        for puzzle in common::spread_lines(&dir.join(file), 40) {
            let grid = kaidoku_engine::parse::parse(&puzzle)
                .unwrap_or_else(|e| panic!("{file}: {puzzle}: {e}"));
            let trace = solver.solve(&grid);
            assert!(
                trace.status != Status::Error,
                "{file}: {puzzle}: {}",
                trace.error.as_deref().unwrap_or("")
            );
            fired += trace
                .steps
                .iter()
                .filter(|s| s.technique.ends_with("exocet"))
                .count();
        }
    }
    // About 90 on these 80 puzzles.
    assert!(fired >= 40, "exocets fired {fired} times");
}
