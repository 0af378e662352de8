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
//! round of each is reported, which keeps a busy machine from skewing one side.

use kaidoku_bench::{Puzzle, load_set};
use kaidoku_engine::{Config, Solver, Status};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
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
}

/// The config to run: the given file, else the workspace's `configs/peer.toml` (the peer's
/// techniques, no more).
fn load_config(path: Option<&Path>) -> Result<Config, String> {
    kaidoku_techniques::link();
    let default = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/peer.toml");
    Config::from_file(path.unwrap_or(&default)).map_err(|e| e.to_string())
}

/// (time, solved count) of Kaidoku's solve loop over a set, traces included.
fn kaidoku(solver: &Solver, puzzles: &[Puzzle]) -> Result<(Duration, usize), String> {
    let grids = puzzles
        .iter()
        .map(|p| kaidoku_engine::parse::parse(&p.line).map_err(|e| format!("{}: {e}", p.line)))
        .collect::<Result<Vec<_>, _>>()?;
    let start = Instant::now();
    let mut solved = 0;
    for grid in &grids {
        let trace = solver.solve(black_box(grid));
        solved += (trace.status == Status::Solved) as usize;
    }
    Ok((start.elapsed(), solved))
}

/// (time, solved count) of the peer's strategy solver over a set.
pub fn peer(puzzles: &[Puzzle]) -> Result<(Duration, usize), String> {
    let sudokus = puzzles
        .iter()
        .map(|p| sudoku::Sudoku::from_str_line(&p.line).map_err(|e| format!("{}: {e}", p.line)))
        .collect::<Result<Vec<_>, _>>()?;
    let start = Instant::now();
    let mut solved = 0;
    for &sudoku in &sudokus {
        let result = StrategySolver::from_sudoku(black_box(sudoku)).solve(PEER_STRATEGIES);
        solved += result.is_ok() as usize;
    }
    Ok((start.elapsed(), solved))
}

fn rate(n: usize, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64().max(1e-12)
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
    let config = load_config(opts.config.as_deref())?;
    println!(
        "config {} ({}), one thread, traces built; peer: sudoku crate StrategySolver; best of {} rounds",
        config.name,
        config.hash(),
        opts.rounds
    );
    let solver = Solver::new(config).map_err(|e| e.to_string())?;
    println!();
    println!(
        "{:<27} {:>7} {:>12} {:>9} {:>12} {:>9} {:>7}",
        "set", "puzzles", "Kaidoku/s", "solved", "sudoku/s", "solved", "ratio"
    );
    let mut found = 0;
    for name in HUMAN_SETS {
        let puzzles = match load_set(&opts.puzzles, name, opts.limit_per_set) {
            Ok(p) => p,
            Err(e) => {
                println!("{name:<27} skipped: {e}");
                continue;
            }
        };
        found += 1;
        let n = puzzles.len();
        let (mut tk, mut sk) = kaidoku(&solver, &puzzles)?;
        let (mut tp, mut sp) = peer(&puzzles)?;
        for _ in 1..opts.rounds {
            (tk, sk) = kaidoku(&solver, &puzzles).map(|(t, s)| (t.min(tk), s))?;
            (tp, sp) = peer(&puzzles).map(|(t, s)| (t.min(tp), s))?;
        }
        println!(
            "{:<27} {:>7} {:>12.0} {:>8.1}% {:>12.0} {:>8.1}% {:>7.2}",
            name,
            n,
            rate(n, tk),
            share(sk, n),
            rate(n, tp),
            share(sp, n),
            rate(n, tk) / rate(n, tp)
        );
    }
    if found == 0 {
        return Err(format!("no puzzle set found in {}", opts.puzzles.display()));
    }
    println!();
    println!("solved = solved by logic alone, without guessing; ratio = Kaidoku/s over sudoku/s");
    Ok(())
}
