//! Forcing chains and nets, on the engine's forcing propagation.
//!
//! Every candidate is assumed true, and false, and what follows is derived (through the
//! position's strong links for chains; with singles on a scratch copy of the candidates for
//! nets, so implications branch). Contradiction: an assumption that leads to a candidate both
//! true and false, an empty cell or a digit with no place in a house is wrong, so its
//! opposite holds. Verity: when every candidate of a cell (cell forcing), or every place of a
//! digit in a house (house forcing), leads to the same fact, that fact holds.
//!
//! Simplest first: the search runs under a growing depth cap and stops at the first cap that
//! proves something; its steps come shallowest first. An assumption whose derivation the cap
//! did not cut short is not derived again under the next cap (it would give the same), and
//! one it did cut short goes on from where it stopped.
//!
//! With `reuse` (for solving fast, not for rating), a search in the solve loop keeps the
//! conclusions it proved and did not use; the stage's next search proves those again in its
//! own position, under the same cap, and takes the shallowest that still holds before it
//! searches afresh. Each step is proved and explained in the position it is taken in, so it
//! is as sound as a fresh one; it may be deeper than the shallowest the position offers.

use super::forcing_steps::{Found, push_found};
use kaidoku_engine::DIGITS;
use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Outcome, Propagator, Snapshot};
use kaidoku_engine::chains::forcing_sweep::{ForcingSweep, SweepRun};
use kaidoku_engine::prelude::*;

pub struct ForcingChain {
    nets: bool,
    max_depth: usize,
    contradiction: bool,
    verity: bool,
    reuse: bool,
}

/// With `reuse`: the conclusions a search proved and did not use, in the order it ranked them,
/// and the depth cap they were proved under.
struct Unused {
    found: Vec<Found>,
    cap: usize,
}

impl Technique for ForcingChain {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let mut unused = Vec::new();
        if self.reuse
            && let Some(Unused { found, cap }) = analysis.take_notes()
        {
            let again: Vec<Found> = found.into_iter().filter_map(|f| f.again(grid)).collect();
            if !again.is_empty() {
                let options = self.options(cap);
                let flow = push_found(grid, options, again, |_| None, sink, Some(&mut unused));
                if flow.is_break() {
                    analysis.keep_notes(Unused { found: unused, cap });
                    return flow;
                }
            }
        }
        let all = grid_candidates(grid);
        let mut runs = Runs::new(grid, self.nets);
        let mut cap = FIRST_CAP.min(self.max_depth);
        loop {
            let options = self.options(cap);
            let found = self.search(grid, &all, options, &mut runs);
            if !found.is_empty() {
                let kept = |fact| runs.kept(fact);
                let later = self.reuse.then_some(&mut unused);
                let flow = push_found(grid, options, found, kept, sink, later);
                if self.reuse && !unused.is_empty() {
                    analysis.keep_notes(Unused { found: unused, cap });
                }
                return flow;
            }
            // When no run was cut short, a higher cap derives the same and finds nothing.
            if cap >= self.max_depth || !runs.cut_short {
                return ControlFlow::Continue(());
            }
            cap = (cap * 2).min(self.max_depth);
        }
    }
}

/// The first depth cap: shorter chains are what simpler techniques find.
const FIRST_CAP: usize = 4;

/// What an assumption led to under the last cap it ran with, kept (to be measured and
/// explained without deriving it again).
#[derive(Clone)]
enum Run {
    /// The cap cut nothing off: the run under any higher cap.
    Done(Snapshot),
    /// Cut short: to be carried on under a higher cap.
    Cut(Snapshot),
    /// Cut short and not to be carried on (a contradiction, or the last cap): under a higher
    /// cap it is run again.
    Again(Snapshot),
}

impl Run {
    fn kept(&self) -> &Snapshot {
        match self {
            Run::Done(kept) | Run::Cut(kept) | Run::Again(kept) => kept,
        }
    }

    fn outcome(&self) -> &Outcome {
        self.kept().outcome()
    }
}

/// What each assumption (a candidate of the grid, true or false) led to under the last cap it
/// ran with: for nets from the propagator, for chains from the bitboard sweep, which finds
/// the same facts without keeping how (the steps found are explained by the propagator).
struct Runs {
    /// The grid's candidates as facts "true", in cell and digit order.
    candidates: Vec<Fact>,
    /// For each candidate (by [`slot`]), its place in `candidates`.
    place: [u16; 81 * 9],
    /// Nets: two entries per candidate, assumed false and assumed true.
    outcomes: Vec<Option<Run>>,
    /// Chains: the sweep and its runs.
    sweep: Option<Sweeps>,
    /// Whether the last search's cap cut a run short (else a higher cap finds the same).
    cut_short: bool,
    /// For each candidate (by its place), whether its run assumed true gained facts under the
    /// last cap: a verity whose premises' runs all stayed as they were finds what it found
    /// under the cap before, which was nothing (or the search would have stopped there).
    grown: Vec<bool>,
}

/// The chains' runs: `runs[index[entry]]`, made when first asked for (an index of
/// [`NOT_RUN`]: not yet), so no per-entry space is filled in advance.
struct Sweeps {
    sweep: ForcingSweep,
    index: Vec<u32>,
    runs: Vec<SweepRun>,
    /// For a candidate assumed false whose partners' runs have settled: whether it contradicts
    /// (the same under any higher cap).
    settled_false: Vec<Option<bool>>,
}

const NOT_RUN: u32 = u32::MAX;

impl Runs {
    fn new(grid: &Grid, nets: bool) -> Runs {
        let candidates: Vec<Fact> = grid
            .empty_cells()
            .iter()
            .flat_map(|c| grid.candidates(c).iter().map(move |d| Fact::on(c, d)))
            .collect();
        let mut place = [0; 81 * 9];
        for (i, &fact) in candidates.iter().enumerate() {
            place[slot(fact)] = i as u16;
        }
        let n = 2 * candidates.len();
        let (outcomes, sweep) = if nets {
            (vec![None; n], None)
        } else {
            let sweeps = Sweeps {
                sweep: ForcingSweep::new(grid),
                index: vec![NOT_RUN; n],
                // Only candidates assumed true are swept (false ones are read off them).
                runs: Vec::with_capacity(n / 2),
                settled_false: vec![None; n],
            };
            (Vec::new(), Some(sweeps))
        };
        Runs {
            candidates,
            place,
            outcomes,
            sweep,
            cut_short: false,
            grown: vec![true; n / 2],
        }
    }

    fn entry(&self, fact: Fact) -> usize {
        2 * self.place[slot(fact)] as usize + fact.on as usize
    }

    /// Whether assuming `fact` leads to a contradiction under the depth cap of `options`,
    /// derived only as far as no earlier cap's run holds it; `last`: no higher cap will follow.
    /// Nets run on `propagator`, made on first use (chains do not need one).
    fn contradicts<'g>(
        &mut self,
        propagator: &mut Option<Propagator<'g>>,
        (grid, options): (&'g Grid, ForcingOptions),
        fact: Fact,
        last: bool,
    ) -> bool {
        let entry = self.entry(fact);
        if !fact.on && self.sweep.is_some() {
            return self.false_contradicts(fact, options.max_depth);
        }
        if let Some(sweeps) = &mut self.sweep {
            if sweeps.index[entry] == NOT_RUN {
                sweeps.index[entry] = sweeps.runs.len() as u32;
                sweeps.runs.push(sweeps.sweep.start(fact));
            }
            let run = &mut sweeps.runs[sweeps.index[entry] as usize];
            let depth = run.depth();
            sweeps.sweep.extend(run, options.max_depth);
            self.cut_short |= run.reached_cap();
            // A fresh run counts as grown: it starts at depth 0 and any cap takes it further
            // or leaves it settled, and the first cap's verities are all looked at anyway.
            self.grown[entry / 2] = run.depth() != depth || depth == 0;
            return run.contradicts();
        }
        let propagator = propagator.get_or_insert_with(|| Propagator::new(grid, options));
        let index = entry;
        let entry = &mut self.outcomes[entry];
        if fact.on {
            self.grown[index / 2] = !matches!(entry, Some(Run::Done(_)));
        }
        let outcome = match entry {
            Some(Run::Done(kept)) => return kept.outcome().contradiction.is_some(),
            Some(Run::Cut(kept)) => propagator.resume(kept),
            _ => propagator.run(fact),
        };
        let cut = propagator.reached_cap();
        self.cut_short |= cut;
        let kept = propagator.keep();
        *entry = Some(match () {
            _ if !cut => Run::Done(kept),
            _ if outcome.contradiction.is_none() && !last => Run::Cut(kept),
            _ => Run::Again(kept),
        });
        outcome.contradiction.is_some()
    }

    /// Chains: whether assuming `fact` false contradicts within `cap`, read off the runs of the
    /// candidates it makes true, which [`ForcingChain::search`] carried to `cap` before.
    fn false_contradicts(&mut self, fact: Fact, cap: usize) -> bool {
        let entry = self.entry(fact);
        let sweeps = self.sweep.as_mut().expect("chains sweep");
        if let Some(contradicts) = sweeps.settled_false[entry] {
            return contradicts;
        }
        let runs = sweeps.sweep.partners(fact).map(|partner| {
            let entry = 2 * self.place[slot(partner)] as usize + 1;
            &sweeps.runs[sweeps.index[entry] as usize]
        });
        let reading = sweeps.sweep.false_contradicts(fact, runs, cap);
        if reading.settled {
            sweeps.settled_false[entry] = Some(reading.contradicts);
        } else {
            self.cut_short = true;
        }
        reading.contradicts
    }

    /// Whether the run of `fact` (a candidate assumed true) gained facts under the last cap.
    fn grown(&self, fact: Fact) -> bool {
        self.grown[self.place[slot(fact)] as usize]
    }

    /// Nets: the run of `fact` under the last cap it ran with, if it ran.
    fn kept(&self, fact: Fact) -> Option<&Snapshot> {
        self.outcomes.get(self.entry(fact))?.as_ref().map(Run::kept)
    }

    /// Narrow `placed` and `excluded` (by digit, as cell bits) to the candidates true and
    /// false after assuming the candidate `fact` true, once [`ForcingChain::search`] ran it.
    fn narrow(&self, fact: Fact, placed: &mut [u128; 9], excluded: &mut [u128; 9]) -> Narrowed {
        let entry = self.entry(Fact { on: true, ..fact });
        let ran = "every candidate is assumed true";
        // One pass over both sets, noting whether any candidate is left.
        let mut left = 0;
        match &self.sweep {
            Some(sweeps) => {
                let run = &sweeps.runs[sweeps.index[entry] as usize];
                if run.contradicts() {
                    return Narrowed::Contradicts;
                }
                let (on, off) = (run.on_bits(), run.off_bits());
                for d in 0..9 {
                    placed[d] &= on[d];
                    excluded[d] &= off[d];
                    left |= placed[d] | excluded[d];
                }
            }
            None => {
                let outcome = self.outcomes[entry].as_ref().expect(ran).outcome();
                if outcome.contradiction.is_some() {
                    return Narrowed::Contradicts;
                }
                for (d, digit) in DIGITS.enumerate() {
                    placed[d] &= outcome.on.cells_of(digit).bits();
                    excluded[d] &= outcome.off.cells_of(digit).bits();
                    left |= placed[d] | excluded[d];
                }
            }
        }
        if left == 0 {
            Narrowed::Empty
        } else {
            Narrowed::Left
        }
    }
}

/// What [`Runs::narrow`] left.
#[derive(PartialEq, Eq)]
enum Narrowed {
    /// The premise contradicts (left to the contradiction search).
    Contradicts,
    /// No candidate is left in common.
    Empty,
    /// Some candidates are left.
    Left,
}

impl ForcingChain {
    fn options(&self, cap: usize) -> ForcingOptions {
        ForcingOptions {
            nets: self.nets,
            max_depth: cap,
        }
    }

    /// Every conclusion provable within `options`' depth cap.
    fn search(
        &self,
        grid: &Grid,
        all: &[u128; 9],
        options: ForcingOptions,
        runs: &mut Runs,
    ) -> Vec<Found> {
        let mut propagator = None;
        let last = options.max_depth >= self.max_depth;
        runs.cut_short = false;
        let mut found = Vec::new();
        // Every candidate assumed true first: for chains, what assuming one false leads to is
        // read off those runs.
        let true_contradicts: Vec<bool> = (0..runs.candidates.len())
            .map(|i| {
                let fact = runs.candidates[i];
                runs.contradicts(&mut propagator, (grid, options), fact, last)
            })
            .collect();
        for (i, contradicts) in true_contradicts.into_iter().enumerate() {
            let fact = runs.candidates[i];
            if self.contradiction {
                if contradicts {
                    found.push(Found::contradiction(fact));
                }
                let opposite = Fact { on: false, ..fact };
                if runs.contradicts(&mut propagator, (grid, options), opposite, last) {
                    found.push(Found::contradiction(opposite));
                }
            }
        }
        if !self.verity {
            return found;
        }
        for cell in grid.empty_cells() {
            let premises = grid
                .candidates(cell)
                .iter()
                .map(|digit| Fact::on(cell, digit));
            common_conclusions(all, runs, premises, None, &mut found);
        }
        for house in House::all() {
            for digit in DIGITS {
                let places = grid.house_cells_with(house, digit);
                let premises = places.iter().map(|c| Fact::on(c, digit));
                common_conclusions(all, runs, premises, Some(house), &mut found);
            }
        }
        found
    }
}

/// The grid's candidates, by digit, as cell bits.
fn grid_candidates(grid: &Grid) -> [u128; 9] {
    let mut out = [0; 9];
    for (bits, digit) in out.iter_mut().zip(DIGITS) {
        *bits = grid.cells_with(digit).bits();
    }
    out
}

fn slot(fact: Fact) -> usize {
    fact.cell.index() * 9 + fact.digit as usize - 1
}

/// What every premise (one of which is true) leads to. Premises that contradict are left to
/// the contradiction search.
fn common_conclusions(
    all: &[u128; 9],
    runs: &Runs,
    premises: impl Iterator<Item = Fact> + Clone,
    house: Option<House>,
    found: &mut Vec<Found>,
) {
    if premises.clone().nth(1).is_none() || premises.clone().all(|p| !runs.grown(p)) {
        return;
    }
    let (mut placed, mut excluded) = (*all, *all);
    for premise in premises.clone() {
        if runs.narrow(premise, &mut placed, &mut excluded) != Narrowed::Left {
            return;
        }
    }
    let premises: Vec<Fact> = premises.collect();
    for (on, sets) in [(true, &placed), (false, &excluded)] {
        for (&bits, digit) in sets.iter().zip(DIGITS) {
            for cell in CellSet::from_bits(bits) {
                let conclusion = Fact { cell, digit, on };
                found.push(Found::verity(&premises, house, conclusion));
            }
        }
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::bool(
        "nets",
        "nets: singles on the way (chains: the position's strong links only)",
        false,
    ),
    ParamSpec::int(
        "max_depth",
        "most inference steps from a premise",
        20,
        2,
        200,
    ),
    ParamSpec::bool(
        "contradiction",
        "an assumption leading to a contradiction is false",
        true,
    ),
    ParamSpec::bool(
        "verity",
        "what every candidate of a cell, or every place of a digit in a house, leads to holds",
        true,
    ),
    ParamSpec::bool(
        "reuse",
        "solve loop: prove again what the last search found and did not use, before searching afresh (faster; steps may be deeper than the shallowest)",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "forcing-chain",
    name: "Forcing Chain",
    summary: "assume a candidate true or false and follow the consequences (nets: with singles): a contradiction refutes it; what every candidate of a cell or house leads to holds",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(ForcingChain {
            nets: params.bool("nets"),
            max_depth: params.int("max_depth") as usize,
            contradiction: params.bool("contradiction"),
            verity: params.bool("verity"),
            reuse: params.bool("reuse"),
        }))
    },
});

register_fixtures!("forcing-chain", "forcing_chain.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{position, run_with, verifying_solver};
    use kaidoku_engine::ParamValue::Bool;

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn every_step_on_a_hard_puzzle_is_sound() {
        let grid = position(HARD);
        let solution = grid.solutions(2).first.unwrap();
        for nets in [false, true] {
            let steps = run_with("forcing-chain", &grid, &[("nets", Bool(nets))]);
            assert!(!steps.is_empty(), "nets {nets}");
            for step in &steps {
                assert_eq!(step.unsound_effect(&solution), None, "{}", step.text());
            }
        }
    }

    /// The solve loop with `reuse` on: every step checked against the solution (verify), the
    /// puzzles solved, and some steps taken from an earlier search's conclusions (the traces
    /// differ from fresh searches). Outside the loop there is nothing to reuse.
    #[test]
    fn reuse_takes_proved_again_conclusions_and_stays_sound() {
        use kaidoku_engine::Status;
        let config = |reuse: bool| {
            verifying_solver(&format!(
                "[[technique]]\nid = \"hidden-single\"\n\
                 [[technique]]\nid = \"naked-single\"\n\
                 [[technique]]\nid = \"locked-candidates\"\n\
                 [[technique]]\nid = \"forcing-chain\"\nnets = true\nreuse = {reuse}\n"
            ))
        };
        let (fresh, reusing) = (config(false), config(true));
        let puzzles = [
            HARD,
            // top1465, lines 2 and 4.
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
        ];
        let (mut differ, mut solved) = (0, 0);
        for puzzle in puzzles {
            let grid = position(puzzle);
            let (a, b) = (fresh.solve(&grid), reusing.solve(&grid));
            // Verify mode ends a solve with an error at an unsound step.
            for trace in [&a, &b] {
                assert!(
                    matches!(trace.status, Status::Solved | Status::Stuck),
                    "{puzzle}: {:?}",
                    trace.error
                );
            }
            solved += (b.status == Status::Solved) as usize;
            differ += (a.steps != b.steps) as usize;
        }
        assert!(differ > 0, "reuse never changed a step");
        assert!(solved > 0, "nets with reuse solved none");
        let grid = position(HARD);
        let with = |reuse| {
            run_with(
                "forcing-chain",
                &grid,
                &[("nets", Bool(true)), ("reuse", Bool(reuse))],
            )
        };
        assert_eq!(with(true), with(false));
    }

    #[test]
    fn the_proof_kinds_can_be_switched_off() {
        let grid = position(HARD);
        let only = |contradiction, verity| {
            let changes = [
                ("nets", Bool(true)),
                ("contradiction", Bool(contradiction)),
                ("verity", Bool(verity)),
            ];
            run_with("forcing-chain", &grid, &changes)
        };
        let contradictions = only(true, false);
        assert!(!contradictions.is_empty());
        assert!(
            contradictions
                .iter()
                .all(|s| s.kind.id.ends_with("contradiction"))
        );
        assert!(
            only(false, true)
                .iter()
                .all(|s| !s.kind.id.ends_with("contradiction"))
        );
        assert!(only(false, false).is_empty());
    }
}
