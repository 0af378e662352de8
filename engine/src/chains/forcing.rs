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
//! the first fact the old cap stopped: up to there a fresh run goes exactly the same way.

use crate::candidates::Candidates;
use crate::cells::{Cell, CellSet};
use crate::digits::{Digit, DigitSet};
use crate::grid::Grid;
use crate::house::{House, houses_of, peers};
use crate::step::{Chain, ChainNode, LinkKind};
use std::fmt;

/// A candidate assumed or derived true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fact {
    pub cell: Cell,
    pub digit: Digit,
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

/// Where a fact has its place in a per-fact table (729 candidates, true and false).
fn fact_slot(fact: Fact) -> usize {
    (fact.cell.index() * 9 + fact.digit as usize - 1) * 2 + fact.on as usize
}

/// A run cut short by its depth cap, kept to be carried on under a higher one.
#[derive(Clone, Debug)]
pub struct Snapshot {
    facts: Vec<Entry>,
    cap: usize,
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
    pub fn run(&mut self, start: Fact) -> Outcome {
        self.reset();
        if self.add(start, NO_PARENT, 0).is_ok() {
            self.derive_from(0);
        }
        self.outcome
    }

    /// The last run, when its cap cut it short without a contradiction: what
    /// [`Propagator::resume`] carries on.
    pub fn snapshot(&self) -> Option<Snapshot> {
        (self.reached_cap && self.outcome.contradiction.is_none()).then(|| Snapshot {
            facts: self.facts.clone(),
            cap: self.options.max_depth,
        })
    }

    /// Carry on a run kept under a lower cap: the same as a fresh run of its assumption under
    /// this propagator's cap, without deriving again what it had.
    pub fn resume(&mut self, snapshot: &Snapshot) -> Outcome {
        if snapshot.cap >= self.options.max_depth {
            return self.run(snapshot.facts[0].fact);
        }
        self.reset();
        for (index, entry) in snapshot.facts.iter().enumerate() {
            let Fact { cell, digit, on } = entry.fact;
            self.facts.push(*entry);
            self.index[fact_slot(entry.fact)] = index as u16;
            if on {
                self.outcome.on.insert(cell, digit);
            } else {
                self.outcome.off.insert(cell, digit);
                self.live[digit as usize - 1].remove(cell);
                self.live_digits[cell.index()].remove(digit);
            }
        }
        // Facts come in order of depth; those at the old cap were not followed.
        let next = self
            .facts
            .partition_point(|e| (e.depth as usize) < snapshot.cap);
        self.derive_from(next);
        self.outcome
    }

    fn derive_from(&mut self, mut next: usize) {
        while next < self.facts.len() {
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
        let (cell, digit) = (fact.cell, fact.digit);
        let (same, opposite) = if fact.on {
            (&self.outcome.on, &self.outcome.off)
        } else {
            (&self.outcome.off, &self.outcome.on)
        };
        if same.contains(cell, digit) {
            return Ok(());
        }
        if depth as usize > self.options.max_depth {
            self.reached_cap = true;
            return Ok(());
        }
        let clash = opposite.contains(cell, digit);
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
            // Candidates already false are left out: `add` would pass over them.
            for other in self.live_digits[cell.index()] - DigitSet::single(digit) {
                self.add(Fact::off(cell, other), parent, next)?;
            }
            for peer in peers(cell) & self.live[digit as usize - 1] {
                self.add(Fact::off(peer, digit), parent, next)?;
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
        for house in houses_of(cell) {
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
    pub fn on(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: true,
        }
    }

    pub fn off(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placed_digit_leaves_its_peers_and_its_cell() {
        let grid = Grid::new();
        let mut p = Propagator::new(
            &grid,
            ForcingOptions {
                nets: true,
                max_depth: 1,
            },
        );
        let outcome = p.run(Fact::on(Cell::at(0, 0), 5));
        assert_eq!(outcome.contradiction, None);
        assert_eq!(outcome.off.len(), 20 + 8);
        assert!(outcome.off.contains(Cell::at(0, 8), 5));
        let chain = p.chain_to(Fact::off(Cell::at(0, 8), 5)).unwrap();
        assert_eq!(chain.to_string(), "5r1c1-5r1c9");
    }

    #[test]
    fn a_wrong_assumption_meets_a_contradiction() {
        // Three cells of row 1 with only #12 between them: any value empties the third.
        let mut g = Grid::new();
        for col in 0..3 {
            for digit in 3..=9 {
                g.eliminate(Cell::at(0, col), digit);
            }
        }
        let options = ForcingOptions {
            nets: true,
            max_depth: 10,
        };
        let mut p = Propagator::new(&g, options);
        let outcome = p.run(Fact::on(Cell::at(0, 0), 1));
        // r1c3 is 2 (its last candidate) and not 2 (r1c2 holds it), both at depth 3.
        assert_eq!(
            outcome.contradiction,
            Some(Contradiction::Both(Cell::at(0, 2), 2))
        );
        let (chains, depth) = p.contradiction_chains().unwrap();
        let mut texts: Vec<String> = chains.iter().map(|c| c.to_string()).collect();
        texts.sort();
        assert_eq!(texts, ["1r1c1-1r1c2=2r1c2-2r1c3", "1r1c1-1r1c3=2r1c3"]);
        assert_eq!(depth, 3);
        let links = chains.iter().map(Chain::len).sum();
        assert_eq!(p.contradiction_size(), Some((depth, links)));
        // Within two steps nothing clashes yet.
        let options = ForcingOptions {
            nets: false,
            max_depth: 2,
        };
        let mut short = Propagator::new(&g, options);
        assert_eq!(short.run(Fact::on(Cell::at(0, 0), 1)).contradiction, None);
    }

    /// Every fact of the last run with its depth, in order.
    fn facts_of(p: &Propagator) -> Vec<(Fact, u16)> {
        p.facts.iter().map(|e| (e.fact, e.depth)).collect()
    }

    #[test]
    fn a_run_kept_under_a_low_cap_goes_on_as_a_fresh_run_would() {
        let grid = crate::parse::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let (mut kept, mut resumed, mut cut_runs) = (0, 0, 0);
        for nets in [false, true] {
            let at = |max_depth| ForcingOptions { nets, max_depth };
            let (mut low, mut high, mut fresh) = (
                Propagator::new(&grid, at(4)),
                Propagator::new(&grid, at(8)),
                Propagator::new(&grid, at(8)),
            );
            for cell in grid.empty_cells() {
                for digit in grid.candidates(cell) {
                    for on in [true, false] {
                        let fact = Fact { cell, digit, on };
                        let first = low.run(fact);
                        let again = fresh.run(fact);
                        match low.snapshot() {
                            None if !low.reached_cap() => {
                                // Not cut: a higher cap derives the same.
                                kept += 1;
                                assert_eq!(first, again, "{fact}");
                                assert_eq!(facts_of(&low), facts_of(&fresh), "{fact}");
                            }
                            None => {
                                cut_runs += 1;
                                assert!(first.contradiction.is_some());
                            }
                            Some(snapshot) => {
                                resumed += 1;
                                assert_eq!(high.resume(&snapshot), again, "{fact}");
                                assert_eq!(facts_of(&high), facts_of(&fresh), "{fact}");
                                assert_eq!(high.reached_cap(), fresh.reached_cap());
                                assert_eq!(
                                    high.contradiction_chains(),
                                    fresh.contradiction_chains()
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(kept > 0 && resumed > 0, "{kept} {resumed} {cut_runs}");
    }
}
