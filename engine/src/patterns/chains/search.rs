//! The alternating search: breadth first from every allowed start node, so every chain it
//! reports is a shortest one from its start.

use super::aic_eliminations::{aic_eliminations, eliminates};
use super::aic_sweep::AicSweep;
use super::bfs::{AtStart, LinkKinds, Walk};
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{NodeId, candidate_id, slot};
use super::loop_reach::reach_of;
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::grid::Grid;
use crate::step::{Chain, NodeKind};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// An alternating inference chain: its first or its last node is true, so `eliminations`
/// (weakly linked to both) are false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aic {
    /// The chain, from one end to the other.
    pub chain: Chain,
    /// The candidates it eliminates.
    pub eliminations: Candidates,
}

/// Every AIC the filter allows that eliminates something: from each allowed start node (in
/// node order), breadth first, each reachable end once. `visit` may stop the search. A level
/// sweep first skips the starts the walk would report nothing from (`aic_sweep.rs`).
pub fn find_aics<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    visit: impl FnMut(&Aic) -> ControlFlow<B>,
) -> ControlFlow<B> {
    find_aics_swept(graph, grid, filter, true, visit)
}

/// [`find_aics`], with or without the sweep that skips starts the walk would find nothing
/// from (the tests compare both).
pub(super) fn find_aics_swept<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    sweep: bool,
    mut visit: impl FnMut(&Aic) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let allowed = allowed_nodes(graph, grid, filter);
    // What each start makes true at any length: when it holds no end worth an AIC, neither
    // does the walk (nor the sweep). It follows every link, so only when all are allowed.
    let reach = (sweep && LinkKinds::of(filter).all()).then(|| reach_of(graph, grid, &allowed));
    // The sweep and the walk are made when a start first needs them: most searches walk from
    // no start, and with the reach most sweep from none. The sweep: `Some(None)` when it
    // cannot follow the filter's links.
    let mut made_sweep: Option<Option<AicSweep>> = None;
    let mut walk: Option<Walk> = None;
    for start in 0..graph.node_count() as NodeId {
        if !allowed[start as usize] {
            continue;
        }
        if let Some(reach) = &reach
            && !reach.makes_true_any((start, false), |end| eliminates(graph, grid, start, end))
        {
            continue;
        }
        if sweep
            && let Some(made) =
                made_sweep.get_or_insert_with(|| AicSweep::new(graph, grid, filter, &allowed))
            && !made.may_end(graph, grid, &allowed, start, filter.max_links)
        {
            continue;
        }
        let walk = walk.get_or_insert_with(|| Walk::new(graph.node_count()).following(filter));
        // The start is assumed false: whatever is then reached as true closes an AIC.
        walk.run(
            graph,
            &allowed,
            filter,
            (start, false),
            AtStart::Avoid,
            |walk, end| {
                if !end.on {
                    return ControlFlow::Continue(());
                }
                let (first, last) = (graph.node(start), graph.node(end.node));
                let eliminations = aic_eliminations(grid, &first, &last);
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let chain = walk.chain_to(graph, end.node, true);
                visit(&Aic {
                    chain,
                    eliminations,
                })
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// The nodes a search may use: live in the position and allowed by the filter.
pub(super) fn allowed_nodes(graph: &impl Links, grid: &Grid, filter: &ChainFilter) -> Vec<bool> {
    let count = graph.node_count();
    let mut allowed = vec![false; count];
    // A candidate can be live only where the grid has it: the grid's candidates, not every
    // id below 729 (most are gone), then the other nodes. The grid's candidates are live by
    // that very reading (a candidate's id is its node): only the filter is asked.
    for cell in Cell::all() {
        for digit in grid.candidates(cell) {
            let id = candidate_id(cell, digit);
            if (id as usize) < count {
                allowed[id as usize] = (filter.node)(&graph.node(id));
            }
        }
    }
    for id in 81 * 9..count as NodeId {
        allowed[id as usize] = graph.is_live(grid, id) && (filter.node)(&graph.node(id));
    }
    allowed
}

/// Every cell of a chain.
pub fn chain_cells(chain: &Chain) -> CellSet {
    chain
        .nodes
        .iter()
        .fold(CellSet::EMPTY, |acc, node| acc | node.cells)
}

/// Every candidate an assumption reaches: from "`start` is false", following strong links to
/// what is then true and weak links to what is then false, as far as the filter allows (no
/// length cap). Group and ALS nodes are passed through but not listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Candidates that must then be true.
    pub on: Candidates,
    /// Candidates that must then be false (the start included).
    pub off: Candidates,
}

/// The consequences of assuming `start` false, under `filter` (see [`Reach`]).
pub fn propagate(graph: &impl Links, grid: &Grid, filter: &ChainFilter, start: NodeId) -> Reach {
    let count = graph.node_count();
    let mut seen = vec![false; count * 2];
    let mut reach = Reach::default();
    let mut queue = VecDeque::from([(start, false)]);
    seen[slot(start, false)] = true;
    while let Some((node, on)) = queue.pop_front() {
        let n = graph.node(node);
        if n.kind == NodeKind::Candidate
            && let Some(cell) = n.cells.first()
        {
            if on {
                reach.on.insert(cell, n.digit);
            } else {
                reach.off.insert(cell, n.digit);
            }
        }
        graph.for_each_link(node, !on, &mut |next, via| {
            let allowed = if on {
                (filter.weak)(via)
            } else {
                (filter.strong)(via)
            };
            if !allowed
                || seen[slot(next, !on)]
                || !graph.is_live(grid, next)
                || !(filter.node)(&graph.node(next))
            {
                return;
            }
            seen[slot(next, !on)] = true;
            queue.push_back((next, !on));
        });
    }
    reach
}
