//! The beam search through vicinities, with an optional cheap probe before the rating: most
//! neighbours of a hard puzzle rate below it, and a probe that gives a lower bound of the ER
//! (the first step of a solve that goes above an easy ceiling) tells which neighbours are
//! worth the full rating. Every puzzle reported was rated in full (by the probe itself when
//! it finished the solve, or by `rate`), so the probe only decides which ones and in what
//! order.

use super::{Found, VicinityOptions, VicinityReport, is_minimal, neighbours_until};
use crate::board::canon::minlex;
use crate::generate::stream;
use std::cmp::Reverse;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a probe learnt of a puzzle's ER (in tenths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Rated in full: this is the puzzle's ER, as `rate` gives it.
    Rated(u16),
    /// Turned down, as `rate` would turn it down (not solved by logic).
    Unrated,
    /// The ER is at least this (the probe stopped on a step rated this).
    AtLeast(u16),
}

/// `f` of each item on up to `threads` threads, results in item order. Threads take the next
/// item as they finish one, since ratings differ widely in cost.
fn par_map<T: Sync, R: Send>(items: &[T], threads: usize, f: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break out };
                        out.push((i, f(item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a vicinity thread panicked"))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// A rated puzzle waiting to be searched from, ordered best first.
type Key = (Reverse<u16>, [u8; 81]);

/// Probed neighbours waiting for their ratings, in two orders: most promising first (by how
/// far the lower bound is under the parent's ER, then by the parent's ER) and highest lower
/// bound first (then by the parent's ER); ties as probed.
#[derive(Default)]
struct Waiting {
    by_gap: BTreeMap<(Reverse<i32>, Reverse<u16>, u64), ()>,
    by_bound: BTreeMap<(Reverse<u16>, Reverse<u16>, u64), ()>,
    entries: BTreeMap<u64, (Pending, u16)>,
    added: u64,
}

impl Waiting {
    fn insert(&mut self, pending: Pending, bound: u16) {
        self.added += 1;
        let n = self.added;
        let gap = i32::from(bound) - i32::from(pending.1);
        self.by_gap
            .insert((Reverse(gap), Reverse(pending.1), n), ());
        self.by_bound
            .insert((Reverse(bound), Reverse(pending.1), n), ());
        self.entries.insert(n, (pending, bound));
    }

    fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The first by gap, with its gap, or the first by lower bound, with its bound.
    fn first(&self, by_bound: bool) -> Option<(i32, u64)> {
        if by_bound {
            let &(Reverse(bound), _, n) = self.by_bound.first_key_value()?.0;
            Some((i32::from(bound), n))
        } else {
            let &(Reverse(gap), _, n) = self.by_gap.first_key_value()?.0;
            Some((gap, n))
        }
    }

    fn remove(&mut self, n: u64) -> Pending {
        let (pending, bound) = self.entries.remove(&n).expect("a waiting entry");
        let gap = i32::from(bound) - i32::from(pending.1);
        self.by_gap.remove(&(Reverse(gap), Reverse(pending.1), n));
        self.by_bound
            .remove(&(Reverse(bound), Reverse(pending.1), n));
        pending
    }
}

/// A neighbour to rate: the puzzle, its parent's ER and its canonical form.
type Pending = ([u8; 81], u16, [u8; 81]);

/// A beam search from `starts`: each round takes the `keep` best-rated puzzles not yet searched
/// from (ties: lower canonical form), lists or draws their neighbours, drops those seen before
/// (isomorphs included) and, if asked, those not minimal, rates the rest and reports each one
/// rated to `found`. It ends when `stop()` says so (asked between rounds, between batches
/// of ratings and while listing neighbours) or no puzzle is left to search from. `rate` gives
/// ER in tenths, `None` when a puzzle is not solved by logic or turned down; starts it turns
/// down are not searched from.
pub fn search(
    starts: &[[u8; 81]],
    options: &VicinityOptions,
    rate: &(dyn Fn(&[u8; 81]) -> Option<u16> + Sync),
    stop: &(dyn Fn() -> bool + Sync),
    found: &mut dyn FnMut(&Found),
) -> VicinityReport {
    let probe = |p: &[u8; 81]| rate(p).map_or(Probe::Unrated, Probe::Rated);
    search_probed(starts, options, &probe, rate, stop, found)
}

/// [`search`] with `probe` run on every new neighbour first: `rate` only runs on those it
/// leaves with a lower bound, most promising first. Each round rates up to a chunk of the
/// waiting neighbours within [`VicinityOptions::margin`] of their parent's ER (closest
/// first); without any, up to a chunk of those whose bound is at least the best rating left
/// to search from (highest first; all of them once nothing is left); without any either, it
/// searches from the best puzzles as [`search`] does, the beam after its first only from
/// puzzles rated at least the best bound waiting. Neighbours far under their parents may
/// so never be rated: the search spends its ratings where they can climb.
pub fn search_probed(
    starts: &[[u8; 81]],
    options: &VicinityOptions,
    probe: &(dyn Fn(&[u8; 81]) -> Probe + Sync),
    rate: &(dyn Fn(&[u8; 81]) -> Option<u16> + Sync),
    stop: &(dyn Fn() -> bool + Sync),
    found: &mut dyn FnMut(&Found),
) -> VicinityReport {
    let threads = options.threads.max(1);
    let mut report = VicinityReport::default();
    let mut seen: HashSet<[u8; 81]> = HashSet::new();
    // Unexplored puzzles by (rating, canonical form), with the puzzle as given.
    let mut frontier: BTreeMap<Key, [u8; 81]> = BTreeMap::new();
    let mut waiting = Waiting::default();
    let mut best: Option<(Key, [u8; 81])> = None;

    let forms = par_map(starts, threads, &|p| minlex(p));
    let fresh: Vec<([u8; 81], [u8; 81])> = starts
        .iter()
        .zip(forms)
        .filter(|(_, form)| seen.insert(*form))
        .map(|(p, form)| (*p, form))
        .collect();
    let ratings = par_map(&fresh, threads, &|(p, _)| rate(p));
    report.rated += fresh.len() as u64;
    let mut start_er = None;
    for ((puzzle, form), er) in fresh.into_iter().zip(ratings) {
        if let Some(er) = er {
            start_er = start_er.max(Some(er));
            let key = (Reverse(er), form);
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, puzzle));
            }
            frontier.insert(key, puzzle);
        }
    }
    // A puzzle rated in full: searched from later, and reported.
    let mut rated = |report: &mut VicinityReport,
                     frontier: &mut BTreeMap<Key, [u8; 81]>,
                     (puzzle, parent_er, form): Pending,
                     er: u16,
                     round: usize| {
        if start_er.is_some_and(|s| er > s) {
            report.above_start += 1;
        }
        let key = (Reverse(er), form);
        if best.as_ref().is_none_or(|(b, _)| key < *b) {
            best = Some((key, puzzle));
        }
        frontier.insert(key, puzzle);
        found(&Found {
            puzzle,
            er,
            parent_er,
            round,
        });
    };
    let chunk = options.chunk.map_or(usize::MAX, |c| c.max(1));
    let margin = options.margin.map_or(i32::MIN, |m| -i32::from(m));
    let batch = threads * 4;

    let mut parents_taken = 0u64;
    // Parents searched in part: their neighbours, and how many of them were taken.
    let mut partly: BTreeMap<[u8; 81], (Vec<[u8; 81]>, usize)> = BTreeMap::new();
    while (!frontier.is_empty() || !waiting.is_empty()) && !stop() {
        report.rounds += 1;
        let round = report.rounds;
        // The waiting neighbours within the margin first: those most likely to rate above
        // their parents. Then those whose lower bound is at least the best rating left to
        // search from: each will be a parent as good as any.
        let mut due: Vec<Pending> = Vec::new();
        while due.len() < chunk {
            match waiting.first(false) {
                Some((gap, n)) if gap >= margin => due.push(waiting.remove(n)),
                _ => break,
            }
        }
        if due.is_empty() {
            let top = frontier
                .first_key_value()
                .map(|((Reverse(er), _), _)| i32::from(*er));
            while due.len() < chunk {
                match waiting.first(true) {
                    Some((bound, n)) if top.is_none_or(|top| bound >= top) => {
                        due.push(waiting.remove(n));
                    }
                    _ => break,
                }
            }
        }
        if !due.is_empty() {
            for part in due.chunks(batch) {
                if stop() {
                    break;
                }
                let ratings = par_map(part, threads, &|(p, _, _)| rate(p));
                report.rated += part.len() as u64;
                for (&pending, er) in part.iter().zip(ratings) {
                    if let Some(er) = er {
                        rated(&mut report, &mut frontier, pending, er, round);
                    }
                }
            }
            continue;
        }
        // The beam after its first: puzzles rated at least the best bound waiting (a puzzle
        // under it would be a worse parent than the waiting neighbour, rated next round).
        let floor = waiting.first(true).map_or(0, |(bound, _)| bound);
        let parents: Vec<(u64, u16, [u8; 81], [u8; 81])> = (0..options.keep.max(1))
            .map_while(|i| match frontier.first_entry() {
                Some(entry) if i == 0 || i32::from(entry.key().0.0) >= floor => {
                    Some(entry.remove_entry())
                }
                _ => None,
            })
            .map(|((Reverse(er), form), puzzle)| {
                parents_taken += 1;
                (parents_taken, er, puzzle, form)
            })
            .collect();
        // Each parent draws from its own stream, so threads do not change the draws.
        let fresh: Vec<&(u64, u16, [u8; 81], [u8; 81])> = parents
            .iter()
            .filter(|p| !partly.contains_key(&p.3))
            .collect();
        let fresh_lists = par_map(&fresh, threads, &|&&(n, _, puzzle, _)| {
            let mut rng = stream(options.seed, n);
            neighbours_until(
                &puzzle,
                options.remove,
                options.add,
                &mut rng,
                options.sample,
                stop,
            )
        });
        for (parent, list) in fresh.iter().zip(fresh_lists) {
            partly.insert(parent.3, (list, 0));
        }
        let mut listed: Vec<([u8; 81], u16)> = Vec::new();
        for &(_, er, puzzle, form) in &parents {
            let (list, taken) = partly.get_mut(&form).expect("listed above");
            let end = (*taken).saturating_add(chunk).min(list.len());
            listed.extend(list[*taken..end].iter().map(|&p| (p, er)));
            *taken = end;
            if end < list.len() {
                frontier.insert((Reverse(er), form), puzzle);
            } else {
                partly.remove(&form);
            }
        }
        report.neighbours += listed.len() as u64;
        let forms = par_map(&listed, threads, &|(p, _)| minlex(p));
        let new: Vec<Pending> = listed
            .into_iter()
            .zip(forms)
            .filter(|(_, form)| seen.insert(*form))
            .map(|((p, parent_er), form)| (p, parent_er, form))
            .collect();
        // Batches a few per thread, so `stop` is heard during a long round.
        for part in new.chunks(batch) {
            if stop() {
                break;
            }
            let probes = par_map(part, threads, &|(p, _, _)| {
                if options.minimal && !is_minimal(p) {
                    return None;
                }
                Some(probe(p))
            });
            for (&pending, outcome) in part.iter().zip(probes) {
                let Some(outcome) = outcome else { continue };
                report.probed += 1;
                match outcome {
                    Probe::Rated(er) => {
                        report.rated += 1;
                        rated(&mut report, &mut frontier, pending, er, round);
                    }
                    Probe::Unrated => report.rated += 1,
                    Probe::AtLeast(bound) => waiting.insert(pending, bound),
                }
            }
        }
    }
    report.best = best.map(|((Reverse(er), _), puzzle)| (puzzle, er));
    report
}
