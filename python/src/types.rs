//! The answers as Python objects: frozen, compared by value, with the CLI's text in `str()`.

use kaidoku_api::rating::{RateFormat, Rated};
use kaidoku_api::service::HintAnswer;
use kaidoku_engine::rating::Er;
use kaidoku_engine::{Grid, Solver, picture};
use pyo3::prelude::*;

/// A cell's candidate as `(row, column, digit)`, each from 1.
type Triple = (u8, u8, u8);

fn triple(cell: kaidoku_engine::Cell, digit: u8) -> Triple {
    (cell.row() as u8 + 1, cell.col() as u8 + 1, digit)
}

fn er_value(er: Er) -> f64 {
    f64::from(er.0) / 10.0
}

/// One step of a solve: what a technique found and what it does.
#[pyclass(module = "kaidoku._kaidoku", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's kind, e.g. `hidden-single`, `finned-swordfish`.
    pub kind: String,
    /// The kind's display name, e.g. `Hidden Single`.
    pub name: String,
    /// The id of the technique that found it.
    pub technique: String,
    /// The step in the usual notation, as `kaidoku solve` prints it.
    pub text: String,
    /// The cells solved: `(row, column, digit)`, from 1.
    pub placements: Vec<Triple>,
    /// The candidates removed: `(row, column, digit)`, from 1.
    pub eliminations: Vec<Triple>,
    /// Its ER, as the config rates it.
    pub er: f64,
    json: String,
}

impl Step {
    pub fn new(step: &kaidoku_engine::Step, er: f64) -> Step {
        Step {
            kind: step.kind.id.to_string(),
            name: step.name().to_string(),
            technique: step.technique.to_string(),
            text: step.text(),
            placements: step.placements.iter().map(|&(c, d)| triple(c, d)).collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|(c, d)| triple(c, d))
                .collect(),
            er,
            json: serde_json::to_string(step).expect("a step always serialises"),
        }
    }
}

#[pymethods]
impl Step {
    /// The step as the JSON trace holds it (`kaidoku solve --format json`).
    fn to_json(&self) -> &str {
        &self.json
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "Step(kind={:?}, text={:?}, er={})",
            self.kind, self.text, self.er
        )
    }
}

/// A whole solve: its steps, how it ended, and the path's rating.
#[pyclass(module = "kaidoku._kaidoku", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The puzzle as given: 81 characters of its starting values.
    pub puzzle: String,
    /// `solved`, or `stuck` when the config's techniques stop short.
    pub status: String,
    /// The steps taken, in order.
    pub steps: Vec<Step>,
    /// How many of them are last-resort guesses.
    pub guesses: usize,
    /// The values at the end, `.` for unsolved cells.
    pub grid: String,
    /// The config's name.
    pub config: String,
    /// The config's hash, as traces carry it.
    pub config_hash: String,
    /// The rating of this path (this config's steps in its order; `kaidoku.rate` gives
    /// Sudoku Explainer's rating).
    pub rating: Option<Rating>,
    text: String,
    json: String,
}

impl Trace {
    pub fn new(trace: &kaidoku_engine::Trace, start: &Grid, solver: &Solver) -> Trace {
        let (before, _) = picture::positions(start, &trace.steps);
        let steps = trace
            .steps
            .iter()
            .zip(&before)
            .map(|(step, before)| Step::new(step, er_value(solver.ratings().rate(step, before).er)))
            .collect();
        let rated = Rated::of(trace, 1);
        Trace {
            puzzle: trace.puzzle.clone(),
            status: trace.status.as_str().to_string(),
            steps,
            guesses: trace.guesses,
            grid: trace.grid.clone(),
            config: trace.config.name.clone(),
            config_hash: trace.config.hash.clone(),
            rating: rated.rating.is_some().then_some(rated).map(Rating::from),
            text: trace.to_text(),
            json: trace.to_json(),
        }
    }
}

#[pymethods]
impl Trace {
    /// The trace as `kaidoku solve --format json` prints it (one line).
    fn to_json(&self) -> &str {
        &self.json
    }

    /// The trace as `kaidoku solve` prints it.
    fn to_text(&self) -> &str {
        &self.text
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Trace(puzzle={:?}, status={:?}, steps=<{} steps>, config={:?})",
            self.puzzle,
            self.status,
            self.steps.len(),
            self.config
        )
    }
}

/// A puzzle's rating, as `kaidoku rate` prints it.
#[pyclass(module = "kaidoku._kaidoku", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    rated: Rated,
}

impl From<Rated> for Rating {
    fn from(rated: Rated) -> Rating {
        Rating { rated }
    }
}

#[pymethods]
impl Rating {
    /// Sudoku Explainer's ER: the hardest step's rating (`None` without a rating). When
    /// `solved` is false the techniques stopped short and the puzzle is harder than this.
    #[getter]
    fn er(&self) -> Option<f64> {
        self.rated.rating.as_ref().map(|r| er_value(r.er))
    }

    /// SE's pearl (EP): the hardest step up to the first placement (`None` before one).
    #[getter]
    fn ep(&self) -> Option<f64> {
        self.rated.rating.as_ref().and_then(|r| r.ep).map(er_value)
    }

    /// SE's diamond (ED): the first step's rating.
    #[getter]
    fn ed(&self) -> Option<f64> {
        self.rated.rating.as_ref().and_then(|r| r.ed).map(er_value)
    }

    /// HoDoKu's level: `easy`, `medium`, `hard`, `unfair` or `extreme`.
    #[getter]
    fn level(&self) -> Option<&'static str> {
        self.rated
            .rating
            .as_ref()
            .and_then(|r| r.level)
            .map(|l| l.as_str())
    }

    /// HoDoKu's score: the sum of the steps' scores.
    #[getter]
    fn score(&self) -> Option<u64> {
        self.rated.rating.as_ref().map(|r| r.score)
    }

    /// The hardest step's kind, e.g. `se-dynamic-forcing-chains`.
    #[getter]
    fn hardest(&self) -> Option<&str> {
        self.rated
            .rating
            .as_ref()
            .and_then(|r| r.hardest.as_deref())
    }

    /// Whether the techniques solved the puzzle (else it is harder than `er`).
    #[getter]
    fn solved(&self) -> bool {
        self.rated.rating.as_ref().is_some_and(|r| r.complete)
    }

    /// `solved`, `stuck`, or why there is no rating: `invalid`, `skipped`, `no-solution`,
    /// `multiple-solutions`, `error`.
    #[getter]
    fn status(&self) -> &'static str {
        self.rated.status.as_str()
    }

    /// The puzzle (or the line's text when it could not be read).
    #[getter]
    fn puzzle(&self) -> &str {
        &self.rated.puzzle
    }

    /// Why there is no rating.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.rated.error.as_deref()
    }

    /// The input line's number (from `rate_many`'s `start`).
    #[getter]
    fn number(&self) -> usize {
        self.rated.number
    }

    /// The line `kaidoku rate` prints: `ER EP ED LEVEL SCORE HARDEST PUZZLE`.
    #[getter]
    fn line(&self) -> String {
        self.rated.line(RateFormat::Text)
    }

    /// The line `kaidoku rate --format FORMAT` prints: `text`, `csv`, `tsv` or `json`.
    #[pyo3(signature = (format = "text"))]
    fn to_line(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let format = match format {
            "text" => RateFormat::Text,
            "csv" => RateFormat::Csv,
            "tsv" => RateFormat::Tsv,
            "json" => RateFormat::Json,
            other => {
                return Err(crate::errors::bad_input(
                    py,
                    format!("format `{other}`: one of text, csv, tsv, json"),
                ));
            }
        };
        Ok(self.rated.line(format))
    }

    fn __str__(&self) -> String {
        self.line()
    }

    fn __repr__(&self) -> String {
        format!("Rating({:?})", self.line())
    }
}

/// A hint, at the level asked.
#[pyclass(module = "kaidoku._kaidoku", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// 1 the technique, 2 where to look, 3 the step.
    pub level: u8,
    /// What the hint says, as `kaidoku hint` prints it after `Hint N/3: `.
    pub text: String,
    /// Whether the position is solved (then there is no step).
    pub solved: bool,
    /// The technique's name, e.g. `X-Wing`.
    pub technique: Option<String>,
    /// The step's ER.
    pub er: Option<f64>,
    /// Levels 2 and 3: where to look, in words (`in b5`).
    pub region: Option<String>,
    /// Level 3: the step.
    pub step: Option<Step>,
    /// The config whose techniques were asked.
    pub config: String,
    /// Why the hint comes from another config, when the chosen one found no step.
    pub note: Option<String>,
}

impl From<HintAnswer> for Hint {
    fn from(answer: HintAnswer) -> Hint {
        let er = answer.er.map(er_value);
        Hint {
            level: answer.level,
            text: answer.text,
            solved: answer.solved,
            technique: answer.technique,
            er,
            region: answer.region.map(|r| r.text),
            step: answer
                .step
                .as_ref()
                .map(|s| Step::new(s, er.unwrap_or_default())),
            config: answer.config,
            note: answer.note,
        }
    }
}

#[pymethods]
impl Hint {
    /// `Hint N/3: …`, as `kaidoku hint` prints it (`The puzzle is solved.` when it is).
    fn __str__(&self) -> String {
        if self.solved {
            return self.text.clone();
        }
        format!("Hint {}/3: {}", self.level, self.text)
    }

    fn __repr__(&self) -> String {
        format!("Hint(level={}, text={:?})", self.level, self.text)
    }
}
