//! Multi-sector locked sets, SK loops and tridagons (plugins `exotic_sets`) are sound on the
//! forum's hardest puzzles: a spread of `forum_hardest_1106.txt` and
//! `forum_hardest_1905_11plus.txt` solved in verify mode with the patterns of
//! `configs/hardest.toml` (everything before its forcing section), where the sets fire often.

mod common;

use kaidoku_engine::Status;

const FILES: [&str; 2] = ["forum_hardest_1106.txt", "forum_hardest_1905_11plus.txt"];

#[test]
fn exotic_sets_are_sound_on_the_hardest_puzzles() {
    let Some(dir) = common::shared_puzzles("exotic_sets_are_sound_on_the_hardest_puzzles", &FILES)
    else {
        return;
    };
    let hardest = std::fs::read_to_string(common::root().join("configs/hardest.toml"))
        .expect("configs/hardest.toml");
    let patterns = hardest
        .split("# ---- Forcing")
        .next()
        .expect("the part before forcing");
    let solver = common::solver(common::config_text(patterns), true);
    let mut fired = 0;
    for file in FILES {
        for puzzle in common::spread_lines(&dir.join(file), 30) {
            let grid = kaidoku_engine::parse::parse(&puzzle).expect("a puzzle");
            let trace = solver.solve(&grid);
            assert!(
                trace.status != Status::Error,
                "{file}: {puzzle}: {:?}",
                trace.error
            );
            fired += trace
                .steps
                .iter()
                .filter(|s| ["sk-loop", "msls", "tridagon"].contains(&&*s.technique))
                .count();
        }
    }
    assert!(fired >= 3, "the exotic sets fired only {fired} times");
}
