//! The solve loop carries the ALS list and its pairs from position to position
//! (`kaidoku_engine::als_carry`). Along real solve paths (every position, or every few, and
//! with the pairs asked for at some positions only), the carried lists must be what a fresh
//! build gives, in the same order.

use kaidoku_engine::als::{MAX_ALS_CELLS, find_als, rcc_pairs};
use kaidoku_engine::als_carry::AlsCarry;
use kaidoku_engine::{Config, Grid, Solver, Status};
use std::path::Path;

/// The seed puzzles, every 5th of the in-repo Sudoku Exchange sample (the harder ones come
/// last), and every 30th of top1465 when `../shared/puzzles` sits beside the checkout.
fn puzzles() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let seeds = std::fs::read_to_string(root.join("testdata/seeds.txt")).unwrap();
    let mut puzzles: Vec<String> = seeds
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().nth(1).map(str::to_string))
        .collect();
    let sample = std::fs::read_to_string(root.join("testdata/sudoku-exchange-sample.tsv")).unwrap();
    let sample = sample.lines().filter_map(|line| line.split('\t').next());
    puzzles.extend(sample.step_by(5).map(str::to_string));
    match std::fs::read_to_string(root.join("../shared/puzzles/top1465.txt")) {
        Ok(top) => puzzles.extend(top.lines().step_by(30).map(str::to_string)),
        Err(_) => eprintln!(
            "SKIPPED (in part): carried_als_lists_are_fresh_builds: ../shared/puzzles not found \
             (needs top1465.txt); the in-repo puzzles only"
        ),
    }
    puzzles
}

#[test]
fn carried_als_lists_are_fresh_builds() {
    kaidoku_techniques::link();
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/default.toml");
    let solver = Solver::new(Config::from_file(&config).unwrap()).unwrap();
    let (mut positions, mut carried_pairs) = (0, 0);
    for (n, puzzle) in puzzles().iter().enumerate() {
        let start: Grid = kaidoku_engine::parse::parse(puzzle).unwrap();
        let trace = solver.solve(&start);
        assert_eq!(trace.status, Status::Solved, "{puzzle}");
        // Every position, every second or every third; pairs at most positions, not all.
        let every = n % 3 + 1;
        let mut carry = AlsCarry::default();
        let mut grid = start.clone();
        let mut pairs_last_time = false;
        for (i, step) in trace.steps.iter().enumerate() {
            if i % every == 0 {
                let alses = carry.als_for(&grid);
                assert_eq!(alses, find_als(&grid, MAX_ALS_CELLS), "{puzzle} step {i}");
                let pairs = (i % 5 != 4).then(|| {
                    let pairs = carry.pairs_for(&grid, &alses);
                    assert_eq!(pairs, rcc_pairs(&grid, &alses), "{puzzle} step {i}");
                    carried_pairs += usize::from(pairs_last_time);
                    pairs
                });
                pairs_last_time = pairs.is_some();
                carry.hand_back(Some(alses), pairs);
                positions += 1;
            }
            step.apply(&mut grid);
        }
    }
    eprintln!("{positions} positions, {carried_pairs} pair lists carried");
    assert!(positions > 500 && carried_pairs > 300);
}
