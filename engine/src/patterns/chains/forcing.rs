//! Forcing chains and nets: what follows from assuming one candidate true or false.
//!
//! From the assumption, facts ("this candidate is true", "... is false") are derived breadth
//! first on a scratch copy of the candidates: a true candidate makes the rest of its cell and
//! its digit in every peer false. A false candidate makes a candidate true through a strong
//! link of the position (chains: the other candidate of a bivalue cell, the other place of a
//! conjugate pair) or, for nets, through a single on the scratch candidates (the last
//! candidate of a cell, the last place of a digit in a house), so implications branch.
//! Each fact keeps the fact it was derived from, so a conclusion can be written out as the
//! chain leading to it. Derivation stops at the first contradiction (a candidate both true
//! and false, a cell with no candidate, a digit with no place in a house).
//!
//! Breadth first with the depth of each fact one more than its trigger's, facts are found
//! level by level: which facts lie within a depth cap does not depend on cell or digit order.
//! A run tells whether its cap cut off a new fact ([`Propagator::reached_cap`]): when it did
//! not, a run under any higher cap does exactly the same, so callers that raise the cap step
//! by step can keep the result instead of running again. When it did, the run can be kept
//! ([`Propagator::snapshot`]) and carried on under a higher cap ([`Propagator::resume`]) from
//! the first fact the old cap stopped: up to there a fresh run goes exactly the same way. Any
//! run can be kept ([`Propagator::keep`]) and read back later ([`Propagator::restore`]), so a
//! run already made need not be derived again to be measured or explained.

use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::house::{House, houses_of, peers};
use crate::step::{Chain, ChainNode, LinkKind};
use std::fmt;

/// A candidate assumed or derived true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fact {
    /// The candidate's cell.
    pub cell: Cell,
    /// The candidate's digit.
    pub digit: Digit,
    /// True when the candidate is the cell's value, false when it is not.
    pub on: bool,
}

/// `r1c2=5` (true) or `r1c2<>5` (false).
impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.on { "=" } else { "<>" };
        write!(f, "{}{op}{}", self.cell, self.digit)
    }
}

/// Why an assumption cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// The candidate would be both true and false (two values in a cell or a house).
    Both(Cell, Digit),
    /// The cell would keep no candidate.
    EmptyCell(Cell),
    /// The digit would have no place in the house.
    NoPlace(House, Digit),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Contradiction::Both(cell, digit) => write!(f, "{cell} both is and is not {digit}"),
            Contradiction::EmptyCell(cell) => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace(house, digit) => write!(f, "{house} has no place for {digit}"),
        }
    }
}

/// How facts are derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForcingOptions {
    /// With singles on the scratch candidates (nets), not only the position's strong links.
    pub nets: bool,
    /// The most derivation steps from the assumption to a fact.
    pub max_depth: usize,
}

/// What an assumption leads to (within the depth cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Candidates then true (the assumption included when it is "true").
    pub on: Candidates,
    /// Candidates then false.
    pub off: Candidates,
    /// Set when the assumption cannot hold (`on` and `off` are then partial).
    pub contradiction: Option<Contradiction>,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    fact: Fact,
    parent: u16,
    depth: u16,
}

const NO_PARENT: u16 = u16::MAX;
/// In [`Propagator::index`]: the fact was not derived.
const ABSENT: u16 = u16::MAX;

/// The row, column and box of each cell.
const CELL_HOUSES: [[House; 3]; 81] = {
    let mut table = [[House::row(0); 3]; 81];
    let mut i = 0;
    while i < 81 {
        table[i] = houses_of(Cell::new(i));
        i += 1;
    }
    table
};

/// Where a fact has its place in a per-fact table (729 candidates, true and false).
fn fact_slot(fact: Fact) -> usize {
    (fact.cell.index() * 9 + fact.digit as usize - 1) * 2 + fact.on as usize
}

/// A run kept: to be read back, or when its depth cap cut it short, carried on under a
/// higher one.
#[derive(Clone, Debug)]
pub struct Snapshot {
    facts: Vec<Entry>,
    cap: usize,
    reached_cap: bool,
    outcome: Outcome,
    contradiction_at: Option<(usize, Option<usize>)>,
}

impl Snapshot {
    /// What the kept run led to.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

/// The derivation's buffers, reused from assumption to assumption: after [`Propagator::run`]
/// the facts stay readable, so conclusions can be explained with [`Propagator::chain_to`].
pub struct Propagator<'g> {
    grid: &'g Grid,
    options: ForcingOptions,
    facts: Vec<Entry>,
    /// For each fact (by [`fact_slot`]), its place in `facts`, or [`ABSENT`].
    index: Box<[u16; 81 * 9 * 2]>,
    live: [CellSet; 9],
    /// The same per cell: the digits not (yet) derived false.
    live_digits: [DigitSet; 81],
    /// The grid's candidates, by digit and by cell: what `live` and `live_digits` start from.
    grid_live: [CellSet; 9],
    grid_live_digits: [DigitSet; 81],
    /// Whether the depth cap kept a new fact out.
    reached_cap: bool,
    outcome: Outcome,
    /// The fact that completed the contradiction, and for `Both` the opposite fact.
    contradiction_at: Option<(usize, Option<usize>)>,
}

impl<'g> Propagator<'g> {
    /// A propagator over `grid`'s candidates.
    pub fn new(grid: &'g Grid, options: ForcingOptions) -> Self {
        let grid_live = std::array::from_fn(|d| grid.cells_with(d as Digit + 1));
        let grid_live_digits = std::array::from_fn(|i| grid.candidates(Cell::new(i)));
        Propagator {
            grid,
            options,
            facts: Vec::with_capacity(81 * 9 * 2),
            index: Box::new([ABSENT; 81 * 9 * 2]),
            live: [CellSet::EMPTY; 9],
            live_digits: [DigitSet::EMPTY; 81],
            grid_live,
            grid_live_digits,
            reached_cap: false,
            outcome: Outcome::default(),
            contradiction_at: None,
        }
    }

    /// Assume `start` and derive what follows, to a fixpoint, the depth cap or a
    /// contradiction. `start` must be a candidate of the grid.
    #[inline]
    pub fn run(&mut self, start: Fact) -> Outcome {
        self.reset();
        if self.add(start, NO_PARENT, 0).is_ok() {
            self.derive_from(0, None);
        }
        self.outcome
    }

    /// Assume `start` and derive what follows only until every fact of `wanted` is derived
    /// (or as far as [`Propagator::run`] goes, if not all are): enough to read their depths
    /// ([`Propagator::depth_of`]) and chains, which are those a whole run gives them, as facts
    /// come level by level. The rest of the run is partial: not to be kept or measured.
    pub fn run_until(&mut self, start: Fact, wanted: &[Fact]) {
        self.reset();
        if self.add(start, NO_PARENT, 0).is_ok() {
            self.derive_from(0, Some(wanted));
        }
    }

    /// The last run, when its cap cut it short without a contradiction: what
    /// [`Propagator::resume`] carries on.
    pub fn snapshot(&self) -> Option<Snapshot> {
        (self.reached_cap && self.outcome.contradiction.is_none()).then(|| self.keep())
    }

    /// The last run, kept whatever it met, for [`Propagator::restore`].
    pub fn keep(&self) -> Snapshot {
        Snapshot {
            facts: self.facts.clone(),
            cap: self.options.max_depth,
            reached_cap: self.reached_cap,
            outcome: self.outcome,
            contradiction_at: self.contradiction_at,
        }
    }

    /// The same as a fresh run of the kept run's assumption under this propagator's cap: read
    /// back when the snapshot holds that run (kept under this cap, or under a lower one that
    /// cut nothing off), carried on when it was cut short without a contradiction, else run
    /// again.
    pub fn restore(&mut self, snapshot: &Snapshot) -> Outcome {
        let cap = self.options.max_depth;
        if snapshot.cap != cap && (snapshot.reached_cap || snapshot.cap > cap) {
            return self.resume(snapshot);
        }
        self.reset();
        for (index, entry) in snapshot.facts.iter().enumerate() {
            self.index[fact_slot(entry.fact)] = index as u16;
            let Fact { cell, digit, on } = entry.fact;
            // A fact that clashed was recorded but not made (see `add`).
            if !on && snapshot.outcome.off.contains(cell, digit) {
                self.live[digit as usize - 1].remove(cell);
                self.live_digits[cell.index()].remove(digit);
            }
        }
        self.facts.extend_from_slice(&snapshot.facts);
        self.outcome = snapshot.outcome;
        self.contradiction_at = snapshot.contradiction_at;
        self.reached_cap = snapshot.reached_cap;
        self.outcome
    }

    /// Carry on a run kept under a lower cap: the same as a fresh run of its assumption under
    /// this propagator's cap, without deriving again what it had.
    #[inline]
    pub fn resume(&mut self, snapshot: &Snapshot) -> Outcome {
        let cut = snapshot.reached_cap && snapshot.outcome.contradiction.is_none();
        if snapshot.cap >= self.options.max_depth || !cut {
            return self.run(snapshot.facts[0].fact);
        }
        self.reset();
        self.facts.extend_from_slice(&snapshot.facts);
        for (index, entry) in snapshot.facts.iter().enumerate() {
            let Fact { cell, digit, on } = entry.fact;
            self.index[fact_slot(entry.fact)] = index as u16;
            if !on {
                self.live_digits[cell.index()].remove(digit);
            }
        }
        // Without a contradiction every fact was made: the outcome holds them all.
        self.outcome = snapshot.outcome;
        for (live, digit) in self.live.iter_mut().zip(1..) {
            *live -= snapshot.outcome.off.cells_of(digit);
        }
        // Facts come in order of depth; those at the old cap were not followed.
        let next = self
            .facts
            .partition_point(|e| (e.depth as usize) < snapshot.cap);
        self.derive_from(next, None);
        self.outcome
    }

    /// Expand the facts from `next` on, to the end of the run, or (`wanted`) until those
    /// facts are all derived.
    fn derive_from(&mut self, mut next: usize, wanted: Option<&[Fact]>) {
        let (mut level, mut derived) = (self.facts.get(next).map_or(0, |e| e.depth), 0);
        while next < self.facts.len() {
            if let Some(wanted) = wanted {
                // A level's facts are all derived once the first of the next one comes up.
                let depth = self.facts[next].depth;
                if depth != level {
                    level = depth;
                    while derived < wanted.len() && self.position(wanted[derived]).is_some() {
                        derived += 1;
                    }
                    if derived == wanted.len() {
                        return;
                    }
                }
            }
            if self.expand(next).is_err() {
                break;
            }
            next += 1;
        }
    }

    fn reset(&mut self) {
        for entry in &self.facts {
            self.index[fact_slot(entry.fact)] = ABSENT;
        }
        self.facts.clear();
        self.outcome = Outcome::default();
        self.contradiction_at = None;
        self.reached_cap = false;
        self.live = self.grid_live;
        self.live_digits = self.grid_live_digits;
    }

    /// Whether the last run's depth cap kept out a fact it would otherwise have derived: only
    /// then can a run under a higher cap derive more (or meet another contradiction).
    pub fn reached_cap(&self) -> bool {
        self.reached_cap
    }

    fn position(&self, fact: Fact) -> Option<usize> {
        let index = self.index[fact_slot(fact)];
        (index != ABSENT).then_some(index as usize)
    }

    /// The chain from the assumption to the derived `fact` of the last run, or `None` when
    /// that run did not derive it.
    pub fn chain_to(&self, fact: Fact) -> Option<Chain> {
        let index = self.position(fact)?;
        Some(self.chain_at(index))
    }

    /// The depth of `fact` in the last run.
    pub fn depth_of(&self, fact: Fact) -> Option<usize> {
        self.position(fact).map(|i| self.facts[i].depth as usize)
    }

    /// The greatest depth of the chains [`Propagator::contradiction_chains`] would write,
    /// without writing them.
    pub fn contradiction_depth(&self) -> Option<usize> {
        let ends = self.contradiction_ends()?;
        ends.iter().map(|&i| self.facts[i].depth as usize).max()
    }

    /// The greatest depth of the chains [`Propagator::contradiction_chains`] would write and
    /// their links in all (a chain to a fact of depth `d` has `d` links), without writing them.
    pub fn contradiction_size(&self) -> Option<(usize, usize)> {
        let ends = self.contradiction_ends()?;
        let depths = ends.iter().map(|&i| self.facts[i].depth as usize);
        Some((depths.clone().max()?, depths.sum()))
    }

    /// The chains to the contradiction of the last run and their greatest depth: for a
    /// candidate both true and false, the chains to both; for an empty cell, one to each
    /// of its candidates; for a digit with no place in a house, one to each place.
    pub fn contradiction_chains(&self) -> Option<(Vec<Chain>, usize)> {
        let ends = self.contradiction_ends()?;
        let depth = ends.iter().map(|&i| self.facts[i].depth as usize).max()?;
        Some((ends.into_iter().map(|i| self.chain_at(i)).collect(), depth))
    }

    /// The facts the contradiction chains end in.
    fn contradiction_ends(&self) -> Option<Vec<usize>> {
        let (a, b) = self.contradiction_at?;
        let mut ends = vec![a];
        ends.extend(b);
        let off = |cell, digit| self.position(Fact::off(cell, digit));
        match self.outcome.contradiction? {
            Contradiction::Both(..) => {}
            Contradiction::EmptyCell(cell) => {
                ends = self
                    .grid
                    .candidates(cell)
                    .iter()
                    .filter_map(|d| off(cell, d))
                    .collect();
            }
            Contradiction::NoPlace(house, digit) => {
                ends = self
                    .grid
                    .house_cells_with(house, digit)
                    .iter()
                    .filter_map(|c| off(c, digit))
                    .collect();
            }
        }
        Some(ends)
    }

    fn chain_at(&self, mut index: usize) -> Chain {
        let mut facts = vec![self.facts[index].fact];
        while self.facts[index].parent != NO_PARENT {
            index = self.facts[index].parent as usize;
            facts.push(self.facts[index].fact);
        }
        facts.reverse();
        let nodes = facts
            .iter()
            .map(|f| ChainNode::candidate(f.cell, f.digit))
            .collect();
        // Into a true fact by a strong link, into a false one by a weak link.
        let links = facts[1..]
            .iter()
            .map(|f| {
                if f.on {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                }
            })
            .collect();
        Chain { nodes, links }
    }

    /// Record a fact (unless it lies beyond the depth cap); `Err` on a contradiction.
    #[inline(always)]
    fn add(&mut self, fact: Fact, parent: u16, depth: u16) -> Result<(), ()> {
        // Every fact derived is in the index (the run stops at the first one that clashes).
        if self.index[fact_slot(fact)] != ABSENT {
            return Ok(());
        }
        if depth as usize > self.options.max_depth {
            self.reached_cap = true;
            return Ok(());
        }
        self.record(fact, parent, depth)
    }

    /// Record a new fact within the depth cap; `Err` on a contradiction.
    #[inline(always)]
    fn record(&mut self, fact: Fact, parent: u16, depth: u16) -> Result<(), ()> {
        let (cell, digit) = (fact.cell, fact.digit);
        // The opposite fact's slot is the next or the previous one.
        let clash = self.index[fact_slot(fact) ^ 1] != ABSENT;
        let index = self.facts.len();
        self.facts.push(Entry {
            fact,
            parent,
            depth,
        });
        self.index[fact_slot(fact)] = index as u16;
        if clash {
            let other = self.position(Fact {
                on: !fact.on,
                ..fact
            });
            return self.contradict(Contradiction::Both(cell, digit), index, other);
        }
        if fact.on {
            self.outcome.on.insert(cell, digit);
        } else {
            self.outcome.off.insert(cell, digit);
            self.live[digit as usize - 1].remove(cell);
            self.live_digits[cell.index()].remove(digit);
        }
        Ok(())
    }

    fn contradict(
        &mut self,
        why: Contradiction,
        at: usize,
        other: Option<usize>,
    ) -> Result<(), ()> {
        self.outcome.contradiction = Some(why);
        self.contradiction_at = Some((at, other));
        Err(())
    }

    /// Derive what follows from fact `index` directly.
    fn expand(&mut self, index: usize) -> Result<(), ()> {
        let Entry { fact, depth, .. } = self.facts[index];
        let (cell, digit) = (fact.cell, fact.digit);
        // What lies beyond the cap is left out by `add`, which notes that the cap was reached.
        let (parent, next) = (index as u16, depth + 1);
        if fact.on {
            // Only candidates not yet false are made false, so each is a new fact.
            let others = self.live_digits[cell.index()] - DigitSet::single(digit);
            let seen = peers(cell) & self.live[digit as usize - 1];
            if others.is_empty() && seen.is_empty() {
                return Ok(());
            }
            if next as usize > self.options.max_depth {
                self.reached_cap = true;
                return Ok(());
            }
            for other in others {
                self.record(Fact::off(cell, other), parent, next)?;
            }
            // The digit in its peers: all at once when none of them clashes (else one by one,
            // to stop at the first that does, as a run does).
            if !(seen & self.outcome.on.cells_of(digit)).is_empty() {
                for peer in seen {
                    self.record(Fact::off(peer, digit), parent, next)?;
                }
                return Ok(());
            }
            self.outcome.off.insert_cells(seen, digit);
            self.live[digit as usize - 1] -= seen;
            for peer in seen {
                let fact = Fact::off(peer, digit);
                self.index[fact_slot(fact)] = self.facts.len() as u16;
                self.facts.push(Entry {
                    fact,
                    parent,
                    depth: next,
                });
                self.live_digits[peer.index()].remove(digit);
            }
            return Ok(());
        }
        // The cell: empty is a contradiction; one candidate left is a single.
        let left = self.live_digits[cell.index()];
        if left.is_empty() {
            return self.contradict(Contradiction::EmptyCell(cell), index, None);
        }
        let cell_single = if self.options.nets {
            left.only()
        } else {
            let all = self.grid.candidates(cell);
            (all.len() == 2)
                .then(|| (all - DigitSet::single(digit)).first())
                .flatten()
        };
        if let Some(single) = cell_single {
            self.add(Fact::on(cell, single), parent, next)?;
        }
        for house in CELL_HOUSES[cell.index()] {
            let places = house.cells() & self.live[digit as usize - 1];
            if places.is_empty() {
                return self.contradict(Contradiction::NoPlace(house, digit), index, None);
            }
            let single = if self.options.nets {
                places.only()
            } else {
                let all = self.grid.house_cells_with(house, digit);
                (all.len() == 2)
                    .then(|| (all - CellSet::single(cell)).first())
                    .flatten()
            };
            if let Some(place) = single {
                self.add(Fact::on(place, digit), parent, next)?;
            }
        }
        Ok(())
    }
}

impl Fact {
    /// The fact that `digit` is `cell`'s value.
    pub fn on(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: true,
        }
    }

    /// The fact that `digit` is not `cell`'s value.
    pub fn off(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: false,
        }
    }
}

#[cfg(test)]
#[path = "forcing_tests.rs"]
mod tests;
