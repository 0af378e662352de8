//! The quick first pass of the ALS chain search: every walk at once, level by level. A walk
//! starts at one set with one first link; its states are (set, digit the set lacks). Rather
//! than walk each on its own, the sweep keeps per state a row of bits, one per walk, and
//! moves every walk one link further per level: a state's moves are then followed once for
//! all the walks that reached it, not once per walk.
//!
//! The sweep finds which states each walk reaches at each chain length, not the chains that
//! reach them. That is enough to tell which walks find a chain and how short it is: the
//! states a breadth-first walk reaches at each length do not depend on the order it meets
//! them in. Most walks find nothing; only those that do are walked again to trace their
//! chains.

use crate::als::rcc_links::RccLinks;
use kaidoku_engine::prelude::*;

/// One walk: its first set and the digit of its first link.
#[derive(Clone, Copy)]
pub(super) struct WalkStart {
    pub set: u32,
    pub first_link: Digit,
}

/// The states of the walks (every set with each digit it is linked by) and their moves.
pub(super) struct StateGraph {
    /// Per set, its link digits; its states are numbered from `first_state[set]` on, one
    /// per digit in digit order.
    digits: Vec<DigitSet>,
    first_state: Vec<u32>,
    /// Per state, its set and the digit it lacks.
    set_of: Vec<u32>,
    digit_of: Vec<Digit>,
    /// Per set, the states one link away (`moves[move_start[set]..move_start[set + 1]]`),
    /// each with its link digit.
    move_start: Vec<u32>,
    moves: Vec<(u32, Digit)>,
}

impl StateGraph {
    pub(super) fn build(links: &RccLinks) -> StateGraph {
        let sets = links.sets();
        let mut digits = Vec::with_capacity(sets);
        let mut first_state = Vec::with_capacity(sets);
        let mut moves = 0;
        for set in 0..sets {
            let mut linked = DigitSet::EMPTY;
            for &(_, rccs) in links.of(set) {
                linked |= rccs;
                moves += rccs.len() as usize;
            }
            digits.push(linked);
        }
        let states = digits.iter().map(|d| d.len() as usize).sum();
        let (mut set_of, mut digit_of) = (Vec::with_capacity(states), Vec::with_capacity(states));
        for (set, &linked) in digits.iter().enumerate() {
            first_state.push(set_of.len() as u32);
            for digit in linked {
                set_of.push(set as u32);
                digit_of.push(digit);
            }
        }
        let mut graph = StateGraph {
            digits,
            first_state,
            set_of,
            digit_of,
            move_start: Vec::with_capacity(sets + 1),
            moves: Vec::with_capacity(moves),
        };
        for set in 0..sets {
            graph.move_start.push(graph.moves.len() as u32);
            for &(next, rccs) in links.of(set) {
                for digit in rccs {
                    let state = graph.state(next as usize, digit);
                    graph.moves.push((state, digit));
                }
            }
        }
        graph.move_start.push(graph.moves.len() as u32);
        graph
    }

    /// The digits set `set` is linked by.
    #[inline]
    pub(super) fn digits(&self, set: usize) -> DigitSet {
        self.digits[set]
    }

    /// The state "set `set` lacks `digit`", for one of its link digits.
    #[inline]
    fn state(&self, set: usize, digit: Digit) -> u32 {
        // The set's link digits below `digit`, counted by table (no popcount instruction on
        // baseline x86-64).
        let below = self.digits[set].bits() & ((1 << (digit - 1)) - 1);
        self.first_state[set] + DigitSet::from_bits(below).len()
    }

    pub(super) fn states(&self) -> usize {
        self.set_of.len()
    }

    #[inline]
    fn moves_of(&self, set: usize) -> &[(u32, Digit)] {
        &self.moves[self.move_start[set] as usize..self.move_start[set + 1] as usize]
    }
}

/// The walks that find a chain of `min_sets..=max_sets` sets, each with the fewest sets of its
/// chains (by index into `walks`). A chain ends in a state (set, digit it lacks) that
/// `ends(walk, set, digit)` accepts. With `shortest_only`, only the walks whose chains are the
/// shortest of all.
///
/// The states of each walk are those of the walk that traces its chains: the sets linked to
/// its first set by its first link, then one link further per level, never a state twice,
/// never a state of its first set, never by the digit a set was entered by. The walks go in
/// batches of 64, one bit each in a word per state.
pub(super) fn finding_walks(
    graph: &StateGraph,
    walks: &[WalkStart],
    min_sets: usize,
    max_sets: usize,
    shortest_only: bool,
    mut ends: impl FnMut(usize, usize, Digit) -> bool,
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut longest = max_sets;
    let states = graph.states();
    // Per state, the walks of the batch that have reached it, that reach it at the current
    // level and at the next; a state's `level` and `next` words are only read while it is
    // listed in `level_states` or `next_states`.
    let mut seen = vec![0u64; states];
    let mut level = vec![0u64; states];
    let mut next = vec![0u64; states];
    let mut listed = vec![false; states];
    let mut level_states = Vec::with_capacity(states);
    let mut next_states = Vec::with_capacity(states);
    for (batch, batch_walks) in walks.chunks(64).enumerate() {
        seen.fill(0);
        level_states.clear();
        for (bit_index, start) in batch_walks.iter().enumerate() {
            let bit = 1u64 << bit_index;
            let set = start.set as usize;
            // A walk never comes back to its first set.
            for digit in graph.digits(set) {
                seen[graph.state(set, digit) as usize] |= bit;
            }
            for &(state, digit) in graph.moves_of(set) {
                if digit == start.first_link {
                    let state = state as usize;
                    if !listed[state] {
                        listed[state] = true;
                        level_states.push(state as u32);
                        level[state] = 0;
                    }
                    level[state] |= bit;
                    seen[state] |= bit;
                }
            }
        }
        for &state in &level_states {
            listed[state as usize] = false;
        }
        let mut done = 0u64;
        let mut sets = 2;
        loop {
            if sets >= min_sets {
                for &state in &level_states {
                    let state = state as usize;
                    let (set, lacking) = (graph.set_of[state] as usize, graph.digit_of[state]);
                    let mut bits = level[state] & !done;
                    while bits != 0 {
                        let bit_index = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let walk = batch * 64 + bit_index;
                        if ends(walk, set, lacking) {
                            done |= 1 << bit_index;
                            found.push((walk, sets));
                        }
                    }
                }
                if shortest_only && done != 0 {
                    longest = sets;
                    break;
                }
            }
            if sets >= longest {
                break;
            }
            for &state in &level_states {
                let state = state as usize;
                let (set, lacking) = (graph.set_of[state] as usize, graph.digit_of[state]);
                let from = level[state];
                // A set entered lacking one digit holds the others: it passes them on.
                for &(to, digit) in graph.moves_of(set) {
                    if digit == lacking {
                        continue;
                    }
                    let to = to as usize;
                    if listed[to] {
                        next[to] |= from;
                    } else {
                        listed[to] = true;
                        next_states.push(to as u32);
                        next[to] = from;
                    }
                }
            }
            level_states.clear();
            for &state in &next_states {
                let state = state as usize;
                listed[state] = false;
                let new = next[state] & !seen[state];
                if new != 0 {
                    next[state] = new;
                    seen[state] |= new;
                    level_states.push(state as u32);
                }
            }
            next_states.clear();
            if level_states.is_empty() {
                break;
            }
            std::mem::swap(&mut level, &mut next);
            sets += 1;
        }
    }
    if shortest_only {
        found.retain(|&(_, sets)| sets == longest);
    }
    found
}
