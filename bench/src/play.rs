//! `kaidoku-bench play`: what the play page costs.
//!
//! - Hints: the server's time for a level-3 hint (the position read and checked against its
//!   solution, the easiest step found with the rating config and its fallbacks, the picture
//!   drawn, the answer written as JSON: `Service::handle("hint", …)`, all but the HTTP), at
//!   every position of the easiest-step path of each puzzle where the player is past the
//!   singles (a hint there is the expensive kind), and at every position of the path.
//! - The page's first load: the bytes of every file the page loads (served as they are).

use kaidoku_api::Service;
use kaidoku_bench::load_set;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs the hint timing on `sets` (top1465 by default), at most `limit` puzzles a set.
pub fn play(dir: &Path, sets: &[String], limit: Option<usize>) -> Result<(), String> {
    kaidoku_techniques::link();
    let mut total = 0;
    println!("page: first load");
    for (name, bytes) in kaidoku_server::page_files() {
        println!("  {name:<12} {bytes:>7} bytes");
        total += bytes;
    }
    println!(
        "  {:<12} {total:>7} bytes ({:.1} KB)",
        "all",
        total as f64 / 1024.0
    );
    let service = Service::untrusted();
    let rating = service
        .solvers()
        .shipped("rating")
        .map_err(|e| e.to_string())?;
    for set in sets {
        let puzzles = load_set(dir, set, Some(limit.unwrap_or(300)))?;
        let (mut every, mut past_singles) = (Vec::new(), Vec::new());
        let mut slowest: Vec<(Duration, String)> = Vec::new();
        for puzzle in &puzzles {
            let start = kaidoku_engine::Grid::from_givens(&puzzle.values)
                .map_err(|c| format!("{set}: {c}"))?;
            let trace = rating.solve_easiest(&start);
            let (before, _) = kaidoku_engine::picture::positions(&start, &trace.steps);
            for (position, step) in before.iter().zip(&trace.steps) {
                let body = serde_json::json!({
                    "puzzle": kaidoku_api::position::library_state(position),
                    "level": 3,
                })
                .to_string();
                let began = Instant::now();
                let answer = service.handle("hint", &body, &mut |_| {});
                let took = began.elapsed();
                answer.map_err(|e| format!("{set}: hint at {}: {e}", position.to_line()))?;
                every.push(took);
                slowest.push((took, kaidoku_api::position::library_state(position)));
                slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
                slowest.truncate(3);
                if !step.kind.is_single() {
                    past_singles.push(took);
                }
            }
        }
        println!(
            "hint, level 3, server time ({set}, {} puzzles):",
            puzzles.len()
        );
        report("every position of the path", &mut every);
        report("positions past the singles", &mut past_singles);
        for (took, position) in &slowest {
            println!(
                "  slowest: {:.1} ms at {position}",
                took.as_secs_f64() * 1000.0
            );
        }
    }
    Ok(())
}

fn report(what: &str, times: &mut [Duration]) {
    if times.is_empty() {
        println!("  {what}: none");
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let under = times
        .iter()
        .filter(|t| **t < Duration::from_millis(50))
        .count();
    println!(
        "  {what}: {} hints, median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.1} ms; {} over 50 ms ({:.2}% under)",
        times.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(times[times.len() - 1]),
        times.len() - under,
        100.0 * under as f64 / times.len() as f64
    );
}
