//! The breadth-first alternating walk both chain searches stand on: from a start node in a
//! state (true or false), strong links lead from false nodes to true ones and weak links from
//! true nodes to false ones. Each (node, state) is reached once, by a shortest way, and the
//! way back is kept so the chain can be written out.

use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{LinkVia, NodeId, slot};
use crate::step::{Chain, ChainNode, LinkKind};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// A (node, state) reached by the walk: `on` when the node is then true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reached {
    pub node: NodeId,
    pub on: bool,
    /// How many links lead to it.
    pub depth: usize,
}

/// The walk's buffers, reused from start to start (nothing is allocated per start once they
/// have grown).
pub(super) struct Walk {
    /// Per (node, state): the slot it was reached from; `UNSEEN` when not reached.
    parent: Vec<u32>,
    depth: Vec<u16>,
    touched: Vec<usize>,
    queue: VecDeque<(NodeId, bool)>,
    next_links: Vec<(NodeId, LinkVia)>,
    /// With [`Walk::keep_every_shortest_way`]: per slot, the other slots it is reached from
    /// by a way just as short, as a list threaded through `other_parents` (its first entry,
    /// `NONE` when there is none); nothing allocated per slot.
    first_other: Option<Vec<u32>>,
    /// (parent slot, next entry of the same slot's list).
    other_parents: Vec<(u32, u32)>,
    /// The links the filter allows, when known before the walks (see [`Walk::following`]).
    kinds: Option<LinkKinds>,
}

/// Which links a filter allows, by what makes them: a walk looks each link up here instead of
/// asking the filter (a filter's answer depends on nothing else).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LinkKinds {
    strong: [bool; VIA_KINDS],
    weak: [bool; VIA_KINDS],
}

/// A cell, each of the 27 houses, an almost locked set, a digit's templates.
const VIA_KINDS: usize = 30;

impl LinkKinds {
    pub fn of(filter: &ChainFilter) -> LinkKinds {
        let via = |index: usize| match index {
            0 => LinkVia::Cell,
            28 => LinkVia::Als,
            29 => LinkVia::Templates,
            house => LinkVia::House(crate::board::house::House::new(house - 1)),
        };
        LinkKinds {
            strong: std::array::from_fn(|i| (filter.strong)(via(i))),
            weak: std::array::from_fn(|i| (filter.weak)(via(i))),
        }
    }

    /// Whether every link is allowed, strong and weak.
    pub fn all(&self) -> bool {
        self.strong.iter().chain(&self.weak).all(|&allowed| allowed)
    }

    #[inline]
    fn allows(&self, via: LinkVia, strong: bool) -> bool {
        let index = match via {
            LinkVia::Cell => 0,
            LinkVia::House(house) => 1 + house.index(),
            LinkVia::Als => 28,
            LinkVia::Templates => 29,
        };
        match strong {
            true => self.strong[index],
            false => self.weak[index],
        }
    }
}

const NONE: u32 = u32::MAX;

const UNSEEN: u32 = u32::MAX;

/// What the walk does on reaching the start again in the other state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AtStart {
    /// Never go back to the start (an AIC's nodes differ from its first).
    Avoid,
    /// Report reaching the start in the other state, without walking on from it (a nice
    /// loop that closes on its start).
    Report,
}

impl Walk {
    pub fn new(node_count: usize) -> Walk {
        Walk {
            parent: vec![UNSEEN; node_count * 2],
            depth: vec![0; node_count * 2],
            touched: Vec::new(),
            queue: VecDeque::new(),
            next_links: Vec::new(),
            first_other: None,
            other_parents: Vec::new(),
            kinds: None,
        }
    }

    /// Walk only under `filter`'s links (any length cap): they are looked up once, here,
    /// rather than at every link.
    pub fn following(mut self, filter: &ChainFilter) -> Walk {
        self.kinds = Some(LinkKinds::of(filter));
        self
    }

    /// Keep every shortest way to each (node, state), not only the first found, so that
    /// [`Walk::every_chain_to`] can list them: what depends on the whole chain, not only its
    /// ends, then does not depend on the order links are listed in.
    pub fn keep_every_shortest_way(mut self) -> Walk {
        self.first_other = Some(vec![NONE; self.parent.len()]);
        self
    }

    /// Walk from `start` in state `start_on` over the nodes `allowed` and the links the filter
    /// allows, up to its length cap, calling `reached` on each (node, state) the first time it
    /// is reached (the chain to it is then [`Walk::chain_to`]).
    pub fn run<B>(
        &mut self,
        graph: &impl Links,
        allowed: &[bool],
        filter: &ChainFilter,
        (start, start_on): (NodeId, bool),
        at_start: AtStart,
        mut reached: impl FnMut(&Walk, Reached) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for &slot in &self.touched {
            self.parent[slot] = UNSEEN;
            if let Some(first_other) = &mut self.first_other {
                first_other[slot] = NONE;
            }
        }
        self.touched.clear();
        self.queue.clear();
        self.other_parents.clear();
        let start_slot = slot(start, start_on);
        self.parent[start_slot] = start_slot as u32;
        self.depth[start_slot] = 0;
        self.touched.push(start_slot);
        self.queue.push_back((start, start_on));
        let kinds = match self.kinds {
            Some(kinds) => {
                debug_assert_eq!(
                    kinds,
                    LinkKinds::of(filter),
                    "the walk follows another filter"
                );
                kinds
            }
            None => LinkKinds::of(filter),
        };
        while let Some((node, on)) = self.queue.pop_front() {
            let here = slot(node, on);
            // Reported when taken from the queue, not when first reached: by then every way
            // to it as short as the first is known (all of the layer before have been walked).
            if here != start_slot {
                let found = Reached {
                    node,
                    on,
                    depth: self.depth[here] as usize,
                };
                reached(self, found)?;
            }
            let back_at_start = node == start && here != start_slot;
            if back_at_start || self.depth[here] as usize >= filter.max_links {
                continue;
            }
            // From a true node weak links lead on, from a false one strong links.
            let mut next_links = std::mem::take(&mut self.next_links);
            next_links.clear();
            let links = match graph.link_list(node, !on) {
                Some(list) => list,
                None => {
                    graph.for_each_link(node, !on, &mut |next, via| next_links.push((next, via)));
                    &next_links
                }
            };
            for &(next, via) in links {
                if !allowed[next as usize] || !kinds.allows(via, !on) {
                    continue;
                }
                if next == start && (at_start == AtStart::Avoid || on != start_on) {
                    continue;
                }
                let there = slot(next, !on);
                if self.parent[there] != UNSEEN {
                    if let Some(first_other) = &mut self.first_other
                        && self.depth[there] == self.depth[here] + 1
                        && self.parent[there] != here as u32
                    {
                        self.other_parents.push((here as u32, first_other[there]));
                        first_other[there] = (self.other_parents.len() - 1) as u32;
                    }
                    // Reached already in this state: a longer way adds nothing. What is
                    // reached, layer by layer, does not depend on the order links are listed
                    // in, so neither do the conclusions. The way found may pass a node in
                    // both states (false, later true): every link still holds, so the
                    // conclusion does too.
                    continue;
                }
                self.parent[there] = here as u32;
                self.depth[there] = self.depth[here] + 1;
                self.touched.push(there);
                self.queue.push_back((next, !on));
            }
            self.next_links = next_links;
        }
        ControlFlow::Continue(())
    }

    /// How many links lead to a (node, state) in the last run; `None` when it was not reached.
    pub fn depth_of(&self, node: NodeId, on: bool) -> Option<usize> {
        let here = slot(node, on);
        (self.parent[here] != UNSEEN).then(|| self.depth[here] as usize)
    }

    /// The chain from the start to a (node, state) reached by the last run.
    pub fn chain_to(&self, graph: &impl Links, node: NodeId, on: bool) -> Chain {
        let mut slots = vec![slot(node, on)];
        let mut here = slots[0];
        while self.parent[here] as usize != here {
            here = self.parent[here] as usize;
            slots.push(here);
        }
        slots.reverse();
        chain_of(graph, &slots)
    }

    /// Every shortest chain from the start to a (node, state), at most `limit` of them (the
    /// walk must keep every shortest way). In a fixed order: by the slots they pass.
    pub fn every_chain_to(
        &self,
        graph: &impl Links,
        node: NodeId,
        on: bool,
        limit: usize,
    ) -> Vec<Chain> {
        let mut ways: Vec<Vec<usize>> = Vec::new();
        let mut partial = vec![slot(node, on)];
        self.collect_ways(&mut partial, &mut ways, limit);
        ways.sort();
        ways.iter().map(|slots| chain_of(graph, slots)).collect()
    }

    fn collect_ways(&self, partial: &mut Vec<usize>, ways: &mut Vec<Vec<usize>>, limit: usize) {
        if ways.len() >= limit {
            return;
        }
        let here = *partial.last().expect("a way has a slot");
        let parent = self.parent[here] as usize;
        if parent == here {
            let mut way = partial.clone();
            way.reverse();
            ways.push(way);
            return;
        }
        let mut parents = vec![parent];
        let mut entry = self.first_other.as_ref().map_or(NONE, |f| f[here]);
        while entry != NONE {
            let (other, next) = self.other_parents[entry as usize];
            parents.push(other as usize);
            entry = next;
        }
        parents.sort_unstable();
        for p in parents {
            partial.push(p);
            self.collect_ways(partial, ways, limit);
            partial.pop();
        }
    }
}

/// The chain through slots in order (each a node and its state).
fn chain_of(graph: &impl Links, slots: &[usize]) -> Chain {
    {
        let nodes: Vec<ChainNode> = slots
            .iter()
            .map(|&s| graph.node((s / 2) as NodeId))
            .collect();
        // From a false node the link is strong, from a true one weak.
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
}
