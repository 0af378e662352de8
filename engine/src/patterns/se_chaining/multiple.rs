//! SE's producers built on its general search (`getMultipleChainsHintList`): Nishio forcing
//! chains, multiple forcing chains (cell and region) and dynamic forcing chains, plain or with
//! SE's advanced rules inside (levels 1 and up, through a `Nesting` hook).
//!
//! For each cell in turn (row by row; static multiple chains only take cells with three
//! candidates or more), for each candidate: the chains from it on and (dynamic) off give
//! contradiction and double forcing hints; for each house where the candidate is the digit's
//! first place, the chains from every place give region forcing hints; then the chains from
//! every candidate of the cell give cell forcing hints.

use super::board::{POTS, Pot, Work, conjugate, pot, pot_cell, regions};
use super::chaining::{CAUSE_CELL, CAUSE_NONE, Chainer, Mode, Nesting, NoNesting, Outcome};
use super::hint::{Rule, SeHint, Shape, Source, conclusion};
use super::measure::Measurer;
use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;

/// Every hint of the producer `rule` (Nishio, Multiple or Dynamic(0)) at this position, in the
/// order SE finds them (not yet sorted).
pub fn multiple_chains(grid: &Grid, rule: Rule) -> Vec<SeHint> {
    chains_on(&Work::new(grid), rule, &mut NoNesting, None)
}

/// The hints of `rule` on `work`; `hook` gives the advanced rules (levels 1 and up); `initial`
/// is the container chain's grid when this producer runs nested inside one (SE then needs each
/// hint's rule parents).
pub fn chains_on(
    work: &Work,
    rule: Rule,
    hook: &mut dyn Nesting,
    initial: Option<&Work>,
) -> Vec<SeHint> {
    let nishio = rule == Rule::Nishio;
    let multiple = rule != Rule::Nishio;
    let dynamic = rule != Rule::Multiple;
    let mode = Mode {
        y_links: !nishio,
        dynamic,
        nested: matches!(rule, Rule::Dynamic(level) if level > 0),
    };
    let mut search = Search {
        work: *work,
        initial: initial.copied(),
        mode,
        rule,
        chainer: Chainer::default(),
        hook,
        on_cache: (0..POTS / 2).map(|_| None).collect(),
        off_out: Outcome::default(),
        meas: Measurer::default(),
        hints: Vec::new(),
    };
    for cell in crate::board::cells::CellSet::ALL {
        let count = search.work.count(cell);
        if !(count > 2 || (count > 1 && dynamic)) {
            continue;
        }
        let mask = search.work.mask(cell);
        for digit in (1..=9).filter(|d| mask >> (d - 1) & 1 == 1) {
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

struct Search<'a> {
    work: Work,
    initial: Option<Work>,
    mode: Mode,
    rule: Rule,
    chainer: Chainer,
    hook: &'a mut dyn Nesting,
    /// The outcome of each candidate assumed on (the same search SE repeats for regions).
    on_cache: Vec<Option<Box<Outcome>>>,
    off_out: Outcome,
    meas: Measurer,
    hints: Vec<SeHint>,
}

impl Search<'_> {
    fn ensure_on(&mut self, cell: Cell, digit: Digit) {
        let at = cell.index() * 9 + digit as usize - 1;
        if self.on_cache[at].is_none() {
            let mut out = Box::<Outcome>::default();
            self.chainer.chain(
                &self.work,
                pot(cell, digit, true),
                self.mode,
                &mut out,
                &mut *self.hook,
            );
            self.on_cache[at] = Some(out);
        }
    }

    fn push(&mut self, shape: Shape, source: Source, target: Pot, measured: Measured) {
        let (eliminations, placement) = conclusion(target, self.work.mask(pot_cell(target)));
        if eliminations.is_empty() {
            return; // SE's `isWorth`: nothing to remove
        }
        let (complexity, nest, chains) = measured;
        self.hints.push(SeHint {
            rule: self.rule,
            shape,
            source,
            eliminations,
            placement,
            complexity,
            chains,
            nest,
        });
    }

    /// Contradiction and double forcing chains from one candidate (SE's `doBinaryChaining`).
    fn binary(&mut self, cell: Cell, digit: Digit, doubles: bool, contradictions: bool) {
        let on = pot(cell, digit, true);
        let source = Source::Candidate(cell, digit);
        self.ensure_on(cell, digit);
        let at = cell.index() * 9 + digit as usize - 1;
        let on_out = self.on_cache[at].take().expect("cached");
        let ctx = self.initial.as_ref().map(|i| (i, &self.work));
        if contradictions && on_out.is_contradiction() {
            let (a, b) = on_out.contradiction_entries();
            let (complexity, nest) =
                self.meas
                    .measure(&[(&on_out, a), (&on_out, b)], CAUSE_NONE, ctx);
            let chains = on_out.contradiction_paths().to_vec();
            self.push(
                Shape::Contradiction,
                source,
                conjugate(on),
                (complexity, nest, chains),
            );
        }
        let mut off_out = std::mem::take(&mut self.off_out);
        if contradictions || doubles {
            self.chainer.chain(
                &self.work,
                conjugate(on),
                self.mode,
                &mut off_out,
                &mut *self.hook,
            );
        }
        let ctx = self.initial.as_ref().map(|i| (i, &self.work));
        if contradictions && off_out.is_contradiction() {
            let (a, b) = off_out.contradiction_entries();
            let (complexity, nest) =
                self.meas
                    .measure(&[(&off_out, a), (&off_out, b)], CAUSE_NONE, ctx);
            let chains = off_out.contradiction_paths().to_vec();
            self.push(Shape::Contradiction, source, on, (complexity, nest, chains));
        }
        if doubles {
            for order in [&on_out.on_order, &on_out.off_order] {
                for &p in order {
                    if off_out.contains(p) {
                        let ctx = self.initial.as_ref().map(|i| (i, &self.work));
                        let (complexity, nest) = self.meas.measure(
                            &[
                                (&on_out, on_out.entry_of(p)),
                                (&off_out, off_out.entry_of(p)),
                            ],
                            CAUSE_NONE,
                            ctx,
                        );
                        let chains = vec![on_out.path(p), off_out.path(p)];
                        self.push(Shape::Double, source, p, (complexity, nest, chains));
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
                self.ensure_on(other, digit);
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
                let outs: Vec<&Outcome> = places
                    .iter()
                    .map(|c| {
                        self.on_cache[c.index() * 9 + digit as usize - 1]
                            .as_deref()
                            .expect("cached")
                    })
                    .collect();
                let measured = measure_all(
                    &mut self.meas,
                    &outs,
                    p,
                    house.index() as u8,
                    self.initial.as_ref().map(|i| (i, &self.work)),
                );
                self.push(
                    Shape::RegionForcing,
                    Source::House(house, digit),
                    p,
                    measured,
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
            self.ensure_on(cell, d);
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
            let outs: Vec<&Outcome> = digits
                .iter()
                .map(|&d| {
                    self.on_cache[cell.index() * 9 + d as usize - 1]
                        .as_deref()
                        .expect("cached")
                })
                .collect();
            let measured = measure_all(
                &mut self.meas,
                &outs,
                p,
                CAUSE_CELL,
                self.initial.as_ref().map(|i| (i, &self.work)),
            );
            self.push(Shape::CellForcing, Source::Cell(cell), p, measured);
        }
    }
}

type Measured = (u32, Option<super::measure::Nest>, Vec<Vec<Pot>>);

/// The measure of a cell or region hint: one chain to `p` in each outcome.
fn measure_all(
    meas: &mut Measurer,
    outs: &[&Outcome],
    p: Pot,
    root: u8,
    ctx: Option<(&Work, &Work)>,
) -> Measured {
    let targets: Vec<(&Outcome, u32)> = outs.iter().map(|o| (*o, o.entry_of(p))).collect();
    let (complexity, nest) = meas.measure(&targets, root, ctx);
    let chains = outs.iter().map(|o| o.path(p)).collect();
    (complexity, nest, chains)
}

/// The candidates a set of hints removes, for tests.
pub fn removed(hints: &[SeHint]) -> Candidates {
    hints
        .iter()
        .fold(Candidates::EMPTY, |acc, h| acc.union(&h.eliminations))
}
