//! The AIC sweep (see `aic_sweep.rs`) over any graph's links, followed from bitsets of
//! (node, state) slots: for graphs with group or ALS nodes, where the grid's bitboards do not
//! hold the nodes. It derives the same levels as the walk without recording parents, and asks
//! of each node reached true whether the AIC to it would eliminate anything (on bitboards when
//! both ends are candidates, else as the search does, by [`aic_eliminations`]).
//!
//! It follows every link of the graph, so it is used only when the filter allows every kind.

use super::bfs::LinkKinds;
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{CANDIDATE_NODES, NodeId};
use super::search::aic_eliminations;
use super::slot_levels::SlotLevels;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::peers;

/// The walk's levels, reused from start to start.
pub(crate) struct NodeSweep(SlotLevels);

impl NodeSweep {
    /// `None` when the filter leaves some kind of link out.
    pub fn new(graph: &impl Links, filter: &ChainFilter) -> Option<NodeSweep> {
        LinkKinds::of(filter)
            .all()
            .then(|| NodeSweep(SlotLevels::new(graph.node_count())))
    }

    /// See [`super::aic_sweep::AicSweep::may_end`].
    pub fn may_end(
        &mut self,
        graph: &impl Links,
        grid: &Grid,
        allowed: &[bool],
        start: NodeId,
        max_links: usize,
    ) -> bool {
        // The walk never comes back to the start, in either state.
        self.0.start((start, false), &[(start, true)]);
        for _ in 0..max_links {
            let level = self.0.advance(graph, allowed);
            if level.is_empty() {
                return false;
            }
            let ends = level.iter().filter(|&&there| there % 2 == 1);
            if ends
                .map(|&there| there / 2)
                .any(|end| eliminates(graph, grid, start, end))
            {
                return true;
            }
        }
        false
    }
}

/// Whether "`start` or `end` is true" eliminates something: [`aic_eliminations`] is not empty.
pub(super) fn eliminates(graph: &impl Links, grid: &Grid, start: NodeId, end: NodeId) -> bool {
    if start >= CANDIDATE_NODES || end >= CANDIDATE_NODES {
        return !aic_eliminations(grid, &graph.node(start), &graph.node(end)).is_empty();
    }
    // Two candidates, on bitboards (the cases of `aic_eliminations`).
    let (a, d) = (Cell::new(start as usize / 9), (start % 9) as Digit + 1);
    let (b, e) = (Cell::new(end as usize / 9), (end % 9) as Digit + 1);
    if d == e {
        return !(peers(a) & peers(b) & grid.cells_with(d)).is_empty();
    }
    if a == b {
        return grid.candidates(a).len() >= 3;
    }
    peers(a).contains(b) && (grid.has_candidate(a, e) || grid.has_candidate(b, d))
}
