//! SE's static producer "Forcing Chains & Cycles": bidirectional X-, Y- and XY-cycles and
//! forcing X-chains and forcing chains, found by SE's three passes (X-links only, Y-cycles,
//! both), each over every candidate of every cell with two or more.

use super::board::{
    Implied, POTS, Pot, PotSet, Work, conjugate, house_cells_with, is_on, pot, pot_cell, pot_digit,
};
use super::hint::{Rule, SeHint, Shape, Source, conclusion};
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::grid::Grid;

const ROOT: u32 = u32::MAX;

/// A node of the cycle search: potentials may repeat (with other parents), as in SE.
#[derive(Clone, Copy)]
struct Node {
    pot: Pot,
    parent: u32,
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
    seen: PotSet,
    queue_on: Vec<Pot>,
    queue_off: Vec<Pot>,
}

/// Every hint of "Forcing Chains & Cycles" at this position, in the order SE finds them
/// (not yet sorted).
pub fn forcing_chains_and_cycles(grid: &Grid) -> Vec<SeHint> {
    let mut search = Search {
        work: Work::new(grid),
        nodes: Vec::with_capacity(4096),
        pending_on: Vec::new(),
        pending_off: Vec::new(),
        cycles: Vec::new(),
        implied: Implied::default(),
        parent: vec![0; POTS],
        seen: PotSet::default(),
        queue_on: Vec::new(),
        queue_off: Vec::new(),
    };
    let mut hints = Vec::new();
    // SE's passes: X-cycles and forcing X-chains; Y-cycles; cycles and chains with both.
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in grid.empty_cells() {
            let count = search.work.count(cell);
            if count < 2 {
                continue;
            }
            for digit in grid.candidates(cell) {
                search.unary(cell, digit, y, x, &mut hints);
            }
        }
    }
    hints
}

impl Search {
    fn unary(&mut self, cell: Cell, digit: u8, y: bool, x: bool, hints: &mut Vec<SeHint>) {
        if self.work.count(cell) > 2 && !x {
            return; // Y-cycles start from bivalue cells only
        }
        let source = pot(cell, digit, true);
        self.cycles(source, y, x);
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
                if let Some(chain) = self.forcing(start, y) {
                    let target = *chain.last().expect("a chain");
                    let (eliminations, placement) = conclusion(target, self.work.mask(cell));
                    hints.push(SeHint {
                        rule: Rule::Static,
                        shape,
                        source: Source::Candidate(cell, digit),
                        eliminations,
                        placement,
                        complexity: chain.len() as u32,
                        chains: vec![chain],
                    });
                }
            }
        }
    }

    /// SE's cycle search from an "on" potential: breadth first, on and off levels in turn;
    /// off potentials are not merged (only one that is an ancestor of its parent is
    /// dropped), on potentials are. A cycle is the source met again after four links or more.
    fn cycles(&mut self, source: Pot, y: bool, x: bool) {
        self.nodes.clear();
        self.cycles.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.seen.clear();
        self.nodes.push(Node {
            pot: source,
            parent: ROOT,
        });
        self.seen.insert(source);
        self.pending_on.push(0);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            for i in 0..self.pending_on.len() {
                let at = self.pending_on[i];
                let p = self.nodes[at as usize].pot;
                self.work.on_to_off(p, y, &mut self.implied);
                for &(off, _) in self.implied.as_slice() {
                    if !self.is_ancestor(at, off) {
                        self.pending_off.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: off,
                            parent: at,
                        });
                    }
                }
            }
            self.pending_on.clear();
            length += 1;
            for i in 0..self.pending_off.len() {
                let at = self.pending_off[i];
                let p = self.nodes[at as usize].pot;
                self.work.off_to_on(p, y, x, &mut self.implied);
                for &(on, _) in self.implied.as_slice() {
                    if length >= 4 && on == source {
                        self.cycles.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: on,
                            parent: at,
                        });
                    }
                    if self.seen.insert(on) {
                        self.pending_on.push(self.nodes.len() as u32);
                        self.nodes.push(Node {
                            pot: on,
                            parent: at,
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
    fn cycle_hint(&self, end: u32, shape: Shape, cell: Cell, digit: u8) -> Option<SeHint> {
        let mut path = Vec::new();
        let mut cells = CellSet::EMPTY;
        let mut node = end;
        while self.nodes[node as usize].parent != ROOT {
            let p = self.nodes[node as usize].pot;
            path.push(p);
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
        })
    }

    /// SE's forcing chain search from `start` (on or off): breadth first, on and off levels
    /// in turn, every potential once. The chain is the first that reaches `start`'s negation,
    /// from the assumption to that conclusion.
    fn forcing(&mut self, start: Pot, y: bool) -> Option<Vec<Pot>> {
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
        'search: while !self.queue_on.is_empty() || !self.queue_off.is_empty() {
            for i in 0..self.queue_on.len() {
                let p = self.queue_on[i];
                self.work.on_to_off(p, y, &mut self.implied);
                for &(off, _) in self.implied.as_slice() {
                    if off == goal {
                        self.parent[off as usize] = p;
                        found = Some(off);
                        break 'search;
                    }
                    if self.seen.insert(off) {
                        self.parent[off as usize] = p;
                        self.queue_off.push(off);
                    }
                }
            }
            self.queue_on.clear();
            for i in 0..self.queue_off.len() {
                let p = self.queue_off[i];
                self.work.off_to_on(p, y, true, &mut self.implied);
                for &(on, _) in self.implied.as_slice() {
                    if on == goal {
                        self.parent[on as usize] = p;
                        found = Some(on);
                        break 'search;
                    }
                    if self.seen.insert(on) {
                        self.parent[on as usize] = p;
                        self.queue_on.push(on);
                    }
                }
            }
            self.queue_off.clear();
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
}
