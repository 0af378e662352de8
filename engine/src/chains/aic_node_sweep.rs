//! The AIC sweep (see `aic_sweep.rs`) over any graph's links, followed from bitsets of
//! (node, state) slots: for graphs with group or ALS nodes, where the grid's bitboards do not
//! hold the nodes. It derives the same levels as the walk without recording parents, and asks
//! of each node reached true whether the AIC to it would eliminate anything (on bitboards when
//! both ends are candidates, else as the search does, by [`aic_eliminations`]).
//!
//! It follows every link of the graph, so it is used only when the filter allows every kind.

use super::bfs::{LinkKinds, slot};
use super::graph::{Links, NodeId};
use super::search::{ChainFilter, aic_eliminations};
use crate::cells::Cell;
use crate::digits::Digit;
use crate::grid::Grid;
use crate::house::peers;

/// Plain candidates (node ids `cell * 9 + digit - 1`), below them every other kind of node.
const CANDIDATE_NODES: NodeId = 81 * 9;

/// Bitsets of slots and the level lists, reused from start to start.
pub(crate) struct NodeSweep {
    seen: Vec<u64>,
    fresh: Vec<u32>,
    next: Vec<u32>,
}

impl NodeSweep {
    /// `None` when the filter leaves some kind of link out.
    pub fn new(graph: &impl Links, filter: &ChainFilter) -> Option<NodeSweep> {
        LinkKinds::of(filter).all().then(|| NodeSweep {
            seen: vec![0; (graph.node_count() * 2).div_ceil(64)],
            fresh: Vec::new(),
            next: Vec::new(),
        })
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
        self.seen.fill(0);
        self.fresh.clear();
        // The walk never comes back to the start, in either state.
        for on in [false, true] {
            let there = slot(start, on);
            self.seen[there / 64] |= 1 << (there % 64);
        }
        self.fresh.push(slot(start, false) as u32);
        for _ in 0..max_links {
            let (seen, next) = (&mut self.seen, &mut self.next);
            next.clear();
            for &here in &self.fresh {
                let (node, on) = (here / 2, here % 2 == 1);
                let mut reach = |to: NodeId| {
                    let there = slot(to, !on);
                    let (word, mask) = (there / 64, 1u64 << (there % 64));
                    if allowed[to as usize] && seen[word] & mask == 0 {
                        seen[word] |= mask;
                        next.push(there as u32);
                    }
                };
                // From a true node weak links lead on, from a false one strong links.
                match graph.link_list(node, !on) {
                    Some(list) => list.iter().for_each(|&(to, _)| reach(to)),
                    None => graph.for_each_link(node, !on, &mut |to, _| reach(to)),
                }
            }
            if next.is_empty() {
                return false;
            }
            let ends = next.iter().filter(|&&there| there % 2 == 1);
            if ends
                .map(|&there| there / 2)
                .any(|end| eliminates(graph, grid, start, end))
            {
                return true;
            }
            std::mem::swap(&mut self.fresh, &mut self.next);
        }
        false
    }
}

/// Whether "`start` or `end` is true" eliminates something: [`aic_eliminations`] is not empty.
fn eliminates(graph: &impl Links, grid: &Grid, start: NodeId, end: NodeId) -> bool {
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
