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
use crate::config::{Config, ConfigError, TechniqueConfig};
use crate::grid::Grid;
use crate::rating::{Er, PathRating, RatingTable};
use crate::registry::Source;
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
    verify: bool,
    /// The default ratings with the config's `[rating]` changes.
    ratings: RatingTable,
}

impl Solver {
    /// Build the enabled techniques of a config, in its order.
    pub fn new(config: Config) -> Result<Solver, ConfigError> {
        let mut stages = Vec::new();
        for t in config.enabled() {
            let technique = build(&config, t)?;
            let plugin = match &t.source {
                Source::Builtin => None,
                plugin @ Source::Plugin { .. } => Some(plugin.to_string()),
            };
            stages.push(Stage {
                id: Arc::from(t.id.as_str()),
                technique,
                plugin,
            });
        }
        let verify = config.verify;
        let config_ref = ConfigRef {
            name: config.name.clone(),
            hash: config.hash(),
        };
        let ratings = RatingTable::with_overrides(&config.rating);
        Ok(Solver {
            config,
            config_ref,
            stages,
            verify,
            ratings,
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
        // One analysis for every technique that looks at this position.
        let analysis = Analysis::new(grid);
        for stage in &self.stages {
            let mut sink = StepSink::first(stage.id.clone());
            let flow = stage.technique.find_steps_in(&analysis, &mut sink);
            failure(&stage.id, flow)?;
            if let Some(step) = sink.into_steps().into_iter().next() {
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
        self.solve_by(start, |grid| self.first_step(grid))
    }

    /// Solve as Sudoku Explainer rates: at each position the easiest step (see
    /// [`Solver::easiest_step`]), so the trace's rating is SE's.
    pub fn solve_easiest(&self, start: &Grid) -> Trace {
        self.solve_by(start, |grid| self.easiest(grid))
    }

    fn solve_by<'s>(
        &'s self,
        start: &Grid,
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
        let solutions = backtrack::solve_candidates(&start.solver_masks(), 2);
        let solution = match (solutions.count, solutions.first) {
            (1, Some(solution)) => solution,
            (0, _) => return trace.finish(Status::NoSolution, None, start),
            _ => return trace.finish(Status::MultipleSolutions, None, start),
        };
        let mut grid = start.clone();
        let mut rating = PathRating::default();
        loop {
            if grid.is_solved() {
                trace.rating = Some(rating.finish(true));
                return trace.finish(Status::Solved, None, &grid);
            }
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
                let (technique, text) = (step.technique.to_string(), step.text());
                let error = match &stage.plugin {
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
                };
                return trace.finish(Status::Error, Some(error.to_string()), &grid);
            }
            rating.add(&step, self.ratings.rate(&step, &grid));
            step.apply(&mut grid);
            trace.steps.push(step);
        }
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
