//! A quick test, per start, of whether the nice-loop walk from it can report a loop at all.
//!
//! Most starts close no loop, yet the walk (`bfs.rs`) records a parent and every other
//! shortest way for each (node, state) it reaches. Which (node, state)s it reaches, and at
//! which depth, does not depend on the order it follows links in: a depth is the distance from
//! the start over the allowed nodes (the walk reaches each (node, state) once, by a shortest
//! way, and follows no link from a (node, state) at the length cap or from the start come back
//! in the other state). So the same reach can be derived a whole level at a time, without
//! parents: on bitboards when the nodes are the grid's candidates, over bitsets of node ids
//! otherwise. Both derive exactly the walk's depths (a test compares them).
//!
//! The loop search turns a reached (node, state) into a loop only for the few kinds listed in
//! [`LoopSweep::may_close`], each within a depth bound; when the sweep reaches none of them,
//! neither does the walk, and the start is skipped. As the reach is exact, no start that would
//! give a loop is ever skipped; a test also compares the loops found with and without it.
//!
//! Before a sweep, the reach of every start at any length ([`LoopReach`], found for all starts
//! at once) leaves out the starts that cannot close however far they go: nearly all of them.
//!
//! The sweep follows every link of the graph, so it is used only when the search's filter
//! allows every kind of link.

use super::bfs::LinkKinds;
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{CANDIDATE_NODES, NodeId};
use super::loop_reach::reach_of;
use super::reach_table::LoopReach;
use super::slot_levels::SlotLevels;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, peers};
use std::borrow::Cow;

/// The reach of one start, level by level, on whichever representation fits the graph; the
/// starts that cannot close at any length left out first.
pub(super) struct LoopSweep<'a> {
    /// Shared with the other searches over the graph when it keeps one.
    reach: Cow<'a, LoopReach>,
    /// Set up when a start first gets past the reach (few do).
    exact: Option<ExactSweep>,
}

pub(super) enum ExactSweep {
    Candidates(Box<CandidateSweep>),
    Nodes(NodeSweep),
}

/// The start of a walk and what the loop search makes of the (node, state)s it reaches.
struct Ends {
    start: NodeId,
    cell: Cell,
    digit: Digit,
    start_on: bool,
    /// The walk's length cap.
    max_links: usize,
    /// The start's cell has two candidates / at least three.
    bivalue: bool,
    many: bool,
}

impl Ends {
    /// The ends of a walk from the candidate `start` assumed `start_on`, up to `max_links`.
    fn new(grid: &Grid, (start, start_on): (NodeId, bool), max_links: usize) -> Ends {
        let cell = Cell::new(start as usize / 9);
        let candidates = grid.candidates(cell).len();
        Ends {
            start,
            cell,
            digit: (start % 9) as Digit + 1,
            start_on,
            max_links,
            bivalue: candidates == 2,
            many: candidates >= 3,
        }
    }

    /// Whether the loop search may report a loop on reaching `node` in state `on` at `depth`
    /// (`weakly_linked`: whether `node` has a weak link to the start; asked last, only for a
    /// node of the start's digit reached true). After `loops.rs`, with every link allowed:
    ///
    /// - assumed false: the start back true (a placement, up to the cap); another candidate
    ///   of its cell true, below the cap, when the cell has a third candidate for the loop to
    ///   remove; a node of its digit true and weakly linked back to it, below the cap and
    ///   three links away at least (a continuous loop has four links or more);
    /// - assumed true: the start back false (up to the cap); another candidate of its cell
    ///   true, below the cap; in a bivalue cell, the other candidate false, below the cap and
    ///   three links away at least.
    fn closes(
        &self,
        (node, on): (NodeId, bool),
        depth: usize,
        weakly_linked: impl FnOnce() -> bool,
    ) -> bool {
        if node == self.start {
            return on != self.start_on;
        }
        if depth >= self.max_links {
            return false;
        }
        let in_cell = node < CANDIDATE_NODES && node as usize / 9 == self.cell.index();
        match (self.start_on, on) {
            (true, true) => in_cell,
            (true, false) => in_cell && self.bivalue && depth >= 3,
            (false, true) if in_cell => self.many,
            (false, true) => depth >= 3 && weakly_linked(),
            (false, false) => false,
        }
    }
}

impl<'a> LoopSweep<'a> {
    /// A sweep for searches over `graph` under `filter`, through the nodes `allowed` (the same
    /// in every [`LoopSweep::may_close`]); `None` when the filter leaves some kind of link out
    /// (the sweep follows every link).
    pub fn new(
        graph: &'a impl Links,
        grid: &Grid,
        filter: &ChainFilter,
        allowed: &[bool],
    ) -> Option<LoopSweep<'a>> {
        if !LinkKinds::of(filter).all() {
            return None;
        }
        Some(LoopSweep {
            reach: reach_of(graph, grid, allowed),
            exact: None,
        })
    }

    /// Whether the walk from the candidate `start` assumed `start_on`, over the nodes
    /// `allowed` and up to `max_links` links, reaches a (node, state) the loop search could
    /// turn into a loop (see [`Ends::closes`]). `false` proves the walk finds no loop.
    pub fn may_close(
        &mut self,
        graph: &impl Links,
        grid: &Grid,
        allowed: &[bool],
        (start, start_on): (NodeId, bool),
        max_links: usize,
    ) -> bool {
        if !self.reach.may_close((start, start_on)) {
            return false;
        }
        let ends = Ends::new(grid, (start, start_on), max_links);
        let exact = self.exact.get_or_insert_with(|| {
            if graph.grid_candidates_only() {
                ExactSweep::Candidates(Box::new(CandidateSweep::new(grid, allowed)))
            } else {
                ExactSweep::Nodes(NodeSweep::new(graph.node_count()))
            }
        });
        match exact {
            ExactSweep::Candidates(sweep) => sweep.may_close(&ends),
            ExactSweep::Nodes(sweep) => sweep.may_close(graph, allowed, &ends),
        }
    }
}

/// The grid's candidate links on bitboards (one `u128` of cells per digit).
pub(super) struct CandidateSweep {
    cells_with: [u128; 9],
    /// For each digit, its bivalue cells.
    bivalue: [u128; 9],
    /// For each bivalue cell, the indices of its two digits added: less the one made false,
    /// the other's.
    bivalue_sum: [u8; 81],
    /// For each digit and cell, the other places of the houses where the digit has two.
    conjugates: [[u128; 81]; 9],
    /// The allowed candidates, per digit.
    allowed: [u128; 9],
}

/// Candidates per digit reached true and false.
#[derive(Clone, Copy, Default)]
struct Level {
    on: [u128; 9],
    off: [u128; 9],
}

impl CandidateSweep {
    fn new(grid: &Grid, allowed: &[bool]) -> CandidateSweep {
        let cells_with: [u128; 9] = std::array::from_fn(|d| grid.cells_with(d as Digit + 1).bits());
        let (mut bivalue, mut bivalue_sum) = ([0u128; 9], [0u8; 81]);
        for cell in grid.empty_cells() {
            let digits = grid.candidates(cell);
            if digits.len() == 2 {
                for digit in digits {
                    bivalue[digit as usize - 1] |= 1 << cell.index();
                    bivalue_sum[cell.index()] += digit - 1;
                }
            }
        }
        let mut conjugates = [[0u128; 81]; 9];
        for house in House::all() {
            for (d, cells) in cells_with.iter().enumerate() {
                let places = cells & house.cells().bits();
                if places.count_ones() == 2 {
                    let (a, b) = (places.trailing_zeros(), 127 - places.leading_zeros());
                    conjugates[d][a as usize] |= 1 << b;
                    conjugates[d][b as usize] |= 1 << a;
                }
            }
        }
        CandidateSweep {
            cells_with,
            bivalue,
            bivalue_sum,
            conjugates,
            allowed: std::array::from_fn(|d| {
                (0..81)
                    .filter(|&cell| allowed[cell * 9 + d])
                    .fold(0, |bits, cell| bits | 1 << cell)
            }),
        }
    }

    fn may_close(&self, ends: &Ends) -> bool {
        let (d, bit) = (ends.digit as usize - 1, 1u128 << ends.cell.index());
        let mut seen = Level::default();
        if ends.start_on {
            seen.on[d] = bit;
        } else {
            seen.off[d] = bit;
        }
        let mut fresh = seen;
        let near = peers(ends.cell).bits();
        for depth in 1..=ends.max_links {
            let mut next = self.next_level(&fresh);
            let mut any = 0;
            for e in 0..9 {
                next.on[e] &= !seen.on[e];
                next.off[e] &= !seen.off[e];
                any |= next.on[e] | next.off[e];
            }
            if any == 0 {
                return false;
            }
            // Only the start's cell and its peers can close: look there.
            for e in 0..9 {
                for (on, cells) in [(true, next.on[e]), (false, next.off[e])] {
                    let mut close = cells & (bit | near);
                    while close != 0 {
                        let index = close.trailing_zeros();
                        close &= close - 1;
                        let node = index * 9 + e as u32;
                        let weakly_linked = || e == d;
                        if ends.closes((node, on), depth, weakly_linked) {
                            return true;
                        }
                    }
                }
                seen.on[e] |= next.on[e];
                seen.off[e] |= next.off[e];
            }
            fresh = next;
        }
        false
    }

    /// What `fresh` leads to in one link (before leaving out what was reached already).
    fn next_level(&self, fresh: &Level) -> Level {
        let mut next = Level::default();
        // A true candidate makes the rest of its cell false: digit e loses the cells where
        // another digit is true (prefix and suffix unions leave e's own out).
        let mut before = [0u128; 9];
        let mut union = 0u128;
        for (before, on) in before.iter_mut().zip(&fresh.on) {
            *before = union;
            union |= on;
        }
        let mut after = 0u128;
        for e in (0..9).rev() {
            next.off[e] = (before[e] | after) & self.cells_with[e];
            after |= fresh.on[e];
        }
        // And its digit in every peer.
        for (e, off) in next.off.iter_mut().enumerate() {
            let mut bits = fresh.on[e];
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                *off |= peers(Cell::new(index)).bits() & self.cells_with[e];
            }
        }
        // A false candidate makes the other of its bivalue cell true, and the other place of
        // each house where its digit has two (each of both, when both are false).
        for e in 0..9 {
            let mut bits = fresh.off[e];
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                next.on[e] |= self.conjugates[e][index];
                if self.bivalue[e] >> index & 1 != 0 {
                    next.on[self.bivalue_sum[index] as usize - e] |= 1 << index;
                }
            }
        }
        for e in 0..9 {
            next.on[e] &= self.allowed[e];
            next.off[e] &= self.allowed[e];
        }
        next
    }
}

/// Any graph's links, followed from bitsets of (node, state) slots.
pub(super) struct NodeSweep(SlotLevels);

impl NodeSweep {
    fn new(node_count: usize) -> NodeSweep {
        NodeSweep(SlotLevels::new(node_count))
    }

    fn may_close(&mut self, graph: &impl Links, allowed: &[bool], ends: &Ends) -> bool {
        self.0.start((ends.start, ends.start_on), &[]);
        for depth in 1..=ends.max_links {
            let level = self.0.advance(graph, allowed);
            if level.is_empty() {
                return false;
            }
            for &there in level {
                let (node, on) = (there / 2, there % 2 == 1);
                let weakly_linked = || {
                    graph.node(node).digit == ends.digit && {
                        let mut linked = false;
                        graph.for_each_link(node, false, &mut |to, _| {
                            linked |= to == ends.start;
                        });
                        linked
                    }
                };
                if ends.closes((node, on), depth, weakly_linked) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
#[path = "loop_sweep_tests.rs"]
mod tests;
