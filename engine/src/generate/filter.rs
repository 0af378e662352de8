//! What a generated puzzle must be to be kept, checked with the engine itself: its rating
//! (SE's procedure, as `kaidoku rate`), its HoDoKu level, and the techniques of its solve
//! path (which it needs, which is hardest, which comes first, HoDoKu's practice shape), and
//! that it is solved by logic alone.
//!
//! The rating is cheap to reject early: a solve that must take a step above the top of the
//! range stops there, and puzzles below the bottom are first solved with only the techniques
//! that can rate below it (the easiest-first path is then the same, so the ER is exact).

use super::singles_fill::singles_fill;
use crate::board::grid::Grid;
use crate::solve::config::Config;
use crate::solve::rating::{Er, Growth, Level, Variant};
use crate::solve::solver::Solver;
use crate::solve::trace::{Status, Trace};
use crate::step::{Step, StepKind};
use std::ops::RangeInclusive;

/// Which steps a technique filter names: a technique id (`x-wing` is found by `fish`), a
/// step kind id (`finned-x-wing`) or a family of kinds (`unique-rectangle` for all its
/// types).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepMatch(pub String);

impl StepMatch {
    /// A filter on `id` when it names a technique of `config` or a step kind (or a family of
    /// kinds, `unique-rectangle` for `unique-rectangle-1`…) of `kinds`; else why not, with the
    /// nearest name.
    pub fn checked(id: &str, config: &Config, kinds: &[&str]) -> Result<StepMatch, String> {
        let techniques = config.registry.entries().iter().map(|e| e.id.as_ref());
        let known = techniques.clone().any(|t| t == id)
            || kinds
                .iter()
                .any(|k| *k == id || k.strip_prefix(id).is_some_and(|r| r.starts_with('-')));
        if known {
            return Ok(StepMatch(id.to_string()));
        }
        let hint = crate::technique::registry::nearest(id, techniques.chain(kinds.iter().copied()))
            .map(|n| format!(" (did you mean `{n}`?)"))
            .unwrap_or_default();
        Err(format!("unknown technique or step kind `{id}`{hint}"))
    }

    /// Whether `step` is of the asked technique or kind.
    pub fn matches(&self, step: &Step) -> bool {
        let id = self.0.as_str();
        let kind = step.kind.id.as_ref();
        &*step.technique == id
            || kind == id
            || kind
                .strip_prefix(id)
                .is_some_and(|rest| rest.starts_with('-'))
    }

    /// Whether a path is in HoDoKu's practice shape for this technique: every step a single or
    /// one of these, and one of these there.
    pub fn is_practice_path(&self, steps: &[Step]) -> bool {
        steps.iter().all(|s| s.kind.is_single() || self.matches(s))
            && steps.iter().any(|s| self.matches(s))
    }
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

/// The step that met one technique filter, as outputs name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Met {
    /// `needs`, `hardest`, `practice` or `first`.
    pub filter: &'static str,
    /// The kind of the step that met it (`needs` and `practice`: the path's first step of
    /// the kind; `hardest`: the path's hardest; `first`: its first step that is not a
    /// single); `None` when no step did.
    pub kind: Option<String>,
}

impl Filters {
    /// Each technique filter with the step that met it on `path` (in the order `needs`…,
    /// `hardest`, `practice`, `first`), and the path's hardest step.
    pub fn met(&self, path: Option<&Trace>) -> (Vec<Met>, Option<String>) {
        let steps = path.map_or(&[][..], |t| &t.steps[..]);
        let kind = |step: Option<&Step>| step.map(|s| s.kind.id.to_string());
        let first = |m: &StepMatch| kind(steps.iter().find(|s| m.matches(s)));
        let hardest = path
            .and_then(|t| t.rating.as_ref())
            .and_then(|r| r.hardest.clone());
        let met = |filter, kind| Met { filter, kind };
        let mut all: Vec<Met> = self.needs.iter().map(|m| met("needs", first(m))).collect();
        if self.hardest.is_some() {
            all.push(met("hardest", hardest.clone()));
        }
        if let Some(m) = &self.practice {
            all.push(met("practice", first(m)));
        }
        if self.first.is_some() {
            all.push(met(
                "first",
                kind(steps.iter().find(|s| !s.kind.is_single())),
            ));
        }
        (all, hardest)
    }

    /// Whether any technique filter (`needs`, `hardest`, `practice`, `first`) is set.
    pub fn on_techniques(&self) -> bool {
        !self.needs.is_empty()
            || self.hardest.is_some()
            || self.practice.is_some()
            || self.first.is_some()
    }

    /// Whether any filter needs the solve path.
    pub fn need_path(&self) -> bool {
        self.logic || self.on_techniques()
    }
}

/// Why a candidate was turned down (counted for the end-of-run report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// The solution grid did not fit: the clue count was out of range, or the puzzle was not
    /// minimal.
    Shape,
    /// A pattern search ended its repairs with clues that still had several solutions.
    PatternSeveral,
    /// A pattern search found unique clues that were not minimal (`--minimal`).
    PatternNotMinimal,
    /// The rating is below the asked range.
    ErBelow,
    /// The rating is above the asked range.
    ErAbove,
    /// HoDoKu's level is not the asked one.
    Level,
    /// The techniques do not solve the puzzle by logic.
    NotByLogic,
    /// The path lacks a technique it needs (`--needs`, `--practice`).
    Technique,
}

impl Rejection {
    /// The reason's short name, as reports print it.
    pub fn as_str(self) -> &'static str {
        match self {
            Rejection::Shape => "shape (clue count or minimality)",
            Rejection::PatternSeveral => "pattern (its clues kept several solutions)",
            Rejection::PatternNotMinimal => "pattern (unique but not minimal)",
            Rejection::ErBelow => "ER below the range",
            Rejection::ErAbove => "ER above the range",
            Rejection::Level => "level",
            Rejection::NotByLogic => "not solved by logic",
            Rejection::Technique => "technique filters",
        }
    }
}

impl Rejection {
    /// What to change when this reason turned down most tries.
    pub fn advice(self) -> &'static str {
        match self {
            Rejection::Shape => "widen --clues, or allow non-minimal puzzles (--not-minimal)",
            Rejection::PatternSeveral => {
                "a sparse mask has few puzzles: give it more time (--time-limit, --max-tries) or more clue cells"
            }
            Rejection::PatternNotMinimal => {
                "leave out --minimal (a pattern fixes the clue count), or take cells out of the mask"
            }
            Rejection::ErBelow | Rejection::ErAbove => "widen --er",
            Rejection::Level => {
                "ask for another --level, or give it more time (--time-limit, --max-tries 0 for no cap)"
            }
            Rejection::NotByLogic => {
                "use a config with more techniques (--config), or allow guessing (--no-logic)"
            }
            Rejection::Technique => {
                "give it more time (--time-limit, --max-tries 0 for no cap), or ask for a more common technique"
            }
        }
    }
}

/// How near a turned-down puzzle came to the filters, for the generator's climb: its ER
/// (tenths) when an ER band is wanted, minus the count of other steps when a practice shape
/// is. Only compared with another puzzle's nearness under the same filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Nearness(pub i32);

/// Why a puzzle was turned down, with the ER found and the path read, when there were.
type Turned = (Rejection, Option<Er>, Option<Box<Trace>>);

/// The rating and path of a kept puzzle.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The SE-procedure trace (`kaidoku rate`'s); `None` when the judge keeps puzzles
    /// unrated ([`Judge::unrated`]) and no filter needed it.
    pub rating: Option<Trace>,
    /// The config path's trace, when a `path` solver was given and a filter read it; else the
    /// rating trace is the path.
    pub path: Option<Trace>,
}

impl Judged {
    /// The trace the technique filters looked at: the path's own, or the rating trace when no
    /// other config was asked; `None` when no filter needed a path.
    pub fn path(&self) -> Option<&Trace> {
        self.path.as_ref().or(self.rating.as_ref())
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
    /// The rating config's singles alone, for the practice shape's quick check.
    singles: Option<Solver>,
    /// For the quick check of a kind whose steps all rate one ER: the techniques that can rate
    /// at or below it, and that ER.
    below_kind: Option<(Solver, Er)>,
    /// Whether the singles are naked and hidden ones (a last digit is a hidden single), so
    /// [`singles_fill`] tells what they do.
    fast_singles: bool,
    /// Whether the `path` solver's path is its rating path (easiest step first) rather than
    /// its config order.
    path_rated: bool,
    /// Whether kept puzzles get their SE rating even when no filter needs it.
    rate_kept: bool,
}

impl Judge {
    /// A judge rating with `rating` (the config of `kaidoku rate`) and reading techniques off
    /// the path of `path` when given (else off the rating path).
    pub fn new(filters: Filters, rating: Config, path: Option<Config>) -> Result<Judge, String> {
        Judge::build(filters, rating, path, false)
    }

    /// A judge rating with `rating` and reading techniques off the rating path of
    /// `techniques` (as `kaidoku rate --config` would solve it): e.g. ERs by Sudoku
    /// Explainer's producers and techniques by the names HoDoKu players know.
    pub fn with_technique_rating(
        filters: Filters,
        rating: Config,
        techniques: Config,
    ) -> Result<Judge, String> {
        Judge::build(filters, rating, Some(techniques), true)
    }

    fn build(
        filters: Filters,
        rating: Config,
        path: Option<Config>,
        path_rated: bool,
    ) -> Result<Judge, String> {
        let solver = |config: Config| Solver::new(config).map_err(|e| e.to_string());
        // The rating config with only the techniques `keep` names.
        let restricted = |keep: &dyn Fn(&str) -> bool| {
            let mut config = rating.clone();
            for technique in &mut config.techniques {
                technique.enabled &= keep(&technique.id);
            }
            solver(config)
        };
        let full = solver(rating.clone())?;
        let table = full.ratings();
        // The shortcuts below rest on the easiest-step pick (a restricted config takes the
        // same steps while they are the easiest); a config rated in order goes the full way.
        let in_order = full.rates_in_order();
        let below = match &filters.er {
            Some(range) if range.start().0 > 0 && in_order => {
                // In order, the techniques before the first that cannot rate below the range
                // take the same steps as the whole config while they have any: where they
                // finish the puzzle, its path and ER are the whole config's.
                let cut = rating
                    .techniques
                    .iter()
                    .position(|t| t.enabled && table.floor(&t.id) >= *range.start())
                    .unwrap_or(rating.techniques.len());
                let mut prefix = rating.clone();
                for (index, technique) in prefix.techniques.iter_mut().enumerate() {
                    technique.enabled &= index < cut;
                }
                Some(solver(prefix)?)
            }
            Some(range) if range.start().0 > 0 => {
                Some(restricted(&|id| table.floor(id) < *range.start())?)
            }
            _ => None,
        };
        // Practice on the rating path: the singles' closure comes first (they rate below
        // every other step, and any order of singles ends in the same position). Exact only
        // for a kind rated above every single: the path cannot take it while a single is left.
        let path_solver = path.clone().map(solver).transpose()?;
        // Where the technique filters read their path: the rating path, or a rating path of
        // another config; the practice check below needs it to take the easiest step first.
        let (techniques, technique_solver) = match (&path, &path_solver) {
            (Some(config), Some(solver)) if path_rated => (config, solver),
            _ => (&rating, &full),
        };
        let easiest_path = (path.is_none() || path_rated) && !technique_solver.rates_in_order();
        let table = technique_solver.ratings();
        let hardest_single = StepKind::SINGLES.iter().map(|id| table.floor(id)).max();
        let lowest_er = |id: &str| {
            let as_technique = techniques
                .registry
                .get(id)
                .map_or(Er(u16::MAX), |_| table.floor(id));
            let entry = table.lookup(id).0;
            let as_kind = match entry.variant {
                Variant::Direct(er) | Variant::InLine(er) => Er(entry.er.min(er)),
                Variant::None => Er(entry.er),
            };
            as_technique.min(as_kind)
        };
        let singles = match &filters.practice {
            Some(m) if easiest_path && Some(lowest_er(&m.0)) > hardest_single => {
                let mut config = techniques.clone();
                for technique in &mut config.techniques {
                    technique.enabled &= StepKind::SINGLES.contains(&technique.id.as_str());
                }
                Some(solver(config)?)
            }
            _ => None,
        };
        // Where the singles stop, the kind's steps all rate one ER (a kind listed with a fixed
        // ER, no easier variant, no listed sub-kinds, no technique of that name): the easiest
        // step is one of them only if the techniques that can rate at or below that ER find
        // it, so the others (chains, which cost the most) need not run.
        let fixed_er = |id: &str| {
            let (entry, _) = table.lookup(id);
            let prefix = format!("{id}-");
            (techniques.registry.get(id).is_none()
                && table.lists(id)
                && matches!(entry.growth, Growth::Fixed)
                && matches!(entry.variant, Variant::None)
                && !table.ids().iter().any(|k| k.starts_with(&prefix)))
            .then_some(Er(entry.er))
        };
        let below_kind = match (&filters.practice, &singles) {
            (Some(m), Some(_)) => match fixed_er(&m.0) {
                Some(er) => {
                    let mut config = techniques.clone();
                    for technique in &mut config.techniques {
                        technique.enabled &= table.floor(&technique.id) <= er;
                    }
                    Some((solver(config)?, er))
                }
                None => None,
            },
            _ => None,
        };
        let fast_singles = singles.as_ref().is_some_and(|s| {
            let on = |id: &str| {
                s.config()
                    .techniques
                    .iter()
                    .any(|t| t.enabled && t.id == id)
            };
            on("naked-single") && on("hidden-single")
        });
        Ok(Judge {
            filters,
            below_kind,
            fast_singles,
            singles,
            rating: full,
            below,
            path: path_solver,
            path_rated,
            rate_kept: true,
        })
    }

    /// This judge, rating puzzles only as far as the filters need (`--er` and `--level`; a
    /// path filter when there is no other path config): kept puzzles may have no rating.
    pub fn unrated(self) -> Judge {
        Judge {
            rate_kept: false,
            ..self
        }
    }

    /// The one ER all steps of the practice kind rate, when its quick check looks for them
    /// only among the techniques that can rate that low.
    pub fn practice_kind_er(&self) -> Option<Er> {
        self.below_kind.as_ref().map(|(_, er)| *er)
    }

    /// The filters this judge applies.
    pub fn filters(&self) -> &Filters {
        &self.filters
    }

    /// The rating trace of a puzzle, as `kaidoku rate` gives it.
    pub fn rate(&self, grid: &Grid) -> Trace {
        self.rating.rate(grid)
    }

    /// Keeps or turns down a unique puzzle.
    pub fn judge(&self, grid: &Grid) -> Result<Judged, Rejection> {
        self.judge_reaching(grid).map_err(|(why, _)| why)
    }

    /// [`Judge::judge`], and on a rejection how near the puzzle came to what is wanted, when
    /// it came near enough to search its neighbours (higher is nearer; see [`Nearness`]).
    pub fn judge_reaching(&self, grid: &Grid) -> Result<Judged, (Rejection, Option<Nearness>)> {
        self.judge_rating(grid).map_err(|(why, er, path)| {
            let near = match why {
                // The hardest bands (from ER 8.5), where random tries rarely land: from half a
                // point below. (Lower bands are found faster without climbing.)
                Rejection::ErBelow => er.and_then(|er| {
                    let bottom = *self.filters.er.as_ref()?.start();
                    (bottom >= Er(85) && er.0 + 5 >= bottom.0).then_some(Nearness(er.0 as i32))
                }),
                // Practice: the step is there, with few other steps that are not singles.
                Rejection::Technique => self.filters.practice.as_ref().and_then(|m| {
                    let steps = &path?.steps;
                    let others = steps
                        .iter()
                        .filter(|s| !s.kind.is_single() && !m.matches(s))
                        .count();
                    (steps.iter().any(|s| m.matches(s)) && others <= 4)
                        .then_some(Nearness(-(others as i32)))
                }),
                _ => None,
            };
            (why, near)
        })
    }

    /// The judging, with the ER found and the path read on a rejection.
    fn judge_rating(&self, grid: &Grid) -> Result<Judged, Turned> {
        let f = &self.filters;
        // Practice: the rating path takes singles while there are any, so its first other
        // step is the easiest step where the singles stop; it must be of the kind.
        if let (Some(m), Some(singles)) = (&f.practice, &self.singles) {
            if self.fast_singles && singles_fill(grid.values()) {
                return Err((Rejection::Technique, None, None));
            }
            let closure = singles.solve(grid);
            let stuck = match closure.status {
                Status::Solved => return Err((Rejection::Technique, None, None)),
                _ => closure.final_grid.as_ref(),
            };
            let techniques = match &self.path {
                Some(path) if self.path_rated => path,
                _ => &self.rating,
            };
            let easiest = |position: &Grid| match &self.below_kind {
                // Nothing at or below the kind's ER: the easiest step is harder, so not of it.
                Some((below, er)) => below
                    .easiest_step(position)
                    .map(|step| step.filter(|s| below.ratings().rate(s, position).er <= *er)),
                None => techniques.easiest_step(position),
            };
            if let Some(position) = stuck
                && !matches!(easiest(position), Ok(Some(step)) if m.matches(&step))
            {
                return Err((Rejection::Technique, None, None));
            }
        }
        if let (Some(range), Some(below)) = (&f.er, &self.below) {
            let cheap = below.rate_within(grid, *range.end());
            if let Some(rating) = &cheap.rating
                && rating.complete
                && rating.er < *range.start()
            {
                return Err((Rejection::ErBelow, Some(rating.er), None));
            }
        }
        // The ER and level filters read the SE rating; without them it comes after the path
        // filters, so a puzzle they turn down costs no rating (nor one nobody asked for).
        let need_path = f.need_path();
        let path_is_rating = self.path.is_none() && need_path;
        let mut rating =
            (f.er.is_some() || f.level.is_some() || path_is_rating).then(|| match &f.er {
                Some(range) => self.rating.rate_within(grid, *range.end()),
                None => self.rating.rate(grid),
            });
        let path_rating = rating.as_ref().and_then(|t| t.rating.as_ref());
        if let Some(range) = &f.er {
            let Some(r) = path_rating else {
                return Err((Rejection::NotByLogic, None, None));
            };
            if r.er > *range.end() {
                return Err((Rejection::ErAbove, Some(r.er), None));
            }
            if !r.complete {
                // Stuck: its ER is unknown, above what it reached.
                return Err((Rejection::NotByLogic, None, None));
            }
            if r.er < *range.start() {
                return Err((Rejection::ErBelow, Some(r.er), None));
            }
        }
        if let Some(level) = f.level
            && path_rating.and_then(|r| r.level) != Some(level)
        {
            return Err((Rejection::Level, None, None));
        }
        let path = match &self.path {
            Some(s) if need_path => Some(if self.path_rated {
                s.rate(grid)
            } else {
                s.solve(grid)
            }),
            _ => None,
        };
        if let Some(trace) = path.as_ref().or(rating.as_ref())
            && need_path
            && let Err(why) = check_path(f, trace)
        {
            return Err((why, None, Some(Box::new(trace.clone()))));
        }
        if rating.is_none() && self.rate_kept {
            rating = Some(self.rating.rate(grid));
        }
        Ok(Judged { rating, path })
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
        && !m.is_practice_path(steps)
    {
        return Err(Rejection::Technique);
    }
    if let Some(m) = &f.first
        && !steps
            .iter()
            .find(|s| !s.kind.is_single())
            .is_some_and(|s| m.matches(s))
    {
        return Err(Rejection::Technique);
    }
    Ok(())
}
