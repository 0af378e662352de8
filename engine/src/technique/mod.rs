//! What a technique is: the `Technique` trait, the sink that collects its steps, parameters,
//! the registration record that built-in techniques submit with `inventory`, the registry of
//! every known technique, the analysis of a position that techniques share (ALS lists, link
//! graphs), and the solve loop's memory of each stage's last empty search.
//!
//! May use: `board`, `text`, `step`, `patterns`.

pub mod analysis;
pub(crate) mod last_miss;
pub mod registry;

use crate::board::grid::Grid;
use crate::step::Step;
use crate::technique::analysis::Analysis;
use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Why a search stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The sink has what it asked for (the first step).
    Enough,
    /// The technique failed (a plugin error); the message says why.
    Failed(String),
}

/// What a search returns: `Continue` when it looked everywhere, `Break` when it stopped.
pub type Flow = ControlFlow<Halt>;

/// A solving technique. It looks at the grid and pushes every step it finds into the sink;
/// `sink.push(step)?` stops the search as soon as the sink has enough.
pub trait Technique: Send + Sync {
    /// Search `grid` and push each step found to `sink`, stopping when it says so.
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow;

    /// The same search, given what other techniques already worked out about the position
    /// (ALS list, link graphs …) and what changed since this stage last found nothing
    /// ([`Analysis::changes_since_last_miss`]). The solve loop calls this one; a technique
    /// that uses them overrides it and has `find_steps` build a fresh [`Analysis`].
    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        self.find_steps(analysis.grid(), sink)
    }
}

/// Collects the steps of one technique: either the first one or all of them.
pub struct StepSink {
    technique: Arc<str>,
    first_only: bool,
    /// The steps of a sink that collects all of them.
    steps: Vec<Step>,
    /// The step of a sink that wants the first one only (no vector to allocate per step).
    first: Option<Step>,
}

impl StepSink {
    /// A sink that stops the search at the first step.
    pub fn first(technique: Arc<str>) -> StepSink {
        StepSink {
            technique,
            first_only: true,
            steps: Vec::new(),
            first: None,
        }
    }

    /// A sink that collects every step.
    pub fn all(technique: Arc<str>) -> StepSink {
        StepSink {
            technique,
            first_only: false,
            steps: Vec::new(),
            first: None,
        }
    }

    /// Record a step (stamped with the technique's id, which also becomes the step's kind id
    /// when the technique left it empty); `Break` when no more are wanted.
    #[inline]
    pub fn push(&mut self, mut step: Step) -> Flow {
        step.technique = self.technique.clone();
        if step.kind.id.is_empty() {
            step.kind.id = self.technique.to_string().into();
        }
        if self.first_only {
            // A technique that pushes on after `Break` keeps its first step.
            self.first.get_or_insert(step);
            ControlFlow::Break(Halt::Enough)
        } else {
            self.steps.push(step);
            ControlFlow::Continue(())
        }
    }

    /// Whether only the first step is wanted.
    pub fn wants_first_only(&self) -> bool {
        self.first_only
    }

    /// The steps collected so far.
    pub fn steps(&self) -> &[Step] {
        match self.first_only {
            true => self.first.as_slice(),
            false => &self.steps,
        }
    }

    /// The steps collected.
    pub fn into_steps(self) -> Vec<Step> {
        match self.first_only {
            true => self.first.into_iter().collect(),
            false => self.steps,
        }
    }

    /// The first step pushed, if any.
    pub fn into_first(self) -> Option<Step> {
        match self.first_only {
            true => self.first,
            false => self.steps.into_iter().next(),
        }
    }
}

/// HoDoKu's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// HoDoKu's Easy.
    Easy,
    /// HoDoKu's Medium.
    Medium,
    /// HoDoKu's Hard.
    Hard,
    /// HoDoKu's Unfair.
    Unfair,
    /// HoDoKu's Extreme (also a puzzle the techniques do not finish).
    Extreme,
}

impl Level {
    /// The levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The level's name in lowercase, as configs and reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The level named `text` (lowercase).
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == text)
    }
}

/// A step kind's rating as a plugin declares it (see `docs/plugins.md`): the ER on Sudoku
/// Explainer's scale and HoDoKu's score and level of one step of the kind. A config's
/// `[rating]` table can still change it.
///
/// ```
/// use kaidoku_engine::{KindRating, Level};
/// const RATINGS: &[KindRating] = &[KindRating {
///     kind: "two-string-kite",
///     er: 4.1,
///     score: 150,
///     level: Level::Hard,
/// }];
/// # assert_eq!(RATINGS[0].er_tenths(), 41);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KindRating {
    /// The step kind's id, as the technique's steps carry it ([`crate::step::StepKind`]'s
    /// `id`; the technique's id when its steps name no kind).
    pub kind: &'static str,
    /// The ER, from 0.0 to 20.0 (one decimal is kept).
    pub er: f32,
    /// HoDoKu's score of one step, at most 100000.
    pub score: u32,
    /// HoDoKu's level of the kind.
    pub level: Level,
}

impl KindRating {
    /// The ER in tenths, as the rating table keeps it.
    pub fn er_tenths(&self) -> u16 {
        (self.er.clamp(0.0, 20.0) * 10.0).round() as u16
    }
}

/// The value of a technique parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
}

impl std::fmt::Display for ParamValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamValue::Int(v) => write!(f, "{v}"),
            ParamValue::Bool(v) => write!(f, "{v}"),
        }
    }
}

/// The type, default and range of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer in `min..=max`.
    Int {
        /// The value when the config does not set it.
        default: i64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// `true` or `false`.
    Bool {
        /// The value when the config does not set it.
        default: bool,
    },
}

impl ParamKind {
    /// The parameter's default value.
    pub fn default_value(&self) -> ParamValue {
        match *self {
            ParamKind::Int { default, .. } => ParamValue::Int(default),
            ParamKind::Bool { default } => ParamValue::Bool(default),
        }
    }

    /// `integer 2..=7` or `boolean`.
    pub fn describe(&self) -> String {
        match self {
            ParamKind::Int { min, max, .. } => format!("integer {min}..={max}"),
            ParamKind::Bool { .. } => "boolean".into(),
        }
    }
}

/// A parameter a technique accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The name configs use, e.g. `max_size`.
    pub name: Cow<'static, str>,
    /// One line on what it does.
    pub help: Cow<'static, str>,
    /// Its type, default and range.
    pub kind: ParamKind,
}

impl ParamSpec {
    /// An integer parameter with a default and an inclusive range.
    pub const fn int(
        name: &'static str,
        help: &'static str,
        default: i64,
        min: i64,
        max: i64,
    ) -> ParamSpec {
        ParamSpec {
            name: Cow::Borrowed(name),
            help: Cow::Borrowed(help),
            kind: ParamKind::Int { default, min, max },
        }
    }

    /// A boolean parameter with a default.
    pub const fn bool(name: &'static str, help: &'static str, default: bool) -> ParamSpec {
        ParamSpec {
            name: Cow::Borrowed(name),
            help: Cow::Borrowed(help),
            kind: ParamKind::Bool { default },
        }
    }
}

/// Validated parameters, one value per spec, in spec order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(Vec<(String, ParamValue)>);

impl Params {
    /// Every parameter at its default.
    pub fn defaults(specs: &[ParamSpec]) -> Params {
        Params(
            specs
                .iter()
                .map(|s| (s.name.to_string(), s.kind.default_value()))
                .collect(),
        )
    }

    /// The value of parameter `name`, if the technique has it.
    pub fn get(&self, name: &str) -> Option<ParamValue> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// Set a value (the caller has validated it against the spec).
    pub fn set(&mut self, name: &str, value: ParamValue) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }

    /// An integer parameter. Asking for a name the technique did not declare is a bug in the
    /// technique, caught by its tests.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            Some(ParamValue::Int(v)) => v,
            other => panic!("technique asked for integer parameter `{name}`, found {other:?}"),
        }
    }

    /// A boolean parameter (see [`Params::int`]).
    pub fn bool(&self, name: &str) -> bool {
        match self.get(name) {
            Some(ParamValue::Bool(v)) => v,
            other => panic!("technique asked for boolean parameter `{name}`, found {other:?}"),
        }
    }

    /// Two integer parameters that bound a size, as `(min, max)`; `Err` when the minimum is
    /// above the maximum (each is already within its spec's range, so never negative).
    pub fn size_range(&self, min: &str, max: &str) -> Result<(usize, usize), String> {
        let (low, high) = (self.int(min), self.int(max));
        if low > high {
            return Err(format!("{min} ({low}) is larger than {max} ({high})"));
        }
        Ok((low as usize, high as usize))
    }

    /// Every parameter and its value.
    pub fn iter(&self) -> impl Iterator<Item = (&str, ParamValue)> {
        self.0.iter().map(|(n, v)| (n.as_str(), *v))
    }

    /// Whether there are no parameters.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The record a built-in technique submits to the registry:
/// `kaidoku_engine::register_technique!(TechniqueInfo { .. })`.
pub struct TechniqueInfo {
    /// Stable kebab-case id, used in configs and traces.
    pub id: &'static str,
    /// Display name of the technique family.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// The parameters it takes.
    pub params: &'static [ParamSpec],
    /// Build the technique from validated parameters; `Err` says why a combination of values
    /// is refused (e.g. a minimum above a maximum).
    pub build: fn(&Params) -> Result<Box<dyn Technique>, String>,
}

inventory::collect!(TechniqueInfo);

/// The fixtures a built-in technique keeps beside its file (see [`crate::io::fixtures`]):
/// `kaidoku_engine::register_fixtures!("fish", "fish.fixtures")` in the technique's file. A
/// registry-driven test runs them for every registered technique and fails for one without.
pub struct FixtureFile {
    /// The technique id.
    pub technique: &'static str,
    /// The file name, for messages.
    pub file: &'static str,
    /// The fixture file's text.
    pub text: &'static str,
}

inventory::collect!(FixtureFile);

/// Register the fixture file beside a built-in technique's source file.
#[macro_export]
macro_rules! register_fixtures {
    ($id:expr, $file:literal) => {
        $crate::inventory::submit! {
            $crate::technique::FixtureFile {
                technique: $id,
                file: $file,
                text: include_str!($file),
            }
        }
    };
}

/// Marks a built-in technique as uniqueness-based: it assumes the puzzle has exactly one
/// solution (Unique Rectangles, BUG+1 …), so a config runs it only with `[solver] uniqueness =
/// true`. Submitted with `register_uniqueness!("id")` beside the technique's registration.
pub struct UniquenessMark {
    /// The technique's id.
    pub technique: &'static str,
}

inventory::collect!(UniquenessMark);

/// Declare the built-in technique `id` uniqueness-based (see [`UniquenessMark`]).
#[macro_export]
macro_rules! register_uniqueness {
    ($id:expr) => {
        $crate::inventory::submit! {
            $crate::technique::UniquenessMark { technique: $id }
        }
    };
}

/// A step kind that players name as if it were a technique (`x-wing`, `skyscraper`,
/// `naked-pair`), the config id of the technique (family) that finds it, and the parameters
/// that reach it, in words. Submitted with `register_kind!`; read by the config's messages and
/// by `kinds`/`skip_kinds` checks.
pub struct KindMark {
    /// The kind's id, e.g. `x-wing`.
    pub kind: &'static str,
    /// The kind's display name, e.g. `X-Wing`.
    pub name: &'static str,
    /// The id of the technique (family) that finds it, e.g. `fish`.
    pub technique: &'static str,
    /// E.g. `max_size = 2` (empty when the defaults find it).
    pub params: &'static str,
}

inventory::collect!(KindMark);

/// The registered kind `id` (see [`KindMark`]).
pub fn kind_mark(id: &str) -> Option<&'static KindMark> {
    inventory::iter::<KindMark>
        .into_iter()
        .find(|m| m.kind == id)
}

/// Every registered kind.
pub fn kind_marks() -> impl Iterator<Item = &'static KindMark> {
    inventory::iter::<KindMark>.into_iter()
}

impl KindMark {
    /// `X-Wing is a step of `fish` (with `max_size = 2`)`.
    pub fn explain(&self) -> String {
        let with = if self.params.is_empty() {
            String::new()
        } else {
            format!(" (with `{}`)", self.params)
        };
        format!("{} is a step of `{}`{with}", self.name, self.technique)
    }
}

/// Declare a step kind that users name as a technique (see [`KindMark`]).
#[macro_export]
macro_rules! register_kind {
    ($kind:expr, $name:expr, $technique:expr, $params:expr) => {
        $crate::inventory::submit! {
            $crate::technique::KindMark {
                kind: $kind,
                name: $name,
                technique: $technique,
                params: $params,
            }
        }
    };
}

/// A technique whose steps of some kinds are dropped (a config's `kinds` / `skip_kinds`): it
/// collects every step of the inner technique and passes on the wanted ones.
pub(crate) struct KindFilter {
    pub(crate) inner: Box<dyn Technique>,
    /// Keep only these kinds (empty: all).
    pub(crate) only: Vec<String>,
    pub(crate) skip: Vec<String>,
}

impl KindFilter {
    fn wanted(&self, kind: &str) -> bool {
        (self.only.is_empty() || self.only.iter().any(|k| k == kind))
            && !self.skip.iter().any(|k| k == kind)
    }

    fn pass_on(&self, all: StepSink, sink: &mut StepSink) -> Flow {
        for step in all.into_steps() {
            if self.wanted(&step.kind.id) {
                sink.push(step)?;
            }
        }
        Flow::Continue(())
    }
}

impl Technique for KindFilter {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut all = StepSink::all(sink.technique.clone());
        self.inner.find_steps(grid, &mut all)?;
        self.pass_on(all, sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let mut all = StepSink::all(sink.technique.clone());
        self.inner.find_steps_in(analysis, &mut all)?;
        self.pass_on(all, sink)
    }
}

/// Register a built-in technique. The crate holding it must be linked into the binary (see the
/// registry's note on the linker).
#[macro_export]
macro_rules! register_technique {
    ($info:expr) => {
        $crate::inventory::submit! { $info }
    };
}
