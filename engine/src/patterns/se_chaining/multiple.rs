//! SE's producers built on its general search (`getMultipleChainsHintList`): Nishio forcing
//! chains, multiple forcing chains (cell and region) and dynamic forcing chains.
//!
//! For each cell in turn (row by row; static multiple chains only take cells with three
//! candidates or more), for each candidate: the chains from it on and (dynamic) off give
//! contradiction and double forcing hints; for each house where the candidate is the digit's
//! first place, the chains from every place give region forcing hints; then the chains from
//! every candidate of the cell give cell forcing hints.

use super::board::{POTS, Pot, PotSet, Work, conjugate, pot, pot_cell, regions};
use super::chaining::{Chainer, Mode, Outcome};
use super::hint::{Rule, SeHint, Shape, Source, conclusion};
use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;

/// Every hint of the producer `rule` (Nishio, Multiple or Dynamic(0)) at this position, in the
/// order SE finds them (not yet sorted).
pub fn multiple_chains(grid: &Grid, rule: Rule) -> Vec<SeHint> {
    let nishio = rule == Rule::Nishio;
    let multiple = rule != Rule::Nishio;
    let dynamic = rule != Rule::Multiple;
    let mode = Mode {
        y_links: !nishio,
        dynamic,
    };
    let mut search = Search {
        work: Work::new(grid),
        mode,
        rule,
        chainer: Chainer::default(),
        on_cache: (0..POTS / 2).map(|_| None).collect(),
        off_out: Outcome::default(),
        seen: PotSet::default(),
        stack: Vec::new(),
        hints: Vec::new(),
    };
    for cell in grid.empty_cells() {
        let count = search.work.count(cell);
        if !(count > 2 || (count > 1 && dynamic)) {
            continue;
        }
        let digits = grid.candidates(cell);
        for digit in digits {
            search.binary(
                cell,
                digit,
                count >= 3 && !nishio && dynamic,
                dynamic || nishio,
            );
            if !nishio {
                search.regions(cell, digit, multiple);
            }
        }
        if !nishio && (count == 2 || (multiple && count > 2)) {
            search.cell_reduction(cell);
        }
    }
    search.hints
}

struct Search {
    work: Work,
    mode: Mode,
    rule: Rule,
    chainer: Chainer,
    /// The outcome of each candidate assumed on (the same search SE repeats for regions).
    on_cache: Vec<Option<Box<Outcome>>>,
    off_out: Outcome,
    seen: PotSet,
    stack: Vec<Pot>,
    hints: Vec<SeHint>,
}

impl Search {
    fn on_outcome(&mut self, cell: Cell, digit: Digit) -> &Outcome {
        let at = cell.index() * 9 + digit as usize - 1;
        if self.on_cache[at].is_none() {
            let mut out = Box::<Outcome>::default();
            self.chainer
                .chain(&self.work, pot(cell, digit, true), self.mode, &mut out);
            self.on_cache[at] = Some(out);
        }
        self.on_cache[at].as_deref().expect("cached")
    }

    fn push(
        &mut self,
        shape: Shape,
        source: Source,
        target: Pot,
        complexity: u32,
        chains: Vec<Vec<Pot>>,
    ) {
        let (eliminations, placement) = conclusion(target, self.work.mask(pot_cell(target)));
        if eliminations.is_empty() {
            return; // SE's `isWorth`: nothing to remove
        }
        self.hints.push(SeHint {
            rule: self.rule,
            shape,
            source,
            eliminations,
            placement,
            complexity,
            chains,
        });
    }

    /// Contradiction and double forcing chains from one candidate (SE's `doBinaryChaining`).
    fn binary(&mut self, cell: Cell, digit: Digit, doubles: bool, contradictions: bool) {
        let on = pot(cell, digit, true);
        let source = Source::Candidate(cell, digit);
        self.on_outcome(cell, digit);
        let at = cell.index() * 9 + digit as usize - 1;
        let on_out = self.on_cache[at].take().expect("cached");
        if contradictions && on_out.is_contradiction() {
            let complexity = on_out.contradiction_complexity(&mut self.seen, &mut self.stack);
            let chains = on_out.contradiction_paths().to_vec();
            self.push(
                Shape::Contradiction,
                source,
                conjugate(on),
                complexity,
                chains,
            );
        }
        let mut off_out = std::mem::take(&mut self.off_out);
        if contradictions || doubles {
            self.chainer
                .chain(&self.work, conjugate(on), self.mode, &mut off_out);
        }
        if contradictions && off_out.is_contradiction() {
            let complexity = off_out.contradiction_complexity(&mut self.seen, &mut self.stack);
            let chains = off_out.contradiction_paths().to_vec();
            self.push(Shape::Contradiction, source, on, complexity, chains);
        }
        if doubles {
            for order in [&on_out.on_order, &on_out.off_order] {
                for &p in order {
                    if off_out.contains(p) {
                        let complexity = on_out.ancestors(p, &mut self.seen, &mut self.stack)
                            + off_out.ancestors(p, &mut self.seen, &mut self.stack);
                        let chains = vec![on_out.path(p), off_out.path(p)];
                        self.push(Shape::Double, source, p, complexity, chains);
                    }
                }
            }
        }
        self.off_out = off_out;
        self.on_cache[at] = Some(on_out);
    }

    /// Region forcing chains for the houses where `digit` in `cell` is the digit's first
    /// place (SE's `doRegionChainings`).
    fn regions(&mut self, cell: Cell, digit: Digit, multiple: bool) {
        for house in regions(cell) {
            let places = self.work.positions(house, digit);
            let count = places.len();
            if !(count == 2 || (multiple && count > 2)) || places.first() != Some(cell) {
                continue;
            }
            for other in places {
                self.on_outcome(other, digit);
            }
            let first = self.cached(cell, digit);
            let mut targets = Vec::new();
            for order in [&first.on_order, &first.off_order] {
                for &p in order {
                    if places.iter().all(|c| self.cached(c, digit).contains(p)) {
                        targets.push(p);
                    }
                }
            }
            for p in targets {
                let mut complexity = 0;
                let mut chains = Vec::new();
                for c in places {
                    let out = self.on_cache[c.index() * 9 + digit as usize - 1]
                        .as_deref()
                        .expect("cached");
                    complexity += out.ancestors(p, &mut self.seen, &mut self.stack);
                    chains.push(out.path(p));
                }
                self.push(
                    Shape::RegionForcing,
                    Source::House(house, digit),
                    p,
                    complexity,
                    chains,
                );
            }
        }
    }

    fn cached(&self, cell: Cell, digit: Digit) -> &Outcome {
        self.on_cache[cell.index() * 9 + digit as usize - 1]
            .as_deref()
            .expect("cached")
    }

    /// Cell forcing chains: what every candidate of the cell implies (SE's cell reduction).
    fn cell_reduction(&mut self, cell: Cell) {
        let digits: Vec<Digit> = (1..=9).filter(|&d| self.work.has(cell, d)).collect();
        for &d in &digits {
            self.on_outcome(cell, d);
        }
        let first = self.cached(cell, digits[0]);
        let mut targets = Vec::new();
        for order in [&first.on_order, &first.off_order] {
            for &p in order {
                if digits[1..]
                    .iter()
                    .all(|&d| self.cached(cell, d).contains(p))
                {
                    targets.push(p);
                }
            }
        }
        for p in targets {
            let mut complexity = 0;
            let mut chains = Vec::new();
            for &d in &digits {
                let out = self.on_cache[cell.index() * 9 + d as usize - 1]
                    .as_deref()
                    .expect("cached");
                complexity += out.ancestors(p, &mut self.seen, &mut self.stack);
                chains.push(out.path(p));
            }
            self.push(
                Shape::CellForcing,
                Source::Cell(cell),
                p,
                complexity,
                chains,
            );
        }
    }
}

/// The candidates a set of hints removes, for tests.
pub fn removed(hints: &[SeHint]) -> Candidates {
    hints
        .iter()
        .fold(Candidates::EMPTY, |acc, h| acc.union(&h.eliminations))
}
