//! Helpers for the technique tests: read a position, run one technique, read the step texts.

use kaidoku_engine::{Grid, ParamValue, Params, Registry, Step, StepSink};
use std::sync::Arc;

pub const SEED_LAST_DIGIT: &str =
    ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.";

/// A position in any format `kaidoku_engine::parse` reads.
pub fn position(text: &str) -> Grid {
    kaidoku_engine::parse::parse(text).unwrap_or_else(|e| panic!("bad test position: {e}"))
}

/// Every step one technique finds, with default parameters.
pub fn run(id: &str, grid: &Grid) -> Vec<Step> {
    run_with(id, grid, &[])
}

/// Every step one technique finds, with some parameters changed.
pub fn run_with(id: &str, grid: &Grid, changes: &[(&str, ParamValue)]) -> Vec<Step> {
    let registry = Registry::builtin().expect("registry");
    let entry = registry
        .get(id)
        .unwrap_or_else(|| panic!("technique {id} is not registered"));
    let mut params = Params::defaults(&entry.params);
    for (name, value) in changes {
        assert!(params.get(name).is_some(), "{id} has no parameter {name}");
        params.set(name, *value);
    }
    let technique = (entry.build)(&params).expect("build");
    let mut sink = StepSink::all(Arc::from(id));
    let _ = technique.find_steps(grid, &mut sink);
    let steps = sink.into_steps();
    for step in &steps {
        step.check_applicable(grid)
            .unwrap_or_else(|e| panic!("{id} gave a bad step {}: {e}", step.text()));
    }
    steps
}

/// Run `id` at every pass position (`:` lines without `-x`) of a fixtures text and check that
/// no step removes a digit of the solution; the number of steps checked.
pub fn fixture_steps_keep_the_solution(id: &str, fixtures: &str) -> usize {
    let mut steps = 0;
    for line in fixtures
        .lines()
        .filter(|l| l.starts_with(':') && !l.contains("-x"))
    {
        let grid = position(line);
        let solution = grid.solutions(1).first.expect("one solution");
        for step in run(id, &grid) {
            steps += 1;
            for (cell, digit) in step.eliminations.iter() {
                assert_ne!(solution[cell.index()], digit, "{}", step.text());
            }
        }
    }
    steps
}

pub fn texts(steps: &[Step]) -> Vec<String> {
    steps.iter().map(Step::text).collect()
}

/// Apply the first step of the given techniques (in order) until `stop` holds or none applies.
pub fn solve_until(ids: &[&str], puzzle: &str, stop: impl Fn(&Grid) -> bool) -> Grid {
    let mut grid = position(puzzle);
    'outer: while !stop(&grid) {
        for id in ids {
            if let Some(step) = run(id, &grid).into_iter().next() {
                step.apply(&mut grid);
                continue 'outer;
            }
        }
        break;
    }
    grid
}

/// The position after naked and hidden singles are applied until none applies.
pub fn after_singles(puzzle: &str) -> Grid {
    solve_until(&["naked-single", "hidden-single"], puzzle, |_| false)
}

/// A cell set written in the notation, e.g. `r4c7 r5c79 r6c9` or `r12368c2`.
pub fn cells(text: &str) -> kaidoku_engine::CellSet {
    let mut set = kaidoku_engine::CellSet::EMPTY;
    for group in text.split([' ', ',']).filter(|g| !g.is_empty()) {
        let (rows, cols) = group.trim_start_matches('r').split_once('c').expect("rXcY");
        for r in rows.bytes() {
            for c in cols.bytes() {
                set.insert(kaidoku_engine::Cell::at(
                    (r - b'1') as usize,
                    (c - b'1') as usize,
                ));
            }
        }
    }
    set
}

/// The step's pattern candidates of one role, as (cells, digits).
pub fn pattern_of(step: &Step, role: &str) -> (kaidoku_engine::CellSet, kaidoku_engine::DigitSet) {
    let part = step
        .pattern
        .iter()
        .find(|p| p.role == role)
        .unwrap_or_else(|| panic!("no {role} in {}", step.text()));
    (part.candidates.cells(), part.candidates.digits())
}

/// A solver in verify mode (an unsound step ends the solve with an error) running the
/// techniques of `techniques`, `[[technique]]` tables of a config.
pub fn verifying_solver(techniques: &str) -> kaidoku_engine::Solver {
    let text = format!("name = \"test\"\n[solver]\nverify = true\n{techniques}");
    let config = crate::parse_config(&text, "test.toml", "test", std::path::Path::new("."));
    kaidoku_engine::Solver::new(config.unwrap_or_else(|e| panic!("{e}"))).expect("solver")
}

/// A solver with the shipped config `name` (`configs/NAME.toml`).
pub fn shipped_solver(name: &str) -> kaidoku_engine::Solver {
    let text = crate::shipped_config(name).unwrap_or_else(|| panic!("no shipped config {name}"));
    let origin = format!("{name}.toml");
    let config = crate::parse_config(text, &origin, name, std::path::Path::new("."));
    kaidoku_engine::Solver::new(config.unwrap_or_else(|e| panic!("{e}"))).expect("solver")
}

/// The folder of the shared puzzle sets (`../shared/puzzles` beside the repository), or
/// `None` after printing `SKIPPED: <test>: …` when the repository was cloned alone.
pub fn shared_puzzles(test: &str) -> Option<std::path::PathBuf> {
    let found = ["../../../shared/puzzles", "../../shared/puzzles"]
        .iter()
        .map(|d| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(d))
        .find(|p| p.exists());
    if found.is_none() {
        eprintln!("SKIPPED: {test}: ../shared/puzzles not found");
    }
    found
}
