//! The solve loop: try the config's techniques in order, apply the first step found, start
//! again from the top; stop when the grid is solved or nothing applies (`stuck`).
//!
//! Before any technique runs, the backtracking solver classifies the position: invalid, no
//! solution, several solutions. In verify mode every step is checked against the unique
//! solution as it is applied, and an unsound step stops the solve with an error. Steps of
//! plugin techniques are always checked: a plugin is code from elsewhere, and one unsound
//! step would leave a wrong grid (built-ins are checked in verify mode only, for speed).

use crate::analysis::Analysis;
use crate::backtrack;
use crate::cells::Cell;
use crate::config::{Config, ConfigError, TechniqueConfig};
use crate::grid::Grid;
use crate::house::House;
use crate::rating::{Er, PathRating, RatingTable, StepRating};
use crate::registry::Source;
use crate::singles::{LastDigitHouses, Single, SingleKind};
use crate::step::Step;
use crate::technique::{Halt, StepSink, Technique};
use crate::trace::{ConfigRef, Status, Trace};
use std::ops::ControlFlow;
use std::sync::Arc;

/// A technique of the pipeline, ready to run.
struct Stage {
    id: Arc<str>,
    technique: Box<dyn Technique>,
    /// `plugin <name> <version> (<path>)` when a plugin provides the technique.
    plugin: Option<String>,
    /// The single a built-in singles technique finds (the solve loop searches it itself).
    single: Option<SingleKind>,
}

/// What stopped a solve or a search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("technique `{technique}` failed: {message}")]
    Failed { technique: String, message: String },
    #[error("technique `{technique}` gave a step that cannot be applied ({problem}): {text}")]
    BadStep {
        technique: String,
        problem: String,
        text: String,
    },
    #[error("unsound step by technique `{technique}`: {text}: it {problem}")]
    Unsound {
        technique: String,
        problem: String,
        text: String,
    },
    #[error("unsound step by technique `{technique}` of {plugin}: {text}: it {problem}")]
    UnsoundPlugin {
        technique: String,
        plugin: String,
        problem: String,
        text: String,
    },
    #[error("unknown technique `{id}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownTechnique {
        id: String,
        suggestion: Option<String>,
    },
}

/// The configured pipeline of techniques.
pub struct Solver {
    config: Config,
    /// The config's name and hash, worked out once for every trace.
    config_ref: ConfigRef,
    stages: Vec<Stage>,
    /// How many stages at the top of the pipeline are built-in singles.
    leading_singles: usize,
    verify: bool,
    /// The default ratings with the config's `[rating]` changes.
    ratings: RatingTable,
    single_ratings: SingleRatings,
}

impl Solver {
    /// Build the enabled techniques of a config, in its order.
    pub fn new(config: Config) -> Result<Solver, ConfigError> {
        let mut stages = Vec::new();
        for t in config.enabled() {
            let technique = build(&config, t)?;
            let (plugin, single) = match &t.source {
                Source::Builtin => (None, SingleKind::from_id(&t.id)),
                plugin @ Source::Plugin { .. } => (Some(plugin.to_string()), None),
            };
            stages.push(Stage {
                id: Arc::from(t.id.as_str()),
                technique,
                plugin,
                single,
            });
        }
        let leading_singles = stages.iter().take_while(|s| s.single.is_some()).count();
        let verify = config.verify;
        let config_ref = ConfigRef {
            name: config.name.clone(),
            hash: config.hash(),
        };
        let ratings = RatingTable::with_overrides(&config.rating);
        let single_ratings = SingleRatings::new(&ratings);
        Ok(Solver {
            config,
            config_ref,
            stages,
            leading_singles,
            verify,
            ratings,
            single_ratings,
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Turn verify mode on or off (the config's `[solver] verify` is the default).
    pub fn set_verify(&mut self, verify: bool) {
        self.verify = verify;
    }

    pub fn verify(&self) -> bool {
        self.verify
    }

    /// The rating table (defaults and the config's `[rating]`).
    pub fn ratings(&self) -> &RatingTable {
        &self.ratings
    }

    /// The first step of the first technique (in config order) that finds one.
    pub fn next_step(&self, grid: &Grid) -> Result<Option<Step>, SolveError> {
        Ok(self.first_step(grid)?.map(|(step, _)| step))
    }

    /// As [`Solver::next_step`], with the stage that found the step.
    fn first_step(&self, grid: &Grid) -> Result<Option<(Step, &Stage)>, SolveError> {
        self.first_step_from(grid, 0)
    }

    /// The first step of the stages from `from` on.
    fn first_step_from(
        &self,
        grid: &Grid,
        from: usize,
    ) -> Result<Option<(Step, &Stage)>, SolveError> {
        // One analysis for every technique that looks at this position.
        let analysis = Analysis::new(grid);
        for stage in &self.stages[from..] {
            let mut sink = StepSink::first(stage.id.clone());
            let flow = stage.technique.find_steps_in(&analysis, &mut sink);
            failure(&stage.id, flow)?;
            if let Some(step) = sink.into_first() {
                check(&stage.id, &step, grid)?;
                return Ok(Some((step, stage)));
            }
        }
        Ok(None)
    }

    /// The easiest step available now (lowest ER), as Sudoku Explainer picks it. Techniques
    /// run from the lowest floor up (the least ER their steps can have; config order among
    /// equal floors), the first step found wins among equal ERs, and the search stops once a
    /// step is at most as hard as the next floor.
    pub fn easiest_step(&self, grid: &Grid) -> Result<Option<Step>, SolveError> {
        Ok(self.easiest(grid)?.map(|(step, _)| step))
    }

    fn easiest(&self, grid: &Grid) -> Result<Option<(Step, &Stage)>, SolveError> {
        let analysis = Analysis::new(grid);
        let mut order: Vec<(Er, &Stage)> = self
            .stages
            .iter()
            .map(|stage| (self.ratings.floor(&stage.id), stage))
            .collect();
        order.sort_by_key(|(floor, _)| *floor);
        let mut best: Option<(Er, Step, &Stage)> = None;
        for (floor, stage) in order {
            if best.as_ref().is_some_and(|(er, _, _)| *er <= floor) {
                break;
            }
            for step in run_all(&stage.id, stage.technique.as_ref(), &analysis)? {
                let er = self.ratings.rate(&step, grid).er;
                if best.as_ref().is_none_or(|(best_er, _, _)| er < *best_er) {
                    best = Some((er, step, stage));
                }
            }
        }
        Ok(best.map(|(_, step, stage)| (step, stage)))
    }

    /// Every step available now from every enabled technique, in config order.
    pub fn all_steps(&self, grid: &Grid) -> Result<Vec<Step>, SolveError> {
        let mut steps = Vec::new();
        let analysis = Analysis::new(grid);
        for stage in &self.stages {
            steps.extend(run_all(&stage.id, stage.technique.as_ref(), &analysis)?);
        }
        Ok(steps)
    }

    /// Every step of one technique, with its parameters from the config when the config lists
    /// it (even disabled; the first entry when listed twice), else its defaults.
    pub fn steps_of(&self, id: &str, grid: &Grid) -> Result<Vec<Step>, SolveError> {
        let technique = self.technique(id)?;
        run_all(&Arc::from(id), technique.as_ref(), &Analysis::new(grid))
    }

    /// A technique by id, parameterised as [`Solver::steps_of`] describes.
    pub fn technique(&self, id: &str) -> Result<Box<dyn Technique>, SolveError> {
        let Some(entry) = self.config.registry.get(id) else {
            let suggestion = self.config.registry.suggest(id).map(str::to_string);
            return Err(SolveError::UnknownTechnique {
                id: id.to_string(),
                suggestion,
            });
        };
        let params = match self.config.techniques.iter().find(|t| t.id == id) {
            Some(t) => t.params.clone(),
            None => crate::technique::Params::defaults(&entry.params),
        };
        (entry.build)(&params).map_err(|message| SolveError::Failed {
            technique: id.to_string(),
            message,
        })
    }

    /// Solve from `start` as far as the techniques go, recording every step.
    pub fn solve(&self, start: &Grid) -> Trace {
        self.solve_by(start, true, |grid| {
            self.first_step_from(grid, self.leading_singles)
        })
    }

    /// The first single of the built-in singles at the top of the pipeline, searched directly
    /// on the grid: what their techniques would push first, without the technique machinery
    /// (most steps of most solves are singles).
    fn first_leading_single(
        &self,
        grid: &Grid,
        last_digits: &LastDigitHouses,
    ) -> Option<(Single, &Stage)> {
        self.stages[..self.leading_singles]
            .iter()
            .find_map(|stage| {
                let single = match stage.single? {
                    SingleKind::LastDigit => {
                        let first = last_digits.first(grid);
                        debug_assert_eq!(first, SingleKind::LastDigit.first(grid));
                        first
                    }
                    kind => kind.first(grid),
                };
                Some((single?, stage))
            })
    }

    /// Solve as Sudoku Explainer rates: at each position the easiest step (see
    /// [`Solver::easiest_step`]), so the trace's rating is SE's.
    pub fn solve_easiest(&self, start: &Grid) -> Trace {
        self.solve_by(start, false, |grid| self.easiest(grid))
    }

    /// The solve loop. With `leading_singles`, the singles at the top of the pipeline are
    /// searched first by the loop itself and `next` takes over from the stage after them.
    fn solve_by<'s>(
        &'s self,
        start: &Grid,
        leading_singles: bool,
        next: impl Fn(&Grid) -> Result<Option<(Step, &'s Stage)>, SolveError>,
    ) -> Trace {
        let mut trace = Trace::start_with(start, self.config_ref.clone());
        if let Some(conflict) = start.conflict() {
            return trace.finish(
                Status::Invalid,
                Some(format!("conflicting values: {conflict}")),
                start,
            );
        }
        let leading_singles = leading_singles && self.leading_singles > 0;
        // Whether the puzzle has one solution is settled before any technique runs, except
        // singles when nothing needs the solution: a single is forced in every solution, so
        // a grid that singles fill is the one solution, and one they leave unfilled has the
        // same solutions as the puzzle and is classified then, before the next technique
        // (the trace is the same either way; fewer empty cells make the search shorter).
        let mut solution = None;
        if self.verify || !leading_singles {
            match unique_solution(start) {
                Ok(found) => solution = Some(found),
                Err(status) => return trace.finish(status, None, start),
            }
        }
        let mut grid = start.clone();
        // Mostly one step per empty cell: the trace grows without copying its steps.
        trace.steps.reserve(grid.empty_cells().len() as usize);
        let mut rating = PathRating::default();
        let mut last_digits = LastDigitHouses::new(&grid);
        loop {
            if grid.is_solved() {
                trace.rating = Some(rating.finish(true));
                return trace.finish(Status::Solved, None, &grid);
            }
            if leading_singles
                && let Some((single, stage)) = self.first_leading_single(&grid, &last_digits)
            {
                // Built in place in the trace (a step is a few hundred bytes to copy).
                trace.steps.push(single.step_by(stage.id.clone()));
                let step = trace.steps.last().expect("just pushed");
                debug_assert!(step.check_applicable(&grid).is_ok(), "{}", step.text());
                if let Some(solution) = &solution
                    && let Some(problem) = step.unsound_effect(solution)
                {
                    let error = unsound(step, stage, problem);
                    trace.steps.pop();
                    return trace.finish(Status::Error, Some(error.to_string()), &grid);
                }
                let step_rating = self.single_ratings.of(&single);
                debug_assert_eq!(step_rating, self.ratings.rate(step, &grid));
                rating.add(step, step_rating);
                grid.place(single.cell, single.digit);
                last_digits.placed(&grid, single.cell);
                continue;
            }
            let solution = match solution {
                Some(solution) => solution,
                None => match unique_solution(&grid) {
                    Ok(found) => *solution.insert(found),
                    Err(status) => {
                        // As if classified before the first step: no steps, no rating.
                        trace.steps = Vec::new();
                        return trace.finish(status, None, start);
                    }
                },
            };
            let (step, stage) = match next(&grid) {
                Ok(Some(found)) => found,
                Ok(None) => {
                    trace.rating = Some(rating.finish(false));
                    return trace.finish(Status::Stuck, None, &grid);
                }
                Err(e) => return trace.finish(Status::Error, Some(e.to_string()), &grid),
            };
            if (self.verify || stage.plugin.is_some())
                && let Some(problem) = step.unsound_effect(&solution)
            {
                let error = unsound(&step, stage, problem);
                return trace.finish(Status::Error, Some(error.to_string()), &grid);
            }
            rating.add(&step, self.ratings.rate(&step, &grid));
            step.apply(&mut grid);
            for &(cell, _) in &step.placements {
                last_digits.placed(&grid, cell);
            }
            trace.steps.push(step);
        }
    }
}

/// The one solution of a position, or the status that it has none or several.
fn unique_solution(position: &Grid) -> Result<[u8; 81], Status> {
    let solutions = backtrack::solve_candidates(&position.solver_masks(), 2);
    match (solutions.count, solutions.first) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(Status::NoSolution),
        _ => Err(Status::MultipleSolutions),
    }
}

/// The error for a step that contradicts the solution (naming the plugin it came from).
fn unsound(step: &Step, stage: &Stage, problem: String) -> SolveError {
    let (technique, text) = (step.technique.to_string(), step.text());
    match &stage.plugin {
        Some(plugin) => SolveError::UnsoundPlugin {
            technique,
            plugin: plugin.clone(),
            problem,
            text,
        },
        None => SolveError::Unsound {
            technique,
            problem,
            text,
        },
    }
}

/// The ratings of the singles, worked out once per solver: a single's rating depends only on
/// its kind and whether its house is a line (SE rates a hidden single in a box easier).
#[derive(Clone, Copy, Debug)]
struct SingleRatings([[StepRating; 2]; 3]);

impl SingleRatings {
    fn new(ratings: &RatingTable) -> SingleRatings {
        let rate = |kind, house| {
            let single = Single {
                kind,
                cell: Cell::new(0),
                digit: 1,
                house: Some(house),
            };
            ratings.rate(&single.step(), &Grid::new())
        };
        let kinds = [
            SingleKind::LastDigit,
            SingleKind::HiddenSingle,
            SingleKind::NakedSingle,
        ];
        SingleRatings(kinds.map(|kind| [rate(kind, House::box_(0)), rate(kind, House::row(0))]))
    }

    fn of(&self, single: &Single) -> StepRating {
        let in_line = single.house.is_some_and(House::is_line);
        self.0[single.kind as usize][in_line as usize]
    }
}

fn build(config: &Config, technique: &TechniqueConfig) -> Result<Box<dyn Technique>, ConfigError> {
    let (id, line) = (&technique.id, technique.line);
    let entry = config.registry.get(id).ok_or_else(|| ConfigError {
        origin: config.origin.clone(),
        line: Some(line),
        message: format!("unknown technique `{id}`"),
    })?;
    (entry.build)(&technique.params).map_err(|message| ConfigError {
        origin: config.origin.clone(),
        line: Some(line),
        message: format!("technique `{id}` cannot be built: {message}"),
    })
}

fn run_all(
    id: &Arc<str>,
    technique: &dyn Technique,
    analysis: &Analysis,
) -> Result<Vec<Step>, SolveError> {
    let grid = analysis.grid();
    let mut sink = StepSink::all(id.clone());
    let flow = technique.find_steps_in(analysis, &mut sink);
    failure(id, flow)?;
    let steps = sink.into_steps();
    for step in &steps {
        check(id, step, grid)?;
    }
    Ok(steps)
}

fn failure(id: &str, flow: ControlFlow<Halt>) -> Result<(), SolveError> {
    match flow {
        ControlFlow::Break(Halt::Failed(message)) => Err(SolveError::Failed {
            technique: id.to_string(),
            message,
        }),
        _ => Ok(()),
    }
}

/// Refuse a step that changes nothing or names a candidate that is not there: a bug in its
/// technique, and the guard that keeps the loop from spinning.
fn check(id: &str, step: &Step, grid: &Grid) -> Result<(), SolveError> {
    step.check_applicable(grid)
        .map_err(|problem| SolveError::BadStep {
            technique: id.to_string(),
            problem,
            text: step.text(),
        })
}
