//! The solve loop lets each stage skip what did not change since it last found nothing
//! (`kaidoku_engine::last_miss`). These tests walk real solve paths with the default config
//! and check that the loop's trace is, step by step, what a search without that memory finds
//! (hints search with no memory). In debug builds every solve also checks each skipping search
//! against a full one as it goes.

use kaidoku_engine::{Grid, Solver, Status};

/// The seed puzzles (`testdata/seeds.txt`), every 10th of the in-repo Sudoku Exchange sample
/// (the harder ones come last), and a spread of top1465 when `../shared/puzzles` sits beside
/// the checkout.
fn puzzles() -> Vec<String> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let mut puzzles: Vec<String> = read("../../testdata/seeds.txt")
        .expect("testdata/seeds.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        // `<name> <puzzle>`
        .filter_map(|line| line.split_whitespace().nth(1).map(str::to_string))
        .collect();
    let sample = read("../../testdata/sudoku-exchange-sample.tsv").expect("the exchange sample");
    let sample = sample.lines().filter_map(|line| line.split('\t').next());
    puzzles.extend(sample.step_by(10).map(str::to_string));
    match ["../../../shared/puzzles", "../../shared/puzzles"]
        .iter()
        .find_map(|dir| read(&format!("{dir}/top1465.txt")))
    {
        // Every 30th: 49 hard puzzles, each a long path through fish, chains and ALSs.
        Some(top) => puzzles.extend(top.lines().step_by(30).map(str::to_string)),
        None => eprintln!(
            "SKIPPED (in part): solve_paths_match_searches_without_memory: \
             ../shared/puzzles not found (needs top1465.txt); the in-repo puzzles only"
        ),
    }
    puzzles
}

#[test]
fn solve_paths_match_searches_without_memory() {
    let solver: Solver = crate::default_solver().expect("default config");
    let puzzles = puzzles();
    assert!(puzzles.len() >= 10);
    let mut steps = 0;
    for puzzle in &puzzles {
        let start: Grid = kaidoku_engine::parse::parse(puzzle).expect("puzzle");
        let trace = solver.solve(&start);
        assert_eq!(trace.status, Status::Solved, "{puzzle}");
        let mut grid = start.clone();
        for (i, step) in trace.steps.iter().enumerate() {
            let fresh = solver.next_step(&grid).expect("search").expect("a step");
            assert_eq!(&fresh, step, "{puzzle}: step {}", i + 1);
            step.apply(&mut grid);
        }
        assert!(grid.is_solved(), "{puzzle}");
        steps += trace.steps.len();
    }
    eprintln!("{} puzzles, {steps} steps", puzzles.len());
}
