//! Every continuous nice loop up to a length cap, not only the shortest ones.
//!
//! The breadth-first loop search finds, from each start, the shortest loops back to it. A
//! continuous loop's eliminations depend on every weak link in it, so a longer loop through
//! the same nodes can prove more (or other) things than the shortest ones; HoDoKu, whose
//! tables grow in their own order, often reports such a loop. This search lists every simple
//! alternating cycle of at most `max_links` links, depth first, each from its lowest node, so
//! what it finds does not depend on the order links are listed in. The number of loops grows
//! fast with the candidates left: it is meant for analysis (and HoDoKu's library), not for the
//! solve loop.

use super::bfs::{AtStart, Walk};
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{LinkVia, NodeId};
use super::loops::{LoopKind, NiceLoop, continuous_eliminations};
use super::search::allowed_nodes;
use crate::board::grid::Grid;
use crate::step::{Chain, LinkKind};
use std::ops::ControlFlow;

/// Every simple continuous loop the filter allows (at least four links, at most its length
/// cap) that eliminates something, each visited once per node it can be read from with its
/// first link strong. A loop is read from its lowest node.
pub fn find_every_continuous_loop<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    mut visit: impl FnMut(&NiceLoop) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let count = graph.node_count();
    let mut search = LoopSearch {
        graph,
        grid,
        filter,
        allowed: allowed_nodes(graph, grid, filter),
        used: vec![false; count],
        path: Vec::new(),
        links: Vec::new(),
        back: Walk::new(count).following(filter),
        start: 0,
    };
    for start in 0..count as NodeId {
        if !search.allowed[start as usize] {
            continue;
        }
        search.start = start;
        // How far each (node, state) is from closing the loop: the walk from the start
        // assumed true follows the loop backwards (its closing weak link first).
        let _ = search.back.run(
            graph,
            &search.allowed,
            filter,
            (start, true),
            AtStart::Avoid,
            |_, _| ControlFlow::<()>::Continue(()),
        );
        search.path.clear();
        search.path.push(start);
        search.used[start as usize] = true;
        search.extend(start, false, &mut visit)?;
        search.used[start as usize] = false;
        // Loops through this node have all been read from it: later starts leave it out.
        search.allowed[start as usize] = false;
    }
    ControlFlow::Continue(())
}

struct LoopSearch<'a, L: Links> {
    graph: &'a L,
    grid: &'a Grid,
    filter: &'a ChainFilter<'a>,
    /// Nodes still open to loops: live, allowed by the filter, above the start.
    allowed: Vec<bool>,
    /// Nodes on the path now.
    used: Vec<bool>,
    /// The nodes from the start (assumed false) to the node being extended.
    path: Vec<NodeId>,
    /// Per depth, the links of the node extended there (reused, nothing allocated per node).
    links: Vec<Vec<(NodeId, LinkVia)>>,
    /// The walk back from the start: how far each (node, state) is from closing.
    back: Walk,
    start: NodeId,
}

impl<L: Links> LoopSearch<'_, L> {
    /// Extend the path ending at `node` (true when `on`): strong links from a false node,
    /// weak ones from a true one; close it when a weak link leads back to the start.
    fn extend<B>(
        &mut self,
        node: NodeId,
        on: bool,
        visit: &mut impl FnMut(&NiceLoop) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let depth = self.path.len() - 1;
        if self.links.len() <= depth {
            self.links.push(Vec::new());
        }
        let mut links = std::mem::take(&mut self.links[depth]);
        links.clear();
        self.graph
            .for_each_link(node, !on, &mut |next, via| links.push((next, via)));
        let taken = links.len();
        let mut flow = ControlFlow::Continue(());
        for &(next, via) in &links[..taken] {
            let allowed_link = if on {
                (self.filter.weak)(via)
            } else {
                (self.filter.strong)(via)
            };
            if !allowed_link {
                continue;
            }
            let length = depth + 1;
            if next == self.start {
                // Round two links it is one strong link seen twice: nothing new.
                if on && length >= 4 {
                    flow = self.close(visit);
                    if flow.is_break() {
                        break;
                    }
                }
                continue;
            }
            if !self.allowed[next as usize] || self.used[next as usize] {
                continue;
            }
            // The walk back reached (next, !on) in `d` links: closing from `next` in state
            // `!on` takes at least `d` more.
            match self.back.depth_of(next, on) {
                Some(d) if length + d <= self.filter.max_links => {}
                _ => continue,
            }
            self.used[next as usize] = true;
            self.path.push(next);
            flow = self.extend(next, !on, visit);
            self.path.pop();
            self.used[next as usize] = false;
            if flow.is_break() {
                break;
            }
        }
        self.links[depth] = links;
        flow
    }

    /// Visit the loop of the path closed by a weak link back to the start, if it eliminates
    /// something.
    fn close<B>(&self, visit: &mut impl FnMut(&NiceLoop) -> ControlFlow<B>) -> ControlFlow<B> {
        let nodes: Vec<_> = self
            .path
            .iter()
            .chain(std::iter::once(&self.start))
            .map(|&id| self.graph.node(id))
            .collect();
        let links = (0..self.path.len())
            .map(|i| {
                if i % 2 == 0 {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                }
            })
            .collect();
        let chain = Chain { nodes, links };
        let eliminations = continuous_eliminations(self.grid, &chain);
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        visit(&NiceLoop {
            chain,
            kind: LoopKind::Continuous,
            eliminations,
            placement: None,
        })
    }
}
