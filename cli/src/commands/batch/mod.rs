//! `kaidoku batch`: one puzzle a line in, one JSON trace a line out, line N for line N (blank
//! and comment lines give a `skipped` trace), in input order with any number of threads; a
//! summary on stderr, and a progress bar when stderr is a terminal.
//!
//! The input streams through `kaidoku_api::batch`'s pipeline with bounded memory: a reader
//! thread cuts it into chunks sized by the time lines take, workers solve and serialise them,
//! and this thread writes and flushes each chunk as soon as it is next in order, so traces
//! already computed survive a later hang or kill.

mod progress;
mod tally;

use crate::commands::rate::{self, RateFormat};
use crate::input;
use crate::output;
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use kaidoku_api::batch::{self as pipeline, Collector, Feeder, Solve, solve_line};
use kaidoku_api::lines::{Line, Lines};
use kaidoku_engine::Solver;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tally::Tally;

pub use kaidoku_api::batch::MAX_THREADS;

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
    let (reader, path) = open(file)?;
    let progress = progress::bar(path);
    let started = Instant::now();
    let (feeder, collector) =
        pipeline::pool(threads, move |lines: &[Line]| answer(&solver, mode, lines));
    // The reader is detached: if writing fails (a closed pipe), this thread returns at once
    // even while the reader waits on a stalled input.
    let reader = std::thread::spawn(move || read_chunks(reader, feeder));
    let tally = write_in_order(collector, progress.as_ref())?;
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

/// Cut the input into chunks sized as the feeder says. A chunk is handed on early when the
/// next line would need a read that may block, so a slow producer (a terminal, a pipe) still
/// sees each trace soon.
fn read_chunks(input: Input, mut feeder: Feeder) -> std::io::Result<()> {
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, input));
    loop {
        let size = feeder.chunk_size();
        let mut chunk = Vec::with_capacity(size);
        let mut end = false;
        while chunk.len() < size {
            if !chunk.is_empty() && lines.buffer_empty() {
                break;
            }
            if !feeder.reserve() {
                return Ok(()); // the writer has stopped
            }
            let Some((line, _)) = lines.next_line()? else {
                end = true;
                break;
            };
            chunk.push(line);
        }
        if !feeder.send(chunk) || end {
            return Ok(());
        }
    }
}

/// A chunk's output lines (JSON traces or rating lines) and their tally.
fn answer(solver: &Solver, mode: Mode, lines: &[Line]) -> (Vec<u8>, Tally) {
    thread_local! {
        // The size of this worker's last chunk: the next buffer starts that large, so that it
        // does not grow (and copy itself) a dozen times per chunk.
        static LAST_SIZE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }
    let last = LAST_SIZE.get();
    let mut out = Vec::with_capacity((lines.len() * 2048).max(last + last / 4));
    let mut tally = Tally::default();
    for line in lines {
        match mode {
            Mode::Trace => {
                let trace = solve_line(solver, Solve::Trace, line);
                serde_json::to_writer(&mut out, &trace).expect("a trace always serialises");
                tally.add(&trace);
            }
            Mode::Rate(format) => {
                let trace = solve_line(solver, Solve::Rate, line);
                out.extend_from_slice(rate::line(&trace, line.number, format).as_bytes());
                tally.add(&trace);
            }
        }
        out.push(b'\n');
    }
    LAST_SIZE.set(out.len());
    (out, tally)
}

/// Write each chunk once all before it are written, and flush it.
fn write_in_order(
    collector: Collector<(Vec<u8>, Tally)>,
    progress: Option<&ProgressBar>,
) -> Result<Tally> {
    let mut out = output::stdout();
    let mut tally = Tally::default();
    for (text, part) in collector {
        out.write_all(&text)?;
        out.flush()?;
        if let Some(bar) = progress {
            bar.inc(part.puzzles as u64);
        }
        tally.merge(part);
    }
    Ok(tally)
}
