//! `kaidoku batch`: one puzzle a line in, one JSON trace a line out, in input order (also with
//! several threads); a summary on stderr, and a progress bar when stderr is a terminal.

use crate::input;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use kaidoku_engine::{Solver, Status, Trace};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Lines handed to each worker at a time; output is written chunk by chunk, in order. Small
/// chunks keep few traces alive at once: holding thousands of them (tens of MB) cost a third
/// of the run in fresh page faults. One thread solves and writes line by line.
const CHUNK_PER_THREAD: usize = 256;

#[derive(Default)]
struct Tally {
    puzzles: usize,
    by_status: BTreeMap<Status, usize>,
    /// technique id → (steps, puzzles that used it)
    by_technique: BTreeMap<String, (usize, usize)>,
}

impl Tally {
    fn add(&mut self, trace: &Trace) {
        self.puzzles += 1;
        *self.by_status.entry(trace.status).or_default() += 1;
        let mut seen: Vec<&str> = Vec::new();
        for step in &trace.steps {
            // Look up before inserting: most steps are of a technique already counted.
            let entry = match self.by_technique.get_mut(&*step.technique) {
                Some(entry) => entry,
                None => self
                    .by_technique
                    .entry(step.technique.to_string())
                    .or_default(),
            };
            entry.0 += 1;
            if !seen.contains(&&*step.technique) {
                seen.push(&step.technique);
                entry.1 += 1;
            }
        }
    }
}

pub fn run(file: &str, config: Option<PathBuf>, threads: usize, verify: bool) -> Result<ExitCode> {
    let solver = input::solver(config, verify)?;
    let (reader, size): (Box<dyn Read>, Option<u64>) = if file == "-" {
        (Box::new(std::io::stdin()), None)
    } else {
        let f = std::fs::File::open(file).with_context(|| format!("cannot read {file}"))?;
        let size = f.metadata().ok().map(|m| m.len());
        (Box::new(f), size)
    };
    let progress = progress_bar(size);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start worker threads")?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut tally = Tally::default();
    let started = Instant::now();
    let mut lines = BufReader::with_capacity(1 << 16, reader).lines();
    let chunk_size = if threads == 1 {
        1
    } else {
        CHUNK_PER_THREAD * threads
    };
    let mut chunk: Vec<String> = Vec::with_capacity(chunk_size);
    loop {
        chunk.clear();
        for line in lines.by_ref() {
            let line = line.with_context(|| format!("cannot read {file}"))?;
            if let Some(bar) = &progress {
                bar.inc(line.len() as u64 + 1);
            }
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            chunk.push(line);
            if chunk.len() == chunk_size {
                break;
            }
        }
        if chunk.is_empty() {
            break;
        }
        // Workers also serialise, so the writing thread only copies bytes out, in order.
        let solve = |line: &String| {
            let trace = solve_line(&solver, line);
            let mut json = serde_json::to_vec(&trace).expect("a trace always serialises");
            json.push(b'\n');
            (trace, json)
        };
        let done: Vec<(Trace, Vec<u8>)> = if threads == 1 {
            chunk.iter().map(solve).collect()
        } else {
            pool.install(|| chunk.par_iter().map(solve).collect())
        };
        for (trace, json) in &done {
            out.write_all(json)?;
            tally.add(trace);
        }
    }
    out.flush()?;
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    summary(&tally, started.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

fn solve_line(solver: &Solver, line: &str) -> Trace {
    match kaidoku_engine::parse::parse(line) {
        Ok(grid) => solver.solve(&grid),
        Err(e) => Trace::invalid(line, e.to_string(), solver.config()),
    }
}

fn progress_bar(size: Option<u64>) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = match size {
        Some(bytes) => ProgressBar::new(bytes).with_style(
            ProgressStyle::with_template(
                "{bar:40} {percent:>3}% {binary_bytes}/{binary_total_bytes} eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner(),
    };
    Some(bar)
}

fn summary(tally: &Tally, seconds: f64) {
    let rate = if seconds > 0.0 {
        tally.puzzles as f64 / seconds
    } else {
        0.0
    };
    eprintln!(
        "{} puzzles in {seconds:.2} s ({rate:.0} puzzles/s)",
        tally.puzzles
    );
    let statuses: Vec<String> = tally
        .by_status
        .iter()
        .map(|(s, n)| format!("{} {n}", s.as_str()))
        .collect();
    eprintln!("status: {}", statuses.join(", "));
    if !tally.by_technique.is_empty() {
        eprintln!("technique            steps    puzzles");
        for (id, (steps, puzzles)) in &tally.by_technique {
            eprintln!("{id:<20} {steps:>8} {puzzles:>9}");
        }
    }
}
