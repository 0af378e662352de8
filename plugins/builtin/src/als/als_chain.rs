//! ALS Chain: almost locked sets A1 … An, each linked to the next by a restricted common
//! candidate x1 … x(n-1), consecutive ones different. A cell seeing every z of A1 and of An,
//! for a digit z both hold (z ≠ x1, x(n-1)), cannot be z: if it were, A1 would lose z and lock,
//! so A1 would hold x1, A2 would lose x1 and lock, so A2 would hold x2, …, An would lose
//! x(n-1) and lock, and hold z after all.
//!
//! Each link is an implication ("A lacks x, so A holds every other digit, so its neighbour
//! lacks the digit they share"), so the search is a breadth-first walk over the states
//! (set, digit it lacks) from each first link: every state is reached by a shortest chain, and
//! what a chain eliminates depends only on its ends and end links, so the steps found do not
//! depend on the order the sets are listed in.
//!
//! Since every link stands on its own, sets that are not neighbours in the chain may share
//! cells (or even recur); `overlap` only decides whether linked neighbours may.

use kaidoku_engine::prelude::*;
use kaidoku_engine::{AlsPair, MAX_ALS_CELLS};
use std::collections::{HashSet, VecDeque};

pub struct AlsChain {
    min_alses: usize,
    max_alses: usize,
    max_als_cells: usize,
    overlap: bool,
}

const KIND: StepKind = StepKind::new("als-chain", "ALS Chain");

/// A state of the walk: set `als` lacks `digit`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    als: u32,
    digit: Digit,
}

impl State {
    fn slot(self) -> usize {
        self.als as usize * 9 + self.digit as usize - 1
    }
}

/// One chain found: its sets (with the link into each but the first) and what it eliminates.
struct Found {
    chain: Vec<(u32, Option<Digit>)>,
    eliminations: Candidates,
}

impl Technique for AlsChain {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als();
        let usable = |i: u32| alses[i as usize].size() <= self.max_als_cells;
        let mut links: Vec<Vec<(u32, DigitSet)>> = vec![Vec::new(); alses.len()];
        for &AlsPair {
            first,
            second,
            rccs,
        } in analysis.als_rccs()
        {
            let (a, b) = (&alses[first as usize], &alses[second as usize]);
            if !usable(first) || !usable(second) || (!self.overlap && a.cells.intersects(b.cells)) {
                continue;
            }
            links[first as usize].push((second, rccs));
            links[second as usize].push((first, rccs));
        }
        let mut found = Vec::new();
        let mut parent: Vec<Option<State>> = vec![None; alses.len() * 9];
        let mut depth: Vec<u8> = vec![0; alses.len() * 9];
        let mut queue = VecDeque::new();
        for (start_index, start_links) in links.iter().enumerate() {
            let start = &alses[start_index];
            for first_link in start_links
                .iter()
                .fold(DigitSet::EMPTY, |acc, &(_, rccs)| acc | rccs)
            {
                // The digits z the chain can clear: held by the first set, not its link.
                let targets = start.digits - DigitSet::single(first_link);
                depth.fill(0);
                parent.fill(None);
                queue.clear();
                for &(next, rccs) in start_links {
                    if rccs.contains(first_link) && next as usize != start_index {
                        let state = State {
                            als: next,
                            digit: first_link,
                        };
                        depth[state.slot()] = 2;
                        queue.push_back(state);
                    }
                }
                while let Some(state) = queue.pop_front() {
                    let sets = depth[state.slot()] as usize;
                    let end = &alses[state.als as usize];
                    if sets >= self.min_alses && state.als as usize != start_index {
                        let eliminations = self.eliminations(
                            grid,
                            start,
                            end,
                            targets - DigitSet::single(state.digit),
                        );
                        if !eliminations.is_empty() {
                            found.push(Found {
                                chain: trace_back(&parent, state, start_index as u32, first_link),
                                eliminations,
                            });
                        }
                    }
                    if sets >= self.max_alses {
                        continue;
                    }
                    for &(next, rccs) in &links[state.als as usize] {
                        for digit in rccs - DigitSet::single(state.digit) {
                            let next_state = State { als: next, digit };
                            // A chain back to its first set lacking z says nothing new here.
                            if next as usize == start_index || depth[next_state.slot()] != 0 {
                                continue;
                            }
                            depth[next_state.slot()] = sets as u8 + 1;
                            parent[next_state.slot()] = Some(state);
                            queue.push_back(next_state);
                        }
                    }
                }
            }
        }
        // Shortest chains first; one step per set of effects.
        let key = |f: &Found| {
            let effects: Vec<(usize, Digit)> = f
                .eliminations
                .iter()
                .map(|(cell, digit)| (cell.index(), digit))
                .collect();
            (f.chain.len(), effects, f.chain.clone())
        };
        found.sort_by_cached_key(key);
        let mut reported = HashSet::new();
        for f in found {
            if !reported.insert(f.eliminations) {
                continue;
            }
            let mut step = Step::new(KIND);
            for (position, &(index, link)) in f.chain.iter().enumerate() {
                let als = &alses[index as usize];
                step = step.part(Part::Als {
                    cells: als.cells,
                    digits: als.digits,
                    link,
                });
                let role = format!("ALS {}", position + 1);
                step = step.pattern(role, als.candidates());
            }
            sink.push(step.eliminations(f.eliminations))?;
        }
        ControlFlow::Continue(())
    }
}

impl AlsChain {
    /// The candidates z of `digits` seen by every z of both end sets, outside them.
    fn eliminations(&self, grid: &Grid, first: &Als, last: &Als, digits: DigitSet) -> Candidates {
        let mut out = Candidates::EMPTY;
        for z in digits & last.digits {
            let seen = first.peers_of_digit(z) & last.peers_of_digit(z) & grid.cells_with(z);
            out.insert_cells(seen - first.cells - last.cells, z);
        }
        out
    }
}

/// The sets from the first to `end`, each with the digit linking it to the one before.
fn trace_back(
    parent: &[Option<State>],
    end: State,
    start: u32,
    first_link: Digit,
) -> Vec<(u32, Option<Digit>)> {
    let mut chain = vec![(end.als, Some(end.digit))];
    let mut state = end;
    while let Some(before) = parent[state.slot()] {
        chain.push((before.als, Some(before.digit)));
        state = before;
    }
    debug_assert_eq!(state.digit, first_link);
    chain.push((start, None));
    chain.reverse();
    chain
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "min_alses",
        "fewest sets in a chain (2 and 3 are ALS-XZ and ALS-XY-Wing)",
        4,
        2,
        32,
    ),
    ParamSpec::int("max_alses", "most sets in a chain", 7, 2, 32),
    ParamSpec::int(
        "max_als_cells",
        "most cells of an ALS (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
    ParamSpec::bool(
        "overlap",
        "linked sets may share cells (not their restricted common)",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "als-chain",
    name: "ALS Chain",
    summary: "almost locked sets linked one to the next by restricted commons: a digit both ends hold leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(AlsChain {
            min_alses: params.int("min_alses") as usize,
            max_alses: params.int("max_alses") as usize,
            max_als_cells: params.int("max_als_cells") as usize,
            overlap: params.bool("overlap"),
        }))
    },
});

register_fixtures!("als-chain", "als_chain.fixtures");
