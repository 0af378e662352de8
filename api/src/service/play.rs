//! A player's requests: read and check a position, its candidates, a hint, the steps
//! available, a step applied.

use super::Service;
use crate::diagnose::{self, Mistake, Verdict};
use crate::error::{ApiError, ApiResult, ErrorKind};
use crate::hint::{self, Region, Sentence};
use crate::position::{self, PositionView};
use kaidoku_engine::{Cell, Er, Grid, Solver, Step};
use serde::{Deserialize, Serialize};

/// A request about one position: `puzzle` in any format `kaidoku solve` reads.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The puzzle or position.
    pub puzzle: String,
}

/// `parse`: the position, the format it came in, and what it is against the solution.
#[derive(Clone, Debug, Serialize)]
pub struct ParseAnswer {
    /// `line`, `grid`, `pencil-marks`, `candidates` or `library`.
    pub format: &'static str,
    /// The position.
    pub position: PositionView,
    /// How many givens it has.
    pub clues: u32,
    /// `ok` (one solution, no mistakes), `mistakes`, `no-solution`, `several-solutions` or
    /// `conflict`.
    pub status: &'static str,
    /// What is wrong, as the CLI says it (absent when `ok`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The mistakes, cell by cell: only what differs from the solution that the position's
    /// own moves made (placed digits, candidates removed by hand).
    pub mistakes: Vec<Mistake>,
}

/// `candidates`: the position's candidates, and those its values alone leave.
#[derive(Clone, Debug, Serialize)]
pub struct CandidatesAnswer {
    /// The position (its candidates are the ones it holds).
    pub position: PositionView,
    /// Each cell's candidates as its values alone leave them (nothing removed by hand), empty
    /// for a solved cell: what auto-candidates show.
    pub fresh: Vec<String>,
}

/// `hint`: the next step for a player.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The position.
    pub puzzle: String,
    /// 1 the technique, 2 where to look, 3 the whole step (default 1).
    #[serde(default = "first_level")]
    pub level: u8,
    /// A shipped config's name or TOML text; `rating` by default.
    #[serde(default)]
    pub config: Option<String>,
}

fn first_level() -> u8 {
    1
}

/// The hint at the level asked; what a higher level tells is left out.
#[derive(Clone, Debug, Serialize)]
pub struct HintAnswer {
    /// The position's values.
    pub puzzle: String,
    /// Whether the position is solved (then nothing else is said).
    pub solved: bool,
    /// The level answered.
    pub level: u8,
    /// The config whose techniques were asked.
    pub config: String,
    /// The shipped config the hint comes from, when the chosen one found no step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<&'static str>,
    /// Why the hint comes from another config, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The technique's name (`X-Wing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<String>,
    /// The step's ER (a number, as traces write it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub er: Option<Er>,
    /// What the hint says, in one line.
    pub text: String,
    /// Level 2 and 3: where to look.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<Region>,
    /// Level 3: the step in a short sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<Sentence>,
    /// Level 3: the step's picture (SVG) on the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    /// Level 3: the whole step (the trace's step JSON, its text included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// Level 3: the position after the step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<PositionView>,
}

/// `steps`: the steps available now, none applied.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepsRequest {
    /// The position.
    pub puzzle: String,
    /// A shipped config's name or TOML text; `default` otherwise.
    #[serde(default)]
    pub config: Option<String>,
    /// Only these techniques, or only steps of these kinds (`x-wing`).
    #[serde(default)]
    pub techniques: Vec<String>,
    /// List at most this many (default 100; at most the service's limit).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// A step with its ER.
#[derive(Clone, Debug, Serialize)]
pub struct StepView {
    /// The step's ER, as its config rates it.
    pub er: Er,
    /// The step (the trace's step JSON).
    pub step: Step,
}

/// The steps listed.
#[derive(Clone, Debug, Serialize)]
pub struct StepsAnswer {
    /// How many steps there are.
    pub total: usize,
    /// The first of them, in config order.
    pub steps: Vec<StepView>,
    /// Steps of kind `guess` left out (a guess is no hint; ask for `guess` to see it).
    pub guesses_left_out: usize,
}

/// `apply`: a step applied (step `n` of the `steps` list, or the hint's step).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplyRequest {
    /// The position.
    pub puzzle: String,
    /// A shipped config's name or TOML text: `rating` for the hint, `default` for a step of
    /// the list.
    #[serde(default)]
    pub config: Option<String>,
    /// Step `n` (from 1) of what `steps` lists with this config; absent: the hint's step.
    #[serde(default)]
    pub step: Option<usize>,
}

/// The step applied and the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct ApplyAnswer {
    /// The step applied.
    pub step: Step,
    /// The position after it.
    pub position: PositionView,
}

/// The steps of `techniques` (all of the config's when empty) in `grid`, and how many guesses
/// were left out; a kind (`x-wing`) asks for the steps of that kind from its technique.
pub fn list_steps(
    solver: &Solver,
    grid: &Grid,
    techniques: &[String],
) -> ApiResult<(Vec<Step>, usize)> {
    if techniques.is_empty() {
        let mut steps = solver.all_steps(grid)?;
        // A guess is no hint: listed only when asked for (`--technique guess`).
        let before = steps.len();
        steps.retain(|step| !step.kind.is_guess());
        let left_out = before - steps.len();
        return Ok((steps, left_out));
    }
    let mut steps = Vec::new();
    for id in techniques {
        let kind = kaidoku_engine::technique::kind_mark(id)
            .filter(|_| solver.config().registry.get(id).is_none());
        match kind {
            Some(mark) => {
                let mut found = solver.steps_of(mark.technique, grid)?;
                found.retain(|step| &*step.kind.id == id);
                steps.extend(found);
            }
            None => steps.extend(solver.steps_of(id, grid)?),
        }
    }
    Ok((steps, 0))
}

impl Service {
    /// `parse`: read the position and check it.
    pub fn parse(&self, request: PuzzleRequest) -> ApiResult<ParseAnswer> {
        let (format, grid) = position::read(&request.puzzle)?;
        let (status, message, mistakes) = match diagnose::verdict(&grid) {
            Verdict::Solution(_) => ("ok", None, Vec::new()),
            Verdict::Several => (
                "several-solutions",
                Some("the puzzle has several solutions".to_string()),
                Vec::new(),
            ),
            Verdict::Wrong(error) => {
                let status = if !error.mistakes.is_empty() {
                    "mistakes"
                } else if error.kind == ErrorKind::BadInput {
                    "conflict"
                } else {
                    "no-solution"
                };
                (status, Some(error.message), error.mistakes)
            }
        };
        Ok(ParseAnswer {
            format: position::format_name(format),
            position: PositionView::of(&grid),
            clues: grid.givens().len(),
            status,
            message,
            mistakes,
        })
    }

    /// `candidates`: the position's candidates and the fresh ones.
    pub fn candidates(&self, request: PuzzleRequest) -> ApiResult<CandidatesAnswer> {
        let (_, grid) = position::read(&request.puzzle)?;
        let fresh = Cell::all()
            .map(|cell| match grid.value(cell) {
                Some(_) => String::new(),
                None => (!position::seen_digits(&grid, cell) & kaidoku_engine::DigitSet::ALL)
                    .iter()
                    .map(|d| d.to_string())
                    .collect(),
            })
            .collect();
        Ok(CandidatesAnswer {
            position: PositionView::of(&grid),
            fresh,
        })
    }

    /// `hint`: the easiest step, told at the level asked.
    pub fn hint(&self, request: HintRequest) -> ApiResult<HintAnswer> {
        if !(1..=3).contains(&request.level) {
            return Err(ApiError::bad_input(format!(
                "level {}: a hint has levels 1 (the technique), 2 (where) and 3 (the step)",
                request.level
            )));
        }
        let solver = self.solvers.choose(request.config.as_deref(), "rating")?;
        let (_, grid) = position::read(&request.puzzle)?;
        diagnose::check_position(&grid)?;
        let config = solver.config().name.clone();
        let mut answer = HintAnswer {
            puzzle: grid.to_line(),
            solved: grid.is_solved(),
            level: request.level,
            config,
            fallback: None,
            note: None,
            technique: None,
            er: None,
            text: "The puzzle is solved.".to_string(),
            region: None,
            sentence: None,
            svg: None,
            step: None,
            after: None,
        };
        if answer.solved {
            return Ok(answer);
        }
        let Some(found) = hint::find(&solver, &grid, &self.solvers)? else {
            return Err(no_step(&answer.config));
        };
        answer.fallback = found.fallback;
        answer.note = found.fallback_note(&answer.config);
        answer.technique = Some(found.step.name().to_string());
        answer.er = Some(found.er);
        answer.text = found.text(request.level);
        if request.level >= 2 {
            answer.region = Some(found.region());
        }
        if request.level == 3 {
            answer.sentence = Some(found.sentence());
            answer.svg = Some(found.svg(&grid));
            let mut after = grid.clone();
            found.step.apply(&mut after);
            answer.after = Some(PositionView::of(&after));
            answer.step = Some(found.step);
        }
        Ok(answer)
    }

    /// `steps`: the steps available now.
    pub fn steps(&self, request: StepsRequest) -> ApiResult<StepsAnswer> {
        let solver = self.solvers.choose(request.config.as_deref(), "default")?;
        let (_, grid) = position::read(&request.puzzle)?;
        diagnose::check_solvable(&grid)?;
        let (steps, guesses_left_out) = list_steps(&solver, &grid, &request.techniques)?;
        let limit = request
            .limit
            .unwrap_or(100)
            .clamp(1, self.limits.max_steps_listed);
        let total = steps.len();
        let steps = steps
            .into_iter()
            .take(limit)
            .map(|step| StepView {
                er: solver.ratings().rate(&step, &grid).er,
                step,
            })
            .collect();
        Ok(StepsAnswer {
            total,
            steps,
            guesses_left_out,
        })
    }

    /// `apply`: step `n` of the list, or the hint's step, applied.
    pub fn apply(&self, request: ApplyRequest) -> ApiResult<ApplyAnswer> {
        let (_, grid) = position::read(&request.puzzle)?;
        if grid.is_solved() {
            return Err(ApiError::bad_input(
                "the puzzle is solved: there is no step to apply",
            ));
        }
        let step = match request.step {
            None => {
                let solver = self.solvers.choose(request.config.as_deref(), "rating")?;
                diagnose::check_position(&grid)?;
                match hint::find(&solver, &grid, &self.solvers)? {
                    Some(found) => found.step,
                    None => return Err(no_step(&solver.config().name)),
                }
            }
            Some(n) => {
                let solver = self.solvers.choose(request.config.as_deref(), "default")?;
                diagnose::check_solvable(&grid)?;
                let (steps, _) = list_steps(&solver, &grid, &[])?;
                let total = steps.len();
                match n.checked_sub(1).and_then(|i| steps.into_iter().nth(i)) {
                    Some(step) => step,
                    None => {
                        return Err(ApiError::bad_input(format!(
                            "step {n}: there {} {total} step{} (numbered from 1)",
                            if total == 1 { "is" } else { "are" },
                            if total == 1 { "" } else { "s" }
                        )));
                    }
                }
            }
        };
        let mut after = grid;
        step.apply(&mut after);
        Ok(ApplyAnswer {
            step,
            position: PositionView::of(&after),
        })
    }
}

/// No technique of the config nor of the fallbacks finds a step (only a config without a
/// guess among the fallbacks' techniques could come here).
pub(crate) fn no_step(config: &str) -> ApiError {
    ApiError::new(
        ErrorKind::Failed,
        format!(
            "no technique of config `{config}` nor of the shipped configs {} finds a step in \
             this position",
            hint::FALLBACKS.map(|n| format!("`{n}`")).join(", ")
        ),
    )
}
