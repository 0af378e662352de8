//! Generating on several threads with the output in index order. Workers take the next block
//! of indices from a shared counter (one puzzle at a time, so a hard filter on one index does
//! not hold back a chunk; clustered practice puzzles a block at a time, see
//! [`super::practice`]) and the caller's thread receives the puzzles in index order; workers
//! wait when they are too far ahead, so memory stays bounded. A pattern run of fewer puzzles
//! than threads instead puts every thread on one index's tries at a time. Puzzle `i` is the
//! same whatever the number of threads.

use super::filter::{Judge, Rejection};
use super::practice::{block_len, generate_block};
use super::{Generated, Options, Shortfall, Tally};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a run reports its progress while it waits for puzzles (and at most how often
/// while they stream in).
pub const TICK: Duration = Duration::from_millis(50);

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

/// Where a run is, for a progress display: counted as the workers go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Puzzles handed to the caller.
    pub found: u64,
    /// Solution grids tried so far, by every worker.
    pub tries: u64,
    /// Candidates turned down so far, by reason.
    pub rejected: BTreeMap<Rejection, u64>,
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
/// thread for every kept puzzle in index order. `progress` is called on the caller's thread
/// every [`TICK`] while puzzles come or not (so a caller can flush what `each` wrote: a
/// puzzle is reported within a tick of being found), and once at the end.
pub fn run(
    options: &Options,
    judge: Option<&Judge>,
    count: u64,
    threads: usize,
    limits: Limits,
    mut each: impl FnMut(&Generated) -> Next,
    mut progress: impl FnMut(&Progress),
) -> RunEnd {
    if threads <= 1 {
        return run_here(options, judge, count, limits, each, progress);
    }
    if options.pattern.is_some() && count < threads as u64 {
        return run_shared(options, judge, count, threads, limits, each, progress);
    }
    let next_block = AtomicU64::new(0);
    let len = block_len(options, judge);
    let stop = AtomicBool::new(false);
    // How many indices the workers may take: `count`, plus one per replaced puzzle.
    let wanted = AtomicU64::new(count);
    let tally = Tally::default();
    let mut end = RunEnd::default();
    let (sender, receiver) = mpsc::sync_channel::<(u64, Result<Generated, Shortfall>)>(threads * 4);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next_block, stop, wanted, tally) = (&next_block, &stop, &wanted, &tally);
            scope.spawn(move || {
                let should_stop = || {
                    stop.load(Ordering::Relaxed)
                        || limits.deadline.is_some_and(|d| Instant::now() >= d)
                };
                loop {
                    let block = next_block.fetch_add(1, Ordering::Relaxed);
                    if block * len >= wanted.load(Ordering::Relaxed) || should_stop() {
                        return;
                    }
                    let mut sent = true;
                    generate_block(
                        options,
                        judge,
                        block,
                        limits.max_tries,
                        &should_stop,
                        tally,
                        &mut |index, result| {
                            sent = sender.send((index, result)).is_ok();
                            sent
                        },
                    );
                    if !sent {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting: BTreeMap<u64, Result<Generated, Shortfall>> = BTreeMap::new();
        let mut expected = 0u64;
        let mut last_report = Instant::now();
        let mut report = |found: u64, last_report: &mut Instant| {
            *last_report = Instant::now();
            progress(&tally.progress(found));
        };
        loop {
            let (index, result) = match receiver.recv_timeout(TICK) {
                Ok(item) => item,
                Err(RecvTimeoutError::Timeout) => {
                    report(end.found, &mut last_report);
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            end.count(&result);
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&expected) {
                expected += 1;
                if end.hand_over(result, count, &mut each, &wanted) {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if last_report.elapsed() >= TICK {
                report(end.found, &mut last_report);
            }
            if stop.load(Ordering::Relaxed) && (end.found >= count || end.stopped || end.limited) {
                break;
            }
        }
        report(end.found, &mut last_report);
        // Let workers blocked on a full channel finish.
        stop.store(true, Ordering::Relaxed);
        drop(receiver);
    });
    end.finish(count)
}

/// [`run`] on one thread, the caller's: no worker to hand puzzles over from (at tens of
/// thousands of plain puzzles a second, waking a receiving thread for each cost a fifth of
/// the time). Progress is reported between tries.
fn run_here(
    options: &Options,
    judge: Option<&Judge>,
    count: u64,
    limits: Limits,
    mut each: impl FnMut(&Generated) -> Next,
    progress: impl FnMut(&Progress),
) -> RunEnd {
    let tally = Tally::default();
    let wanted = AtomicU64::new(count);
    let found = Cell::new(0u64);
    let last_report = Cell::new(Instant::now());
    let progress = RefCell::new(progress);
    let report = || {
        last_report.set(Instant::now());
        if let Ok(mut progress) = progress.try_borrow_mut() {
            progress(&tally.progress(found.get()));
        }
    };
    let should_stop = || {
        if last_report.get().elapsed() >= TICK {
            report();
        }
        limits.deadline.is_some_and(|d| Instant::now() >= d)
    };
    let mut end = RunEnd::default();
    let len = block_len(options, judge);
    let mut block = 0;
    let mut stopped = false;
    while !stopped && block * len < wanted.load(Ordering::Relaxed) && !should_stop() {
        generate_block(
            options,
            judge,
            block,
            limits.max_tries,
            &should_stop,
            &tally,
            &mut |index, result| {
                end.count(&result);
                stopped = end.hand_over(result, count, &mut each, &wanted);
                found.set(end.found);
                !stopped && index + 1 < wanted.load(Ordering::Relaxed)
            },
        );
        block += 1;
    }
    report();
    end.finish(count)
}

/// [`run`] of fewer pattern puzzles than threads: one index at a time, every thread on its
/// tries (a 17-clue mask can take tens of seconds of tries for one puzzle). The puzzles are the
/// same as on one thread.
fn run_shared(
    options: &Options,
    judge: Option<&Judge>,
    count: u64,
    threads: usize,
    limits: Limits,
    mut each: impl FnMut(&Generated) -> Next,
    mut progress: impl FnMut(&Progress),
) -> RunEnd {
    let tally = Tally::default();
    let wanted = AtomicU64::new(count);
    let should_stop = || limits.deadline.is_some_and(|d| Instant::now() >= d);
    let mut end = RunEnd::default();
    let mut index = 0;
    while index < wanted.load(Ordering::Relaxed) && !should_stop() {
        let found = end.found;
        let result = super::pattern_run::nth(
            options,
            judge,
            index,
            threads,
            (limits.max_tries, &should_stop),
            &tally,
            (TICK, &mut || progress(&tally.progress(found))),
        );
        end.count(&result);
        if end.hand_over(result, count, &mut each, &wanted) {
            break;
        }
        index += 1;
    }
    progress(&tally.progress(end.found));
    end.finish(count)
}

impl Tally {
    fn progress(&self, found: u64) -> Progress {
        Progress {
            found,
            tries: self.tries(),
            rejected: self.rejected(),
        }
    }
}

impl RunEnd {
    /// Counts the tries of a finished index.
    fn count(&mut self, result: &Result<Generated, Shortfall>) {
        let (tries, rejected) = match result {
            Ok(g) => (g.tries, &g.rejected),
            Err(s) => (s.tries, &s.rejected),
        };
        self.tries += tries;
        for (why, n) in rejected {
            *self.rejected.entry(*why).or_default() += n;
        }
    }

    /// Hands the next index in order to the caller; says whether the run ends there.
    fn hand_over(
        &mut self,
        result: Result<Generated, Shortfall>,
        count: u64,
        each: &mut impl FnMut(&Generated) -> Next,
        wanted: &AtomicU64,
    ) -> bool {
        match result {
            Ok(generated) => match each(&generated) {
                Next::Continue => {
                    self.found += 1;
                    self.found >= count
                }
                Next::Replace => {
                    wanted.fetch_add(1, Ordering::Relaxed);
                    false
                }
                Next::Stop => {
                    self.stopped = true;
                    true
                }
            },
            Err(_) => {
                // Output stays in order: nothing after a failed index is printed.
                self.limited = true;
                true
            }
        }
    }

    fn finish(mut self, count: u64) -> RunEnd {
        if self.found < count && !self.stopped {
            self.limited = true;
        }
        self
    }
}
