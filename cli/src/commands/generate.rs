//! `kaidoku generate`: new puzzles by symmetry, clue pattern, clue count, rating and
//! technique, one a line with its rating columns (as `kaidoku rate` prints them), as JSON, or
//! the puzzle alone. Every option is checked before any work; a run that finds too little
//! ends at its limits with a message saying what was found and what was tried.

mod layout;
mod vicinity;

use crate::commands::batch::MAX_THREADS;
use crate::input;
use crate::output::{note, stdout};
use anyhow::{Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kaidoku_engine::generate::canon::minlex_string;
use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{Options, SymmetryChoice, parse_pattern};
use kaidoku_engine::{Config, Er, Level};
use layout::{GenerateFormat, Layout, PathName, turned_down};
use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The exit code of a run that ended at a limit with fewer puzzles than asked.
pub const EXIT_SHORT: u8 = 3;

/// Tries per puzzle unless `--max-tries` says otherwise: minutes of work for the hardest
/// filters, so a filter nothing meets ends.
const DEFAULT_MAX_TRIES: u64 = 200_000;

/// The same for `--pattern`, whose tries are pattern searches (a fill and a clue walk of up to
/// `PATTERN_MOVES` one-clue changes, up to about 7 s each at 17 clues): minutes.
const PATTERN_MAX_TRIES: u64 = 200;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, default_value_t = 1, value_name = "N")]
    count: u64,
    /// Seed of the run: the same options and seed give the same puzzles, whatever --threads
    /// is. Without it a seed is drawn and printed on stderr.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Clue symmetry: none, rotational (180°), rotational90, vertical, horizontal, diagonal,
    /// antidiagonal, mirrors (both axes), diagonals (both), dihedral (all), or random.
    #[arg(long, default_value = "none", value_name = "NAME")]
    symmetry: String,
    /// The clue cells: 81 characters, `x` (or a digit, `*`, `#`) for a clue and `.` (or `0`,
    /// `-`) for none, on one line or nine; or a file holding such a mask.
    #[arg(long, value_name = "MASK|FILE")]
    pattern: Option<String>,
    /// Clue count range, `MIN..MAX`, `MIN..`, `..MAX` or `N`.
    #[arg(long, value_name = "MIN..MAX")]
    clues: Option<String>,
    /// Keep clues that could go (by default no clue, or no orbit of clues under the
    /// symmetry, can be removed without losing uniqueness).
    #[arg(long)]
    not_minimal: bool,
    /// With --pattern: only minimal puzzles (a pattern fixes the clue count, so by default
    /// its puzzles need not be minimal).
    #[arg(long, conflicts_with = "not_minimal")]
    minimal: bool,
    /// ER range of `kaidoku rate` (Sudoku Explainer's procedure), `A..B`, `A..`, `..B` or `A`.
    #[arg(long, value_name = "A..B")]
    er: Option<String>,
    /// HoDoKu level of the rating: easy, medium, hard, unfair or extreme.
    #[arg(long, value_name = "LEVEL")]
    level: Option<String>,
    /// The solve path uses this technique or step kind (repeatable: all of them).
    #[arg(long, value_name = "ID")]
    needs: Vec<String>,
    /// The hardest step of the path is of this technique or kind.
    #[arg(long, value_name = "ID")]
    hardest: Option<String>,
    /// HoDoKu's practice shape: only singles before and after the step(s) of this kind.
    /// Found in families of up to 24 near one another (one clue moved at a time), minimal,
    /// no symmetry and no pattern; `--practice-apart` makes each from its own grids (slower).
    #[arg(long, value_name = "ID")]
    practice: Option<String>,
    /// With --practice: every puzzle from its own random grids, none near another.
    #[arg(long, requires = "practice")]
    practice_apart: bool,
    /// The first step that is not a single is of this technique or kind.
    #[arg(long, value_name = "ID")]
    first: Option<String>,
    /// Keep puzzles the techniques do not solve (by default a puzzle must be solved by logic,
    /// without guessing).
    #[arg(long)]
    no_logic: bool,
    /// Technique config whose solve path the technique filters and the logic check read: the
    /// path `kaidoku solve --config` takes (config order). Without it they read the path
    /// `kaidoku rate --config rating` takes (easiest step first). JSON's `path` names it.
    #[arg(long, value_name = "FILE|NAME")]
    config: Option<PathBuf>,
    /// Never print two isomorphic puzzles (compared by their canonical form).
    #[arg(long)]
    distinct: bool,
    /// Output: one line per puzzle (`ER EP ED LEVEL SCORE HARDEST PUZZLE`, with the symmetry
    /// drawn under --symmetry random and the technique filters' path fields before the
    /// puzzle), one JSON object per line, or the puzzle alone (unrated).
    #[arg(long, value_enum, default_value = "text")]
    format: GenerateFormat,
    /// Print no rating: puzzles are rated only as far as --er and --level need.
    #[arg(long)]
    no_rating: bool,
    /// With --format json: the rating trace of each puzzle too.
    #[arg(long)]
    trace: bool,
    /// Worker threads: 1 by default, 0 = one per core. With --pattern and fewer puzzles than
    /// threads, every thread works on each puzzle in turn.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
              .range(0..=MAX_THREADS as u64))]
    threads: usize,
    /// Stop after this many seconds (also with fractions: 2.5).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Give up on a puzzle after this many solution grids tried for it (so a filter no
    /// puzzle meets cannot run for ever; with --pattern, pattern searches, 1,000 by
    /// default); 0 = no limit.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TRIES)]
    max_tries: u64,
    /// Search near the puzzles of this file (one a line) instead of from random grids; needs
    /// --vicinity and --time-limit.
    #[arg(long, value_name = "FILE", requires = "vicinity")]
    from: Option<PathBuf>,
    /// The neighbourhood: remove N clues and add M (`-1+1`, `-2+1`, `+1` …; N+M at most 4),
    /// keep puzzles with one solution (minimal unless --not-minimal), and go on from the
    /// hardest by ER. Each new neighbour is first rated up to its first chain (a lower bound
    /// of its ER); those near or above their parent's ER are rated in full first. Prints
    /// every puzzle rated: `ER PUZZLE from PARENT-ER round R`.
    #[arg(
        long,
        value_name = "-N+M",
        allow_hyphen_values = true,
        requires = "from"
    )]
    vicinity: Option<String>,
    /// With --vicinity: how many of the hardest unexplored puzzles each round searches from.
    #[arg(long, default_value_t = 4, value_name = "K", requires = "vicinity")]
    beam: usize,
    /// With --vicinity: at most this many random neighbours per puzzle (all when fewer).
    #[arg(long, value_name = "N", requires = "vicinity")]
    sample: Option<usize>,
}

/// Reads `A..B`, `A..`, `..B`, `A` with `parse` for each end.
fn range<T: Copy>(
    text: &str,
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
    (lowest, highest): (T, T),
) -> Result<(T, T)> {
    let bad = |part: &str| anyhow::anyhow!("bad {what} `{part}` in `{text}`");
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (lo.trim(), hi.trim().trim_start_matches('=')),
        None => (text.trim(), text.trim()),
    };
    let lo = if lo.is_empty() {
        lowest
    } else {
        parse(lo).ok_or_else(|| bad(lo))?
    };
    let hi = if hi.is_empty() {
        highest
    } else {
        parse(hi).ok_or_else(|| bad(hi))?
    };
    Ok((lo, hi))
}

fn parse_er(text: &str) -> Option<Er> {
    let value: f64 = text.parse().ok()?;
    (value.is_finite() && (0.0..=20.0).contains(&value)).then(|| Er((value * 10.0).round() as u16))
}

/// Checks a technique filter id against the config's registry and the rating table.
fn step_match(id: &str, flag: &str, config: &Config, kinds: &[&str]) -> Result<StepMatch> {
    StepMatch::checked(id, config, kinds).map_err(|why| {
        anyhow::anyhow!("{flag}: {why}; `kaidoku techniques --config all` lists the techniques")
    })
}

pub fn run_command(args: GenerateArgs) -> Result<ExitCode> {
    if args.vicinity.is_some() {
        return vicinity::run(args);
    }
    // Everything is checked before any work.
    let symmetry: SymmetryChoice = args.symmetry.parse().map_err(anyhow::Error::msg)?;
    let pattern = match &args.pattern {
        None => None,
        Some(text) => {
            let mask = if std::path::Path::new(text).is_file() {
                std::fs::read_to_string(text)?
            } else {
                text.clone()
            };
            Some(parse_pattern(&mask).map_err(anyhow::Error::msg)?)
        }
    };
    let (clue_lo, clue_hi) = match &args.clues {
        Some(text) => range(text, "clue count", |s| s.parse::<usize>().ok(), (17, 81))?,
        None => (17, 81),
    };
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    let rated = !args.no_rating && args.format != GenerateFormat::Puzzle;
    if args.trace && !(args.format == GenerateFormat::Json && rated) {
        bail!("--trace needs --format json (and a rating: leave out --no-rating)");
    }
    if args.time_limit.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        bail!("--time-limit must be a positive number of seconds");
    }
    if args.pattern.is_some() && args.clues.is_some() {
        bail!("--pattern fixes the clues; leave out --clues");
    }
    if args.minimal && pattern.is_none() {
        bail!("--minimal is for --pattern (other puzzles are minimal unless --not-minimal)");
    }
    let mut options = Options {
        seed: args.seed.unwrap_or(0),
        symmetry,
        pattern,
        clues: clue_lo..=clue_hi,
        minimal: if pattern.is_some() {
            args.minimal
        } else {
            !args.not_minimal
        },
        practice_clusters: !args.practice_apart,
    };
    options.check().map_err(anyhow::Error::msg)?;
    if let Some(mask) = pattern {
        let own = kaidoku_engine::generate::ClueSymmetry::of(mask);
        if own != kaidoku_engine::generate::ClueSymmetry::None {
            note(format_args!(
                "the pattern is {own}-symmetric, and so are its puzzles"
            ));
        }
    }
    let er = match &args.er {
        None => None,
        Some(text) => {
            let (lo, hi) = range(text, "ER", parse_er, (Er(0), Er(200)))?;
            if lo > hi {
                bail!("the ER range `{text}` is empty (its bottom is above its top)");
            }
            Some(lo..=hi)
        }
    };
    let level = match &args.level {
        None => None,
        Some(name) => Some(Level::parse(&name.to_ascii_lowercase()).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.as_str()).collect();
            anyhow::anyhow!(
                "unknown level `{name}` (expected one of: {})",
                names.join(", ")
            )
        })?),
    };
    let technique_filters = !args.needs.is_empty()
        || args.hardest.is_some()
        || args.practice.is_some()
        || args.first.is_some();
    // Plain puzzles need no judge (nor its configs): the generator's own speed.
    let judged = rated || er.is_some() || level.is_some() || technique_filters || !args.no_logic;
    let (judge, path) = if judged {
        let (judge, path) = judge(&args, er, level)?;
        let judge = if rated { judge } else { judge.unrated() };
        (Some(judge), Some(path))
    } else {
        (None, None)
    };
    if args.seed.is_none() {
        options.seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        note(format_args!(
            "seed: {} (pass --seed {} to repeat this run)",
            options.seed, options.seed
        ));
    }
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let layout = Layout {
        format: args.format,
        rated,
        symmetry: symmetry == SymmetryChoice::Random && options.pattern.is_none(),
        path: match (&judge, path) {
            (Some(judge), Some(path)) if technique_filters => Some((judge.filters().clone(), path)),
            _ => None,
        },
        seed: options.seed,
        trace: args.trace,
    };
    let technique = technique_flags(&args);
    let start = Instant::now();
    let limits = Limits {
        deadline: args.time_limit.map(|t| start + Duration::from_secs_f64(t)),
        max_tries: match args.max_tries {
            0 => None,
            // A pattern's try is a whole search (a fill and its repairs, about 0.3 s).
            DEFAULT_MAX_TRIES if options.pattern.is_some() => Some(PATTERN_MAX_TRIES),
            n => Some(n),
        },
    };
    let bar = progress_bar(args.count);
    // Lines are written as found and flushed at every progress tick (a twentieth of a second),
    // not line by line: plain puzzles come faster than a write a line.
    let out = RefCell::new(stdout());
    let write_error = RefCell::new(None);
    let mut seen = HashSet::new();
    let end = run(
        &options,
        judge.as_ref(),
        args.count,
        threads,
        limits,
        |g| {
            if write_error.borrow().is_some() {
                return Next::Stop;
            }
            if args.distinct && !seen.insert(minlex_string(g.grid.values())) {
                return Next::Replace;
            }
            match layout.write(&mut *out.borrow_mut(), g) {
                Ok(()) => Next::Continue,
                Err(e) => {
                    *write_error.borrow_mut() = Some(e);
                    Next::Stop
                }
            }
        },
        |progress| {
            if let Err(e) = out.borrow_mut().flush() {
                write_error.borrow_mut().get_or_insert(e);
            }
            if let Some(bar) = &bar {
                bar.set_position(progress.found);
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                let mut message = format!(
                    "{} tried, {:.1} tried/s",
                    progress.tries,
                    progress.tries as f64 / secs
                );
                if progress.rejected.values().any(|&n| n > 0) {
                    message += "; turned down: ";
                    message += &turned_down(&progress.rejected, &technique);
                }
                bar.set_message(message);
            }
        },
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(error) = write_error.into_inner() {
        return Err(error.into());
    }
    out.into_inner().flush()?;
    if end.found < args.count && !end.stopped {
        let why = match (args.time_limit, args.max_tries) {
            (Some(t), _) if start.elapsed().as_secs_f64() >= t => format!("the time limit ({t} s)"),
            _ if args.max_tries > 0 => format!("--max-tries {} for one puzzle", args.max_tries),
            _ => "a limit".to_string(),
        };
        let advice = end
            .rejected
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(why, _)| format!("; to change: {}", why.advice()))
            .unwrap_or_default();
        note(format_args!(
            "generate: found {} of {} puzzles before {why}; {} {} tried in {:.1} s, turned down: {}{advice}",
            end.found,
            args.count,
            end.tries,
            if options.pattern.is_some() {
                "pattern searches"
            } else {
                "solution grids"
            },
            start.elapsed().as_secs_f64(),
            turned_down(&end.rejected, &technique),
        ));
        return Ok(ExitCode::from(EXIT_SHORT));
    }
    Ok(ExitCode::SUCCESS)
}

/// The judge of the filters and the path its technique filters read: ERs as `kaidoku rate`
/// gives them (Sudoku Explainer's producers); techniques off `--config`'s path in config
/// order (as `kaidoku solve --config` solves), else off the easiest-step path of the rating
/// config (as `kaidoku rate --config rating` solves; the technique names HoDoKu players
/// know).
fn judge(
    args: &GenerateArgs,
    er: Option<std::ops::RangeInclusive<Er>>,
    level: Option<Level>,
) -> Result<(Judge, PathName)> {
    let rating = input::config_or(None, kaidoku_techniques::SE_CONFIG, "se")?;
    let path = args
        .config
        .clone()
        .map(|p| input::config(Some(p)))
        .transpose()?;
    let techniques = match &path {
        Some(_) => None,
        None => Some(input::config_or(
            None,
            kaidoku_techniques::RATING_CONFIG,
            "rating",
        )?),
    };
    let lookup = path.as_ref().or(techniques.as_ref()).unwrap_or(&rating);
    let name = PathName {
        config: lookup.name.clone(),
        order: if path.is_some() { "config" } else { "easiest" },
    };
    let table = kaidoku_engine::Solver::new(rating.clone())?
        .ratings()
        .clone();
    let kinds = table.ids();
    let one = |id: &Option<String>, flag: &str| -> Result<Option<StepMatch>> {
        id.as_deref()
            .map(|id| step_match(id, flag, lookup, &kinds))
            .transpose()
    };
    let filters = Filters {
        er,
        level,
        needs: args
            .needs
            .iter()
            .map(|id| step_match(id, "--needs", lookup, &kinds))
            .collect::<Result<_>>()?,
        hardest: one(&args.hardest, "--hardest")?,
        practice: one(&args.practice, "--practice")?,
        first: one(&args.first, "--first")?,
        logic: !args.no_logic,
    };
    let judge = match techniques {
        Some(techniques) => Judge::with_technique_rating(filters, rating, techniques),
        None => Judge::new(filters, rating, path),
    }
    .map_err(anyhow::Error::msg)?;
    Ok((judge, name))
}

/// The technique filters given, as reports name them: `--hardest swordfish`.
fn technique_flags(args: &GenerateArgs) -> String {
    let flags: Vec<String> = args
        .needs
        .iter()
        .map(|id| format!("--needs {id}"))
        .chain(args.hardest.iter().map(|id| format!("--hardest {id}")))
        .chain(args.practice.iter().map(|id| format!("--practice {id}")))
        .chain(args.first.iter().map(|id| format!("--first {id}")))
        .collect();
    if flags.is_empty() {
        "technique filters".to_string()
    } else {
        flags.join(", ")
    }
}

fn progress_bar(count: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(count).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} found, {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}
