//! The AIC sweep (see `aic_sweep.rs`) over any graph's links, followed from bitsets of
//! (node, state) slots: for graphs with group or ALS nodes, where the grid's bitboards do not
//! hold the nodes. It derives the same levels as the walk without recording parents, and asks
//! of each node reached true whether the AIC to it would eliminate anything (on bitboards when
//! both ends are candidates, else as the search does: see [`eliminates`]).
//!
//! It follows every link of the graph, so it is used only when the filter allows every kind.

use super::aic_eliminations::eliminates;
use super::bfs::LinkKinds;
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::NodeId;
use super::slot_levels::SlotLevels;
use crate::board::grid::Grid;

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
