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

use super::board::{
    Cause, Implied, POTS, Pot, PotSet, Work, conjugate, is_on, pot, pot_cell, pot_digit,
};
use crate::board::digits::Digit;

const ABSENT: u16 = u16::MAX;

/// How implications are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Y-links (cell-mates and bivalue cells); off for Nishio.
    pub y_links: bool,
    /// Whether the chain removes its "off" potentials from the grid as it goes.
    pub dynamic: bool,
}

#[derive(Clone, Copy)]
struct Entry {
    pot: Pot,
    parents_start: u32,
    parents_len: u16,
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

    fn add(&mut self, p: Pot, parents: &[Pot], stored: bool) -> u32 {
        let at = self.entries.len() as u32;
        self.entries.push(Entry {
            pot: p,
            parents_start: self.parents.len() as u32,
            parents_len: parents.len() as u16,
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

    fn entry_parents(&self, at: u32) -> &[Pot] {
        let e = self.entries[at as usize];
        &self.parents[e.parents_start as usize..][..e.parents_len as usize]
    }

    /// SE's ancestor count of entry `at`: the distinct potentials it rests on, itself
    /// included.
    fn ancestors_of_entry(&self, at: u32, seen: &mut PotSet, stack: &mut Vec<Pot>) -> u32 {
        seen.clear();
        stack.clear();
        seen.insert(self.entries[at as usize].pot);
        let mut count = 1;
        stack.extend_from_slice(self.entry_parents(at));
        while let Some(p) = stack.pop() {
            if seen.insert(p) {
                count += 1;
                let e = self.index[p as usize];
                debug_assert!(e != ABSENT, "a parent is in the outcome");
                stack.extend_from_slice(self.entry_parents(e as u32));
            }
        }
        count
    }

    /// The ancestor count of a deduced potential.
    pub fn ancestors(&self, p: Pot, seen: &mut PotSet, stack: &mut Vec<Pot>) -> u32 {
        self.ancestors_of_entry(self.index[p as usize] as u32, seen, stack)
    }

    /// The ancestor counts of the contradiction's two potentials, summed.
    pub fn contradiction_complexity(&self, seen: &mut PotSet, stack: &mut Vec<Pot>) -> u32 {
        let (on, off) = self.contradiction.expect("a contradiction");
        self.ancestors_of_entry(on, seen, stack) + self.ancestors_of_entry(off, seen, stack)
    }

    fn path_of_entry(&self, mut at: u32) -> Vec<Pot> {
        let mut path = vec![self.entries[at as usize].pot];
        while let Some(&first) = self.entry_parents(at).first() {
            path.push(first);
            at = self.index[first as usize] as u32;
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
}

impl Chainer {
    /// SE's `doChaining` from `start` on the position `grid`: fills `out`.
    pub fn chain(&mut self, grid: &Work, start: Pot, mode: Mode, out: &mut Outcome) {
        out.reset();
        let mut cur = *grid;
        out.add(start, &[], true);
        self.pending_on.clear();
        self.pending_off.clear();
        match is_on(start) {
            true => self.pending_on.push_back(start),
            false => self.pending_off.push_back(start),
        }
        loop {
            if let Some(p) = self.pending_on.pop_front() {
                cur.on_to_off(p, mode.y_links, &mut self.implied);
                for &(q, _) in self.implied.as_slice() {
                    if out.contains(conjugate(q)) {
                        let on = out.index[conjugate(q) as usize] as u32;
                        let off = out.add(q, &[p], false);
                        out.contradiction = Some((on, off));
                        return;
                    }
                    if !out.contains(q) {
                        out.add(q, &[p], true);
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
                for (i, &(q, _)) in self.implied.as_slice().iter().enumerate() {
                    let (a, b) = self.hidden[i];
                    let parents = &self.parent_buf[a as usize..b as usize];
                    if out.contains(conjugate(q)) {
                        let off = out.index[conjugate(q) as usize] as u32;
                        let on = out.add(q, parents, false);
                        out.contradiction = Some((on, off));
                        return;
                    }
                    if !out.contains(q) {
                        out.add(q, parents, true);
                        self.pending_on.push_back(q);
                    }
                }
            } else {
                return;
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
