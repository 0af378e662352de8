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
//! did not cut short is not derived again under the next cap: it would give the same.

use super::forcing_steps::{Found, push_found};
use kaidoku_engine::DIGITS;
use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Outcome, Propagator};
use kaidoku_engine::prelude::*;

pub struct ForcingChain {
    nets: bool,
    max_depth: usize,
    contradiction: bool,
    verity: bool,
}

impl Technique for ForcingChain {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let candidates: Vec<Fact> = grid_candidates(grid)
            .iter()
            .map(|(cell, digit)| Fact::on(cell, digit))
            .collect();
        let mut cap = FIRST_CAP.min(self.max_depth);
        let mut runs = Runs::new();
        loop {
            let options = ForcingOptions {
                nets: self.nets,
                max_depth: cap,
            };
            let found = self.search(grid, &candidates, options, &mut runs);
            if !found.is_empty() {
                return push_found(grid, options, found, sink);
            }
            if cap >= self.max_depth {
                return ControlFlow::Continue(());
            }
            cap = (cap * 2).min(self.max_depth);
        }
    }
}

/// The first depth cap: shorter chains are what simpler techniques find.
const FIRST_CAP: usize = 4;

/// What each assumption led to under the last cap it ran with, and whether that cap cut its
/// derivation short (then a higher cap must run it again).
struct Runs(Vec<Option<(Outcome, bool)>>);

impl Runs {
    fn new() -> Runs {
        Runs(vec![None; 81 * 9 * 2])
    }

    /// The outcome of `fact` under the propagator's cap, run only when no earlier cap's
    /// outcome still holds.
    fn outcome(&mut self, propagator: &mut Propagator, fact: Fact) -> Outcome {
        let entry = &mut self.0[slot(fact) * 2 + fact.on as usize];
        match *entry {
            Some((outcome, false)) => outcome,
            _ => {
                let outcome = propagator.run(fact);
                *entry = Some((outcome, propagator.reached_cap()));
                outcome
            }
        }
    }
}

impl ForcingChain {
    /// Every conclusion provable within `options`' depth cap.
    fn search(
        &self,
        grid: &Grid,
        candidates: &[Fact],
        options: ForcingOptions,
        runs: &mut Runs,
    ) -> Vec<Found> {
        let mut propagator = Propagator::new(grid, options);
        let mut on = vec![Outcome::default(); 81 * 9];
        let mut found = Vec::new();
        for &fact in candidates {
            let outcome = runs.outcome(&mut propagator, fact);
            on[slot(fact)] = outcome;
            if self.contradiction {
                if outcome.contradiction.is_some() {
                    found.push(Found::contradiction(fact));
                }
                let opposite = Fact { on: false, ..fact };
                if runs
                    .outcome(&mut propagator, opposite)
                    .contradiction
                    .is_some()
                {
                    found.push(Found::contradiction(opposite));
                }
            }
        }
        if !self.verity {
            return found;
        }
        for cell in grid.empty_cells() {
            let premises: Vec<Fact> = grid
                .candidates(cell)
                .iter()
                .map(|digit| Fact::on(cell, digit))
                .collect();
            common_conclusions(grid, &on, &premises, None, &mut found);
        }
        for house in House::all() {
            for digit in DIGITS {
                let places = grid.house_cells_with(house, digit);
                let premises: Vec<Fact> = places.iter().map(|c| Fact::on(c, digit)).collect();
                common_conclusions(grid, &on, &premises, Some(house), &mut found);
            }
        }
        found
    }
}

fn grid_candidates(grid: &Grid) -> Candidates {
    let mut out = Candidates::EMPTY;
    for digit in DIGITS {
        out.insert_cells(grid.cells_with(digit), digit);
    }
    out
}

fn intersection(a: &Candidates, b: &Candidates) -> Candidates {
    let mut out = Candidates::EMPTY;
    for digit in DIGITS {
        out.insert_cells(a.cells_of(digit) & b.cells_of(digit), digit);
    }
    out
}

fn slot(fact: Fact) -> usize {
    fact.cell.index() * 9 + fact.digit as usize - 1
}

/// What every premise (one of which is true) leads to. Premises that contradict are left to
/// the contradiction search.
fn common_conclusions(
    grid: &Grid,
    on: &[Outcome],
    premises: &[Fact],
    house: Option<House>,
    found: &mut Vec<Found>,
) {
    if premises.len() < 2 {
        return;
    }
    let mut placed = grid_candidates(grid);
    let mut excluded = placed;
    for &premise in premises {
        let outcome = &on[slot(premise)];
        if outcome.contradiction.is_some() {
            return;
        }
        placed = intersection(&placed, &outcome.on);
        excluded = intersection(&excluded, &outcome.off);
    }
    for (cell, digit) in placed.iter() {
        found.push(Found::verity(premises, house, Fact::on(cell, digit)));
    }
    for (cell, digit) in excluded.iter() {
        found.push(Found::verity(premises, house, Fact::off(cell, digit)));
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
        }))
    },
});

register_fixtures!("forcing-chain", "forcing_chain.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{position, run_with};
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
