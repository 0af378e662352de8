//! `kaidoku-bench generate`: the puzzle generator.
//!
//! - Minimal puzzles per second against the `sudoku` crate's `generate_with_symmetry`, same
//!   symmetry, same run, one thread, CPU time (none and rotational 180), the two taking turns.
//! - `--bands`: puzzles per second accepted per ER band, and for `--practice` of a few
//!   techniques, on `--threads` threads for `--seconds` each (wall time: the run is
//!   parallel).

use crate::timing::thread_cpu_time;
use kaidoku_engine::Er;
use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{ClueSymmetry, Options, SymmetryChoice, generate_one};
use std::time::{Duration, Instant};

pub struct GenerateOptions {
    pub count: u64,
    pub rounds: usize,
    pub bands: bool,
    pub seconds: u64,
    pub threads: usize,
}

pub fn generate(o: &GenerateOptions) -> Result<(), String> {
    if o.bands {
        return bands(o);
    }
    println!(
        "minimal puzzles, {} a round, best of {} rounds taken in turns, one thread (CPU time)",
        o.count, o.rounds
    );
    println!(
        "{:<12} {:>14} {:>14} {:>8} {:>10} {:>10}",
        "symmetry", "Kaidoku/s", "sudoku/s", "ratio", "K clues", "s clues"
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
        let (mut best_k, mut best_s) = (Duration::MAX, Duration::MAX);
        let (mut clues_k, mut clues_s) = (0u64, 0u64);
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
            best_k = best_k.min(time);
            clues_k = clues;
            let (time, clues) = cpu_time(|| {
                let mut clues = 0u64;
                for _ in 0..o.count {
                    let s = sudoku::Sudoku::generate_with_symmetry(theirs);
                    clues += s.iter().filter(Option::is_some).count() as u64;
                }
                clues
            });
            best_s = best_s.min(time);
            clues_s = clues;
        }
        let rate = |d: Duration| o.count as f64 / d.as_secs_f64();
        println!(
            "{:<12} {:>14.0} {:>14.0} {:>7.2}× {:>10.2} {:>10.2}",
            ours.name(),
            rate(best_k),
            rate(best_s),
            rate(best_k) / rate(best_s),
            clues_k as f64 / o.count as f64,
            clues_s as f64 / o.count as f64,
        );
    }
    Ok(())
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
    let mut cases: Vec<(String, Filters)> = [
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
        cases.push((
            format!("practice {technique}"),
            Filters {
                practice: Some(StepMatch(technique.to_string())),
                logic: true,
                ..Filters::default()
            },
        ));
    }
    println!(
        "accepted puzzles per second of wall time, {} threads, {} s a row (minimal, no symmetry)",
        o.threads, o.seconds
    );
    println!(
        "{:<28} {:>9} {:>10} {:>10}",
        "filter", "found", "tries", "found/s"
    );
    for (name, filters) in cases {
        // As `kaidoku generate` judges: ERs by SE's producers, techniques on the rating path.
        let judge = Judge::with_technique_rating(filters, config("se")?, config("rating")?)?;
        let options = Options::default();
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
            |_, _| {},
        );
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<28} {:>9} {:>10} {:>10.2}",
            name,
            end.found,
            end.tries,
            end.found as f64 / secs
        );
    }
    Ok(())
}
