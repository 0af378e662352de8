//! Generating on several threads with the output in index order. Workers take the next index
//! from a shared counter (one puzzle at a time, so a hard filter on one index does not hold
//! back a chunk) and the caller's thread receives the puzzles in index order; workers wait
//! when they are too far ahead, so memory stays bounded. Puzzle `i` is the same whatever the
//! number of threads.

use super::filter::Judge;
use super::{Generated, Options, Shortfall, generate_one};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Limits of a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop at this instant (a time limit).
    pub deadline: Option<Instant>,
    /// Tries per puzzle before giving up on it.
    pub max_tries: Option<u64>,
}

/// What a run ends with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunEnd {
    /// Puzzles handed to the caller.
    pub found: u64,
    /// Tries of every index started, kept or not.
    pub tries: u64,
    /// Why tries failed, over the whole run.
    pub rejected: BTreeMap<super::filter::Rejection, u64>,
    /// Whether a limit ended the run before `count` puzzles.
    pub limited: bool,
    /// The caller stopped the run (its callback said so).
    pub stopped: bool,
}

/// What the callback tells the run after each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Go on.
    Continue,
    /// This puzzle is not wanted (e.g. a duplicate): one more index is taken in its place.
    Replace,
    /// End the run.
    Stop,
}

/// Generates up to `count` puzzles on `threads` threads, calling `each` on the caller's
/// thread for every kept puzzle in index order. `progress` is called with the total tries so
/// far whenever a puzzle or a shortfall arrives.
pub fn run(
    options: &Options,
    judge: Option<&Judge>,
    count: u64,
    threads: usize,
    limits: Limits,
    mut each: impl FnMut(&Generated) -> Next,
    mut progress: impl FnMut(u64, u64),
) -> RunEnd {
    let threads = threads.max(1);
    let next_index = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // How many indices the workers may take: `count`, plus one per replaced puzzle.
    let wanted = AtomicU64::new(count);
    let mut end = RunEnd::default();
    let (sender, receiver) = mpsc::sync_channel::<(u64, Result<Generated, Shortfall>)>(threads * 4);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next_index, stop, wanted) = (&next_index, &stop, &wanted);
            scope.spawn(move || {
                let should_stop = || {
                    stop.load(Ordering::Relaxed)
                        || limits.deadline.is_some_and(|d| Instant::now() >= d)
                };
                loop {
                    let index = next_index.fetch_add(1, Ordering::Relaxed);
                    if index >= wanted.load(Ordering::Relaxed) || should_stop() {
                        return;
                    }
                    let result =
                        generate_one(options, judge, index, limits.max_tries, &should_stop);
                    if sender.send((index, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting: BTreeMap<u64, Result<Generated, Shortfall>> = BTreeMap::new();
        let mut expected = 0u64;
        for (index, result) in receiver.iter() {
            let (tries, rejected) = match &result {
                Ok(g) => (g.tries, &g.rejected),
                Err(s) => (s.tries, &s.rejected),
            };
            end.tries += tries;
            for (why, n) in rejected {
                *end.rejected.entry(*why).or_default() += n;
            }
            waiting.insert(index, result);
            progress(end.found, end.tries);
            while let Some(result) = waiting.remove(&expected) {
                expected += 1;
                match result {
                    Ok(generated) => match each(&generated) {
                        Next::Continue => {
                            end.found += 1;
                            if end.found >= count {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        Next::Replace => {
                            wanted.fetch_add(1, Ordering::Relaxed);
                        }
                        Next::Stop => {
                            end.stopped = true;
                            stop.store(true, Ordering::Relaxed);
                        }
                    },
                    Err(_) => {
                        // Output stays in order: nothing after a failed index is printed.
                        end.limited = true;
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                if stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            progress(end.found, end.tries);
            if stop.load(Ordering::Relaxed) && (end.found >= count || end.stopped || end.limited) {
                break;
            }
        }
        // Let workers blocked on a full channel finish.
        stop.store(true, Ordering::Relaxed);
        drop(receiver);
    });
    if end.found < count && !end.stopped {
        end.limited = true;
    }
    end
}
