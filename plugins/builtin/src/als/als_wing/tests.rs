//! Tests of the ALS-Wing, and a fixture finder shared with the XYZ-Wing (ALS).

use crate::registry_tests::{all_steps, registry};
use kaidoku_engine::Part;

/// Every step of both techniques at their fixtures removes only candidates false in the
/// solution, and its kind names its size: ALS-Wing by its sets, XYZ-Wing (ALS) by the pivot's
/// candidates.
#[test]
fn fixture_steps_are_true_and_sized() {
    let registry = registry();
    let cases = [
        ("als-wing", include_str!("../als_wing.fixtures")),
        ("xyz-wing-als", include_str!("../xyz_wing_als.fixtures")),
    ];
    let mut checked = 0;
    for (id, text) in cases {
        let entry = registry.get(id).unwrap();
        for fixture in kaidoku_engine::fixtures::parse_fixtures(text).unwrap() {
            let grid = fixture.case.grid.clone();
            let solutions = grid.solutions(2);
            let Some(solution) = solutions.first.filter(|_| solutions.count == 1) else {
                continue;
            };
            for step in all_steps(entry, &fixture.params, &grid) {
                for (cell, digit) in step.eliminations.iter() {
                    assert_ne!(solution[cell.index()], digit, "{}", step.text());
                }
                let size = match id {
                    "als-wing" => {
                        let sets = step.parts.iter().filter(|p| matches!(p, Part::Als { .. }));
                        format!("{}d", sets.count())
                    }
                    _ => {
                        let Some(Part::Stem { digits, .. }) = step.parts.first() else {
                            panic!("no pivot: {}", step.text());
                        };
                        ["xy", "xyz", "wxyz", "vwxyz", "uvwxyz"][digits.len() as usize - 2]
                            .to_string()
                    }
                };
                assert!(
                    step.kind.id.ends_with(&format!("-{size}"))
                        || step.kind.id.starts_with(&format!("{size}-")),
                    "{}",
                    step.text()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 9, "only {checked} steps checked");
}

/// Finds fixture candidates: runs the technique `FIXTURE_ID` (parameters `FIXTURE_PARAMS`,
/// `;`-separated) at every position met while solving each `FIXTURE_STEP`-th puzzle of
/// `FIXTURE_FILE` with `configs/hardest.toml` where that config takes a step of ER 7.0 or
/// more, and prints a library line for the first step
/// of each puzzle (of kind `FIXTURE_KIND` if set), up to `FIXTURE_MAX`. Run by hand with `--ignored
/// --nocapture`.
#[test]
#[ignore]
fn print_fixture_candidates() {
    use kaidoku_engine::fixtures::library_line;
    let id = std::env::var("FIXTURE_ID").unwrap_or_else(|_| "als-wing".into());
    let params = std::env::var("FIXTURE_PARAMS")
        .unwrap_or_default()
        .replace(';', "\n");
    let file = std::env::var("FIXTURE_FILE").expect("FIXTURE_FILE");
    let every: usize = std::env::var("FIXTURE_STEP").map_or(1, |s| s.parse().unwrap());
    let max: usize = std::env::var("FIXTURE_MAX").map_or(10, |s| s.parse().unwrap());
    let registry = registry();
    let entry = registry.get(&id).unwrap();
    let solver = crate::testing::shipped_solver("hardest");
    let table = kaidoku_engine::RatingTable::with_overrides(&[]);
    let text = std::fs::read_to_string(file).unwrap();
    let mut found = 0;
    for line in text.lines().step_by(every) {
        let puzzle = line.split(['\t', ' ']).next().unwrap_or("");
        let Ok(start) = kaidoku_engine::parse::parse(puzzle) else {
            continue;
        };
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        for step in &trace.steps {
            // A realistic point: the config itself needs a step of ALS difficulty here.
            if table.rate_kind(&step.kind).er.0 < 70 {
                step.apply(&mut grid);
                continue;
            }
            let steps = all_steps(entry, &params, &grid);
            let kind = std::env::var("FIXTURE_KIND").ok();
            let wanted = |s: &&kaidoku_engine::Step| kind.as_deref().is_none_or(|k| s.kind.id == k);
            if let Some(hit) = steps.iter().find(wanted) {
                println!("# {}", hit.text());
                println!("{}", library_line("x", &grid, hit));
                println!("#\tapplied: {}", step.text());
                found += 1;
                break;
            }
            step.apply(&mut grid);
        }
        if found >= max {
            break;
        }
    }
}

/// Soundness over real positions: at every position met while solving each `CHECK_STEP`-th
/// puzzle of `CHECK_FILE` with `configs/hardest.toml`, every step of both techniques (not only
/// the one a solver would take) removes only candidates false in the solution. Prints the
/// counts. Run by hand with `--ignored --nocapture`.
#[test]
#[ignore]
fn every_step_is_true_over_a_puzzle_file() {
    let Ok(file) = std::env::var("CHECK_FILE") else {
        eprintln!("SKIPPED: set CHECK_FILE");
        return;
    };
    let every: usize = std::env::var("CHECK_STEP").map_or(1, |s| s.parse().unwrap());
    let registry = registry();
    let solver = crate::testing::shipped_solver("hardest");
    let text = std::fs::read_to_string(file).unwrap();
    for id in ["xyz-wing-als", "als-wing"] {
        let entry = registry.get(id).unwrap();
        let (mut puzzles, mut positions, mut steps, mut hit_puzzles) = (0, 0, 0, 0);
        for line in text.lines().step_by(every) {
            let puzzle = line.split(['\t', ' ']).next().unwrap_or("");
            let Ok(start) = kaidoku_engine::parse::parse(puzzle) else {
                continue;
            };
            let solutions = start.solutions(2);
            let Some(solution) = solutions.first.filter(|_| solutions.count == 1) else {
                continue;
            };
            puzzles += 1;
            let trace = solver.solve(&start);
            let mut grid = start.clone();
            let mut hit = false;
            for step in &trace.steps {
                positions += 1;
                for found in all_steps(entry, "", &grid) {
                    for (cell, digit) in found.eliminations.iter() {
                        assert_ne!(solution[cell.index()], digit, "{}", found.text());
                    }
                    steps += 1;
                    hit = true;
                }
                step.apply(&mut grid);
            }
            hit_puzzles += usize::from(hit);
        }
        println!(
            "{id}: {puzzles} puzzles, {positions} positions, {steps} steps in {hit_puzzles} puzzles, none wrong"
        );
    }
}
