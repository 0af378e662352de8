//! `kaidoku-bench patterns`: the pattern search on the clue masks of real puzzles, each mask
//! until its first puzzle or its time cap.
//!
//! - One thread (the default): the cap is CPU time of the thread, steady on a shared machine.
//! - `--threads N`: every thread on the mask's tries, as `kaidoku generate --pattern M
//!   --threads N` runs one puzzle; the cap is wall time, and the CPU time of all threads is
//!   shown beside it.
//!
//! The cap is also looked at inside a try, every few milliseconds; a puzzle found past it is
//! counted `late`, not found.
//!
//! The masks: from `top1465.txt` the first puzzles of each clue count from 18 to 24 (four of
//! 18, two each of 19 and 20, three each of 21 to 24: twenty), and from `17clue.txt` every
//! 2,457th line (twenty, spread over the list). Every mask has a puzzle: its own.

use crate::timing::{process_cpu_time, thread_cpu_time};
use kaidoku_bench::load_set;
use kaidoku_engine::backtrack::count_values;
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{Generated, Options, Shortfall, generate_one, parse_pattern};
use std::path::Path;
use std::time::{Duration, Instant};

pub struct PatternOptions {
    /// Time cap per mask in seconds for the top1465 masks and the 17-clue masks.
    pub caps: (f64, f64),
    pub seed: u64,
    /// Threads on each mask's tries.
    pub threads: usize,
}

/// The benchmark's masks: (set, clue count, mask as 81 characters).
pub fn masks(dir: &Path) -> Result<Vec<(&'static str, String)>, String> {
    let mask_of = |line: &str| -> String {
        line.chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect()
    };
    let mut out = Vec::new();
    let top = load_set(dir, "top1465", None)?;
    for (clues, take) in [
        (18, 4),
        (19, 2),
        (20, 2),
        (21, 3),
        (22, 3),
        (23, 3),
        (24, 3),
    ] {
        out.extend(
            top.iter()
                .filter(|p| p.values.iter().filter(|&&v| v != 0).count() == clues)
                .take(take)
                .map(|p| ("top1465", mask_of(&p.line))),
        );
    }
    let seventeen = load_set(dir, "17clue", None)?;
    out.extend(
        seventeen
            .iter()
            .step_by(2457)
            .take(20)
            .map(|p| ("17clue", mask_of(&p.line))),
    );
    Ok(out)
}

pub fn patterns(dir: &Path, o: &PatternOptions) -> Result<(), String> {
    let masks = masks(dir)?;
    let (threads, clock) = match o.threads {
        1 => ("one thread".to_string(), "CPU"),
        n => (format!("{n} threads"), "wall"),
    };
    println!(
        "first puzzle on each mask, {threads}, seed {}, caps {} s (top1465) and {} s (17clue) of {clock}",
        o.seed, o.caps.0, o.caps.1
    );
    println!(
        "{:<4} {:<8} {:>5} {:>8} {:>9} {:>9} {:>7}  puzzle",
        "#",
        "set",
        "clues",
        "found",
        format!("{clock} s"),
        "CPU s",
        "walks"
    );
    let mut found_in = [(0usize, 0usize), (0, 0)];
    for (n, (set, mask)) in masks.iter().enumerate() {
        let pattern = parse_pattern(mask)?;
        let options = Options {
            seed: o.seed,
            pattern: Some(pattern),
            minimal: false,
            ..Options::default()
        };
        options.check()?;
        let cap = if *set == "top1465" {
            o.caps.0
        } else {
            o.caps.1
        };
        let limit = Duration::from_secs_f64(cap);
        let (result, secs, cpu) = if o.threads == 1 {
            let start_cpu = thread_cpu_time();
            let start = Instant::now();
            let spent = || match (thread_cpu_time(), start_cpu) {
                (Some(now), Some(then)) => now - then,
                _ => start.elapsed(),
            };
            let result = generate_one(&options, None, 0, None, &|| spent() >= limit);
            let secs = spent().as_secs_f64();
            (result, secs, secs)
        } else {
            let start_cpu = process_cpu_time();
            let start = Instant::now();
            let result = on_threads(&options, o.threads, start + limit);
            let secs = start.elapsed().as_secs_f64();
            let cpu = process_cpu_time()
                .zip(start_cpu)
                .map_or(f64::NAN, |(now, then)| (now - then).as_secs_f64());
            (result, secs, cpu)
        };
        let row = &mut found_in[usize::from(*set != "top1465")];
        row.1 += 1;
        let (found, tries, line) = match &result {
            Ok(g) => {
                let values = g.grid.values();
                // Independent of the search: one solution, exactly the mask's cells.
                if count_values(values, 2) != 1 {
                    return Err(format!("mask {}: a puzzle with several solutions", n + 1));
                }
                let cells: String = values
                    .iter()
                    .map(|&v| if v == 0 { '.' } else { 'x' })
                    .collect();
                if &cells != mask {
                    return Err(format!("mask {}: the puzzle is off the mask", n + 1));
                }
                // The cap is looked at between tries: one found in a try that ran past it is
                // late, not within the cap.
                if secs <= cap {
                    row.0 += 1;
                    ("yes", g.tries, g.line())
                } else {
                    ("late", g.tries, g.line())
                }
            }
            Err(short) => ("no", short.tries, mask.clone()),
        };
        println!(
            "{:<4} {:<8} {:>5} {:>8} {:>9.2} {:>9.2} {:>7}  {line}",
            n + 1,
            set,
            pattern.len(),
            found,
            secs,
            cpu,
            tries
        );
    }
    println!(
        "found: top1465 {} of {}, 17clue {} of {}",
        found_in[0].0, found_in[0].1, found_in[1].0, found_in[1].1
    );
    Ok(())
}

/// Puzzle 0 on `threads` threads sharing its tries, until `deadline`.
fn on_threads(
    options: &Options,
    threads: usize,
    deadline: Instant,
) -> Result<Generated, Shortfall> {
    let mut found = None;
    let limits = Limits {
        deadline: Some(deadline),
        max_tries: None,
    };
    let end = run(
        options,
        None,
        1,
        threads,
        limits,
        |g| {
            found = Some(g.clone());
            Next::Continue
        },
        |_| {},
    );
    found.ok_or(Shortfall {
        tries: end.tries,
        rejected: end.rejected,
    })
}
