//! `kaidoku-bench`: benchmarks Kaidoku against peers.
//!
//! `kaidoku-bench backtrack [--puzzles DIR] [--set NAME]... [--limit-per-set N] [--rounds N]`
//! times Kaidoku's backtracking solver and the `sudoku` crate (a port of JCZSolve) on each
//! puzzle set (or only the named ones), in the same run and on one thread, and cross-checks
//! their answers. `--only kaidoku|sudoku|none` runs one solver alone (or none: loading and
//! parsing only), without the cross-check: for instruction counts under callgrind, where the
//! difference between a solver's run and the `none` run is what the solver took. `--mode`
//! runs one of the two modes only (`unique`: the solution if it is unique; `count`: the
//! solution count up to 2).
//!
//! `kaidoku-bench human [--config FILE] [--set NAME]... [--puzzles DIR] [--limit-per-set N]
//! [--rounds N] [--only kaidoku|sudoku|none]` times the human-style solve loop against the
//! `sudoku` crate's strategy solver (see `human.rs`).
//!
//! `kaidoku-bench logic [--config FILE] [--set NAME]... [--puzzles DIR] [--limit-per-set N]
//! [--split]` times a config without its `guess` on the hardest sets against HoDoKu's
//! published speed, with each technique's share of the time by `--split` (see `logic.rs`).
//!
//! `kaidoku-bench generate [--count N] [--rounds N] [--kaidoku PATH]` times minimal-puzzle
//! generation against the `sudoku` crate's, in process and from the command line;
//! `kaidoku-bench generate --bands [--threads N] [--seconds S] [--only TEXT]` the puzzles
//! accepted per ER band and practice filter, only the rows whose name holds TEXT if given
//! (see `generate.rs`).
//!
//! `kaidoku-bench play [--set NAME]... [--limit-per-set N]` times the play page's hints
//! (server time, at every position of the solving path) and sums its first load (see
//! `play.rs`).
//!
//! `kaidoku-bench patterns [--puzzles DIR] [--seconds TOP,SEVENTEEN] [--seed N] [--threads N]`
//! times the pattern search on the masks of 40 real puzzles, each to its first puzzle (see
//! `pattern.rs`).

mod generate;
mod human;
mod logic;
mod pattern;
mod play;
mod timing;

// The `kaidoku` binary's allocator (see cli/src/main.rs): both solvers run under it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use kaidoku_bench::{BACKTRACK_SETS, Puzzle, default_puzzles_dir, load_set};
use kaidoku_engine::backtrack::{count_values, solve_values};
use std::path::PathBuf;
use std::process::ExitCode;
use timing::{per_second, time_both, time_one};

const USAGE: &str = "usage: kaidoku-bench backtrack [--puzzles DIR] [--set NAME]... [--limit-per-set N] [--rounds N]
                                 [--only kaidoku|sudoku|none] [--mode unique|count]
       kaidoku-bench human [--config FILE] [--set NAME]... [--puzzles DIR] [--limit-per-set N] [--rounds N]
                           [--only kaidoku|sudoku|none]
       kaidoku-bench logic [--config FILE] [--set NAME]... [--puzzles DIR] [--limit-per-set N] [--split]
       kaidoku-bench generate [--count N] [--rounds N] [--kaidoku PATH] | --bands [--threads N] [--seconds S] [--only TEXT]
       kaidoku-bench play [--puzzles DIR] [--set NAME]... [--limit-per-set N]
       kaidoku-bench patterns [--puzzles DIR] [--seconds TOP,SEVENTEEN] [--seed N] [--threads N]";

struct Options {
    puzzles: PathBuf,
    config: Option<PathBuf>,
    limit_per_set: Option<usize>,
    rounds: usize,
    /// The sets to run; empty: all of them (`logic`: top1465).
    sets: Vec<String>,
    /// Time each config entry apart (`logic` only).
    split: bool,
    /// Run only this solver (`backtrack` and `human`): "kaidoku", "sudoku" or "none".
    only: Option<String>,
    /// Run only this mode (`backtrack` only).
    mode: Option<Mode>,
}

impl Options {
    /// The modes to run: the one asked for, or both.
    fn modes(&self) -> Vec<Mode> {
        match self.mode {
            Some(mode) => vec![mode],
            None => vec![Mode::Unique, Mode::Count],
        }
    }
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        puzzles: default_puzzles_dir(),
        config: None,
        limit_per_set: None,
        rounds: 3,
        sets: Vec::new(),
        only: None,
        mode: None,
        split: false,
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
            "--set" => {
                let v = value("--set")?;
                if !BACKTRACK_SETS.contains(&v.as_str()) {
                    return Err(format!(
                        "unknown set {v}; the sets are {}",
                        BACKTRACK_SETS.join(", ")
                    ));
                }
                opts.sets.push(v);
            }
            "--only" => {
                let v = value("--only")?;
                if !["kaidoku", "sudoku", "none"].contains(&v.as_str()) {
                    return Err(format!("bad --only: {v} (kaidoku, sudoku or none)"));
                }
                opts.only = Some(v);
            }
            "--mode" => {
                opts.mode = Some(match value("--mode")?.as_str() {
                    "unique" => Mode::Unique,
                    "count" => Mode::Count,
                    v => return Err(format!("bad --mode: {v} (unique or count)")),
                });
            }
            "--rounds" => {
                let v = value("--rounds")?;
                opts.rounds = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --rounds: {v}"))?;
            }
            "--split" => opts.split = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(opts)
}

fn parse_generate(args: &[String]) -> Result<generate::GenerateOptions, String> {
    let mut o = generate::GenerateOptions {
        count: 2000,
        rounds: 3,
        bands: false,
        seconds: 20,
        threads: 2,
        kaidoku: None,
        only: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let v = it.next().ok_or(format!("{name} needs a value"))?;
            v.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or(format!("bad {name}: {v}"))
        };
        match arg.as_str() {
            "--count" => o.count = number("--count")?,
            "--rounds" => o.rounds = number("--rounds")? as usize,
            "--seconds" => o.seconds = number("--seconds")?,
            "--threads" => o.threads = number("--threads")? as usize,
            "--bands" => o.bands = true,
            "--only" => o.only = Some(it.next().ok_or("--only needs a text")?.clone()),
            "--kaidoku" => {
                o.kaidoku = Some(PathBuf::from(it.next().ok_or("--kaidoku needs a path")?))
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(o)
}

fn parse_patterns(args: &[String]) -> Result<(), String> {
    let mut dir = default_puzzles_dir();
    let mut o = pattern::PatternOptions {
        caps: (10.0, 60.0),
        seed: 1,
        threads: 1,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--puzzles" => dir = PathBuf::from(value("--puzzles")?),
            "--seconds" => {
                let v = value("--seconds")?;
                let secs = |s: &str| s.parse::<f64>().ok().filter(|t| *t > 0.0);
                o.caps = match v.split_once(',') {
                    Some((a, b)) => secs(a).zip(secs(b)),
                    None => secs(&v).map(|t| (t, t)),
                }
                .ok_or(format!("bad --seconds: {v} (TOP,SEVENTEEN or one number)"))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                o.seed = v.parse().map_err(|_| format!("bad --seed: {v}"))?;
            }
            "--threads" => {
                let v = value("--threads")?;
                o.threads = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or(format!("bad --threads: {v} (1 to 256)"))?;
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    pattern::patterns(&dir, &o)
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
                sets: o.sets,
                only: o.only,
            })
        }),
        Some("logic") => parse_args(&args[1..]).and_then(|o| {
            logic::logic(&logic::LogicOptions {
                puzzles: o.puzzles,
                config: o.config,
                sets: if o.sets.is_empty() {
                    vec!["top1465".to_string()]
                } else {
                    o.sets
                },
                limit_per_set: o.limit_per_set,
                split: o.split,
            })
        }),
        Some("play") => parse_args(&args[1..]).and_then(|o| {
            let sets = if o.sets.is_empty() {
                vec!["top1465".to_string()]
            } else {
                o.sets
            };
            play::play(&o.puzzles, &sets, o.limit_per_set)
        }),
        Some("generate") => parse_generate(&args[1..]).and_then(|o| generate::generate(&o)),
        Some("patterns") => parse_patterns(&args[1..]),
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

/// Kaidoku: limit 2 in both modes, since uniqueness needs a second search either way; the
/// count alone, like `sudoku`'s, without reading off a solution.
fn kaidoku(values: &[u8; 81], mode: Mode) -> Answer {
    match mode {
        Mode::Unique => {
            let s = solve_values(values, 2);
            Answer::Unique(if s.count == 1 { s.first } else { None })
        }
        Mode::Count => Answer::Count(count_values(values, 2)),
    }
}

fn peer(sudoku: sudoku::Sudoku, mode: Mode) -> Answer {
    match mode {
        Mode::Unique => Answer::Unique(sudoku.solution().map(|s| s.to_bytes())),
        Mode::Count => Answer::Count(sudoku.solutions_count_up_to(2)),
    }
}

/// `--only`: one solver (or none) over the set, in both modes, wall-clock rates only.
fn run_alone(
    only: &str,
    name: &str,
    values: &[[u8; 81]],
    peers: &[sudoku::Sudoku],
    opts: &Options,
) {
    for mode in opts.modes() {
        let (best, _) = match only {
            "kaidoku" => time_one(opts.rounds, values, |v: [u8; 81]| kaidoku(&v, mode)),
            "sudoku" => time_one(opts.rounds, peers, |s| peer(s, mode)),
            _ => return,
        };
        println!(
            "{:<26} {:>7} {:<8} {only}: {:.0}/s",
            name,
            values.len(),
            mode.name(),
            per_second(values.len(), best.wall)
        );
    }
}

fn backtrack(opts: &Options) -> Result<(), String> {
    if !opts.puzzles.is_dir() {
        return Err(format!(
            "puzzle sets not found: {} is not a directory (pass --puzzles DIR)",
            opts.puzzles.display()
        ));
    }
    println!("puzzles: {}", opts.puzzles.display());
    if opts.only.is_none() {
        println!(
            "one thread, best of {} rounds taken in turns; puzzles per second of wall time and of the",
            opts.rounds
        );
        println!("thread's CPU time (steadier on a shared machine); ratio = Kaidoku / sudoku");
        println!();
        println!(
            "{:<26} {:>7} {:<8} {:>10} {:>10} {:>6}   {:>10} {:>10} {:>6}",
            "set",
            "puzzles",
            "mode",
            "Kaidoku/s",
            "sudoku/s",
            "ratio",
            "K/cpu-s",
            "s/cpu-s",
            "ratio"
        );
    }
    let mut disagreements = 0usize;
    let mut missing = Vec::new();
    let chosen: Vec<&str> = BACKTRACK_SETS
        .into_iter()
        .filter(|name| opts.sets.is_empty() || opts.sets.iter().any(|s| s == name))
        .collect();
    for &name in &chosen {
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
        if let Some(only) = &opts.only {
            run_alone(only, name, &values, &peers, opts);
            continue;
        }
        for mode in opts.modes() {
            let [(tk, ak), (ts, as_)] = time_both(
                opts.rounds,
                (&values, |v: [u8; 81]| kaidoku(&v, mode)),
                (&peers, |s| peer(s, mode)),
            );
            let (rk, rs) = (
                per_second(values.len(), tk.wall),
                per_second(values.len(), ts.wall),
            );
            let cpu = match (tk.cpu, ts.cpu) {
                (Some(k), Some(s)) => {
                    let (ck, cs) = (per_second(values.len(), k), per_second(values.len(), s));
                    format!("{ck:>10.0} {cs:>10.0} {:>6.2}", ck / cs)
                }
                _ => "(no thread CPU clock)".to_string(),
            };
            println!(
                "{:<26} {:>7} {:<8} {:>10.0} {:>10.0} {:>6.2}   {cpu}",
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
    if missing.len() == chosen.len() {
        return Err(format!("no puzzle set found in {}", opts.puzzles.display()));
    }
    if opts.only.is_some() {
        return Ok(());
    }
    if disagreements > 0 {
        return Err(format!(
            "{disagreements} disagreements between Kaidoku and sudoku"
        ));
    }
    println!("cross-check: Kaidoku and sudoku agree on every puzzle");
    Ok(())
}
