//! SE's general implication search (its `doChaining`): from one assumption, every potential
//! that follows, each with the parents it was first deduced from, until the queues run dry
//! or a candidate would be both on and off.
//!
//! The queue is first in, first out, "on" potentials before "off" ones. Static chains
//! (multiple forcing chains) read the position as it is. Dynamic chains (Nishio, dynamic
//! forcing chains) remove each "off" potential from their copy of the grid once it has given
//! its implications, so later implications may rest on several earlier ones: those are the
//! "hidden parents" SE records (the candidates of the cell, or the places of the digit in the
//! house, that the chain already removed). Nishio chains use X-links only.
//!
//! From SE's level 1 up ("dynamic plus" and the nested levels), each time the queues run dry
//! the search asks a [`Nesting`] hook for the candidates SE's "advanced" rules remove on the
//! chain's grid (its basic rules, then nested chaining producers); those go on as "off"
//! potentials whose parents are the removals the rule needed, so the difficulty counts them.

use super::board::{Cause, Implied, POTS, Pot, Work, conjugate, is_on, pot, pot_cell, pot_digit};
use crate::board::digits::Digit;

const ABSENT: u16 = u16::MAX;

/// An entry's cause, packed: a house index (a hidden single or an X-link), or one of these.
pub const CAUSE_CELL: u8 = 253;
pub const CAUSE_ADVANCED: u8 = 254;
pub const CAUSE_NONE: u8 = 255;

pub fn pack(cause: Cause) -> u8 {
    match cause {
        Cause::Cell => CAUSE_CELL,
        Cause::House(h) => h.index() as u8,
    }
}

/// A nested hint an "advanced" potential comes from: SE's `FullChain` identity (a hash of its
/// chains) and its complexity, which the container's complexity adds once per distinct chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NestRef {
    pub key: u64,
    pub complexity: u32,
}

/// Potentials the advanced rules turn off, with their parents, in SE's order.
#[derive(Default)]
pub struct AdvSink {
    /// (potential, parents start, parents length, nested hint).
    pub items: Vec<(Pot, u32, u32, Option<NestRef>)>,
    pub parents: Vec<Pot>,
}

impl AdvSink {
    pub fn clear(&mut self) {
        self.items.clear();
        self.parents.clear();
    }

    /// One potential turned off by a rule whose parents are `parents`.
    pub fn push(&mut self, p: Pot, parents: &[Pot], nested: Option<NestRef>) {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.items.push((p, start, parents.len() as u32, nested));
    }
}

/// SE's `getAdvancedPotentials`: what its other rules remove on the chain's grid `cur`, the
/// chain having started on `source`; the parents must be "off" potentials of `out`.
pub trait Nesting {
    fn advanced(&mut self, source: &Work, cur: &Work, out: &Outcome, sink: &mut AdvSink);
}

/// No advanced rules (levels 0: static, Nishio, plain dynamic).
pub struct NoNesting;

impl Nesting for NoNesting {
    fn advanced(&mut self, _: &Work, _: &Work, _: &Outcome, _: &mut AdvSink) {}
}

/// How implications are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Y-links (cell-mates and bivalue cells); off for Nishio.
    pub y_links: bool,
    /// Whether the chain removes its "off" potentials from the grid as it goes.
    pub dynamic: bool,
    /// Whether the [`Nesting`] hook is asked when the queues run dry (SE's level > 0).
    pub nested: bool,
}

#[derive(Clone, Copy)]
struct Entry {
    pot: Pot,
    parents_start: u32,
    parents_len: u16,
    cause: u8,
    /// Index in `Outcome::nests`, or `u32::MAX`.
    nest: u32,
}

/// Everything that follows from one assumption.
pub struct Outcome {
    index: Vec<u16>,
    entries: Vec<Entry>,
    parents: Vec<Pot>,
    /// The "on" potentials in the order they were deduced (the assumption first when on).
    pub on_order: Vec<Pot>,
    /// The "off" potentials in the order they were deduced.
    pub off_order: Vec<Pot>,
    /// The entries of a potential found both on and off, when the search stopped there:
    /// (the on one, the off one).
    contradiction: Option<(u32, u32)>,
    nests: Vec<NestRef>,
}

impl Default for Outcome {
    fn default() -> Self {
        Outcome {
            index: vec![ABSENT; POTS],
            entries: Vec::new(),
            parents: Vec::new(),
            on_order: Vec::new(),
            off_order: Vec::new(),
            contradiction: None,
            nests: Vec::new(),
        }
    }
}

impl Outcome {
    fn reset(&mut self) {
        for e in &self.entries {
            self.index[e.pot as usize] = ABSENT;
        }
        self.entries.clear();
        self.parents.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.contradiction = None;
        self.nests.clear();
    }

    /// Whether the potential follows.
    #[inline]
    pub fn contains(&self, p: Pot) -> bool {
        self.index[p as usize] != ABSENT
    }

    /// Whether the search met a contradiction.
    pub fn is_contradiction(&self) -> bool {
        self.contradiction.is_some()
    }

    fn add(&mut self, p: Pot, parents: &[Pot], cause: u8, stored: bool) -> u32 {
        self.add_nested(p, parents, cause, u32::MAX, stored)
    }

    fn add_nested(&mut self, p: Pot, parents: &[Pot], cause: u8, nest: u32, stored: bool) -> u32 {
        let at = self.entries.len() as u32;
        self.entries.push(Entry {
            pot: p,
            parents_start: self.parents.len() as u32,
            parents_len: parents.len() as u16,
            cause,
            nest,
        });
        self.parents.extend_from_slice(parents);
        if stored {
            self.index[p as usize] = at as u16;
            match is_on(p) {
                true => self.on_order.push(p),
                false => self.off_order.push(p),
            }
        }
        at
    }

    /// Entry `at`: its potential, parents, packed cause and nested hint.
    pub(super) fn entry(&self, at: u32) -> (Pot, &[Pot], u8, Option<NestRef>) {
        let e = self.entries[at as usize];
        let nest = (e.nest != u32::MAX).then(|| self.nests[e.nest as usize]);
        (e.pot, self.entry_parents(at), e.cause, nest)
    }

    /// The entry of a potential, if it is deduced.
    #[inline]
    pub(super) fn find(&self, p: Pot) -> Option<u32> {
        let at = self.index[p as usize];
        (at != ABSENT).then_some(at as u32)
    }

    fn entry_parents(&self, at: u32) -> &[Pot] {
        let e = self.entries[at as usize];
        &self.parents[e.parents_start as usize..][..e.parents_len as usize]
    }

    /// The entry of a deduced potential.
    #[inline]
    pub fn entry_of(&self, p: Pot) -> u32 {
        self.index[p as usize] as u32
    }

    /// The entries of the contradiction: (the on one, the off one).
    pub fn contradiction_entries(&self) -> (u32, u32) {
        self.contradiction.expect("a contradiction")
    }

    fn path_of_entry(&self, mut at: u32) -> Vec<Pot> {
        let mut path = vec![self.entries[at as usize].pot];
        while let Some(&first) = self.entry_parents(at).first() {
            path.push(first);
            match self.find(first) {
                Some(e) => at = e,
                None => break,
            }
        }
        path.reverse();
        path
    }

    /// The chain to a deduced potential along first parents, assumption first.
    pub fn path(&self, p: Pot) -> Vec<Pot> {
        self.path_of_entry(self.index[p as usize] as u32)
    }

    /// The two chains of the contradiction (to the on and to the off potential).
    pub fn contradiction_paths(&self) -> [Vec<Pot>; 2] {
        let (on, off) = self.contradiction.expect("a contradiction");
        [self.path_of_entry(on), self.path_of_entry(off)]
    }
}

/// The reusable buffers of the search.
#[derive(Default)]
pub struct Chainer {
    pending_on: std::collections::VecDeque<Pot>,
    pending_off: std::collections::VecDeque<Pot>,
    implied: Implied,
    parent_buf: Vec<Pot>,
    hidden: Vec<(u32, u32)>,
    sink: AdvSink,
}

impl Chainer {
    /// SE's `doChaining` from `start` on the position `grid`: fills `out`.
    pub fn chain(
        &mut self,
        grid: &Work,
        start: Pot,
        mode: Mode,
        out: &mut Outcome,
        hook: &mut dyn Nesting,
    ) {
        out.reset();
        let mut cur = *grid;
        out.add(start, &[], CAUSE_NONE, true);
        self.pending_on.clear();
        self.pending_off.clear();
        match is_on(start) {
            true => self.pending_on.push_back(start),
            false => self.pending_off.push_back(start),
        }
        loop {
            if let Some(p) = self.pending_on.pop_front() {
                cur.on_to_off(p, mode.y_links, &mut self.implied);
                for &(q, cause) in self.implied.as_slice() {
                    if out.contains(conjugate(q)) {
                        let on = out.index[conjugate(q) as usize] as u32;
                        let off = out.add(q, &[p], pack(cause), false);
                        out.contradiction = Some((on, off));
                        return;
                    }
                    if !out.contains(q) {
                        out.add(q, &[p], pack(cause), true);
                        self.pending_off.push_back(q);
                    }
                }
            } else if let Some(p) = self.pending_off.pop_front() {
                cur.off_to_on(p, mode.y_links, true, &mut self.implied);
                // Hidden parents are read before `p` itself leaves the grid.
                self.parent_buf.clear();
                self.hidden.clear();
                for &(q, cause) in self.implied.as_slice() {
                    let start = self.parent_buf.len() as u32;
                    self.parent_buf.push(p);
                    if mode.dynamic {
                        hidden_parents(grid, &cur, q, cause, &mut self.parent_buf);
                    }
                    self.hidden.push((start, self.parent_buf.len() as u32));
                }
                if mode.dynamic {
                    cur.remove(pot_cell(p), pot_digit(p));
                }
                for (i, &(q, cause)) in self.implied.as_slice().iter().enumerate() {
                    let (a, b) = self.hidden[i];
                    let parents = &self.parent_buf[a as usize..b as usize];
                    if out.contains(conjugate(q)) {
                        let off = out.index[conjugate(q) as usize] as u32;
                        let on = out.add(q, parents, pack(cause), false);
                        out.contradiction = Some((on, off));
                        return;
                    }
                    if !out.contains(q) {
                        out.add(q, parents, pack(cause), true);
                        self.pending_on.push_back(q);
                    }
                }
            } else {
                return;
            }
            if mode.nested && self.pending_on.is_empty() && self.pending_off.is_empty() {
                // SE adds these without checking their "on" twins: a clash shows later, if at all.
                self.sink.clear();
                hook.advanced(grid, &cur, out, &mut self.sink);
                for i in 0..self.sink.items.len() {
                    let (q, a, n, nested) = self.sink.items[i];
                    if out.contains(q) {
                        continue;
                    }
                    let nest = match nested {
                        Some(r) => {
                            out.nests.push(r);
                            out.nests.len() as u32 - 1
                        }
                        None => u32::MAX,
                    };
                    let parents = &self.sink.parents[a as usize..(a + n) as usize];
                    out.add_nested(q, parents, CAUSE_ADVANCED, nest, true);
                    self.pending_off.push_back(q);
                }
            }
        }
    }
}

/// The candidates a dynamic chain already removed that an implication rests on: the cell's
/// other candidates (a naked single) or the digit's other places in the house (a hidden
/// single), as "off" potentials.
fn hidden_parents(source: &Work, cur: &Work, q: Pot, cause: Cause, out: &mut Vec<Pot>) {
    let (cell, digit) = (pot_cell(q), pot_digit(q));
    match cause {
        Cause::Cell => {
            let mut gone = source.mask(cell) & !cur.mask(cell);
            while gone != 0 {
                let d = gone.trailing_zeros() as Digit + 1;
                gone &= gone - 1;
                out.push(pot(cell, d, false));
            }
        }
        Cause::House(house) => {
            for other in source.positions(house, digit) - cur.positions(house, digit) {
                out.push(pot(other, digit, false));
            }
        }
    }
}
