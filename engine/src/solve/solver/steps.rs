//! Finding steps without applying them: the first in config order, the easiest, every step
//! of the config or of one technique (hints, ratings, `kaidoku steps`).

use super::{Rated, SolveError, Solver, Stage, check, failure, run_all, time_left};
use crate::board::grid::Grid;
use crate::solve::config::Names;
use crate::solve::rating::Er;
use crate::step::Step;
use crate::technique::analysis::Analysis;
use crate::technique::last_miss::MissMemory;
use crate::technique::{StepSink, Technique};
use std::ops::Range;
use std::sync::Arc;

impl Solver {
    /// The first step of the first technique (in config order) that finds one.
    pub fn next_step(&self, grid: &Grid) -> Result<Option<Step>, SolveError> {
        Ok(self.first_step(grid)?.map(|(step, _)| step))
    }

    /// As [`Solver::next_step`], with the stage that found the step.
    pub(super) fn first_step(&self, grid: &Grid) -> Result<Option<(Step, &Stage)>, SolveError> {
        // One analysis for every technique that looks at this position.
        self.first_step_among(&Analysis::new(grid), 0..self.stages.len(), None)
    }

    /// The first step of the stages in `range`, in order; told what changed since each
    /// stage's last miss when the solve loop keeps a `memory` of its path.
    pub(super) fn first_step_among(
        &self,
        analysis: &Analysis,
        range: Range<usize>,
        mut memory: Option<&mut MissMemory>,
    ) -> Result<Option<(Step, &Stage)>, SolveError> {
        for index in range {
            time_left()?;
            let stage = &self.stages[index];
            let (flow, step) = match memory.as_deref_mut() {
                Some(memory) => {
                    memory.first_step(index, &stage.id, stage.technique.as_ref(), analysis)
                }
                None => {
                    let mut sink = StepSink::first(stage.id.clone());
                    let flow = stage.technique.find_steps_in(analysis, &mut sink);
                    (flow, sink.into_first())
                }
            };
            failure(&stage.id, flow)?;
            if let Some(mut step) = step {
                check(&stage.id, &step, analysis.grid())?;
                self.name(&mut step);
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

    pub(super) fn easiest(&self, grid: &Grid) -> Result<Option<(Step, &Stage)>, SolveError> {
        self.easiest_in(&Analysis::new(grid))
    }

    pub(super) fn easiest_in(
        &self,
        analysis: &Analysis,
    ) -> Result<Option<(Step, &Stage)>, SolveError> {
        let first = self.easiest_all_in(analysis)?.into_iter().next();
        Ok(first.map(|(step, stage, _)| (step, stage)))
    }

    /// Every step of the lowest ER available now, from every technique (see
    /// [`Solver::easiest_step`]; the first is the one `easiest_step` gives), each with its
    /// rating here.
    pub(super) fn easiest_all_in(&self, analysis: &Analysis) -> Result<Vec<Rated<'_>>, SolveError> {
        let grid = analysis.grid();
        let mut order: Vec<(Er, &Stage)> = self
            .stages
            .iter()
            .map(|stage| (self.ratings.floor(&stage.id), stage))
            .collect();
        order.sort_by_key(|(floor, _)| *floor);
        let mut best: Option<Er> = None;
        let mut easiest = Vec::new();
        for (floor, stage) in order {
            // Past the best ER no technique can tie it.
            if best.is_some_and(|er| er < floor) {
                break;
            }
            time_left()?;
            for mut step in run_all(&stage.id, stage.technique.as_ref(), analysis)? {
                self.name(&mut step);
                let rating = self.ratings.rate(&step, grid);
                if best.is_none_or(|best| rating.er < best) {
                    best = Some(rating.er);
                    easiest.clear();
                }
                if best == Some(rating.er) {
                    easiest.push((step, stage, rating));
                }
            }
        }
        Ok(easiest)
    }

    /// The first step of the lowest ER of the first stage in `range` (config order) that has
    /// any: Sudoku Explainer applies the first hint its producer gives (the producers that sort
    /// their hints give the easiest first) and then asks again from the top, so steps that tie
    /// are not applied together.
    pub(super) fn first_stage_easiest(
        &self,
        analysis: &Analysis,
        range: Range<usize>,
    ) -> Result<Vec<Rated<'_>>, SolveError> {
        let grid = analysis.grid();
        for stage in &self.stages[range] {
            time_left()?;
            let steps: Vec<Rated> = run_all(&stage.id, stage.technique.as_ref(), analysis)?
                .into_iter()
                .map(|mut step| {
                    self.name(&mut step);
                    let rating = self.ratings.rate(&step, grid);
                    (step, stage, rating)
                })
                .collect();
            if let Some(lowest) = steps.iter().map(|(_, _, r)| r.er).min() {
                return Ok(steps
                    .into_iter()
                    .filter(|(_, _, r)| r.er == lowest)
                    .take(1)
                    .collect());
            }
        }
        Ok(Vec::new())
    }

    /// Every step available now from every enabled technique, in config order.
    pub fn all_steps(&self, grid: &Grid) -> Result<Vec<Step>, SolveError> {
        let mut steps = Vec::new();
        let analysis = Analysis::new(grid);
        for stage in &self.stages {
            time_left()?;
            steps.extend(run_all(&stage.id, stage.technique.as_ref(), &analysis)?);
        }
        steps.iter_mut().for_each(|step| self.name(step));
        Ok(steps)
    }

    /// Every step of one technique, with its parameters from the config when the config lists
    /// it (even disabled; the first entry when listed twice), else its defaults.
    pub fn steps_of(&self, id: &str, grid: &Grid) -> Result<Vec<Step>, SolveError> {
        let technique = self.technique(id)?;
        let mut steps = run_all(&Arc::from(id), technique.as_ref(), &Analysis::new(grid))?;
        steps.iter_mut().for_each(|step| self.name(step));
        Ok(steps)
    }

    /// The step's name as the config's `[solver] names` wants it (see [`Names`]).
    /// A step found at `grid`, with its rating there.
    pub(super) fn rated<'s>(&'s self, (step, stage): (Step, &'s Stage), grid: &Grid) -> Rated<'s> {
        let rating = self.ratings.rate(&step, grid);
        (step, stage, rating)
    }

    pub(super) fn name(&self, step: &mut Step) {
        if self.config.names == Names::Gnpx
            && let Some(name) = crate::step::gnpx_set_name(&step.kind)
        {
            step.kind.name = name.into();
        }
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
}
