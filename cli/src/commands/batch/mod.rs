//! `kaidoku batch`: one puzzle a line in, one JSON trace a line out, line N for line N (blank
//! and comment lines give a `skipped` trace), in input order with any number of threads; a
//! summary on stderr, and a progress bar when stderr is a terminal.
//!
//! The input streams through a pipeline with bounded memory: a reader thread cuts it into
//! chunks of about [`CHUNK_NANOS`] of work (one hard puzzle, up to 32 easy ones), workers solve
//! and serialise them, and this thread writes and flushes each chunk as soon as it is next in
//! order, so traces already computed survive a later hang or kill. At most [`in_flight`] lines
//! are read but not yet written.

mod progress;
mod tally;

use crate::commands::rate::{self, RateFormat};
use crate::input;
use crate::lines::{Content, Line, Lines};
use crate::output;
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use kaidoku_engine::{Solver, Status, Trace};
use std::collections::BTreeMap;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tally::Tally;

/// More worker threads than this is a mistake, not a speed-up.
pub const MAX_THREADS: usize = 256;

/// Lines per chunk at most: few traces alive at once (holding thousands of them cost a third
/// of the run in fresh page faults), and little lost to a kill.
const MAX_CHUNK: usize = 32;

/// Work per chunk aimed at: chunks are sized by the time their lines take (measured as the
/// run goes), so hard puzzles go out one by one and no thread is left with a long last chunk
/// (32 lines of `forum_hardest_1106` are ten seconds), while easy ones go 32 at a time and
/// handing chunks between threads costs nothing measurable.
const CHUNK_NANOS: u64 = 2_000_000;

/// Lines read but not yet written: enough to keep every worker busy while the writer waits
/// for a slow line, and a bound on memory whatever the input.
fn in_flight(threads: usize) -> usize {
    MAX_CHUNK * (4 * threads + 2)
}

/// The time a line takes, as the workers measure it: a moving average, so that a file that
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

struct Done {
    index: usize,
    /// Input lines the chunk held: their tokens go back once it is written.
    lines: usize,
    json: Vec<u8>,
    tally: Tally,
}

/// What each input line becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The JSON trace of the config's solve (`kaidoku batch`).
    Trace,
    /// The rating line of the rating solve (`kaidoku rate`), in its format.
    Rate(RateFormat),
}

pub fn run(file: &str, config: Option<PathBuf>, threads: usize, verify: bool) -> Result<ExitCode> {
    run_mode(file, input::solver(config, verify)?, threads, Mode::Trace)
}

/// Stream `file` through the pipeline, writing each line as `mode` says.
pub fn run_mode(file: &str, solver: Solver, threads: usize, mode: Mode) -> Result<ExitCode> {
    let solver = Arc::new(solver);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(MAX_THREADS);
    let (reader, path) = open(file)?;
    let progress = progress::bar(path);
    let started = Instant::now();

    let (job_tx, job_rx) = mpsc::sync_channel::<Chunk>(threads);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    // One token per line in flight: the reader takes one before reading a line, the writer
    // gives the tokens of a chunk back once it is written.
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight(threads));
    for _ in 0..in_flight(threads) {
        token_tx.send(()).expect("the token channel has room");
    }
    // Threads are detached: if writing fails (a closed pipe), this thread returns at once
    // even while the reader waits on a stalled input.
    let pace = Arc::new(Pace::new());
    let reader_pace = pace.clone();
    let reader = std::thread::spawn(move || read_chunks(reader, job_tx, token_rx, &reader_pace));
    let job_rx = Arc::new(Mutex::new(job_rx));
    for _ in 0..threads {
        let (jobs, done, solver) = (job_rx.clone(), done_tx.clone(), solver.clone());
        let pace = pace.clone();
        std::thread::spawn(move || work(&solver, mode, &jobs, &done, &pace));
    }
    drop(done_tx);

    let tally = write_in_order(done_rx, token_tx, progress.as_ref())?;
    let read = reader
        .join()
        .unwrap_or_else(|_| Err(std::io::Error::other("the reader thread panicked")));
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    read.with_context(|| format!("cannot read {file}"))?;
    let levels = match mode {
        // A config's path is not `rate`'s rating: the summary says which it counts.
        Mode::Trace => "path level (this config's paths, not `kaidoku rate`'s rating)",
        Mode::Rate(_) => "level",
    };
    output::note(format_args!(
        "{}",
        tally
            .summary(started.elapsed().as_secs_f64(), levels)
            .trim_end()
    ));
    Ok(ExitCode::SUCCESS)
}

type Input = Box<dyn Read + Send>;

/// The input, and its path when it is a regular file (whose puzzles the progress bar counts).
fn open(file: &str) -> Result<(Input, Option<PathBuf>)> {
    if file == "-" {
        return Ok((Box::new(std::io::stdin()), None));
    }
    let f = input::open_file(file)?;
    let regular = f.metadata().is_ok_and(|m| m.is_file());
    Ok((Box::new(f), regular.then(|| PathBuf::from(file))))
}

/// Cut the input into chunks sized by the [`Pace`]. A chunk is handed on early when the next
/// line would need a read that may block, so a slow producer (a terminal, a pipe) still sees
/// each trace soon.
fn read_chunks(
    input: Input,
    jobs: SyncSender<Chunk>,
    tokens: Receiver<()>,
    pace: &Pace,
) -> std::io::Result<()> {
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, input));
    let mut index = 0;
    loop {
        let size = pace.chunk_size();
        let mut chunk = Vec::with_capacity(size);
        let mut end = false;
        while chunk.len() < size {
            if !chunk.is_empty() && lines.buffer_empty() {
                break;
            }
            if tokens.recv().is_err() {
                return Ok(()); // the writer has stopped
            }
            let Some((line, _)) = lines.next_line()? else {
                end = true;
                break;
            };
            chunk.push(line);
        }
        if !chunk.is_empty() {
            let chunk = Chunk {
                index,
                lines: chunk,
            };
            if jobs.send(chunk).is_err() {
                return Ok(());
            }
            index += 1;
        }
        if end {
            return Ok(());
        }
    }
}

/// Solve and serialise chunks until the input ends or the writer stops.
fn work(
    solver: &Solver,
    mode: Mode,
    jobs: &Mutex<Receiver<Chunk>>,
    done: &mpsc::Sender<Done>,
    pace: &Pace,
) {
    // The size of the last chunk's JSON: the next buffer starts that large, so that it does not
    // grow (and copy itself) a dozen times per chunk.
    let mut last_size = 0;
    loop {
        let chunk = match jobs.lock() {
            Ok(jobs) => jobs.recv(),
            Err(_) => return,
        };
        let Ok(chunk) = chunk else { return };
        let started = Instant::now();
        let mut json =
            Vec::with_capacity((chunk.lines.len() * 2048).max(last_size + last_size / 4));
        let mut tally = Tally::default();
        for line in &chunk.lines {
            let trace = solve_line(solver, mode, line);
            match mode {
                Mode::Trace => {
                    serde_json::to_writer(&mut json, &trace).expect("a trace always serialises");
                }
                Mode::Rate(format) => {
                    json.extend_from_slice(rate::line(&trace, line.number, format).as_bytes());
                }
            }
            json.push(b'\n');
            tally.add(&trace);
        }
        last_size = json.len();
        pace.record(chunk.lines.len(), started.elapsed().as_nanos() as u64);
        let result = Done {
            index: chunk.index,
            lines: chunk.lines.len(),
            json,
            tally,
        };
        if done.send(result).is_err() {
            return;
        }
    }
}

/// Write each chunk once all before it are written, flush it, and give back its token.
fn write_in_order(
    done: Receiver<Done>,
    tokens: SyncSender<()>,
    progress: Option<&ProgressBar>,
) -> Result<Tally> {
    let mut out = output::stdout();
    let mut tally = Tally::default();
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for chunk in done {
        waiting.insert(chunk.index, chunk);
        while let Some(chunk) = waiting.remove(&next) {
            out.write_all(&chunk.json)?;
            out.flush()?;
            if let Some(bar) = progress {
                bar.inc(chunk.tally.puzzles as u64);
            }
            tally.merge(chunk.tally);
            next += 1;
            for _ in 0..chunk.lines {
                let _ = tokens.send(());
            }
        }
    }
    Ok(tally)
}

fn solve_line(solver: &Solver, mode: Mode, line: &Line) -> Trace {
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
    // A panicking technique must not take the run down, nor leave a chunk that never comes.
    let solve = || match mode {
        Mode::Trace => solver.solve(&grid),
        Mode::Rate(_) => solver.rate(&grid),
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(solve)).unwrap_or_else(|_| Trace {
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
}
