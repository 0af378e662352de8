//! A walk's levels over any graph's (node, state) slots, without parents: what the sweeps of
//! the loop and AIC searches follow when the nodes are not the grid's candidates alone (groups,
//! almost locked sets), where bitboards do not hold them.
//!
//! A level is the set of (node, state)s first reached by one more link: from a true node weak
//! links lead on, from a false one strong links, through the nodes `allowed`. Each slot is
//! entered once, as the walk enters it, so the levels are the walk's depths.

use super::graph::Links;
use super::ids::{NodeId, slot};

/// Bitsets of the slots seen and the current and next levels, reused from start to start.
pub(super) struct SlotLevels {
    seen: Vec<u64>,
    fresh: Vec<u32>,
    next: Vec<u32>,
}

impl SlotLevels {
    pub fn new(node_count: usize) -> SlotLevels {
        SlotLevels {
            seen: vec![0; (node_count * 2).div_ceil(64)],
            fresh: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Start afresh from `start` in state `on`; the slots `barred` (the start's own, say) are
    /// never entered.
    pub fn start(&mut self, (start, on): (NodeId, bool), barred: &[(NodeId, bool)]) {
        self.seen.fill(0);
        for &(node, state) in barred.iter().chain([&(start, on)]) {
            let there = slot(node, state);
            self.seen[there / 64] |= 1 << (there % 64);
        }
        self.fresh.clear();
        self.fresh.push(slot(start, on) as u32);
    }

    /// The next level's slots (`node * 2 + on`), empty when the walk has nowhere left to go.
    pub fn advance(&mut self, graph: &impl Links, allowed: &[bool]) -> &[u32] {
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
            match graph.link_list(node, !on) {
                Some(list) => list.iter().for_each(|&(to, _)| reach(to)),
                None => graph.for_each_link(node, !on, &mut |to, _| reach(to)),
            }
        }
        std::mem::swap(&mut self.fresh, &mut self.next);
        &self.fresh
    }
}
