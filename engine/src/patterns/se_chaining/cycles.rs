//! SE's static producer "Forcing Chains & Cycles": bidirectional X-, Y- and XY-cycles and
//! forcing X-chains and forcing chains, found by SE's three passes (X-links only, Y-cycles,
//! both), each over every candidate of every cell with two or more.

use super::board::{
    Implied, POTS, Pot, PotSet, Work, conjugate, house_cells_with, is_on, pot, pot_cell, pot_digit,
};
use super::chaining::{CAUSE_NONE, pack};
use super::hint::{Rule, SeHint, Shape, Source, conclusion};
use super::measure::{Nest, collect_removed};
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::grid::Grid;
use std::mem::take;

const ROOT: u32 = u32::MAX;

/// A node of the cycle search: potentials may repeat (with other parents), as in SE.
#[derive(Clone, Copy)]
struct Node {
    pot: Pot,
    parent: u32,
    /// How the parent implied it (packed as in `chaining`).
    cause: u8,
}

/// The reusable buffers of the searches (no allocation per node).
struct Search {
    work: Work,
    nodes: Vec<Node>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    cycles: Vec<u32>,
    implied: Implied,
    parent: Vec<Pot>,
    cause: Vec<u8>,
    seen: PotSet,
    /// Each potential's implications in this pass (the grid does not change, and SE's
    /// searches meet a potential many times): a range of `link_items`, or `u32::MAX`.
    link_at: Vec<(u32, u32)>,
    link_items: Vec<(Pot, super::board::Cause)>,
    link_flags: (bool, bool),
    /// The container chain's grid, when this producer runs nested inside one.
    initial: Option<Work>,
    listed: PotSet,
    queue_on: Vec<Pot>,
    queue_off: Vec<Pot>,
}

/// Every hint of "Forcing Chains & Cycles" at this position, in the order SE finds them
/// (not yet sorted).
pub fn forcing_chains_and_cycles(grid: &Grid) -> Vec<SeHint> {
    cycles_on(&Work::new(grid), None)
}

/// The hints of "Forcing Chains & Cycles" on `work`; `initial` is the container chain's grid
/// when the producer runs nested inside one (each hint then carries its rule parents).
pub fn cycles_on(work: &Work, initial: Option<&Work>) -> Vec<SeHint> {
    let mut search = Search {
        work: *work,
        nodes: Vec::with_capacity(4096),
        pending_on: Vec::new(),
        pending_off: Vec::new(),
        cycles: Vec::new(),
        implied: Implied::default(),
        parent: vec![0; POTS],
        cause: vec![CAUSE_NONE; POTS],
        seen: PotSet::default(),
        link_at: vec![(u32::MAX, 0); POTS],
        link_items: Vec::new(),
        link_flags: (false, false),
        initial: initial.copied(),
        listed: PotSet::default(),
        queue_on: Vec::new(),
        queue_off: Vec::new(),
    };
    let mut hints = Vec::new();
    // SE's passes: X-cycles and forcing X-chains; Y-cycles; cycles and chains with both.
    for (y, x) in [(false, true), (true, false), (true, true)] {
        search.link_flags = (y, x);
        search.link_at.fill((u32::MAX, 0));
        search.link_items.clear();
        for cell in CellSet::ALL {
            let count = search.work.count(cell);
            if count < 2 {
                continue;
            }
            let mask = search.work.mask(cell);
            for digit in (1..=9).filter(|d| mask >> (d - 1) & 1 == 1) {
                search.unary(cell, digit, y, x, &mut hints);
            }
        }
    }
    hints
}

impl Search {
    /// The implications of `p` with this pass's links (forcing chains always use X-links,
    /// and run only in the passes that have them).
    fn links(&mut self, p: Pot) -> (usize, usize) {
        let (start, len) = self.link_at[p as usize];
        if start != u32::MAX {
            return (start as usize, (start + len) as usize);
        }
        let (y, x) = self.link_flags;
        match is_on(p) {
            true => self.work.on_to_off(p, y, &mut self.implied),
            false => self.work.off_to_on(p, y, x, &mut self.implied),
        }
        let start = self.link_items.len() as u32;
        self.link_items.extend_from_slice(self.implied.as_slice());
        let len = self.implied.as_slice().len() as u32;
        self.link_at[p as usize] = (start, len);
        (start as usize, (start + len) as usize)
    }

    fn unary(&mut self, cell: Cell, digit: u8, y: bool, x: bool, hints: &mut Vec<SeHint>) {
        if self.work.count(cell) > 2 && !x {
            return; // Y-cycles start from bivalue cells only
        }
        let source = pot(cell, digit, true);
        self.cycles(source);
        let cycle_shape = match (y, x) {
            (true, true) => Shape::Cycle,
            (true, false) => Shape::YCycle,
            _ => Shape::XCycle,
        };
        for i in 0..self.cycles.len() {
            let end = self.cycles[i];
            if let Some(hint) = self.cycle_hint(end, cycle_shape, cell, digit) {
                hints.push(hint);
            }
        }
        if x {
            let shape = if y {
                Shape::ForcingChain
            } else {
                Shape::ForcingXChain
            };
            for start in [source, conjugate(source)] {
                if let Some(chain) = self.forcing(start) {
                    let target = *chain.last().expect("a chain");
                    let (eliminations, placement) = conclusion(target, self.work.mask(cell));
                    let nest = self.initial.map(|initial| {
                        // SE walks the chain from its target back to the assumption.
                        let causes: Vec<u8> =
                            chain.iter().map(|&p| self.cause[p as usize]).collect();
                        let mut parents = Vec::new();
                        self.listed.clear();
                        let mut key = FNV_START;
                        for (i, &p) in chain.iter().enumerate().rev() {
                            key = hash(key, p);
                            let cause = if i == 0 { CAUSE_NONE } else { causes[i] };
                            if is_on(p) {
                                collect_removed(
                                    &initial,
                                    &self.work,
                                    p,
                                    cause,
                                    &mut self.listed,
                                    &mut parents,
                                );
                            }
                        }
                        Nest {
                            parents,
                            key: hash(key, 0xffff),
                        }
                    });
                    hints.push(SeHint {
                        rule: Rule::Static,
                        shape,
                        source: Source::Candidate(cell, digit),
                        eliminations,
                        placement,
                        complexity: chain.len() as u32,
                        chains: vec![chain],
                        nest,
                    });
                }
            }
        }
    }

    /// SE's cycle search from an "on" potential: breadth first, on and off levels in turn;
    /// off potentials are not merged (only one that is an ancestor of its parent is
    /// dropped), on potentials are. A cycle is the source met again after four links or more.
    fn cycles(&mut self, source: Pot) {
        self.nodes.clear();
        self.cycles.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.seen.clear();
        self.nodes.push(Node {
            pot: source,
            parent: ROOT,
            cause: CAUSE_NONE,
        });
        self.seen.insert(source);
        self.pending_on.push(0);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            for i in 0..self.pending_on.len() {
                let at = self.pending_on[i];
                let p = self.nodes[at as usize].pot;
                let (a, b) = self.links(p);
                for k in a..b {
                    let (off, cause) = self.link_items[k];
                    if !self.is_ancestor(at, off) {
                        self.pending_off.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: off,
                            parent: at,
                            cause: pack(cause),
                        });
                    }
                }
            }
            self.pending_on.clear();
            length += 1;
            for i in 0..self.pending_off.len() {
                let at = self.pending_off[i];
                let p = self.nodes[at as usize].pot;
                let (a, b) = self.links(p);
                for k in a..b {
                    let (on, cause) = self.link_items[k];
                    if length >= 4 && on == source {
                        self.cycles.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: on,
                            parent: at,
                            cause: pack(cause),
                        });
                    }
                    if self.seen.insert(on) {
                        self.pending_on.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: on,
                            parent: at,
                            cause: pack(cause),
                        });
                    }
                }
            }
            self.pending_off.clear();
        }
    }

    /// Whether `p` is a proper ancestor of node `at` (SE's `isParent`).
    fn is_ancestor(&self, at: u32, p: Pot) -> bool {
        let mut node = self.nodes[at as usize].parent;
        while node != ROOT {
            if self.nodes[node as usize].pot == p {
                return true;
            }
            node = self.nodes[node as usize].parent;
        }
        false
    }

    /// The hint of the cycle ending at node `end`: a candidate outside the cycle's cells that
    /// sees an on node and an off node of its digit goes, whichever way the cycle runs.
    fn cycle_hint(&mut self, end: u32, shape: Shape, cell: Cell, digit: u8) -> Option<SeHint> {
        let mut path = Vec::new();
        let mut causes = Vec::new();
        let mut cells = CellSet::EMPTY;
        let mut node = end;
        while self.nodes[node as usize].parent != ROOT {
            let p = self.nodes[node as usize].pot;
            path.push(p);
            causes.push(self.nodes[node as usize].cause);
            cells.insert(pot_cell(p));
            node = self.nodes[node as usize].parent;
        }
        path.push(self.nodes[node as usize].pot);
        let (mut forward, mut back) = (Candidates::EMPTY, Candidates::EMPTY);
        for &p in &path[..path.len() - 1] {
            let d = pot_digit(p);
            let seen = house_cells_with(&self.work, pot_cell(p), d) - cells;
            match is_on(p) {
                true => forward.insert_cells(seen, d),
                false => back.insert_cells(seen, d),
            }
        }
        let mut eliminations = Candidates::EMPTY;
        for d in 1..=9 {
            eliminations.insert_cells(forward.cells_of(d) & back.cells_of(d), d);
        }
        if eliminations.is_empty() {
            return None;
        }
        // `path` runs from the end back to the root (the source again, last).
        let nest = self.initial.map(|initial| {
            let mut parents = Vec::new();
            self.listed.clear();
            let mut key = FNV_START;
            // The chain to the end "on": every node but the root (equal to the end).
            for (i, &p) in path[..path.len() - 1].iter().enumerate() {
                key = hash(key, p);
                if is_on(p) {
                    collect_removed(
                        &initial,
                        &self.work,
                        p,
                        causes[i],
                        &mut self.listed,
                        &mut parents,
                    );
                }
            }
            key = hash(key, 0xffff);
            // The reversed cycle, from the source "off": each node negated, with its cause.
            key = hash(key, conjugate(path[path.len() - 1]));
            for i in (1..path.len() - 1).rev() {
                let p = conjugate(path[i]);
                key = hash(key, p);
                if is_on(p) {
                    collect_removed(
                        &initial,
                        &self.work,
                        p,
                        causes[i],
                        &mut self.listed,
                        &mut parents,
                    );
                }
            }
            Nest {
                parents,
                key: hash(key, 0xffff),
            }
        });
        path.reverse();
        let mut distinct = PotSet::default();
        for &p in &path {
            distinct.insert(p);
        }
        Some(SeHint {
            rule: Rule::Static,
            shape,
            source: super::hint::Source::Candidate(cell, digit),
            eliminations,
            placement: None,
            complexity: distinct.len(),
            chains: vec![path],
            nest,
        })
    }

    /// SE's forcing chain search from `start` (on or off): breadth first, on and off levels
    /// in turn, every potential once. The chain is the first that reaches `start`'s negation,
    /// from the assumption to that conclusion.
    fn forcing(&mut self, start: Pot) -> Option<Vec<Pot>> {
        self.seen.clear();
        self.queue_on.clear();
        self.queue_off.clear();
        self.seen.insert(start);
        self.parent[start as usize] = start;
        match is_on(start) {
            true => self.queue_on.push(start),
            false => self.queue_off.push(start),
        }
        let goal = conjugate(start);
        let mut found = None;
        while found.is_none() && (!self.queue_on.is_empty() || !self.queue_off.is_empty()) {
            found = self.layer(true, goal);
            if found.is_none() {
                found = self.layer(false, goal);
            }
        }
        let mut p = found?;
        let mut chain = vec![p];
        while p != start {
            p = self.parent[p as usize];
            chain.push(p);
        }
        chain.reverse();
        Some(chain)
    }

    /// One level of the forcing chain search: follows the links of the `on` queue's potentials
    /// (or the off queue's), in queue order, into the other queue, each potential once; stops
    /// at `goal`. The level's queue is left empty.
    fn layer(&mut self, on: bool, goal: Pot) -> Option<Pot> {
        let (mut from, mut to) = match on {
            true => (take(&mut self.queue_on), take(&mut self.queue_off)),
            false => (take(&mut self.queue_off), take(&mut self.queue_on)),
        };
        let mut found = None;
        'level: for &p in &from {
            let (a, b) = self.links(p);
            for k in a..b {
                let (next, cause) = self.link_items[k];
                let goal_met = next == goal;
                if goal_met || self.seen.insert(next) {
                    self.parent[next as usize] = p;
                    self.cause[next as usize] = pack(cause);
                    if goal_met {
                        found = Some(next);
                        break 'level;
                    }
                    to.push(next);
                }
            }
        }
        from.clear();
        match on {
            true => (self.queue_on, self.queue_off) = (from, to),
            false => (self.queue_off, self.queue_on) = (from, to),
        }
        found
    }
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

fn hash(key: u64, p: Pot) -> u64 {
    (key ^ (u64::from(p) + 1)).wrapping_mul(0x0100_0000_01b3)
}
