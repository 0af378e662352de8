//! What a generated puzzle must be to be kept, checked with the engine itself: its rating
//! (SE's procedure, as `kaidoku rate`), its HoDoKu level, and the techniques of its solve
//! path (which it needs, which is hardest, which comes first, HoDoKu's practice shape), and
//! that it is solved by logic alone.
//!
//! The rating is cheap to reject early: a solve that must take a step above the top of the
//! range stops there, and puzzles below the bottom are first solved with only the techniques
//! that can rate below it (the easiest-first path is then the same, so the ER is exact).

use crate::board::grid::Grid;
use crate::solve::config::Config;
use crate::solve::rating::{Er, Level};
use crate::solve::solver::Solver;
use crate::solve::trace::{Status, Trace};
use crate::step::Step;
use std::ops::RangeInclusive;

/// Which steps a technique filter names: a technique id (`x-wing` is found by `fish`), a
/// step kind id (`finned-x-wing`) or a family of kinds (`unique-rectangle` for all its
/// types).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepMatch(pub String);

impl StepMatch {
    pub fn matches(&self, step: &Step) -> bool {
        let id = self.0.as_str();
        let kind = step.kind.id.as_ref();
        &*step.technique == id
            || kind == id
            || kind
                .strip_prefix(id)
                .is_some_and(|rest| rest.starts_with('-'))
    }
}

/// Whether a step is a single (a placement by Last Digit, Naked or Hidden Single).
pub fn is_single(step: &Step) -> bool {
    matches!(
        step.kind.id.as_ref(),
        "last-digit" | "full-house" | "naked-single" | "hidden-single"
    )
}

/// The filters, any combination; all must hold.
#[derive(Clone, Debug, Default)]
pub struct Filters {
    /// SE's ER, by `kaidoku rate`'s procedure.
    pub er: Option<RangeInclusive<Er>>,
    /// HoDoKu's level of the rating path.
    pub level: Option<Level>,
    /// Every one of these appears on the path.
    pub needs: Vec<StepMatch>,
    /// The path's hardest step (highest ER; the first of those) is one of these.
    pub hardest: Option<StepMatch>,
    /// Every step of the path is a single or one of these, and one of these is there.
    pub practice: Option<StepMatch>,
    /// The first step that is not a single is one of these.
    pub first: Option<StepMatch>,
    /// Solved without guessing by the path's techniques.
    pub logic: bool,
}

impl Filters {
    /// Whether any filter needs the solve path.
    pub fn need_path(&self) -> bool {
        self.logic
            || !self.needs.is_empty()
            || self.hardest.is_some()
            || self.practice.is_some()
            || self.first.is_some()
    }
}

/// Why a candidate was turned down (counted for the end-of-run report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// The solution grid did not fit: a pattern's clues left several solutions, the clue
    /// count was out of range, or the puzzle was not minimal.
    Shape,
    ErBelow,
    ErAbove,
    Level,
    NotByLogic,
    Technique,
}

impl Rejection {
    pub fn as_str(self) -> &'static str {
        match self {
            Rejection::Shape => "shape (pattern, clue count or minimality)",
            Rejection::ErBelow => "ER below the range",
            Rejection::ErAbove => "ER above the range",
            Rejection::Level => "level",
            Rejection::NotByLogic => "not solved by logic",
            Rejection::Technique => "technique filters",
        }
    }
}

/// The rating and path of a kept puzzle.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The SE-procedure trace (`kaidoku rate`'s).
    pub rating: Trace,
    /// The config path's trace, when a `path` solver was given; else the rating trace is the
    /// path.
    pub path: Option<Trace>,
}

impl Judged {
    pub fn path(&self) -> &Trace {
        self.path.as_ref().unwrap_or(&self.rating)
    }
}

/// Checks candidates against [`Filters`].
pub struct Judge {
    filters: Filters,
    /// The rating config's solver (SE's procedure).
    rating: Solver,
    /// The rating config without the techniques that cannot rate below the range's bottom.
    below: Option<Solver>,
    /// A config whose path (config order) the technique filters read; `None`: the rating
    /// path.
    path: Option<Solver>,
}

impl Judge {
    /// A judge rating with `rating` (the config of `kaidoku rate`) and reading techniques off
    /// the path of `path` when given (else off the rating path).
    pub fn new(filters: Filters, rating: Config, path: Option<Config>) -> Result<Judge, String> {
        let below = match &filters.er {
            Some(range) if range.start().0 > 0 => {
                let table = Solver::new(rating.clone())
                    .map_err(|e| e.to_string())?
                    .ratings()
                    .clone();
                let mut cheap = rating.clone();
                for technique in &mut cheap.techniques {
                    if table.floor(&technique.id) >= *range.start() {
                        technique.enabled = false;
                    }
                }
                Some(Solver::new(cheap).map_err(|e| e.to_string())?)
            }
            _ => None,
        };
        Ok(Judge {
            filters,
            rating: Solver::new(rating).map_err(|e| e.to_string())?,
            below,
            path: path
                .map(Solver::new)
                .transpose()
                .map_err(|e| e.to_string())?,
        })
    }

    pub fn filters(&self) -> &Filters {
        &self.filters
    }

    /// The rating trace of a puzzle, as `kaidoku rate` gives it.
    pub fn rate(&self, grid: &Grid) -> Trace {
        self.rating.solve_easiest(grid)
    }

    /// Keeps or turns down a unique puzzle.
    pub fn judge(&self, grid: &Grid) -> Result<Judged, Rejection> {
        self.judge_reaching(grid).map_err(|(why, _)| why)
    }

    /// Where a search near puzzles rated just below the range starts: one point below its
    /// bottom, for ranges from ER 7.5 up (the hard bands, where random tries rarely land).
    pub fn near_floor(&self) -> Option<Er> {
        let bottom = *self.filters.er.as_ref()?.start();
        (bottom >= Er(75)).then(|| Er(bottom.0 - 10))
    }

    /// [`Judge::judge`], and on a rejection the ER the puzzle was found to have (exact for
    /// [`Rejection::ErBelow`]).
    pub fn judge_reaching(&self, grid: &Grid) -> Result<Judged, (Rejection, Option<Er>)> {
        let f = &self.filters;
        if let (Some(range), Some(below)) = (&f.er, &self.below) {
            let cheap = below.solve_easiest_within(grid, *range.end());
            if let Some(rating) = &cheap.rating
                && rating.complete
                && rating.er < *range.start()
            {
                return Err((Rejection::ErBelow, Some(rating.er)));
            }
        }
        let rating = match &f.er {
            Some(range) => self.rating.solve_easiest_within(grid, *range.end()),
            None => self.rating.solve_easiest(grid),
        };
        let path_rating = rating.rating.as_ref();
        if let Some(range) = &f.er {
            let Some(r) = path_rating else {
                return Err((Rejection::NotByLogic, None));
            };
            if r.er > *range.end() {
                return Err((Rejection::ErAbove, Some(r.er)));
            }
            if !r.complete {
                // Stuck: its ER is unknown, above what it reached.
                return Err((Rejection::NotByLogic, None));
            }
            if r.er < *range.start() {
                return Err((Rejection::ErBelow, Some(r.er)));
            }
        }
        if let Some(level) = f.level
            && path_rating.and_then(|r| r.level) != Some(level)
        {
            return Err((Rejection::Level, None));
        }
        let judged = Judged {
            path: self.path.as_ref().map(|s| s.solve(grid)),
            rating,
        };
        if f.need_path() {
            check_path(f, judged.path()).map_err(|why| (why, None))?;
        }
        Ok(judged)
    }
}

/// The technique filters and `logic` on one path.
fn check_path(f: &Filters, path: &Trace) -> Result<(), Rejection> {
    let solved = path.status == Status::Solved && path.guesses == 0;
    if f.logic && !solved {
        return Err(Rejection::NotByLogic);
    }
    let steps = &path.steps;
    if !f.needs.iter().all(|m| steps.iter().any(|s| m.matches(s))) {
        return Err(Rejection::Technique);
    }
    if let Some(m) = &f.hardest {
        let hardest = path.rating.as_ref().and_then(|r| r.hardest.as_deref());
        let step = hardest.and_then(|id| steps.iter().find(|s| s.kind.id == id));
        if !step.is_some_and(|s| m.matches(s)) {
            return Err(Rejection::Technique);
        }
    }
    if let Some(m) = &f.practice
        && !(steps.iter().all(|s| is_single(s) || m.matches(s))
            && steps.iter().any(|s| m.matches(s)))
    {
        return Err(Rejection::Technique);
    }
    if let Some(m) = &f.first
        && !steps
            .iter()
            .find(|s| !is_single(s))
            .is_some_and(|s| m.matches(s))
    {
        return Err(Rejection::Technique);
    }
    Ok(())
}
