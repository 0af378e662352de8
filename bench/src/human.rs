//! `kaidoku-bench human`: the human-style solve loop under a config, against the `sudoku`
//! crate's strategy solver, on each puzzle set, in the same run and on one thread.
//!
//! The peer runs all the strategies of its solver that Kaidoku also has: singles, locked
//! candidates, naked and hidden subsets up to quads, X-Wing, Swordfish, Jellyfish. By default
//! Kaidoku runs exactly these too (`configs/peer.toml`), so both solve the same share and the
//! speeds compare like with like; Kaidoku still builds the full trace of every step (kinds,
//! parts, patterns, rating), the peer only its list of deductions. Another config
//! (`--config configs/basic.toml`) shows what more techniques buy.
//!
//! Each set is timed `--rounds` times (Kaidoku and the peer taking turns) and the fastest
//! round of each is reported, in wall time and in the thread's CPU time (steadier on a shared
//! machine), which keeps a busy machine from skewing one side. `--set` picks sets; `--only
//! kaidoku|sudoku|none` runs one side alone (or neither: loading and parsing only), for
//! instruction counts under callgrind.

use crate::timing::{per_second, time_both, time_one};
use kaidoku_bench::{Puzzle, load_set, parse_grids};
use kaidoku_engine::{Config, Grid, Solver, Status};
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku::strategy::{Strategy, StrategySolver};

/// The sets, easiest first.
pub const HUMAN_SETS: [&str; 6] = [
    "kaggle",
    "unbiased",
    "17clue",
    "top1465",
    "forum_hardest_1106",
    "forum_hardest_1905_11plus",
];

const PEER_STRATEGIES: &[Strategy] = &[
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::XWing,
    Strategy::HiddenPairs,
    Strategy::NakedTriples,
    Strategy::Swordfish,
    Strategy::HiddenTriples,
    Strategy::NakedQuads,
    Strategy::Jellyfish,
    Strategy::HiddenQuads,
];

pub struct HumanOptions {
    pub puzzles: PathBuf,
    pub config: Option<PathBuf>,
    pub limit_per_set: Option<usize>,
    pub rounds: usize,
    /// The sets to run; empty: all of them.
    pub sets: Vec<String>,
    /// Run one side alone: "kaidoku", "sudoku" or "none".
    pub only: Option<String>,
}

/// The config to run: the given file, else the workspace's `configs/peer.toml` (the peer's
/// techniques, no more).
fn load_config(path: Option<&Path>) -> Result<Config, String> {
    kaidoku_techniques::link();
    let default = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/peer.toml");
    Config::from_file(path.unwrap_or(&default)).map_err(|e| e.to_string())
}

/// Whether Kaidoku's solve loop solves the puzzle by logic (the trace is built all the same).
fn kaidoku_solves(solver: &Solver, grid: &Grid) -> bool {
    solver.solve(grid).status == Status::Solved
}

/// Whether the peer's strategy solver solves the puzzle with the shared strategies.
fn peer_solves(sudoku: sudoku::Sudoku) -> bool {
    StrategySolver::from_sudoku(sudoku)
        .solve(PEER_STRATEGIES)
        .is_ok()
}

/// (time, solved count) of the peer's strategy solver over a set, puzzles parsed first (the
/// `logic` benchmark's yardstick of the machine).
pub fn peer(puzzles: &[Puzzle]) -> Result<(Duration, usize), String> {
    let sudokus = parse_sudokus(puzzles)?;
    let (best, solved) = time_one(1, &sudokus, peer_solves);
    Ok((best.wall, solved.iter().filter(|&&s| s).count()))
}

fn share(solved: usize, n: usize) -> f64 {
    100.0 * solved as f64 / n.max(1) as f64
}

pub fn human(opts: &HumanOptions) -> Result<(), String> {
    if !opts.puzzles.is_dir() {
        return Err(format!(
            "puzzle sets not found: {} is not a directory (pass --puzzles DIR)",
            opts.puzzles.display()
        ));
    }
    if let Some(set) = opts.sets.iter().find(|s| !HUMAN_SETS.contains(&s.as_str())) {
        return Err(format!(
            "unknown set {set} for `human`; its sets are {}",
            HUMAN_SETS.join(", ")
        ));
    }
    let config = load_config(opts.config.as_deref())?;
    println!(
        "config {} ({}), one thread, traces built; peer: sudoku crate StrategySolver; best of {} rounds",
        config.name,
        config.hash(),
        opts.rounds
    );
    println!(
        "puzzles per second of wall time and of the thread's CPU time (steadier on a shared machine)"
    );
    let solver = Solver::new(config).map_err(|e| e.to_string())?;
    println!();
    if opts.only.is_none() {
        println!(
            "{:<27} {:>7} {:>10} {:>10} {:>7} {:>10} {:>10} {:>7} {:>6} {:>6}",
            "set",
            "puzzles",
            "Kaidoku/s",
            "K/cpu-s",
            "solved",
            "sudoku/s",
            "s/cpu-s",
            "solved",
            "ratio",
            "cpu"
        );
    }
    let mut found = 0;
    for name in HUMAN_SETS {
        if !opts.sets.is_empty() && !opts.sets.iter().any(|s| s == name) {
            continue;
        }
        let puzzles = match load_set(&opts.puzzles, name, opts.limit_per_set) {
            Ok(p) => p,
            Err(e) => {
                println!("{name:<27} skipped: {e}");
                continue;
            }
        };
        found += 1;
        let n = puzzles.len();
        // Parse for both sides before any timing.
        let grids = parse_grids(&puzzles)?;
        let grids: Vec<&Grid> = grids.iter().collect();
        let sudokus = parse_sudokus(&puzzles)?;
        let kaidoku = |grid: &Grid| kaidoku_solves(&solver, grid);
        match opts.only.as_deref() {
            Some(only) => {
                let best = match only {
                    "kaidoku" => time_one(opts.rounds, &grids, kaidoku).0,
                    "sudoku" => time_one(opts.rounds, &sudokus, peer_solves).0,
                    _ => continue,
                };
                println!(
                    "{name:<27} {n:>7} {only}: {:.0}/s",
                    per_second(n, best.wall)
                );
            }
            None => {
                let [(tk, sk), (tp, sp)] =
                    time_both(opts.rounds, (&grids, kaidoku), (&sudokus, peer_solves));
                let solved = |answers: &[bool]| answers.iter().filter(|&&s| s).count();
                let cpu = |t: Option<Duration>| t.map_or(f64::NAN, |t| per_second(n, t));
                println!(
                    "{:<27} {:>7} {:>10.0} {:>10.0} {:>6.1}% {:>10.0} {:>10.0} {:>6.1}% {:>6.2} {:>6.2}",
                    name,
                    n,
                    per_second(n, tk.wall),
                    cpu(tk.cpu),
                    share(solved(&sk), n),
                    per_second(n, tp.wall),
                    cpu(tp.cpu),
                    share(solved(&sp), n),
                    per_second(n, tk.wall) / per_second(n, tp.wall),
                    cpu(tk.cpu) / cpu(tp.cpu),
                );
            }
        }
    }
    if found == 0 {
        return Err(format!("no puzzle set found in {}", opts.puzzles.display()));
    }
    println!();
    println!(
        "solved = solved by logic alone, without guessing; ratio = Kaidoku/s over sudoku/s (wall, CPU)"
    );
    Ok(())
}

fn parse_sudokus(puzzles: &[Puzzle]) -> Result<Vec<sudoku::Sudoku>, String> {
    puzzles
        .iter()
        .map(|p| sudoku::Sudoku::from_str_line(&p.line).map_err(|e| format!("{}: {e}", p.line)))
        .collect()
}
