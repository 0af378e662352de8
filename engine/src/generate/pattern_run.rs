//! A pattern's puzzle `index`: its tries, each from its own stream (seed, index, try), so the
//! puzzle is that of the first try that passes, whether one thread runs the tries in turn or
//! several share them. A 17-clue mask can take tens of seconds of tries for one puzzle, so a
//! run of fewer puzzles than threads puts every thread on the same index (see [`super::run`]).

use super::filter::{Judge, Rejection};
use super::{Generated, Options, Shortfall, Tally, pattern_candidate};
use crate::board::grid::Grid;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Try `try_index` of puzzle `index`: a stream of its own. (The index's stream for other
/// shapes, [`super::stream`], has 0 where this key has the try.)
fn try_stream(seed: u64, index: u64, try_index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&(try_index + 1).to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

/// One try: a pattern search, then the judge. `stop` ends the search early.
fn one_try(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    try_index: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Generated, Rejection> {
    let pattern = options.pattern.expect("a pattern run has a pattern");
    let mut rng = try_stream(options.seed, index, try_index);
    let candidate = pattern_candidate(options, pattern, &mut rng, stop)?;
    let grid = Grid::from_givens(&candidate.puzzle).expect("clues from a solution agree");
    let judged = judge
        .map(|j| j.judge_reaching(&grid))
        .transpose()
        .map_err(|(why, _)| why)?;
    Ok(Generated {
        index,
        grid,
        solution: candidate.solution,
        symmetry: candidate.symmetry,
        tries: 0,
        rejected: BTreeMap::new(),
        judged,
    })
}

/// Puzzle `index` of a pattern run, its tries on `threads` threads (1: the caller's). Ends
/// after `max_tries` tries, if given, or when `stop` says so (looked at every few
/// milliseconds, also inside a try). While several threads work, `tick.1` is called on the
/// caller's thread every `tick.0` (its progress display).
pub(super) fn nth(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    threads: usize,
    (max_tries, stop): (Option<u64>, &(dyn Fn() -> bool + Sync)),
    tally: &Tally,
    (every, tick): (Duration, &mut dyn FnMut()),
) -> Result<Generated, Shortfall> {
    if threads <= 1 {
        return in_turn(options, judge, index, (max_tries, stop), tally);
    }
    let next_try = AtomicU64::new(0);
    // The lowest try that passed so far: tries above it are not needed.
    let first_passed = AtomicU64::new(u64::MAX);
    let outcomes: Mutex<BTreeMap<u64, Result<Generated, Rejection>>> = Mutex::default();
    let (alive, all_done) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let alive = alive.clone();
            let (next_try, first_passed, outcomes) = (&next_try, &first_passed, &outcomes);
            scope.spawn(move || {
                let _alive = alive;
                loop {
                    let t = next_try.fetch_add(1, Ordering::Relaxed);
                    if t >= first_passed.load(Ordering::Relaxed)
                        || max_tries.is_some_and(|m| t >= m)
                        || stop()
                    {
                        return;
                    }
                    tally.count_try();
                    let cut = || stop() || first_passed.load(Ordering::Relaxed) < t;
                    let outcome = one_try(options, judge, index, t, &cut);
                    if first_passed.load(Ordering::Relaxed) < t {
                        // Cut short, or done for nothing: a lower try passed meanwhile.
                        return;
                    }
                    match &outcome {
                        Ok(_) => {
                            first_passed.fetch_min(t, Ordering::Relaxed);
                        }
                        Err(why) => tally.reject(*why),
                    }
                    if let Ok(mut outcomes) = outcomes.lock() {
                        outcomes.insert(t, outcome);
                    }
                }
            });
        }
        drop(alive);
        // Every worker holds a sender: the channel closes when the last one ends.
        while let Err(RecvTimeoutError::Timeout) = all_done.recv_timeout(every) {
            tick();
        }
    });
    // In try order, as one thread would have met them: the rejections before the first
    // puzzle, then the puzzle.
    let mut shortfall = Shortfall::default();
    let outcomes = outcomes.into_inner().unwrap_or_default();
    for (t, outcome) in outcomes {
        match outcome {
            Ok(generated) => {
                return Ok(Generated {
                    tries: t + 1,
                    rejected: shortfall.rejected,
                    ..generated
                });
            }
            Err(why) => {
                shortfall.tries += 1;
                *shortfall.rejected.entry(why).or_default() += 1;
            }
        }
    }
    Err(shortfall)
}

/// [`nth`] on the caller's thread: the tries in turn until one passes.
pub(super) fn in_turn(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    (max_tries, stop): (Option<u64>, &dyn Fn() -> bool),
    tally: &Tally,
) -> Result<Generated, Shortfall> {
    let mut shortfall = Shortfall::default();
    loop {
        if max_tries.is_some_and(|m| shortfall.tries >= m) || stop() {
            return Err(shortfall);
        }
        let t = shortfall.tries;
        shortfall.count_try(tally);
        match one_try(options, judge, index, t, stop) {
            Ok(generated) => {
                return Ok(Generated {
                    tries: shortfall.tries,
                    rejected: shortfall.rejected,
                    ..generated
                });
            }
            Err(why) => shortfall.reject(why, tally),
        }
    }
}
