//! Many puzzles on N threads, answered in input order: the pipeline behind `kaidoku batch` and
//! `kaidoku rate`, and the bindings' `rate_many`.
//!
//! A feeder cuts the input into chunks of about [`CHUNK_NANOS`] of work (one hard puzzle, up to
//! 32 easy ones), workers solve them, and the collector hands each chunk's answers on as soon
//! as it is next in order, so what is computed survives a later hang or kill. At most
//! [`in_flight`] lines are fed but not yet collected, so memory stays bounded whatever the
//! input.

use crate::lines::{Content, Line};
use kaidoku_engine::{Solver, Status, Trace};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// More worker threads than this is a mistake, not a speed-up.
pub const MAX_THREADS: usize = 256;

/// Lines per chunk at most: few traces alive at once (holding thousands of them cost a third
/// of the run in fresh page faults), and little lost to a kill.
pub const MAX_CHUNK: usize = 32;

/// Work per chunk aimed at: chunks are sized by the time their lines take (measured as the
/// run goes), so hard puzzles go out one by one and no thread is left with a long last chunk
/// (32 lines of `forum_hardest_1106` are ten seconds), while easy ones go 32 at a time and
/// handing chunks between threads costs nothing measurable.
pub const CHUNK_NANOS: u64 = 2_000_000;

/// Lines fed but not yet collected: enough to keep every worker busy while the collector
/// waits for a slow line, and a bound on memory whatever the input.
pub fn in_flight(threads: usize) -> usize {
    MAX_CHUNK * (4 * threads + 2)
}

/// The worker threads of a `threads` option: 0 is one per core, at most [`MAX_THREADS`].
pub fn threads(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(MAX_THREADS)
}

/// The time a line takes, as the workers measure it: a moving average, so that an input that
/// gets harder gets smaller chunks. Races between workers only blur the average.
struct Pace(AtomicU64);

impl Pace {
    /// The first lines go out one by one, until a time is known.
    fn new() -> Pace {
        Pace(AtomicU64::new(CHUNK_NANOS))
    }

    fn record(&self, lines: usize, nanos: u64) {
        if lines == 0 {
            return;
        }
        let per_line = nanos / lines as u64;
        let old = self.0.load(Ordering::Relaxed);
        self.0.store((old * 3 + per_line) / 4, Ordering::Relaxed);
    }

    fn chunk_size(&self) -> usize {
        let per_line = self.0.load(Ordering::Relaxed).max(1);
        ((CHUNK_NANOS / per_line) as usize).clamp(1, MAX_CHUNK)
    }
}

struct Chunk {
    index: usize,
    lines: Vec<Line>,
}

struct Done<O> {
    index: usize,
    /// Lines the chunk held: their places go back once it is collected.
    lines: usize,
    answer: O,
}

/// Start `threads` workers (see [`threads`]) answering chunks of lines with `work`: the
/// feeder takes the input, the collector gives the answers back in input order. The threads
/// are detached: they end once the feeder is dropped and its chunks are done, or as soon as
/// the collector is dropped.
pub fn pool<O, W>(threads: usize, work: W) -> (Feeder, Collector<O>)
where
    O: Send + 'static,
    W: Fn(&[Line]) -> O + Send + Sync + 'static,
{
    let threads = self::threads(threads);
    // Unbounded: the places bound the lines in flight, and a feeder holding a lock (a
    // binding's, Python's GIL) must never wait on a busy worker.
    let (job_tx, job_rx) = mpsc::channel::<Chunk>();
    let (done_tx, done_rx) = mpsc::channel::<Done<O>>();
    // One place per line in flight: the feeder takes one before taking a line, the collector
    // gives a chunk's places back once it hands the chunk on.
    let (place_tx, place_rx) = mpsc::sync_channel::<()>(in_flight(threads));
    for _ in 0..in_flight(threads) {
        place_tx.send(()).expect("the place channel has room");
    }
    let pace = Arc::new(Pace::new());
    let jobs = Arc::new(Mutex::new(job_rx));
    let work = Arc::new(work);
    for _ in 0..threads {
        let (jobs, done, work, pace) = (jobs.clone(), done_tx.clone(), work.clone(), pace.clone());
        std::thread::spawn(move || {
            loop {
                let chunk = match jobs.lock() {
                    Ok(jobs) => jobs.recv(),
                    Err(_) => return,
                };
                let Ok(chunk) = chunk else { return };
                let started = Instant::now();
                let answer = work(&chunk.lines);
                pace.record(chunk.lines.len(), started.elapsed().as_nanos() as u64);
                let done = done.send(Done {
                    index: chunk.index,
                    lines: chunk.lines.len(),
                    answer,
                });
                if done.is_err() {
                    return;
                }
            }
        });
    }
    let feeder = Feeder {
        jobs: job_tx,
        places: place_rx,
        pace,
        index: 0,
    };
    let collector = Collector {
        done: done_rx,
        places: place_tx,
        waiting: BTreeMap::new(),
        next: 0,
    };
    (feeder, collector)
}

/// The input side of a [`pool`]: take a place for each line, send lines in chunks.
pub struct Feeder {
    jobs: Sender<Chunk>,
    places: Receiver<()>,
    pace: Arc<Pace>,
    index: usize,
}

/// Whether a line may be fed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Yes: one place is taken.
    Taken,
    /// Not yet: every place is in flight.
    Full,
    /// Never: the collector is gone.
    Closed,
}

impl Feeder {
    /// How many lines the next chunk should hold, from the time lines have taken so far.
    pub fn chunk_size(&self) -> usize {
        self.pace.chunk_size()
    }

    /// Wait for a place for one more line; false when the collector is gone.
    pub fn reserve(&self) -> bool {
        self.places.recv().is_ok()
    }

    /// Take a place for one more line if there is one now.
    pub fn try_reserve(&self) -> Place {
        match self.places.try_recv() {
            Ok(()) => Place::Taken,
            Err(TryRecvError::Empty) => Place::Full,
            Err(TryRecvError::Disconnected) => Place::Closed,
        }
    }

    /// Hand a chunk of lines (each with its place taken) to the workers, without waiting;
    /// false when the workers are gone.
    pub fn send(&mut self, lines: Vec<Line>) -> bool {
        if lines.is_empty() {
            return true;
        }
        let chunk = Chunk {
            index: self.index,
            lines,
        };
        self.index += 1;
        self.jobs.send(chunk).is_ok()
    }
}

/// The output side of a [`pool`]: each chunk's answer, in input order.
pub struct Collector<O> {
    done: Receiver<Done<O>>,
    places: SyncSender<()>,
    waiting: BTreeMap<usize, Done<O>>,
    next: usize,
}

impl<O> Iterator for Collector<O> {
    type Item = O;

    /// The next chunk's answer, waiting for it; `None` once the feeder is dropped and every
    /// chunk it sent is answered.
    fn next(&mut self) -> Option<O> {
        loop {
            if let Some(done) = self.waiting.remove(&self.next) {
                self.next += 1;
                for _ in 0..done.lines {
                    let _ = self.places.try_send(());
                }
                return Some(done.answer);
            }
            let done = self.done.recv().ok()?;
            self.waiting.insert(done.index, done);
        }
    }
}

/// What a line is solved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solve {
    /// The config's solve (`kaidoku batch`).
    Trace,
    /// The rating solve (`kaidoku rate`).
    Rate,
}

/// A line's trace: solved or rated, or `skipped` (blank, comment) and `invalid` (unreadable)
/// with `line N: why`. A technique that panics gives an `error` trace, not a lost run.
pub fn solve_line(solver: &Solver, solve: Solve, line: &Line) -> Trace {
    let at = |problem: &dyn std::fmt::Display| format!("line {}: {problem}", line.number);
    let text = match &line.content {
        Content::Text(text) => text,
        other => {
            let problem = other.problem().unwrap_or_default();
            return if other.is_skipped() {
                Trace::skipped(at(&problem), solver.config())
            } else {
                Trace::invalid(other.text(), at(&problem), solver.config())
            };
        }
    };
    let grid = match kaidoku_engine::parse::parse(text) {
        Ok(grid) => grid,
        Err(e) => return Trace::invalid(text, at(&e), solver.config()),
    };
    let run = || match solve {
        Solve::Trace => solver.solve(&grid),
        Solve::Rate => solver.rate(&grid),
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| Trace {
        status: Status::Error,
        ..Trace::invalid(
            text,
            at(&"internal error: the solver panicked"),
            solver.config(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_sized_by_the_time_their_lines_take() {
        let pace = Pace::new();
        // Nothing measured yet: one line at a time.
        assert_eq!(pace.chunk_size(), 1);
        // Easy lines (20 µs): as many as a chunk holds.
        for _ in 0..20 {
            pace.record(32, 32 * 20_000);
        }
        assert_eq!(pace.chunk_size(), MAX_CHUNK);
        // A few slow lines (half a second each): back to one at a time.
        for _ in 0..3 {
            pace.record(1, 500_000_000);
        }
        assert_eq!(pace.chunk_size(), 1);
        // In between: 200 µs a line gives 10-line chunks.
        for _ in 0..100 {
            pace.record(5, 5 * 200_000);
        }
        assert_eq!(pace.chunk_size(), 10);
        pace.record(0, 1_000_000_000);
        assert_eq!(pace.chunk_size(), 10, "an empty chunk says nothing");
    }

    #[test]
    fn the_lines_in_flight_cover_every_worker_and_a_whole_chunk() {
        for threads in [1, 2, 16, MAX_THREADS] {
            assert!(in_flight(threads) >= MAX_CHUNK * (threads + 1));
        }
    }

    #[test]
    fn answers_come_in_input_order_whatever_the_threads() {
        for threads in [1, 3] {
            // Later chunks are quicker, so they finish first on several threads.
            let (mut feeder, collector) = pool(threads, |lines: &[Line]| {
                let n = lines[0].number;
                std::thread::sleep(std::time::Duration::from_millis(20 - n as u64));
                lines.iter().map(|l| l.number).collect::<Vec<_>>()
            });
            let mut number = 0;
            let mut sent = Vec::new();
            for size in [1, 3, 2, 4, 1] {
                let mut chunk = Vec::new();
                for _ in 0..size {
                    assert!(feeder.reserve());
                    number += 1;
                    chunk.push(Line::of_text(number, "x"));
                    sent.push(number);
                }
                assert!(feeder.send(chunk));
            }
            drop(feeder);
            let got: Vec<usize> = collector.flatten().collect();
            assert_eq!(got, sent, "{threads} threads");
        }
    }

    #[test]
    fn places_run_out_and_come_back_as_chunks_are_collected() {
        let (mut feeder, mut collector) = pool(1, |lines: &[Line]| lines.len());
        let mut taken = 0;
        while feeder.try_reserve() == Place::Taken {
            taken += 1;
        }
        assert_eq!(taken, in_flight(1));
        let lines = (1..=taken).map(|n| Line::of_text(n, "x")).collect();
        assert!(feeder.send(lines));
        assert_eq!(collector.next(), Some(taken));
        assert_eq!(feeder.try_reserve(), Place::Taken);
        drop(collector);
        while feeder.try_reserve() == Place::Taken {}
        assert_eq!(feeder.try_reserve(), Place::Closed);
    }
}
