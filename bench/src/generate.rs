//! `kaidoku-bench generate`: the puzzle generator.
//!
//! - Minimal puzzles per second against the `sudoku` crate's `generate_with_symmetry`, same
//!   symmetry, same run, one thread, CPU time (none and rotational 180), taking turns: the
//!   engine's `generate_one` in this process, and the command line as a user runs it (the
//!   release `kaidoku` binary, a whole process each: plain puzzles with `--format puzzle
//!   --no-logic`, with the default logic check, and rated lines, the default output).
//! - `--bands`: puzzles per second accepted per ER band, and for `--practice` of a few
//!   techniques, on `--threads` threads for `--seconds` each (wall time: the run is
//!   parallel). Practice rows run twice: every puzzle from its own random grids (`random`),
//!   and in clusters around each puzzle found (the default; see `generate::practice`).

use crate::timing::thread_cpu_time;
use kaidoku_engine::Er;
use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{ClueSymmetry, Options, SymmetryChoice, generate_one};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct GenerateOptions {
    pub count: u64,
    pub rounds: usize,
    pub bands: bool,
    pub seconds: u64,
    pub threads: usize,
    /// The `kaidoku` binary for the command-line rows (default: beside this one).
    pub kaidoku: Option<PathBuf>,
    /// `--bands`: only the rows whose name holds this (e.g. `practice`).
    pub only: Option<String>,
}

/// The command-line runs timed, with the share of `--count` each makes (the logic check and
/// the rating cost milliseconds a puzzle).
const CLI_RUNS: [(&str, &[&str], u64); 3] = [
    (
        "kaidoku generate --format puzzle --no-logic",
        &["--format", "puzzle", "--no-logic"],
        1,
    ),
    (
        "kaidoku generate --format puzzle",
        &["--format", "puzzle"],
        20,
    ),
    ("kaidoku generate (rated lines)", &[], 40),
];

pub fn generate(o: &GenerateOptions) -> Result<(), String> {
    if o.bands {
        return bands(o);
    }
    let kaidoku = match &o.kaidoku {
        Some(path) => path.clone(),
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("kaidoku"),
    };
    if !kaidoku.is_file() {
        return Err(format!(
            "no kaidoku binary at {} (build it: cargo build --release -p kaidoku-cli, or pass --kaidoku PATH)",
            kaidoku.display()
        ));
    }
    println!(
        "minimal puzzles, {} a round (the logic check 1/{}, rated 1/{}), best of {} rounds taken in turns, one thread (CPU time; the command line's: the whole process, {})",
        o.count,
        CLI_RUNS[1].2,
        CLI_RUNS[2].2,
        o.rounds,
        kaidoku.display()
    );
    println!(
        "{:<12} {:<46} {:>10} {:>10} {:>8} {:>8} {:>8}",
        "symmetry", "path", "Kaidoku/s", "sudoku/s", "ratio", "K clues", "s clues"
    );
    let pairs = [
        (ClueSymmetry::None, sudoku::Symmetry::None),
        (ClueSymmetry::Rotational180, sudoku::Symmetry::HalfRotation),
    ];
    for (ours, theirs) in pairs {
        let options = Options {
            symmetry: SymmetryChoice::Fixed(ours),
            ..Options::default()
        };
        // Per path: the best rate and the mean clue count; the `sudoku` crate's the same.
        let mut best = vec![(0f64, 0f64); CLI_RUNS.len() + 1];
        let mut theirs_best = (0f64, 0f64);
        for round in 0..o.rounds {
            let options = Options {
                seed: round as u64,
                ..options.clone()
            };
            let (time, clues) = cpu_time(|| {
                let mut clues = 0u64;
                for i in 0..o.count {
                    let g = generate_one(&options, None, i, None, &|| false)
                        .expect("no limits were set");
                    clues += u64::from(g.grid.givens().len());
                }
                clues
            });
            keep(&mut best[0], o.count, time, clues);
            for (path, (_, flags, share)) in CLI_RUNS.iter().enumerate() {
                let count = (o.count / share).max(1);
                let (time, clues) = cli_run(&kaidoku, ours.name(), round as u64, count, flags)?;
                keep(&mut best[path + 1], count, time, clues);
            }
            let (time, clues) = cpu_time(|| {
                let mut clues = 0u64;
                for _ in 0..o.count {
                    let s = sudoku::Sudoku::generate_with_symmetry(theirs);
                    clues += s.iter().filter(Option::is_some).count() as u64;
                }
                clues
            });
            keep(&mut theirs_best, o.count, time, clues);
        }
        let names = std::iter::once("engine (generate_one, in process)")
            .chain(CLI_RUNS.iter().map(|(name, _, _)| *name));
        for (name, (rate, clues)) in names.zip(best) {
            println!(
                "{:<12} {:<46} {:>10.0} {:>10.0} {:>7.2}× {:>8.2} {:>8.2}",
                ours.name(),
                name,
                rate,
                theirs_best.0,
                rate / theirs_best.0,
                clues,
                theirs_best.1,
            );
        }
    }
    Ok(())
}

/// Keeps the best rate of `count` puzzles made in `time` with `clues` clues in all.
fn keep(best: &mut (f64, f64), count: u64, time: Duration, clues: u64) {
    let rate = count as f64 / time.as_secs_f64().max(1e-9);
    if rate > best.0 {
        *best = (rate, clues as f64 / count as f64);
    }
}

/// One `kaidoku generate` process: its CPU time (user and system, all its threads) and the
/// clues of the puzzles it printed, each checked to be a puzzle.
fn cli_run(
    kaidoku: &Path,
    symmetry: &str,
    seed: u64,
    count: u64,
    flags: &[&str],
) -> Result<(Duration, u64), String> {
    let before = children_cpu_time();
    let mut child = Command::new(kaidoku)
        .args(["generate", "--threads", "1", "--symmetry", symmetry])
        .args(["--seed", &seed.to_string(), "--count", &count.to_string()])
        .args(flags)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", kaidoku.display()))?;
    let stdout = child.stdout.take().expect("stdout was piped");
    let (mut lines, mut clues) = (0u64, 0u64);
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        // The puzzle is the last column of a rated line, the whole of a plain one.
        let puzzle = line.split_whitespace().last().unwrap_or("");
        if puzzle.len() != 81 {
            return Err(format!("not a puzzle line: {line}"));
        }
        lines += 1;
        clues += puzzle.bytes().filter(|b| b.is_ascii_digit()).count() as u64;
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() || lines != count {
        return Err(format!(
            "kaidoku generate {flags:?} ended with {status} after {lines} of {count} puzzles"
        ));
    }
    Ok((children_cpu_time().saturating_sub(before), clues))
}

/// The CPU time (user and system) of the children waited for so far.
fn children_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        // SAFETY: `usage` is a valid, writable rusage for the duration of the call.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } == 0 {
            let time = |t: libc::timeval| {
                Duration::new(t.tv_sec as u64, 0) + Duration::from_micros(t.tv_usec as u64)
            };
            return time(usage.ru_utime) + time(usage.ru_stime);
        }
    }
    Duration::ZERO
}

fn cpu_time<T>(work: impl FnOnce() -> T) -> (Duration, T) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let out = std::hint::black_box(work());
    let taken = match (thread_cpu_time(), cpu) {
        (Some(end), Some(start)) => end - start,
        _ => wall.elapsed(),
    };
    (taken, out)
}

fn config(name: &str) -> Result<kaidoku_engine::Config, String> {
    kaidoku_techniques::link();
    let text = kaidoku_techniques::shipped_config(name).ok_or(format!("no config {name}"))?;
    kaidoku_techniques::parse_config(text, name, name, std::path::Path::new("."))
        .map_err(|e| e.to_string())
}

fn bands(o: &GenerateOptions) -> Result<(), String> {
    let er = |a: u16, b: u16| Some(Er(a)..=Er(b));
    let mut cases: Vec<(String, Filters, bool)> = [
        ("ER 1.2-2.3", er(12, 23)),
        ("ER 2.5-4.4", er(25, 44)),
        ("ER 4.5-6.1", er(45, 61)),
        ("ER 6.2-7.4", er(62, 74)),
        ("ER 7.5-8.4", er(75, 84)),
        ("ER >= 8.5", er(85, 200)),
    ]
    .into_iter()
    .map(|(name, er)| {
        (
            name.to_string(),
            Filters {
                er,
                logic: true,
                ..Filters::default()
            },
            false,
        )
    })
    .collect();
    for technique in [
        "x-wing",
        "xy-wing",
        "skyscraper",
        "unique-rectangle",
        "als-xz",
    ] {
        for clusters in [false, true] {
            let how = if clusters { "" } else { " (random)" };
            cases.push((
                format!("practice {technique}{how}"),
                Filters {
                    practice: Some(StepMatch(technique.to_string())),
                    logic: true,
                    ..Filters::default()
                },
                clusters,
            ));
        }
    }
    println!(
        "accepted puzzles per second of wall time, {} threads, {} s a row (minimal, no symmetry)",
        o.threads, o.seconds
    );
    println!(
        "{:<36} {:>9} {:>10} {:>10}",
        "filter", "found", "tries", "found/s"
    );
    let wanted = |name: &str| o.only.as_deref().is_none_or(|only| name.contains(only));
    for (name, filters, clusters) in cases.into_iter().filter(|(name, ..)| wanted(name)) {
        // As `kaidoku generate` judges: ERs by SE's producers, techniques on the rating path.
        let judge = Judge::with_technique_rating(filters, config("se")?, config("rating")?)?;
        let options = Options {
            practice_clusters: clusters,
            ..Options::default()
        };
        let start = Instant::now();
        let limits = Limits {
            deadline: Some(start + Duration::from_secs(o.seconds)),
            max_tries: None,
        };
        let end = run(
            &options,
            Some(&judge),
            u64::MAX,
            o.threads,
            limits,
            |_| Next::Continue,
            |_| {},
        );
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<36} {:>9} {:>10} {:>10.2}",
            name,
            end.found,
            end.tries,
            end.found as f64 / secs
        );
    }
    Ok(())
}
