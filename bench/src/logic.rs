//! `kaidoku-bench logic`: the solve loop of a config without its last resort (`guess`), on the
//! hardest sets, against HoDoKu's published speed (about 200 ms a puzzle on top1465, solving
//! 98.8% of it by logic). Issue 8 aims at 100 times HoDoKu's speed at the same no-guess rate.
//!
//! The machine this runs on is shared, so besides wall time it reports the thread's CPU time,
//! and the `sudoku` crate's strategy solver on the same set in the same run as a yardstick of
//! the machine's speed. With `--split` a second pass times every config entry apart (its
//! share of the CPU time, how often it ran and how many steps it gave).

use crate::human::peer;
use crate::timing::{per_second, thread_cpu_time};
use kaidoku_bench::{load_set, parse_grids};
use kaidoku_engine::als_carry::AlsCarry;
use kaidoku_engine::{Analysis, Config, Grid, MissMemory, Solver, Status, Technique};
use std::cell::RefCell;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// HoDoKu's published speed on top1465: about 200 ms a puzzle.
const HODOKU_PER_SECOND: f64 = 5.0;
/// Issue 8's aim: a hundred times HoDoKu's speed.
const TARGET_PER_SECOND: f64 = 100.0 * HODOKU_PER_SECOND;

pub struct LogicOptions {
    pub puzzles: PathBuf,
    pub config: Option<PathBuf>,
    pub sets: Vec<String>,
    pub limit_per_set: Option<usize>,
    pub split: bool,
}

/// The config (default: the workspace's `configs/default.toml`; a shipped config's name, such
/// as `fast`, names its file there) without `guess`, so that a solved puzzle is solved by
/// logic.
fn load_config(path: Option<&Path>) -> Result<Config, String> {
    kaidoku_techniques::link();
    let configs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
    let path = match path {
        None => configs.join("default.toml"),
        Some(path) => match path.to_str() {
            Some(name) if !path.exists() && kaidoku_techniques::shipped_config(name).is_some() => {
                configs.join(format!("{name}.toml"))
            }
            _ => path.to_path_buf(),
        },
    };
    let mut config = Config::from_file(&path).map_err(|e| e.to_string())?;
    config.techniques.retain(|t| t.id != "guess");
    Ok(config)
}

/// CPU time of the calling thread (zero where the platform cannot tell): what the run
/// cost, however busy the machine is.
fn cpu_now() -> Duration {
    thread_cpu_time().unwrap_or_default()
}

pub fn logic(opts: &LogicOptions) -> Result<(), String> {
    if !opts.puzzles.is_dir() {
        return Err(format!(
            "puzzle sets not found: {} is not a directory (pass --puzzles DIR)",
            opts.puzzles.display()
        ));
    }
    let config = load_config(opts.config.as_deref())?;
    println!(
        "config {} without `guess` ({}), one thread, traces built",
        config.name,
        config.hash()
    );
    println!(
        "HoDoKu (published): {HODOKU_PER_SECOND:.0}/s on top1465, 98.8% by logic; aim: {TARGET_PER_SECOND:.0}/s (100x)"
    );
    let solver = Solver::new(config.clone()).map_err(|e| e.to_string())?;
    let stages = Stages::new(&config)?;
    println!();
    println!(
        "{:<27} {:>7} {:>9} {:>11} {:>11} {:>10} {:>12}",
        "set", "puzzles", "by logic", "wall /s", "CPU /s", "x HoDoKu", "sudoku CPU/s"
    );
    let mut found = 0;
    for name in &opts.sets {
        let puzzles = match load_set(&opts.puzzles, name, opts.limit_per_set) {
            Ok(p) => p,
            Err(e) => {
                println!("{name:<27} skipped: {e}");
                continue;
            }
        };
        found += 1;
        let grids = parse_grids(&puzzles)?;
        let n = grids.len();
        let (wall, cpu) = (Instant::now(), cpu_now());
        let mut solved = 0;
        for grid in &grids {
            solved += (solver.solve(black_box(grid)).status == Status::Solved) as usize;
        }
        let (wall, cpu) = (wall.elapsed(), cpu_now() - cpu);
        let peer_cpu = cpu_now();
        peer(&puzzles)?;
        let peer_cpu = cpu_now() - peer_cpu;
        println!(
            "{:<27} {:>7} {:>8.1}% {:>11.1} {:>11.1} {:>10.1} {:>12.0}",
            name,
            n,
            100.0 * solved as f64 / n.max(1) as f64,
            per_second(n, wall),
            per_second(n, cpu),
            per_second(n, cpu) / HODOKU_PER_SECOND,
            per_second(n, peer_cpu),
        );
        if opts.split {
            stages.split(&grids)?.print();
        }
    }
    if found == 0 {
        return Err(format!("no puzzle set found in {}", opts.puzzles.display()));
    }
    println!();
    println!(
        "by logic = solved without guessing; x HoDoKu = CPU /s over HoDoKu's 5/s; sudoku = the sudoku crate's strategy solver (fewer techniques), the machine's yardstick"
    );
    Ok(())
}

/// The config's techniques, built one by one so each can be timed.
struct Stages {
    names: Vec<String>,
    ids: Vec<Arc<str>>,
    techniques: Vec<Box<dyn Technique>>,
}

impl Stages {
    fn new(config: &Config) -> Result<Stages, String> {
        let mut stages = Stages {
            names: Vec::new(),
            ids: Vec::new(),
            techniques: Vec::new(),
        };
        for t in config.enabled() {
            let entry = config
                .registry
                .get(&t.id)
                .ok_or(format!("unknown technique {}", t.id))?;
            let explicit: Vec<String> = t
                .explicit
                .iter()
                .filter_map(|k| t.params.get(k).map(|v| format!("{k}={v}")))
                .collect();
            stages.names.push(if explicit.is_empty() {
                t.id.clone()
            } else {
                format!("{} {}", t.id, explicit.join(" "))
            });
            stages.ids.push(Arc::from(t.id.as_str()));
            stages.techniques.push((entry.build)(&t.params)?);
        }
        Ok(stages)
    }

    /// The solve loop of `Solver::solve` (first step of the first technique that has one),
    /// timing each technique's search. Building the shared analysis of a position is counted
    /// to the first technique that asks for it.
    fn split(&self, grids: &[Grid]) -> Result<Split<'_>, String> {
        let mut split = Split {
            names: &self.names,
            time: vec![Duration::ZERO; self.names.len()],
            calls: vec![0; self.names.len()],
            steps: vec![0; self.names.len()],
        };
        for start in grids {
            let mut grid = start.clone();
            // As the solve loop: each stage skips what did not change since it last missed.
            let mut memory = MissMemory::new(self.techniques.len());
            // As the solve loop: the ALS list and its pairs carried from position to position.
            let als_carry = RefCell::new(AlsCarry::default());
            'position: while !grid.is_solved() {
                let analysis = Analysis::with_als_carry(&grid, &als_carry);
                for (i, technique) in self.techniques.iter().enumerate() {
                    let before = cpu_now();
                    let (_, step) =
                        memory.first_step(i, &self.ids[i], technique.as_ref(), &analysis);
                    split.time[i] += cpu_now() - before;
                    split.calls[i] += 1;
                    if let Some(step) = step {
                        split.steps[i] += 1;
                        analysis.hand_back_als();
                        step.apply(&mut grid);
                        continue 'position;
                    }
                }
                break;
            }
        }
        Ok(split)
    }
}

struct Split<'s> {
    names: &'s [String],
    time: Vec<Duration>,
    calls: Vec<usize>,
    steps: Vec<usize>,
}

impl Split<'_> {
    fn print(&self) {
        let total: Duration = self.time.iter().sum();
        println!(
            "  {:<44} {:>9} {:>6} {:>9} {:>8} {:>11}",
            "technique (config order)", "CPU s", "share", "searches", "steps", "µs/search"
        );
        for i in 0..self.names.len() {
            println!(
                "  {:<44} {:>9.3} {:>5.1}% {:>9} {:>8} {:>11.1}",
                self.names[i],
                self.time[i].as_secs_f64(),
                100.0 * self.time[i].as_secs_f64() / total.as_secs_f64().max(1e-12),
                self.calls[i],
                self.steps[i],
                1e6 * self.time[i].as_secs_f64() / self.calls[i].max(1) as f64,
            );
        }
        println!("  {:<44} {:>9.3}", "total", total.as_secs_f64());
    }
}
