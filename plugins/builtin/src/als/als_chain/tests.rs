use super::*;
use crate::testing::*;
use kaidoku_engine::ParamValue::{Bool, Int};
use std::sync::Arc;

/// The fixture positions and some hard puzzles of the Sudoku Exchange sample, taken as far as
/// singles, intersections and locked sets go: positions with many sets and links.
fn positions() -> Vec<Grid> {
    let fixtures = include_str!("../als_chain.fixtures");
    let mut out: Vec<Grid> = fixtures
        .lines()
        .filter(|line| line.starts_with(':'))
        .map(position)
        .collect();
    let sample = include_str!("../../../../../testdata/sudoku-exchange-sample.tsv");
    let basics = [
        "naked-single",
        "hidden-single",
        "locked-candidates",
        "locked-set",
    ];
    for line in sample.lines() {
        let (puzzle, rating) = line.split_once('\t').expect("puzzle and rating");
        if rating.parse::<f32>().expect("rating") >= 6.0 && out.len() < 16 {
            out.push(solve_until(&basics, puzzle, |_| false));
        }
    }
    out
}

fn chain(min_alses: usize, max_alses: usize, overlap: bool) -> AlsChain {
    AlsChain {
        min_alses,
        max_alses,
        max_als_cells: MAX_ALS_CELLS,
        overlap,
    }
}

/// The sweep must pick exactly the walks whose traced chains clear something, each with the
/// length of its shortest chain: the steps found rest on it.
#[test]
fn the_sweep_picks_the_walks_whose_chains_clear_something() {
    let mut walks_found = 0;
    for grid in positions() {
        let analysis = Analysis::new(&grid);
        for (min, max, overlap) in [(4, 7, false), (2, 7, true), (3, 5, false), (4, 9, true)] {
            let params = chain(min, max, overlap);
            let search = Search::new(&params, &analysis);
            let mut tracer = Tracer::new(&search);
            let mut expected = Vec::new();
            for walk in 0..search.walks.len() {
                let mut found = Vec::new();
                tracer.trace(walk, max, &mut found);
                if let Some(shortest) = found.iter().map(|f| f.chain.len()).min() {
                    expected.push((walk, shortest));
                }
            }
            let mut all = search.finding(false);
            all.sort_unstable();
            assert_eq!(all, expected, "{min}..{max} overlap {overlap}");
            let shortest = expected.iter().map(|&(_, sets)| sets).min();
            expected.retain(|&(_, sets)| Some(sets) == shortest);
            let mut first = search.finding(true);
            first.sort_unstable();
            assert_eq!(
                first, expected,
                "{min}..{max} overlap {overlap}, shortest only"
            );
            walks_found += all.len();
        }
    }
    assert!(walks_found > 1000, "only {walks_found} walks find a chain");
}

/// The first step, found with only the shortest walks traced, is the first of all the steps.
#[test]
fn the_first_step_is_the_first_of_all_steps() {
    let mut compared = 0;
    for grid in positions() {
        for overlap in [false, true] {
            let changes = [("overlap", Bool(overlap)), ("min_alses", Int(4))];
            let all = run_with("als-chain", &grid, &changes);
            let params = chain(4, 7, overlap);
            let mut sink = StepSink::first(Arc::from("als-chain"));
            let _ = params.find_steps(&grid, &mut sink);
            let first = sink.into_first();
            assert_eq!(
                first.as_ref().map(Step::text),
                all.first().map(Step::text),
                "overlap {overlap}"
            );
            compared += usize::from(first.is_some());
        }
    }
    assert!(compared >= 20, "only {compared} positions with a chain");
}
