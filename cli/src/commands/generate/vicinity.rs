//! `kaidoku generate --from FILE --vicinity -N+M`: a beam search near known puzzles, each new
//! one printed with `rate`'s columns (plus its parent's ER and the round).

use super::layout;
use super::{DEFAULT_MAX_TRIES, GenerateArgs};
use crate::input;
use crate::output::{note, stdout};
use anyhow::{Result, bail};
use kaidoku_engine::Er;
use kaidoku_engine::generate::vicinity::{Probe, VicinityOptions, parse_vicinity, search_probed};
use kaidoku_engine::solve::deadline;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Neighbours of a parent probed (and waiting neighbours rated) before the search looks again
/// for the best puzzle to go on from (`VicinityOptions::chunk`).
const VICINITY_CHUNK: usize = 16;

/// The probe's ceiling: the rating solve goes on until its first step above it, SE's first
/// chain (6.5 and up), whose ER is a lower bound of the puzzle's and picks out the neighbours
/// worth rating in full (a puzzle solved below it is rated by the probe).
const VICINITY_PROBE_CEILING: u16 = 64;

/// Neighbours whose lower bound is more than this many tenths under their parent's ER are not
/// rated while there are others (`VicinityOptions::margin`).
const VICINITY_MARGIN: u16 = 2;

/// `--from FILE --vicinity -N+M`: a beam search near known puzzles, rated as `rate` rates.
pub(super) fn run(args: GenerateArgs) -> Result<ExitCode> {
    let (remove, add) =
        parse_vicinity(args.vicinity.as_deref().unwrap_or("")).map_err(anyhow::Error::msg)?;
    // The search makes its own puzzles from the file's: the options of fresh runs mean
    // nothing to it.
    let unused = [
        ("--pattern", args.pattern.is_some()),
        ("--clues", args.clues.is_some()),
        ("--er", args.er.is_some()),
        ("--level", args.level.is_some()),
        ("--needs", !args.needs.is_empty()),
        ("--hardest", args.hardest.is_some()),
        ("--practice", args.practice.is_some()),
        ("--first", args.first.is_some()),
        ("--config", args.config.is_some()),
        ("--distinct", args.distinct),
        ("--max-tries", args.max_tries != DEFAULT_MAX_TRIES),
        ("--minimal", args.minimal),
        ("--no-rating", args.no_rating),
        ("--trace", args.trace),
        ("--symmetry", args.symmetry != "none"),
        ("--count", args.count != 1),
    ];
    if let Some((flag, _)) = unused.iter().find(|(_, set)| *set) {
        bail!(
            "{flag} does not apply to --vicinity (it rates every neighbour and prints each new one; \
             it ends at --time-limit)"
        );
    }
    let Some(seconds) = args.time_limit else {
        bail!("--vicinity needs --time-limit (the search has no natural end)");
    };
    if !(seconds.is_finite() && seconds > 0.0) {
        bail!("--time-limit must be a positive number of seconds");
    }
    if args.beam == 0 {
        bail!("--beam must be at least 1");
    }
    let file = args.from.as_ref().expect("clap requires --from");
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let mut starts = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // The puzzle of a `rate` or `generate` line comes last; other lines start with it.
        let field = line.split_whitespace().find(|f| f.chars().count() == 81);
        let grid = match field {
            Some(field) => kaidoku_engine::parse::parse(field),
            None => match kaidoku_engine::parse::parse(line) {
                Ok(grid) => Ok(grid),
                Err(_) => continue,
            },
        }
        .map_err(|e| anyhow::anyhow!("{} line {}: {e}", file.display(), n + 1))?;
        if grid.solutions(2).count != 1 {
            bail!(
                "{} line {}: the puzzle does not have exactly one solution",
                file.display(),
                n + 1
            );
        }
        starts.push(*grid.values());
    }
    if starts.is_empty() {
        bail!("{} holds no puzzle (81 characters a line)", file.display());
    }
    let rating =
        kaidoku_engine::Solver::new(input::config_or(None, kaidoku_techniques::SE_CONFIG, "se")?)?;
    let seed = args.seed.unwrap_or(0);
    let options = VicinityOptions {
        remove,
        add,
        sample: args.sample,
        minimal: !args.not_minimal,
        seed,
        keep: args.beam,
        // Climb as soon as a neighbour beats its parent: a parent's neighbours a few
        // batches at a time.
        chunk: Some(VICINITY_CHUNK),
        margin: Some(VICINITY_MARGIN),
        threads: match args.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        },
    };
    // The time limit holds inside a rating too: the starts alone can take longer (nested
    // forcing chains).
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(seconds);
    // The search keeps ERs; the printed lines want every rating column, kept here until the
    // puzzle is printed.
    let rated = std::sync::Mutex::new(std::collections::HashMap::new());
    let rate = |values: &[u8; 81]| -> Option<u16> {
        let grid = kaidoku_engine::Grid::from_givens(values).ok()?;
        // A rating cut off by the time limit is not complete, and so not kept.
        let trace = deadline::within(deadline, || rating.rate(&grid));
        let complete = trace.rating.filter(|r| r.complete)?;
        if let Ok(mut rated) = rated.lock() {
            rated.insert(*values, complete.clone());
        }
        Some(complete.er.0)
    };
    // The rating solve up to its first chain: a rating when it finishes there (the trace is
    // the one `rate` gives), a lower bound otherwise.
    let probe = |values: &[u8; 81]| -> Probe {
        let Ok(grid) = kaidoku_engine::Grid::from_givens(values) else {
            return Probe::Unrated;
        };
        let ceiling = Er(VICINITY_PROBE_CEILING);
        let trace = deadline::within(deadline, || rating.rate_within(&grid, ceiling));
        match trace.rating {
            Some(r) if r.complete => {
                let er = r.er.0;
                if let Ok(mut rated) = rated.lock() {
                    rated.insert(*values, r);
                }
                Probe::Rated(er)
            }
            Some(r) if r.er > ceiling => Probe::AtLeast(r.er.0),
            _ => Probe::Unrated,
        }
    };
    let stop = || Instant::now() >= deadline;
    let mut out = stdout();
    let mut write_error = None;
    let show = |tenths: u16| Er(tenths).to_string();
    let report = search_probed(&starts, &options, &probe, &rate, &stop, &mut |found| {
        if write_error.is_some() {
            return;
        }
        let Some(found_rating) = rated.lock().ok().and_then(|mut r| r.remove(&found.puzzle)) else {
            // Every puzzle found was rated complete (its ER is what the search climbs by).
            return;
        };
        let line = layout::vicinity_line(
            args.format,
            &found.puzzle,
            &found_rating,
            Er(found.parent_er),
            found.round,
        );
        if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
            write_error = Some(e);
        }
    });
    if let Some(error) = write_error {
        return Err(error.into());
    }
    let best = report.best.map_or("none".to_string(), |(_, er)| show(er));
    note(format_args!(
        "vicinity {}: {} rounds in {:.1} s, {} neighbours, {} probed, {} rated, best ER {best}, {} above the best start",
        args.vicinity.as_deref().unwrap_or(""),
        report.rounds,
        start.elapsed().as_secs_f64(),
        report.neighbours,
        report.probed,
        report.rated,
        report.above_start
    ));
    if report.probed == 0 && report.rounds > 0 && stop() {
        note(format_args!(
            "listing the neighbours took all the time (every {} neighbour of a sparse puzzle \
             is millions of uniqueness checks): --sample N draws N of them, or give more time",
            args.vicinity.as_deref().unwrap_or("")
        ));
    }
    Ok(ExitCode::SUCCESS)
}
