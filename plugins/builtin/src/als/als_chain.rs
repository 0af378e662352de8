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
//! depend on the order the sets are listed in. Most walks find nothing: a quick sweep over
//! all of them at once (`sweep`) first tells which do, and only those are walked again to
//! trace their chains.
//!
//! Since every link stands on its own, sets that are not neighbours in the chain may share
//! cells (or even recur); `overlap` only decides whether linked neighbours may.

mod sweep;

use super::rcc_links::RccLinks;
use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;
use sweep::{StateGraph, WalkStart, finding_walks};

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
        let search = Search::new(self, analysis);
        // When only the first step is wanted, that is one of the shortest chains: only the
        // walks with the shortest chains are traced, and only up to that length.
        let first_only = sink.wants_first_only();
        let finding = search.finding(first_only);
        let Some(&(_, shortest)) = finding.first() else {
            return ControlFlow::Continue(());
        };
        let longest = if first_only { shortest } else { self.max_alses };
        let mut tracer = Tracer::new(&search);
        let mut found = Vec::new();
        for &(walk, _) in &finding {
            tracer.trace(walk, longest, &mut found);
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
        let alses = search.alses;
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

/// One search: the sets and their links, and the walks, one per first set and first link by
/// which the chain can clear something.
struct Search<'a> {
    min_alses: usize,
    max_alses: usize,
    alses: &'a [Als],
    links: RccLinks,
    graph: StateGraph,
    walks: Vec<WalkStart>,
    /// Per walk, its first set's reach (by index into `reaches`) and the digits z it can
    /// clear: held by the first set, not its first link.
    targets: Vec<(u32, DigitSet)>,
    reaches: Vec<[CellSet; 9]>,
}

impl<'a> Search<'a> {
    fn new(chain: &AlsChain, analysis: &'a Analysis) -> Search<'a> {
        let grid = analysis.grid();
        let alses = analysis.als();
        let any_size = chain.max_als_cells >= MAX_ALS_CELLS;
        let usable = |i: u32| any_size || alses[i as usize].size() <= chain.max_als_cells;
        let links = RccLinks::build(analysis, |first, second| {
            let (a, b) = (&alses[first as usize], &alses[second as usize]);
            usable(first) && usable(second) && (chain.overlap || !a.cells.intersects(b.cells))
        });
        let graph = StateGraph::build(&links);
        let mut walks = Vec::with_capacity(graph.states());
        let mut targets = Vec::with_capacity(graph.states());
        let mut reaches = Vec::with_capacity(alses.len());
        for (index, start) in alses.iter().enumerate() {
            let linked = graph.digits(index);
            if linked.is_empty() {
                continue;
            }
            let (reach, reachable) = reach_of(grid, start);
            for first_link in linked {
                let clearable = reachable - DigitSet::single(first_link);
                if !clearable.is_empty() {
                    walks.push(WalkStart {
                        set: index as u32,
                        first_link,
                    });
                    targets.push((reaches.len() as u32, clearable));
                }
            }
            reaches.push(reach);
        }
        Search {
            min_alses: chain.min_alses,
            max_alses: chain.max_alses,
            alses,
            links,
            graph,
            walks,
            targets,
            reaches,
        }
    }

    /// The walks that find a chain, each with the fewest sets of its chains; with
    /// `shortest_only`, only those whose chains are the shortest of all.
    fn finding(&self, shortest_only: bool) -> Vec<(usize, usize)> {
        let ends = |walk: usize, end: usize, lacking: Digit| {
            let (reach, targets) = self.targets[walk];
            let start = &self.alses[self.walks[walk].set as usize];
            let clearable = targets - DigitSet::single(lacking);
            clears_any(
                start,
                &self.alses[end],
                &self.reaches[reach as usize],
                clearable,
            )
        };
        finding_walks(
            &self.graph,
            &self.walks,
            self.min_alses,
            self.max_alses,
            shortest_only,
            ends,
        )
    }
}

/// Walks one walk of a search again, breadth first with the state each state was reached
/// from, to trace the chains it finds.
struct Tracer<'s, 'a> {
    search: &'s Search<'a>,
    /// Each set's moves: the states (linked set, digit it then lacks) one link away, in link
    /// order and digit order.
    moves_start: Vec<usize>,
    moves: Vec<State>,
    walk: Walk,
}

impl<'s, 'a> Tracer<'s, 'a> {
    fn new(search: &'s Search<'a>) -> Tracer<'s, 'a> {
        let links = &search.links;
        let mut moves_start = Vec::with_capacity(links.sets() + 1);
        let mut moves = Vec::new();
        for index in 0..links.sets() {
            moves_start.push(moves.len());
            for &(next, rccs) in links.of(index) {
                moves.extend(rccs.iter().map(|digit| State { als: next, digit }));
            }
        }
        moves_start.push(moves.len());
        Tracer {
            search,
            moves_start,
            moves,
            walk: Walk::new(search.alses.len()),
        }
    }

    /// The chains of walk `walk_index` of up to `longest` sets that clear something.
    fn trace(&mut self, walk_index: usize, longest: usize, found: &mut Vec<Found>) {
        let search = self.search;
        let WalkStart { set, first_link } = search.walks[walk_index];
        let start_index = set as usize;
        let start = &search.alses[start_index];
        let (reach, targets) = search.targets[walk_index];
        let reach = &search.reaches[reach as usize];
        let walk = &mut self.walk;
        walk.restart();
        for &(next, rccs) in search.links.of(start_index) {
            if rccs.contains(first_link) && next as usize != start_index {
                walk.visit(
                    State {
                        als: next,
                        digit: first_link,
                    },
                    2,
                    None,
                );
            }
        }
        while let Some(state) = walk.next() {
            let sets = walk.depth(state) as usize;
            let end = &search.alses[state.als as usize];
            if sets >= search.min_alses && state.als as usize != start_index {
                let clearable = targets - DigitSet::single(state.digit);
                let eliminations = eliminations(start, end, reach, clearable);
                if !eliminations.is_empty() {
                    found.push(Found {
                        chain: walk.trace_back(state, set, first_link),
                        eliminations,
                    });
                }
            }
            if sets >= longest {
                continue;
            }
            let index = state.als as usize;
            for &next in &self.moves[self.moves_start[index]..self.moves_start[index + 1]] {
                // A chain back to its first set lacking z says nothing new here.
                if next.digit == state.digit || next.als as usize == start_index || walk.seen(next)
                {
                    continue;
                }
                walk.visit(next, sets as u8 + 1, Some(state));
            }
        }
    }
}

/// Per digit z of the first set of a chain: the cells holding z that see its every z (a chain
/// can only clear z from those), and the digits with such cells.
fn reach_of(grid: &Grid, start: &Als) -> ([CellSet; 9], DigitSet) {
    let mut reach = [CellSet::EMPTY; 9];
    let mut reachable = DigitSet::EMPTY;
    for z in start.digits {
        reach[z as usize - 1] = start.peers_of_digit(z) & grid.cells_with(z);
        if !reach[z as usize - 1].is_empty() {
            reachable.insert(z);
        }
    }
    (reach, reachable)
}

/// What a chain from `start` to `end` clears of the digits `clearable`: each from the cells
/// that hold it and see its every place in both sets.
fn eliminations(start: &Als, end: &Als, reach: &[CellSet; 9], clearable: DigitSet) -> Candidates {
    let mut out = Candidates::EMPTY;
    for z in clearable & end.digits {
        let seen = reach[z as usize - 1] & end.peers_of_digit(z);
        out.insert_cells(seen - start.cells - end.cells, z);
    }
    out
}

/// Whether [`eliminations`] has any.
fn clears_any(start: &Als, end: &Als, reach: &[CellSet; 9], clearable: DigitSet) -> bool {
    let outside = !(start.cells.bits() | end.cells.bits());
    (clearable & end.digits)
        .iter()
        .any(|z| (reach[z as usize - 1] & end.peers_of_digit(z)).bits() & outside != 0)
}

/// The breadth-first walk from one first link: for every state reached, how many sets its
/// shortest chain has and the state before it. Slots are stamped with the walk they were
/// reached in, so a new walk starts without clearing the tables.
struct Walk {
    stamp: Vec<u32>,
    current: u32,
    depth: Vec<u8>,
    parent: Vec<Option<State>>,
    /// The states reached, in order; those from `head` on are still to expand.
    queue: Vec<State>,
    head: usize,
}

impl Walk {
    fn new(sets: usize) -> Walk {
        Walk {
            stamp: vec![0; sets * 9],
            current: 0,
            depth: vec![0; sets * 9],
            parent: vec![None; sets * 9],
            queue: Vec::new(),
            head: 0,
        }
    }

    fn restart(&mut self) {
        self.current += 1;
        self.queue.clear();
        self.head = 0;
    }

    fn next(&mut self) -> Option<State> {
        let state = self.queue.get(self.head).copied();
        self.head += 1;
        state
    }

    fn seen(&self, state: State) -> bool {
        self.stamp[state.slot()] == self.current
    }

    fn depth(&self, state: State) -> u8 {
        self.depth[state.slot()]
    }

    fn visit(&mut self, state: State, depth: u8, parent: Option<State>) {
        let slot = state.slot();
        self.stamp[slot] = self.current;
        self.depth[slot] = depth;
        self.parent[slot] = parent;
        self.queue.push(state);
    }

    /// The sets from the first to `end`, each with the digit linking it to the one before.
    fn trace_back(&self, end: State, start: u32, first_link: Digit) -> Vec<(u32, Option<Digit>)> {
        let mut chain = vec![(end.als, Some(end.digit))];
        let mut state = end;
        while let Some(before) = self.parent[state.slot()] {
            chain.push((before.als, Some(before.digit)));
            state = before;
        }
        debug_assert_eq!(state.digit, first_link);
        chain.push((start, None));
        chain.reverse();
        chain
    }
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

#[cfg(test)]
mod tests;
