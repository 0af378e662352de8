//! Whole-puzzle requests: solve (the trace, with pictures if asked), rate (as `kaidoku rate`),
//! count solutions, the canonical form.

use super::Service;
use crate::diagnose::{self, Mistake, Verdict};
use crate::error::{ApiError, ApiResult};
use crate::position::{self, PositionView};
use crate::rating::{RateFormat, Rated};
use kaidoku_engine::{Er, Orientation, PathRating, Status, Step, picture};
use serde::{Deserialize, Serialize};

/// The most steps a solve draws pictures of (a guessing solve of an empty grid has 81).
const MAX_PICTURES: usize = 400;

/// `solve`: the whole trace.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle or position.
    pub puzzle: String,
    /// A shipped config's name or TOML text; `default` otherwise.
    #[serde(default)]
    pub config: Option<String>,
    /// `config-order` (the first step in config order, as `kaidoku solve`) or `easiest`
    /// (the easiest step at each position, as `kaidoku rate`).
    #[serde(default)]
    pub pick: Pick,
    /// Stop after this many steps.
    #[serde(default)]
    pub until: Option<usize>,
    /// Draw each step (SVG) on the position before it.
    #[serde(default)]
    pub pictures: bool,
    /// Check every step against the solution.
    #[serde(default)]
    pub verify: bool,
}

/// How a solve picks each step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// The first step in config order.
    #[default]
    ConfigOrder,
    /// The easiest step.
    Easiest,
}

/// A step of a solve.
#[derive(Clone, Debug, Serialize)]
pub struct SolvedStep {
    /// Its ER, as the config rates it.
    pub er: Er,
    /// The step (the trace's step JSON).
    pub step: Step,
    /// Its picture on the position before it, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
}

/// The trace of a solve.
#[derive(Clone, Debug, Serialize)]
pub struct SolveAnswer {
    /// How it ended: `solved`, `stuck`, `no-solution`, `multiple-solutions`, `invalid`,
    /// `error`.
    pub status: &'static str,
    /// Why it did not start or stopped with an error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The position's mistakes, when they are why it has no solution.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mistakes: Vec<Mistake>,
    /// The config: name and hash.
    pub config: kaidoku_engine::trace::ConfigRef,
    /// The steps taken (up to `until`).
    pub steps: Vec<SolvedStep>,
    /// How many steps the whole solve has (more than `steps` when `until` stopped it).
    pub total: usize,
    /// How many of them are guesses.
    pub guesses: usize,
    /// The position after the steps listed.
    pub position: PositionView,
    /// The path's rating (solved and stuck solves).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<PathRating>,
}

/// `rate`: the puzzle's rating, as `kaidoku rate` gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateRequest {
    /// The puzzle.
    pub puzzle: String,
    /// A shipped config's name or TOML text; `se` (Sudoku Explainer's procedure) otherwise.
    #[serde(default)]
    pub config: Option<String>,
    /// Rate the puzzle as given, not in its canonical form (SE's own number for this text).
    #[serde(default)]
    pub as_given: bool,
}

/// The rating.
#[derive(Clone, Debug, Serialize)]
pub struct RateAnswer {
    /// `solved`, `stuck` (the techniques stopped short: the puzzle is harder than `er`), or
    /// why it has no rating.
    pub status: &'static str,
    /// Sudoku Explainer's ER (when `complete` is false, the puzzle is harder than this).
    pub er: Option<Er>,
    /// EP: the hardest step up to the first placement.
    pub ep: Option<Er>,
    /// ED: the first step's.
    pub ed: Option<Er>,
    /// HoDoKu's level.
    pub level: Option<String>,
    /// HoDoKu's score.
    pub score: Option<u64>,
    /// The hardest step's kind.
    pub hardest: Option<String>,
    /// Whether the techniques solved it (else it is harder than `er`).
    pub complete: bool,
    /// The line `kaidoku rate` prints.
    pub line: String,
}

/// `count`: how many solutions (0, 1 or `2+`).
#[derive(Clone, Debug, Serialize)]
pub struct CountAnswer {
    /// `0`, `1` or `2+`.
    pub count: &'static str,
    /// The solution, when there is exactly one.
    pub solution: Option<String>,
}

/// `canon`: the canonical form (the forum's minlex).
#[derive(Clone, Debug, Serialize)]
pub struct CanonAnswer {
    /// The puzzle's canonical form: the same for all its isomorphs.
    pub canon: String,
}

impl Service {
    /// `solve`: solve the position, every step listed (and drawn, if asked).
    pub fn solve(&self, request: SolveRequest) -> ApiResult<SolveAnswer> {
        let (_, grid) = position::read(&request.puzzle)?;
        let mut solver = self.solvers.choose(request.config.as_deref(), "default")?;
        if request.verify && !solver.verify() {
            // A solver of its own: the shared one stays as its config says.
            let config = solver.config().clone();
            let (mut own, _) = crate::configs::solver(config)?;
            own.set_verify(true);
            solver = std::sync::Arc::new(own);
        }
        let trace = match request.pick {
            Pick::ConfigOrder => solver.solve(&grid),
            Pick::Easiest => solver.solve_easiest(&grid),
        };
        let mut mistakes = Vec::new();
        let mut error = trace.error.clone();
        if trace.status == Status::NoSolution
            && let Verdict::Wrong(wrong) = diagnose::verdict(&grid)
        {
            error = Some(wrong.message);
            mistakes = wrong.mistakes;
        }
        let total = trace.steps.len();
        let taken = request.until.unwrap_or(total).min(total);
        let steps = &trace.steps[..taken];
        let (before, end) = picture::positions(&grid, steps);
        let pictures = request.pictures && taken <= MAX_PICTURES;
        let steps = steps
            .iter()
            .zip(&before)
            .map(|(step, before)| SolvedStep {
                er: solver.ratings().rate(step, before).er,
                step: step.clone(),
                svg: pictures.then(|| picture::step_svg_captioned(before, step, None)),
            })
            .collect();
        Ok(SolveAnswer {
            status: trace.status.as_str(),
            error,
            mistakes,
            config: trace.config.clone(),
            steps,
            total,
            guesses: trace.guesses,
            position: PositionView::of(&end),
            rating: trace.rating.clone(),
        })
    }

    /// `rate`: the puzzle's rating.
    pub fn rate(&self, request: RateRequest) -> ApiResult<RateAnswer> {
        let rated = self.rated(&request)?;
        let rating = rated.rating.as_ref();
        Ok(RateAnswer {
            status: rated.status.as_str(),
            er: rating.map(|r| r.er),
            ep: rating.and_then(|r| r.ep),
            ed: rating.and_then(|r| r.ed),
            level: rating.and_then(|r| r.level).map(|l| l.to_string()),
            score: rating.map(|r| r.score),
            hardest: rating.and_then(|r| r.hardest.clone()),
            complete: rating.is_some_and(|r| r.complete),
            line: rated.line(RateFormat::Text),
        })
    }

    /// The puzzle's rating as `kaidoku rate` gives it (solved or stuck), or why it has none
    /// (unreadable, no solution with the mistakes, several solutions).
    pub fn rated(&self, request: &RateRequest) -> ApiResult<Rated> {
        let solver = self.solvers.choose(request.config.as_deref(), "se")?;
        let (_, grid) = position::read(&request.puzzle)?;
        let trace = if request.as_given && solver.orientation() != Orientation::AsGiven {
            let mut config = solver.config().clone();
            config.orientation = Orientation::AsGiven;
            let (own, _) = crate::configs::solver(config)?;
            own.rate(&grid)
        } else {
            solver.rate(&grid)
        };
        let rated = Rated::of(&trace, 1);
        if rated.rating.is_none() {
            return Err(match diagnose::verdict(&grid) {
                Verdict::Wrong(error) => error,
                _ => ApiError::unsolvable(
                    trace
                        .error
                        .clone()
                        .unwrap_or_else(|| trace.status.as_str().to_string()),
                ),
            });
        }
        Ok(rated)
    }

    /// `count`: the number of solutions.
    pub fn count(&self, request: super::PuzzleRequest) -> ApiResult<CountAnswer> {
        let (_, grid) = position::read(&request.puzzle)?;
        if let Some(conflict) = grid.conflict() {
            return Err(ApiError::bad_input(format!(
                "conflicting values: {conflict}"
            )));
        }
        let solutions = grid.solutions(2);
        Ok(match (solutions.count, solutions.first) {
            (0, _) => CountAnswer {
                count: "0",
                solution: None,
            },
            (1, Some(solution)) => CountAnswer {
                count: "1",
                solution: Some(solution.iter().map(|&d| (b'0' + d) as char).collect()),
            },
            _ => CountAnswer {
                count: "2+",
                solution: None,
            },
        })
    }

    /// `canon`: the canonical form of the puzzle's values.
    pub fn canon(&self, request: super::PuzzleRequest) -> ApiResult<CanonAnswer> {
        let (_, grid) = position::read(&request.puzzle)?;
        if let Some(conflict) = grid.conflict() {
            return Err(ApiError::bad_input(format!(
                "conflicting values: {conflict}"
            )));
        }
        Ok(CanonAnswer {
            canon: kaidoku_engine::generate::canon::minlex_string(grid.values()),
        })
    }
}
