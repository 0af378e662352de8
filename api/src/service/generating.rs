//! `generate`: new puzzles by symmetry, clue pattern or count, ER range, HoDoKu level and
//! technique filters, with the engine's generator and judge (the filters `kaidoku generate`
//! has), bounded in count and time.

use super::Service;
use crate::clock::{Instant, unix_nanos};
use crate::error::{ApiError, ApiResult, ErrorKind};
use crate::rating;
use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::run::RunEnd;
#[cfg(not(target_family = "wasm"))]
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{Options, SymmetryChoice, parse_pattern};
use kaidoku_engine::{Er, Level};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The request.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// How many puzzles (default 1).
    #[serde(default = "one")]
    pub count: u64,
    /// The seed: the same request and seed give the same puzzles. Drawn when absent (and
    /// given in the answer).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Clue symmetry: `none` (default), `rotational`, `diagonal` … or `random`.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// The ER range `[lowest, highest]` of `kaidoku rate`.
    #[serde(default)]
    pub er: Option<[f64; 2]>,
    /// HoDoKu's level: `easy`, `medium`, `hard`, `unfair` or `extreme`.
    #[serde(default)]
    pub level: Option<String>,
    /// The clue count range `[fewest, most]`.
    #[serde(default)]
    pub clues: Option<[usize; 2]>,
    /// Whether no clue can go: by default yes, but not with a `pattern` (which fixes the clue
    /// count).
    #[serde(default)]
    pub minimal: Option<bool>,
    /// A clue pattern: 81 cells, a clue where the mask has a digit or `x` (`kaidoku generate
    /// --pattern`); the puzzles have their clues exactly there.
    #[serde(default)]
    pub pattern: Option<String>,
    /// Technique filters on `rating.toml`'s path, as `kaidoku generate` has them: technique
    /// ids or step kinds the path needs (every one)…
    #[serde(default)]
    pub needs: Vec<String>,
    /// … that is its hardest step …
    #[serde(default)]
    pub hardest: Option<String>,
    /// … that is all it takes besides singles (HoDoKu's practice shape) …
    #[serde(default)]
    pub practice: Option<String>,
    /// … or that is its first step after the singles.
    #[serde(default)]
    pub first: Option<String>,
    /// Stop after this many seconds (default 30; at most the service's limit).
    #[serde(default)]
    pub time_limit: Option<f64>,
}

fn one() -> u64 {
    1
}

/// How far a search has come.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Progress {
    /// Puzzles found.
    pub found: u64,
    /// Puzzles asked for.
    pub count: u64,
    /// Solution grids tried so far.
    pub tries: u64,
    /// Seconds since the search began.
    pub seconds: f64,
}

/// A generated puzzle and its rating.
#[derive(Clone, Debug, Serialize)]
pub struct GeneratedPuzzle {
    /// The puzzle, 81 characters.
    pub puzzle: String,
    /// How many clues.
    pub clues: u32,
    /// The symmetry of its clues.
    pub symmetry: &'static str,
    /// ER, EP, ED (as `kaidoku rate`).
    pub er: Option<Er>,
    /// EP.
    pub ep: Option<Er>,
    /// ED.
    pub ed: Option<Er>,
    /// HoDoKu's level.
    pub level: Option<String>,
    /// The hardest step's kind.
    pub hardest: Option<String>,
    /// With technique filters: the steps that met them on the path they read, and that
    /// path's hardest step (`kaidoku generate`'s path fields).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<PathFields>,
    /// The line `kaidoku rate` prints for it.
    pub line: String,
}

/// The technique filters' path fields of a generated puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct PathFields {
    /// Each technique filter in the request's order (`needs`…, `hardest`, `practice`,
    /// `first`) and the kind of the step that met it.
    pub met: Vec<MetFilter>,
    /// The hardest step of the path the filters read (`rating.toml`'s, easiest step first).
    pub hardest: Option<String>,
}

/// One technique filter and the kind of the step that met it.
#[derive(Clone, Debug, Serialize)]
pub struct MetFilter {
    /// `needs`, `hardest`, `practice` or `first`.
    pub filter: &'static str,
    /// The step kind.
    pub kind: Option<String>,
}

/// The answer: the puzzles found and how the search went.
#[derive(Clone, Debug, Serialize)]
pub struct GenerateAnswer {
    /// The seed of the run.
    pub seed: u64,
    /// The puzzles, in index order.
    pub puzzles: Vec<GeneratedPuzzle>,
    /// Solution grids tried.
    pub tries: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// Whether the time limit ended it short.
    pub short: bool,
    /// Why tries were turned down (`reason: count`), when it ended short.
    pub rejected: Vec<String>,
}

/// A `generate` request checked and ready to run: every option was read before any work.
pub struct GeneratePlan {
    options: Options,
    judge: Judge,
    count: u64,
    seconds: f64,
    /// Worker threads (a WebAssembly build has one).
    #[cfg_attr(target_family = "wasm", allow(dead_code))]
    threads: usize,
}

impl GeneratePlan {
    /// How long the search may run, in seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The seed of the run (drawn when the request had none).
    pub fn seed(&self) -> u64 {
        self.options.seed
    }

    /// Search on `threads` worker threads: the same puzzles whatever their number.
    pub fn with_threads(mut self, threads: usize) -> GeneratePlan {
        self.threads = threads.max(1);
        self
    }
}

impl Service {
    /// `generate`: search for the puzzles asked, reporting to `progress` as puzzles come.
    pub fn generate(
        &self,
        request: GenerateRequest,
        progress: &mut dyn FnMut(Progress),
    ) -> ApiResult<GenerateAnswer> {
        Ok(self.plan_generate(request)?.run(progress))
    }

    /// Read and check a `generate` request, so that a bad one is refused before any work.
    pub fn plan_generate(&self, request: GenerateRequest) -> ApiResult<GeneratePlan> {
        let limits = &self.limits;
        if request.count == 0 || request.count > limits.max_generate {
            return Err(ApiError::bad_input(format!(
                "count {}: from 1 to {} puzzles a request",
                request.count, limits.max_generate
            )));
        }
        let seconds = request.time_limit.unwrap_or(30.0);
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(ApiError::bad_input(
                "time_limit must be a positive number of seconds",
            ));
        }
        let seconds = seconds.min(limits.max_generate_seconds);
        let symmetry: SymmetryChoice = request
            .symmetry
            .as_deref()
            .unwrap_or("none")
            .parse()
            .map_err(ApiError::bad_input)?;
        let pattern = match &request.pattern {
            None => None,
            Some(mask) => Some(parse_pattern(mask).map_err(ApiError::bad_input)?),
        };
        if pattern.is_some() && request.clues.is_some() {
            return Err(ApiError::bad_input(
                "a pattern fixes the clues: leave out clues",
            ));
        }
        let clues = match request.clues {
            Some([lo, hi]) => lo..=hi,
            None => 17..=81,
        };
        // A drawn seed stays below 2^53, so that a page's JavaScript (whose numbers are
        // doubles) shows it exactly and can send it back.
        let seed = request.seed.unwrap_or_else(|| unix_nanos() % (1 << 53));
        let options = Options {
            seed,
            symmetry,
            pattern,
            clues,
            minimal: request.minimal.unwrap_or(pattern.is_none()),
            // A page's WebAssembly makes puzzle by puzzle (`generate_one`), which would make a
            // cluster's block again for each index: there, every puzzle from its own grids.
            practice_clusters: !cfg!(target_family = "wasm"),
        };
        options.check().map_err(ApiError::bad_input)?;
        let er = match request.er {
            None => None,
            Some([lo, hi]) => {
                let tenths = |v: f64| {
                    (v.is_finite() && (0.0..=20.0).contains(&v))
                        .then(|| Er((v * 10.0).round() as u16))
                        .ok_or_else(|| ApiError::bad_input(format!("ER {v}: from 0 to 20")))
                };
                let (lo, hi) = (tenths(lo)?, tenths(hi)?);
                if lo > hi {
                    return Err(ApiError::bad_input(format!(
                        "the ER range {lo}..{hi} is empty (its bottom is above its top)"
                    )));
                }
                Some(lo..=hi)
            }
        };
        let level = match &request.level {
            None => None,
            Some(name) => Some(Level::parse(&name.to_ascii_lowercase()).ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.as_str()).collect();
                ApiError::bad_input(format!(
                    "unknown level `{name}` (expected one of: {})",
                    names.join(", ")
                ))
            })?),
        };
        // As `kaidoku generate` judges: ERs by SE's producers, levels on that rating, and
        // techniques on `rating.toml`'s path.
        let source = self.solvers.source();
        let (se, techniques) = (source.shipped("se")?, source.shipped("rating")?);
        // The step kinds a filter may name: the rating table of the service's own SE solver.
        let rating_solver = self.solvers.shipped("se")?;
        let kinds = rating_solver.ratings().ids();
        let step = |id: &str, name: &str| {
            StepMatch::checked(id, &techniques, &kinds)
                .map_err(|why| ApiError::bad_input(format!("{name}: {why}")))
        };
        let one =
            |id: &Option<String>, name: &str| id.as_deref().map(|id| step(id, name)).transpose();
        let filters = Filters {
            er,
            level,
            needs: request
                .needs
                .iter()
                .map(|id| step(id, "needs"))
                .collect::<ApiResult<_>>()?,
            hardest: one(&request.hardest, "hardest")?,
            practice: one(&request.practice, "practice")?,
            first: one(&request.first, "first")?,
            logic: true,
        };
        let judge = Judge::with_technique_rating(filters, se, techniques)
            .map_err(|e| ApiError::new(ErrorKind::Failed, e))?;
        Ok(GeneratePlan {
            options,
            judge,
            count: request.count,
            seconds,
            threads: limits.generate_threads,
        })
    }
}

impl GeneratePlan {
    /// Search, reporting to `progress` as puzzles come; ends at the count or the time limit.
    pub fn run(&self, progress: &mut dyn FnMut(Progress)) -> GenerateAnswer {
        let mut puzzles = Vec::new();
        let mut answer = self.run_each(progress, &mut |puzzle| {
            puzzles.push(puzzle);
            true
        });
        answer.puzzles = puzzles;
        answer
    }

    /// Search, handing each puzzle to `each` as it comes, in index order (the answer's
    /// `puzzles` stays empty); `each` returning false ends the search.
    pub fn run_each(
        &self,
        progress: &mut dyn FnMut(Progress),
        each: &mut dyn FnMut(GeneratedPuzzle) -> bool,
    ) -> GenerateAnswer {
        let (seed, count) = (self.options.seed, self.count);
        let start = Instant::now();
        let deadline = start + Duration::from_secs_f64(self.seconds);
        let mut report = |found: u64, tries: u64| {
            progress(Progress {
                found,
                count,
                tries,
                seconds: start.elapsed().as_secs_f64(),
            })
        };
        let end = self.search(deadline, each, &mut report);
        let short = end.found < count;
        GenerateAnswer {
            seed,
            puzzles: Vec::new(),
            tries: end.tries,
            seconds: start.elapsed().as_secs_f64(),
            short,
            rejected: if short {
                end.rejected
                    .iter()
                    .map(|(why, n)| format!("{}: {n}", why.as_str()))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The engine's run on the plan's threads.
    #[cfg(not(target_family = "wasm"))]
    fn search(
        &self,
        deadline: Instant,
        each: &mut dyn FnMut(GeneratedPuzzle) -> bool,
        report: &mut dyn FnMut(u64, u64),
    ) -> RunEnd {
        let limits = Limits {
            deadline: Some(deadline),
            max_tries: None,
        };
        run(
            &self.options,
            Some(&self.judge),
            self.count,
            self.threads,
            limits,
            |g| {
                if each(GeneratedPuzzle::of(g, self.judge.filters())) {
                    Next::Continue
                } else {
                    Next::Stop
                }
            },
            |p: &kaidoku_engine::generate::run::Progress| report(p.found, p.tries),
        )
    }

    /// A page's WebAssembly has no threads: puzzle after puzzle on this one, the same
    /// puzzles as the engine's run (puzzle `i` depends only on the seed and `i`).
    #[cfg(target_family = "wasm")]
    fn search(
        &self,
        deadline: Instant,
        each: &mut dyn FnMut(GeneratedPuzzle) -> bool,
        report: &mut dyn FnMut(u64, u64),
    ) -> RunEnd {
        let mut end = RunEnd::default();
        let stop = || Instant::now() >= deadline;
        for index in 0..self.count {
            match kaidoku_engine::generate::generate_one(
                &self.options,
                Some(&self.judge),
                index,
                None,
                &stop,
            ) {
                Ok(g) => {
                    end.tries += g.tries;
                    end.found += 1;
                    if !each(GeneratedPuzzle::of(&g, self.judge.filters())) {
                        end.stopped = true;
                        break;
                    }
                }
                Err(shortfall) => {
                    end.tries += shortfall.tries;
                    for (why, n) in shortfall.rejected {
                        *end.rejected.entry(why).or_default() += n;
                    }
                    end.limited = true;
                    break;
                }
            }
            report(end.found, end.tries);
        }
        end
    }
}

impl GeneratedPuzzle {
    fn of(g: &kaidoku_engine::generate::Generated, filters: &Filters) -> GeneratedPuzzle {
        // The judge of a `generate` request always rates (the answer shows the rating).
        let trace = g
            .judged
            .as_ref()
            .and_then(|j| j.rating.as_ref())
            .expect("a rating judge was given");
        let rating = trace.rating.as_ref();
        let path = filters.on_techniques().then(|| {
            let (met, hardest) = filters.met(g.judged.as_ref().and_then(|j| j.path()));
            PathFields {
                met: met
                    .into_iter()
                    .map(|m| MetFilter {
                        filter: m.filter,
                        kind: m.kind,
                    })
                    .collect(),
                hardest,
            }
        });
        GeneratedPuzzle {
            puzzle: g.line(),
            clues: g.grid.givens().len(),
            symmetry: g.symmetry.name(),
            er: rating.map(|r| r.er),
            ep: rating.and_then(|r| r.ep),
            ed: rating.and_then(|r| r.ed),
            level: rating.and_then(|r| r.level).map(|l| l.to_string()),
            hardest: rating.and_then(|r| r.hardest.clone()),
            path,
            line: rating::text_line(trace, 0),
        }
    }
}
