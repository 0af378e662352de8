//! Whole puzzles solved with Kaidoku's built-in techniques and this plugin, in-process
//! (`kaidoku_plugin_sdk::testing::solver_with_plugin`): the code tested is the code just
//! compiled, through the plugin ABI, with no shared library that could be stale.

use kaidoku_example_two_string_kite::kaidoku_plugin_entry;
use kaidoku_plugin_sdk::kaidoku_engine::Status;
use kaidoku_plugin_sdk::testing::{solve, solver_with_plugin};

/// Needs a 2-String Kite after the singles, intersections and small locked sets (from the
/// public-domain Sudoku Exchange bank): stuck at step 32 without it.
const PUZZLE: &str =
    "..........4.9.1.2.9..352..1..3.7.4..17.....968.5...2.7.1.4.7.5....283............";

/// Singles, intersections and locked sets of the built-ins, then the plugin's kite.
const CONFIG: &str = r#"
[[technique]]
id = "hidden-single"
[[technique]]
id = "naked-single"
[[technique]]
id = "locked-candidates"
[[technique]]
id = "locked-set"
max_size = 3
[[technique]]
id = "two-string-kite"
"#;

#[test]
fn the_plugin_solves_with_the_builtins_and_rates_its_kind() {
    let solver = solver_with_plugin(CONFIG, kaidoku_plugin_entry);
    let trace = solve(&solver, PUZZLE);
    assert_eq!(trace.status, Status::Solved, "{}", trace.to_text());
    let kites: Vec<_> = trace
        .steps
        .iter()
        .filter(|s| &*s.technique == "two-string-kite")
        .collect();
    assert!(!kites.is_empty(), "{}", trace.to_text());
    assert_eq!(
        kites[0].text(),
        "2-String Kite #3 in r2c9,r9c2 (connected by r2c1,r1c2 in b1) => r9c9<>3"
    );
    // The ER the plugin declares (4.1), not the 8.5 of a kind nobody rates.
    let rating = trace.rating.expect("a solved trace is rated");
    assert_eq!(rating.hardest.as_deref(), Some("two-string-kite"));
    assert_eq!(rating.er_text(), "4.1");
    // Without the plugin's technique the built-ins stop short.
    let without = solver_with_plugin(
        &CONFIG.replace("id = \"two-string-kite\"", "id = \"hidden-single\""),
        kaidoku_plugin_entry,
    );
    assert_eq!(solve(&without, PUZZLE).status, Status::Stuck);
}

#[test]
fn a_config_rates_the_plugin_kind_over_its_declaration() {
    let solver = solver_with_plugin(
        &format!("{CONFIG}[rating]\ntwo-string-kite = {{ er = 4.6, level = \"unfair\" }}\n"),
        kaidoku_plugin_entry,
    );
    let rating = solve(&solver, PUZZLE).rating.expect("rated");
    assert_eq!(rating.er_text(), "4.6");
    assert_eq!(
        rating.level.map(|l| l.as_str()),
        Some("unfair"),
        "{rating:?}"
    );
}

#[test]
fn a_config_may_extend_a_shipped_one_and_place_the_plugin() {
    let solver = solver_with_plugin(
        "extends = \"basic\"\n[[technique]]\nid = \"two-string-kite\"\nafter = \"locked-set\"\n",
        kaidoku_plugin_entry,
    );
    let trace = solve(&solver, PUZZLE);
    assert_eq!(trace.status, Status::Solved, "{}", trace.to_text());
}
