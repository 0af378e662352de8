//! Nice loops: alternating chains that close on their start candidate (the chain engine's
//! `find_nice_loops`).
//!
//! A continuous loop alternates all the way round, so every weak link in it holds both ways:
//! whatever sees both ends of one goes. A discontinuous loop breaks the alternation at its
//! start: assumed false the start comes back true (it is placed), or assumed true it comes
//! back false or another digit of its cell comes back true (it is eliminated). With `groups`,
//! box-line groups are nodes too (grouped nice loops); with `als`, almost locked sets too.
//! Shortest loops first. With `all_loops`, continuous loops are not only the shortest from
//! each start but every loop up to `max_length` (each set of eliminations once, by its
//! shortest loop): a longer loop may prove more. With `cannibalism` off, a continuous loop
//! leaves its own cells alone but for the other digits of a cell it links weakly inside and
//! the digits an almost locked set it passes through locks, as HoDoKu does.

use super::aic_steps::{CONTINUOUS_NICE_LOOP, DISCONTINUOUS_NICE_LOOP};
use super::aic_steps::{GROUPED_CONTINUOUS_NICE_LOOP, GROUPED_DISCONTINUOUS_NICE_LOOP};
use super::{OverLinks, search_over_links};
use kaidoku_engine::chains::{ChainFilter, Links, LoopKind, NiceLoop as Loop};
use kaidoku_engine::chains::{
    continuous_eliminations_outside, find_every_continuous_loop, find_nice_loops_within,
};
use kaidoku_engine::prelude::*;
use std::collections::{HashMap, HashSet};

pub struct NiceLoop {
    groups: bool,
    als: bool,
    max_length: usize,
    all_loops: bool,
    cannibalism: bool,
}

impl Technique for NiceLoop {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        search_over_links(self, analysis, (self.groups, self.als), sink)
    }
}

impl OverLinks for NiceLoop {
    fn search(&self, grid: &Grid, links: &impl Links, sink: &mut StepSink) -> Flow {
        let filter = ChainFilter {
            node: &|_| true,
            strong: &|_| true,
            weak: &|_| true,
            max_links: self.max_length,
        };
        let eliminations = |found_loop: &Loop| match found_loop.kind {
            LoopKind::Continuous if !self.cannibalism => {
                continuous_eliminations_outside(grid, &found_loop.chain)
            }
            _ => found_loop.eliminations,
        };
        // When one step is wanted, only a loop shorter than the shortest kept so far can be
        // it (an equally short one found later comes after it): the search goes no further.
        let first_only = sink.wants_first_only();
        let cap = std::cell::Cell::new(self.max_length);
        let mut found = Vec::new();
        let _ = find_nice_loops_within(links, grid, &filter, &cap, |found_loop| {
            let mut found_loop = found_loop.clone();
            found_loop.eliminations = eliminations(&found_loop);
            let proves = !found_loop.eliminations.is_empty() || found_loop.placement.is_some();
            if first_only && proves {
                cap.set(cap.get().min(found_loop.chain.len() - 1));
            }
            found.push(found_loop);
            ControlFlow::<()>::Continue(())
        });
        if self.all_loops {
            // Loops abound: keep only the shortest per set of eliminations as they come.
            let mut every: Vec<Loop> = Vec::new();
            let mut index: HashMap<Candidates, usize> = HashMap::new();
            let filter = ChainFilter {
                max_links: cap.get(),
                ..filter
            };
            let _ = find_every_continuous_loop(links, grid, &filter, |found_loop| {
                let effects = eliminations(found_loop);
                if effects.is_empty() {
                    return ControlFlow::<()>::Continue(());
                }
                let keep = Loop {
                    eliminations: effects,
                    ..found_loop.clone()
                };
                match index.get(&effects) {
                    Some(&i) if every[i].chain.len() <= keep.chain.len() => {}
                    Some(&i) => every[i] = keep,
                    None => {
                        index.insert(effects, every.len());
                        every.push(keep);
                    }
                }
                ControlFlow::Continue(())
            });
            found.extend(every);
        }
        push_shortest_first(grid, found, sink)
    }
}

/// One step per set of effects, shortest loops first (then in search order).
fn push_shortest_first(grid: &Grid, mut found: Vec<Loop>, sink: &mut StepSink) -> Flow {
    found.sort_by_key(|l| l.chain.len());
    let mut seen = HashSet::new();
    for found_loop in found {
        // A start proved true is written as HoDoKu writes it: its cell's other digits go.
        let mut eliminations = found_loop.eliminations;
        if let Some((cell, digit)) = found_loop.placement {
            eliminations.insert_digits(cell, grid.candidates(cell) - DigitSet::single(digit));
        }
        if eliminations.is_empty() || !seen.insert(eliminations) {
            continue;
        }
        let grouped = found_loop
            .chain
            .nodes
            .iter()
            .any(|n| n.kind != NodeKind::Candidate);
        let kind = match (found_loop.kind, grouped) {
            (LoopKind::Continuous, false) => CONTINUOUS_NICE_LOOP,
            (LoopKind::Continuous, true) => GROUPED_CONTINUOUS_NICE_LOOP,
            (LoopKind::Discontinuous, false) => DISCONTINUOUS_NICE_LOOP,
            (LoopKind::Discontinuous, true) => GROUPED_DISCONTINUOUS_NICE_LOOP,
        };
        let pattern = found_loop.chain.candidates();
        let step = Step::new(kind.sized(found_loop.chain.len()))
            .part(Part::Chain(found_loop.chain))
            .eliminations(eliminations)
            .pattern("chain", pattern);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::bool(
        "groups",
        "group nodes: a digit in a box-line intersection",
        false,
    ),
    ParamSpec::bool(
        "als",
        "ALS nodes: an almost locked set holding a digit",
        false,
    ),
    ParamSpec::int(
        "max_length",
        "most links, the closing one included",
        12,
        3,
        31,
    ),
    ParamSpec::bool(
        "all_loops",
        "continuous loops: every loop up to max_length, not only the shortest (slow in open positions)",
        false,
    ),
    ParamSpec::bool(
        "cannibalism",
        "continuous loops may eliminate from their own cells through a link between two cells (HoDoKu: no)",
        true,
    ),
];

register_technique!(TechniqueInfo {
    id: "nice-loop",
    name: "Nice Loop",
    summary: "alternating chains that close on their start: continuous loops turn weak links strong, discontinuous ones place or eliminate the start",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(NiceLoop {
            groups: params.bool("groups"),
            als: params.bool("als"),
            max_length: params.int("max_length") as usize,
            all_loops: params.bool("all_loops"),
            cannibalism: params.bool("cannibalism"),
        }))
    },
});

register_fixtures!("nice-loop", "nice_loop.fixtures");
