//! The solve loop: try the config's techniques in order, apply the first step found, start
//! again from the top; stop when the grid is solved or nothing applies (`stuck`).
//!
//! Before any technique runs, the backtracking solver classifies the position: invalid, no
//! solution, several solutions. In verify mode every step is checked against the unique
//! solution as it is applied, and an unsound step stops the solve with an error. Steps of
//! plugin techniques are always checked: a plugin is code from elsewhere, and one unsound
//! step would leave a wrong grid (built-ins are checked in verify mode only, for speed).

use crate::backtrack;
use crate::board::canon::canonical_transform;
use crate::board::cells::Cell;
use crate::board::grid::Grid;
use crate::board::house::House;
use crate::patterns::als_carry::AlsCarry;
use crate::patterns::singles::{HiddenSingleScan, LastDigitHouses, Single, SingleKind};
use crate::solve::config::{
    Config, ConfigError, ConfigErrorKind, Orientation, RateOrder, TechniqueConfig,
};
use crate::solve::deadline;
use crate::solve::rating::{Er, PathRating, RatingTable, StepRating};
use crate::solve::trace::{ConfigRef, Status, Trace};
use crate::step::Step;
use crate::technique::analysis::Analysis;
use crate::technique::last_miss::MissMemory;
use crate::technique::registry::Source;
use crate::technique::{Halt, StepSink, Technique};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

/// `Err(TimeLimit)` once the thread's deadline has passed (see [`deadline`]).
pub(crate) fn time_left() -> Result<(), SolveError> {
    if deadline::passed() {
        Err(SolveError::TimeLimit)
    } else {
        Ok(())
    }
}

/// A technique of the pipeline, ready to run.
struct Stage {
    id: Arc<str>,
    technique: Box<dyn Technique>,
    /// `plugin <name> <version> (<path>)` when a plugin provides the technique.
    plugin: Option<String>,
    /// The single a built-in singles technique finds (the solve loop searches it itself).
    single: Option<SingleKind>,
    /// Whether the stage is a built-in whose steps follow from the rules alone, whatever the
    /// position (see [`HOLDS_IN_ANY_POSITION`]).
    holds_in_any_position: bool,
}

/// Built-in techniques whose steps follow from the rules of Sudoku alone, by a short search:
/// they assume nothing about the number of solutions, so they remove no solution of any
/// position, and they behave on positions without a solution too. The solve loop lets them
/// run before it knows whether the puzzle has one solution (see [`Solver::solve`]).
const HOLDS_IN_ANY_POSITION: [&str; 6] = [
    "last-digit",
    "hidden-single",
    "naked-single",
    "locked-candidates",
    "locked-set",
    "fish",
];

/// What stopped a solve or a search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("technique `{technique}` failed: {message}")]
    /// A technique failed (a plugin's error or panic, or a search that cannot go on).
    Failed {
        /// The technique's id.
        technique: String,
        /// What went wrong.
        message: String,
    },
    #[error("technique `{technique}` gave a step that cannot be applied ({problem}): {text}")]
    /// A technique gave a step that cannot be applied to the position.
    BadStep {
        /// The technique's id.
        technique: String,
        /// Why the step cannot be applied.
        problem: String,
        /// The step's text.
        text: String,
    },
    #[error("unsound step by technique `{technique}`: {text}: it {problem}")]
    /// A built-in technique gave a step that contradicts the solution (verify mode).
    Unsound {
        /// The technique's id.
        technique: String,
        /// What the step gets wrong.
        problem: String,
        /// The step's text.
        text: String,
    },
    #[error("unsound step by technique `{technique}` of {plugin}: {text}: it {problem}")]
    /// A plugin's technique gave a step that contradicts the solution (verify mode).
    UnsoundPlugin {
        /// The technique's id.
        technique: String,
        /// The plugin, as its name, version and file.
        plugin: String,
        /// What the step gets wrong.
        problem: String,
        /// The step's text.
        text: String,
    },
    #[error("stopped at the time limit")]
    /// The work's time limit passed (see [`crate::solve::deadline`]).
    TimeLimit,
    #[error("unknown technique `{id}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    /// A config names a technique no registry entry has.
    UnknownTechnique {
        /// The id.
        id: String,
        /// The nearest known id, when one is near.
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
    /// How many stages at the top of the pipeline hold in any position (singles included).
    leading_any_position: usize,
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
            let mut technique = build(&config, t)?;
            if !t.kinds.is_empty() || !t.skip_kinds.is_empty() {
                technique = Box::new(crate::technique::KindFilter {
                    inner: technique,
                    only: t.kinds.clone(),
                    skip: t.skip_kinds.clone(),
                });
            }
            let (plugin, single, holds_in_any_position) = match &t.source {
                Source::Builtin => (
                    None,
                    SingleKind::from_id(&t.id),
                    HOLDS_IN_ANY_POSITION.contains(&t.id.as_str()),
                ),
                plugin @ Source::Plugin { .. } => (Some(plugin.to_string()), None, false),
            };
            stages.push(Stage {
                id: Arc::from(t.id.as_str()),
                technique,
                plugin,
                single,
                holds_in_any_position,
            });
        }
        let leading_singles = stages.iter().take_while(|s| s.single.is_some()).count();
        let leading_any_position = stages
            .iter()
            .take_while(|s| s.holds_in_any_position)
            .count();
        let verify = config.verify;
        let config_ref = ConfigRef {
            name: config.name.clone(),
            hash: config.hash(),
        };
        let ratings =
            RatingTable::with_declared(config.registry.declared_ratings(), &config.rating);
        let single_ratings = SingleRatings::new(&ratings);
        Ok(Solver {
            config,
            config_ref,
            stages,
            leading_singles,
            leading_any_position,
            verify,
            ratings,
            single_ratings,
        })
    }

    /// The config the solver runs.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Turn verify mode on or off (the config's `[solver] verify` is the default).
    pub fn set_verify(&mut self, verify: bool) {
        self.verify = verify;
    }

    /// Whether every step is checked against the solution.
    pub fn verify(&self) -> bool {
        self.verify
    }

    /// The rating table (defaults and the config's `[rating]`).
    pub fn ratings(&self) -> &RatingTable {
        &self.ratings
    }

    /// Solve from `start` as far as the techniques go, recording every step.
    pub fn solve(&self, start: &Grid) -> Trace {
        self.solve_by(start, Pick::FirstInConfigOrder, None)
    }

    /// The first single of the built-in singles at the top of the pipeline, searched directly
    /// on the grid: what their techniques would push first, without the technique machinery
    /// (most steps of most solves are singles).
    fn first_leading_single(
        &self,
        grid: &Grid,
        last_digits: &LastDigitHouses,
        hidden_singles: &mut HiddenSingleScan,
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
                    SingleKind::HiddenSingle => {
                        let first = hidden_singles.first(grid);
                        debug_assert_eq!(first, SingleKind::HiddenSingle.first(grid));
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
        self.solve_by(start, Pick::Easiest, None)
    }

    /// [`Solver::solve_easiest`] that gives up as soon as it has to take a step rated above
    /// `ceiling`: the puzzle's ER is then above it too, and the trace stops there (status
    /// `stuck`, its rating incomplete with that step's ER). For rejecting puzzles early.
    pub fn solve_easiest_within(&self, start: &Grid, ceiling: Er) -> Trace {
        self.solve_by(start, Pick::Easiest, Some(ceiling))
    }

    /// Rate a puzzle as `kaidoku rate` does: solve it picking each step as the config's
    /// `[solver] rate` says (the easiest step, or the first in config order as Sudoku
    /// Explainer does); the trace's rating is the puzzle's ER (with EP and ED), HoDoKu score
    /// and level.
    ///
    /// With `[solver] orientation = "canonical"` the puzzle is rated in its canonical form,
    /// so every isomorph gets the same rating; the trace's steps are carried back to `start`.
    pub fn rate(&self, start: &Grid) -> Trace {
        self.rate_by(start, None)
    }

    /// [`Solver::rate`] that gives up as soon as it has to take a step rated above `ceiling`
    /// (see [`Solver::solve_easiest_within`]).
    pub fn rate_within(&self, start: &Grid, ceiling: Er) -> Trace {
        self.rate_by(start, Some(ceiling))
    }

    /// Which way round rating solves take the puzzle (`[solver] orientation`).
    pub fn orientation(&self) -> Orientation {
        self.config.orientation
    }

    fn rate_by(&self, start: &Grid, ceiling: Option<Er>) -> Trace {
        // A position with conflicting values is reported as given (it has no canonical
        // position to move to).
        if self.config.orientation == Orientation::Canonical && start.conflict().is_none() {
            let to_canonical = canonical_transform(start.values());
            let moved = to_canonical.grid(start);
            let trace = self.solve_by(&moved, self.rate_pick(), ceiling);
            return trace.moved_back(&to_canonical.inverse(), start);
        }
        self.solve_by(start, self.rate_pick(), ceiling)
    }

    /// Whether rating solves pick the first step in config order (else the easiest).
    pub fn rates_in_order(&self) -> bool {
        self.config.rate == RateOrder::InOrder
    }

    fn rate_pick(&self) -> Pick {
        match self.config.rate {
            RateOrder::Easiest => Pick::Easiest,
            RateOrder::InOrder => Pick::FirstStageEasiest,
        }
    }

    /// The solve loop. In config order, the singles at the top of the pipeline are searched
    /// by the loop itself, and the stages after them run through the technique machinery.
    fn solve_by(&self, start: &Grid, pick: Pick, ceiling: Option<Er>) -> Trace {
        let mut trace = Trace::start_with(start, self.config_ref.clone());
        if let Some(conflict) = start.conflict() {
            return trace.finish(
                Status::Invalid,
                Some(format!("conflicting values: {conflict}")),
                start,
            );
        }
        let in_order = pick == Pick::FirstInConfigOrder;
        // Whether the puzzle has one solution is settled before any technique runs that
        // needs it, unless verify mode wants the solution from the start. The stages at the
        // top of the pipeline that hold in any position run first: their steps remove no
        // solution, so the position they leave has the puzzle's solutions. A grid they fill
        // is the one solution (nothing to check); one they leave unfilled is classified then,
        // before the next technique or before the loop stops stuck. The trace is the same
        // either way, and a search on fewer empty cells and candidates is shorter.
        let mut solution = None;
        if self.verify || !in_order {
            match unique_solution(start) {
                Ok(found) => solution = Some(found),
                Err(status) => return trace.finish(status, Some(why(status, start)), start),
            }
        }
        let leading_singles = if in_order { self.leading_singles } else { 0 };
        let mut grid = start.clone();
        // Mostly one step per empty cell: the trace grows without copying its steps.
        trace.steps.reserve(grid.empty_cells().len() as usize);
        let mut rating = PathRating::default();
        let mut last_digits = LastDigitHouses::new(&grid);
        let mut hidden_singles = HiddenSingleScan::new();
        // Candidates only go along the path (steps eliminate and place), so each stage may
        // skip what did not change since it last found nothing (see `last_miss`).
        let mut memory = in_order.then(|| MissMemory::new(self.stages.len()));
        // The ALS list and its pairs, rebuilt only where houses changed (see `als_carry`).
        let als_carry = RefCell::new(AlsCarry::default());
        loop {
            if grid.is_solved() {
                trace.rating = Some(rating.finish(true));
                return trace.finish(Status::Solved, None, &grid);
            }
            if leading_singles > 0
                && let Some((single, stage)) =
                    self.first_leading_single(&grid, &last_digits, &mut hidden_singles)
            {
                // Built in place in the trace (a step is a few hundred bytes to copy): room
                // for an empty step first, then filled in where it stays.
                let step = Step::push_new(&mut trace.steps, stage.id.clone(), single.step_kind());
                single.describe(step);
                let step = &*step;
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
                hidden_singles.placing(&grid, single.cell, single.digit);
                grid.place(single.cell, single.digit);
                last_digits.placed(single.cell);
                continue;
            }
            if let Err(e) = time_left() {
                return trace.finish(Status::Error, Some(e.to_string()), &grid);
            }
            // One analysis for every technique that looks at this position.
            let analysis = Analysis::with_als_carry(&grid, &als_carry);
            let mut rest = leading_singles..self.stages.len();
            let mut found = Ok(None);
            if solution.is_none() {
                // Only in config order: the stages that hold in any position, before the
                // puzzle is classified.
                let any_position = rest.start..self.leading_any_position;
                rest.start = any_position.end;
                found = self.first_step_among(&analysis, any_position, memory.as_mut());
            }
            if solution.is_none() && !matches!(found, Ok(Some(_))) {
                match unique_solution(&grid) {
                    Ok(found) => solution = Some(found),
                    Err(status) => {
                        // As if classified before the first step: no steps, no rating.
                        trace.steps = Vec::new();
                        return trace.finish(status, Some(why(status, &grid)), start);
                    }
                }
            }
            // The easiest pick takes every step of the lowest ER at once: which of them comes
            // first depends on how the grid is turned, the set does not, so neither does the
            // rating. The in-order pick takes the first, as SE does (se.toml rates the
            // canonical form, so that too is the same for every isomorph).
            let found = match found {
                Ok(None) => match pick {
                    Pick::FirstInConfigOrder => self
                        .first_step_among(&analysis, rest, memory.as_mut())
                        .map(|found| found.into_iter().map(|f| self.rated(f, &grid)).collect()),
                    Pick::Easiest => self.easiest_all_in(&analysis),
                    Pick::FirstStageEasiest => self.first_stage_easiest(&analysis, rest),
                },
                other => {
                    other.map(|found| found.into_iter().map(|f| self.rated(f, &grid)).collect())
                }
            };
            let mut found = match found {
                Ok(found) if found.is_empty() => {
                    trace.rating = Some(rating.finish(false));
                    return trace.finish(Status::Stuck, None, &grid);
                }
                Ok(found) => found,
                Err(e) => return trace.finish(Status::Error, Some(e.to_string()), &grid),
            };
            analysis.hand_back_als();
            // Tied steps keep the rating they had where they were found, before the others
            // change the grid, and go in kind order: where two kinds do the same, the one
            // applied (and named in the trace and the rating) does not depend on the search
            // order.
            let ties = found.len() > 1;
            if ties {
                found.sort_by(|(a, _, _), (b, _, _)| a.kind.id.cmp(&b.kind.id));
            }
            for (mut step, stage, step_rating) in found {
                if ties && !step.keep_applicable(&grid) {
                    continue; // the steps before it did all it does
                }
                // A plugin's stage never holds in any position, so its steps meet the solution.
                debug_assert!(stage.plugin.is_none() || solution.is_some());
                if (self.verify || stage.plugin.is_some())
                    && let Some(solution) = &solution
                    && let Some(problem) = step.unsound_effect(solution)
                {
                    let error = unsound(&step, stage, problem);
                    return trace.finish(Status::Error, Some(error.to_string()), &grid);
                }
                rating.add(&step, step_rating);
                if ceiling.is_some_and(|ceiling| step_rating.er > ceiling) {
                    trace.steps.push(step);
                    trace.rating = Some(rating.finish(false));
                    return trace.finish(Status::Stuck, None, &grid);
                }
                step.apply(&mut grid);
                hidden_singles.reset();
                if !step.placements.is_empty() {
                    last_digits = LastDigitHouses::new(&grid);
                }
                trace.steps.push(step);
            }
        }
    }
}

/// A step, the stage that found it and its rating where it was found.
type Rated<'s> = (Step, &'s Stage, StepRating);

/// How the solve loop picks the next step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The first step of the first stage (in config order) that finds one.
    FirstInConfigOrder,
    /// Every step of the lowest ER of all (Sudoku Explainer's rating order), applied together.
    Easiest,
    /// The first step of the lowest ER of the first stage (config order) that has steps (SE's
    /// producers asked in their fixed order, the first hint applied).
    FirstStageEasiest,
}

/// Why a puzzle does not start: no solution (with the reason when one shows at a glance, e.g.
/// `digit 1 has no place in row 1`) or several. Kept in the trace's `error`, so that a library
/// user learns what `kaidoku solve` says.
fn why(status: Status, grid: &Grid) -> String {
    match status {
        Status::NoSolution => match crate::patterns::contradiction::obvious_contradiction(grid) {
            Some(reason) => format!("the puzzle has no solution: {reason}"),
            None => "the puzzle has no solution".to_string(),
        },
        Status::MultipleSolutions => "the puzzle has more than one solution".to_string(),
        other => other.as_str().to_string(),
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
        kind: ConfigErrorKind::UnknownTechnique,
        message: format!("unknown technique `{id}`"),
    })?;
    (entry.build)(&technique.params).map_err(|message| ConfigError {
        origin: config.origin.clone(),
        line: Some(line),
        kind: ConfigErrorKind::Build,
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

mod steps;
