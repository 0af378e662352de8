//! The alternating search: breadth first from every allowed start node, so every chain it
//! reports is a shortest one from its start.

use super::graph::{LinkVia, Links, NodeId};
use crate::candidates::Candidates;
use crate::cells::CellSet;
use crate::grid::Grid;
use crate::house::common_peers;
use crate::step::{Chain, ChainNode, LinkKind, NodeKind};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Which nodes and links a search may use.
pub struct ChainFilter<'a> {
    /// Nodes the chain may pass through (ends included).
    pub node: &'a dyn Fn(&ChainNode) -> bool,
    /// Strong links the chain may use, by what makes them.
    pub strong: &'a dyn Fn(LinkVia) -> bool,
    /// Weak links the chain may use.
    pub weak: &'a dyn Fn(LinkVia) -> bool,
    /// The most links in a chain.
    pub max_links: usize,
}

/// An alternating inference chain: its first or its last node is true, so `eliminations`
/// (weakly linked to both) are false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aic {
    pub chain: Chain,
    pub eliminations: Candidates,
}

/// What follows from "`start` or `end` is true": the candidates that exclude both.
pub fn aic_eliminations(grid: &Grid, start: &ChainNode, end: &ChainNode) -> Candidates {
    let mut out = Candidates::EMPTY;
    if matches!(start.kind, NodeKind::Als { .. }) || matches!(end.kind, NodeKind::Als { .. }) {
        return out;
    }
    if start.digit == end.digit {
        let seen = common_peers(start.cells | end.cells) & grid.cells_with(start.digit);
        out.insert_cells(seen, start.digit);
        return out;
    }
    // Two digits: only single cells say something.
    let (Some(a), Some(b)) = (start.cells.only(), end.cells.only()) else {
        return out;
    };
    if a == b {
        let others = grid.candidates(a)
            - crate::DigitSet::single(start.digit)
            - crate::DigitSet::single(end.digit);
        out.insert_digits(a, others);
    } else if crate::house::peers(a).contains(b) {
        // `a` holding end's digit would exclude `end` (they see each other) and `start`
        // (same cell); likewise `b` holding start's digit.
        if grid.has_candidate(a, end.digit) {
            out.insert(a, end.digit);
        }
        if grid.has_candidate(b, start.digit) {
            out.insert(b, start.digit);
        }
    }
    out
}

/// Every AIC the filter allows that eliminates something: from each allowed start node (in
/// node order), breadth first, each reachable end once. `visit` may stop the search.
pub fn find_aics<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    mut visit: impl FnMut(&Aic) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let count = graph.node_count();
    let allowed: Vec<bool> = (0..count as NodeId)
        .map(|id| graph.is_live(grid, id) && (filter.node)(&graph.node(id)))
        .collect();
    // Per (node, on): the node and state it was reached from; `UNSEEN` when not reached.
    const UNSEEN: u32 = u32::MAX;
    let mut parent = vec![UNSEEN; count * 2];
    let mut depth = vec![0u16; count * 2];
    let mut touched: Vec<usize> = Vec::new();
    let mut queue: VecDeque<(NodeId, bool)> = VecDeque::new();
    let mut next_links: Vec<(NodeId, LinkVia)> = Vec::new();
    for start in 0..count as NodeId {
        if !allowed[start as usize] {
            continue;
        }
        for &slot in &touched {
            parent[slot] = UNSEEN;
        }
        touched.clear();
        queue.clear();
        // The start is assumed false ("off"); its own slot points to itself.
        let start_slot = slot(start, false);
        parent[start_slot] = start_slot as u32;
        depth[start_slot] = 0;
        touched.push(start_slot);
        queue.push_back((start, false));
        while let Some((node, on)) = queue.pop_front() {
            let here = slot(node, on);
            if depth[here] as usize >= filter.max_links {
                continue;
            }
            // From a true node weak links lead on, from a false one strong links.
            next_links.clear();
            graph.for_each_link(node, !on, &mut |next, via| next_links.push((next, via)));
            for &(next, via) in &next_links {
                let allowed_link = if on {
                    (filter.weak)(via)
                } else {
                    (filter.strong)(via)
                };
                if !allowed[next as usize] || !allowed_link || next == start {
                    continue;
                }
                let there = slot(next, !on);
                if parent[there] != UNSEEN {
                    // Reached already in this state: a longer way adds nothing. What is
                    // reached, layer by layer, does not depend on the order links are listed
                    // in, so neither do the eliminations. The way found may pass a node in
                    // both states (false, later true): every link still holds, so the
                    // conclusion does too.
                    continue;
                }
                parent[there] = here as u32;
                depth[there] = depth[here] + 1;
                touched.push(there);
                queue.push_back((next, !on));
                if !on {
                    // `next` is on: the chain start … next is an AIC.
                    let (first, last) = (graph.node(start), graph.node(next));
                    let eliminations = aic_eliminations(grid, &first, &last);
                    if !eliminations.is_empty() {
                        let chain = trace_back(graph, &parent, there);
                        visit(&Aic {
                            chain,
                            eliminations,
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[inline]
fn slot(node: NodeId, on: bool) -> usize {
    node as usize * 2 + on as usize
}

/// The chain from the start to `end_slot`, following parents.
fn trace_back(graph: &impl Links, parent: &[u32], end_slot: usize) -> Chain {
    let mut slots = vec![end_slot];
    let mut here = end_slot;
    while parent[here] as usize != here {
        here = parent[here] as usize;
        slots.push(here);
    }
    slots.reverse();
    let nodes: Vec<ChainNode> = slots
        .iter()
        .map(|&s| graph.node((s / 2) as NodeId))
        .collect();
    // From an off node the link is strong, from an on node weak.
    let links = slots[..slots.len() - 1]
        .iter()
        .map(|&s| {
            if s % 2 == 0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            }
        })
        .collect();
    Chain { nodes, links }
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
