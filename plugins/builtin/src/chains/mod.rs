//! Chains: links between candidates followed from cell to cell, on the engine's chain search.

pub mod aic;
mod aic_steps;
pub mod nice_loop;
pub mod remote_pair;
pub mod x_chain;
pub mod xy_chain;

use kaidoku_engine::chains::Links;
use kaidoku_engine::prelude::*;

/// A chain search that runs on any link graph.
trait OverLinks {
    fn search(&self, grid: &Grid, links: &impl Links, sink: &mut StepSink) -> Flow;
}

/// Run a chain search on the graph its nodes call for: with ALS nodes (groups come with
/// them), with group nodes, or of plain candidates.
fn search_over_links(
    technique: &impl OverLinks,
    analysis: &Analysis,
    (groups, als): (bool, bool),
    sink: &mut StepSink,
) -> Flow {
    let grid = analysis.grid();
    match (groups, als) {
        (_, true) => technique.search(grid, analysis.als_links(), sink),
        (true, false) => technique.search(grid, analysis.grouped_links(), sink),
        (false, false) => technique.search(grid, analysis.candidate_links(), sink),
    }
}
