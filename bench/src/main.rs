//! `kaidoku-bench`: benchmarks Kaidoku against peers.
//!
//! `kaidoku-bench backtrack [--puzzles DIR] [--limit-per-set N] [--rounds N]` times Kaidoku's
//! backtracking solver and the `sudoku` crate (a port of JCZSolve) on each puzzle set, in the
//! same run and on one thread, and cross-checks their answers.
//!
//! `kaidoku-bench human [--config FILE] [--puzzles DIR] [--limit-per-set N] [--rounds N]` times the
//! human-style solve loop against the `sudoku` crate's strategy solver (see `human.rs`).

mod human;

// The `kaidoku` binary's allocator (see cli/src/main.rs): both solvers run under it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use kaidoku_bench::{BACKTRACK_SETS, Puzzle, default_puzzles_dir, load_set};
use kaidoku_engine::backtrack::solve_values;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str =
    "usage: kaidoku-bench backtrack [--puzzles DIR] [--limit-per-set N] [--rounds N]
       kaidoku-bench human [--config FILE] [--puzzles DIR] [--limit-per-set N] [--rounds N]";

struct Options {
    puzzles: PathBuf,
    config: Option<PathBuf>,
    limit_per_set: Option<usize>,
    rounds: usize,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        puzzles: default_puzzles_dir(),
        config: None,
        limit_per_set: None,
        rounds: 3,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--puzzles" => opts.puzzles = PathBuf::from(value("--puzzles")?),
            "--config" => opts.config = Some(PathBuf::from(value("--config")?)),
            "--limit-per-set" => {
                let v = value("--limit-per-set")?;
                opts.limit_per_set =
                    Some(v.parse().map_err(|_| format!("bad --limit-per-set: {v}"))?);
            }
            "--rounds" => {
                let v = value("--rounds")?;
                opts.rounds = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --rounds: {v}"))?;
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(opts)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("backtrack") => parse_args(&args[1..]).and_then(|o| backtrack(&o)),
        Some("human") => parse_args(&args[1..]).and_then(|o| {
            human::human(&human::HumanOptions {
                puzzles: o.puzzles,
                config: o.config,
                limit_per_set: o.limit_per_set,
                rounds: o.rounds,
            })
        }),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// What one solver answered for one puzzle in one mode.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// Mode "unique": the solution if there is exactly one.
    Unique(Option<[u8; 81]>),
    /// Mode "count": the number of solutions, capped at 2.
    Count(usize),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Unique,
    Count,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Unique => "unique",
            Mode::Count => "count≤2",
        }
    }
}

/// Kaidoku: limit 2 in both modes, since uniqueness needs a second search either way.
fn kaidoku(values: &[u8; 81], mode: Mode) -> Answer {
    let s = solve_values(values, 2);
    match mode {
        Mode::Unique => Answer::Unique(if s.count == 1 { s.first } else { None }),
        Mode::Count => Answer::Count(s.count),
    }
}

fn peer(sudoku: sudoku::Sudoku, mode: Mode) -> Answer {
    match mode {
        Mode::Unique => Answer::Unique(sudoku.solution().map(|s| s.to_bytes())),
        Mode::Count => Answer::Count(sudoku.solutions_count_up_to(2)),
    }
}

/// Runs `solve` over every input `rounds` times; returns the best time and the answers.
fn time_solver<T: Copy>(
    inputs: &[T],
    rounds: usize,
    solve: impl Fn(T) -> Answer,
) -> (Duration, Vec<Answer>) {
    let mut answers = Vec::with_capacity(inputs.len());
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        answers.clear();
        let start = Instant::now();
        for &input in inputs {
            answers.push(solve(black_box(input)));
        }
        best = best.min(start.elapsed());
    }
    (best, answers)
}

fn rate(n: usize, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64().max(1e-12)
}

fn backtrack(opts: &Options) -> Result<(), String> {
    if !opts.puzzles.is_dir() {
        return Err(format!(
            "puzzle sets not found: {} is not a directory (pass --puzzles DIR)",
            opts.puzzles.display()
        ));
    }
    println!("puzzles: {}", opts.puzzles.display());
    println!(
        "one thread, best of {} rounds; ratio = Kaidoku / sudoku (above 1: Kaidoku faster)",
        opts.rounds
    );
    println!();
    println!(
        "{:<27} {:>8} {:<8} {:>14} {:>14} {:>7}",
        "set", "puzzles", "mode", "Kaidoku/s", "sudoku/s", "ratio"
    );
    let mut disagreements = 0usize;
    let mut missing = Vec::new();
    for name in BACKTRACK_SETS {
        let puzzles: Vec<Puzzle> = match load_set(&opts.puzzles, name, opts.limit_per_set) {
            Ok(p) => p,
            Err(e) => {
                println!("{name:<27} skipped: {e}");
                missing.push(name);
                continue;
            }
        };
        // Parse for both solvers before any timing.
        let values: Vec<[u8; 81]> = puzzles.iter().map(|p| p.values).collect();
        let peers: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.line).map_err(|e| format!("{name}: {e}")))
            .collect::<Result<_, _>>()?;
        for mode in [Mode::Unique, Mode::Count] {
            let (tk, ak) = time_solver(&values, opts.rounds, |v| kaidoku(&v, mode));
            let (ts, as_) = time_solver(&peers, opts.rounds, |s| peer(s, mode));
            let (rk, rs) = (rate(values.len(), tk), rate(values.len(), ts));
            println!(
                "{:<27} {:>8} {:<8} {:>14.0} {:>14.0} {:>7.2}",
                name,
                values.len(),
                mode.name(),
                rk,
                rs,
                rk / rs
            );
            for (i, (a, b)) in ak.iter().zip(&as_).enumerate() {
                if a != b {
                    disagreements += 1;
                    if disagreements <= 10 {
                        println!(
                            "  disagreement in {name} line {} ({}): {}",
                            i + 1,
                            mode.name(),
                            puzzles[i].line
                        );
                    }
                }
            }
        }
    }
    println!();
    if !missing.is_empty() && missing.len() == BACKTRACK_SETS.len() {
        return Err(format!("no puzzle set found in {}", opts.puzzles.display()));
    }
    if disagreements > 0 {
        return Err(format!(
            "{disagreements} disagreements between Kaidoku and sudoku"
        ));
    }
    println!("cross-check: Kaidoku and sudoku agree on every puzzle");
    Ok(())
}
