//! `generate`: new puzzles as an iterator, searched on a thread of the engine's own while
//! Python reads them (the options checked before any work, as `kaidoku-api` plans them).

use crate::errors::{bad_input, raise};
use kaidoku_api::service::{GenerateAnswer, GenerateRequest, GeneratedPuzzle};
use pyo3::prelude::*;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver};

/// A range option: `(low, high)` with either end `None` for open, or one value for exactly it.
#[derive(FromPyObject)]
pub(crate) enum Range {
    Pair(Option<f64>, Option<f64>),
    One(f64),
}

impl Range {
    fn bounds(self, lowest: f64, highest: f64) -> [f64; 2] {
        match self {
            Range::Pair(lo, hi) => [lo.unwrap_or(lowest), hi.unwrap_or(highest)],
            Range::One(v) => [v, v],
        }
    }
}

/// Make `count` new puzzles, as `kaidoku generate` does: the same options and `seed` give the
/// same puzzles, whatever `threads` is.
///
/// `symmetry`: `none`, `rotational`, `rotational90`, `vertical`, `horizontal`, `diagonal`,
/// `antidiagonal`, `mirrors`, `diagonals`, `dihedral` or `random`. `er`: the ER range of
/// `kaidoku rate`, `(low, high)` (an end `None` is open) or one value. `level`: HoDoKu's level.
/// `clues`: the clue count range, `(fewest, most)` or one count. `pattern`: a clue mask of 81
/// cells (a digit or `x` for a clue, `.` or `0` for none), the puzzles' clues exactly there.
/// `minimal`: no clue can go (by default yes, but not with a pattern, which fixes the clue
/// count). Technique filters on `rating.toml`'s path, technique ids or step kinds as
/// `kaidoku generate` takes them: `needs` (one or a list, every one on the path), `hardest`
/// (its hardest step), `practice` (all it takes besides singles), `first` (its first step
/// after the singles); `Generated.met` and `path_hardest` then say which steps met them.
/// `time_limit`: stop after this many seconds (the iterator then ends short; `short` says so).
/// Without a seed one is drawn: the iterator's `seed` repeats the run. Yields `Generated`
/// puzzles as they are found.
#[pyfunction]
#[pyo3(signature = (
    count = 1, seed = None, *, symmetry = None, er = None, level = None, clues = None,
    pattern = None, minimal = None, needs = None, hardest = None, practice = None,
    first = None, time_limit = None, threads = 1
))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    count: u64,
    seed: Option<u64>,
    symmetry: Option<String>,
    er: Option<Range>,
    level: Option<String>,
    clues: Option<Range>,
    pattern: Option<String>,
    minimal: Option<bool>,
    needs: Option<Bound<'_, PyAny>>,
    hardest: Option<String>,
    practice: Option<String>,
    first: Option<String>,
    time_limit: Option<f64>,
    threads: usize,
) -> PyResult<Generator> {
    if count == 0 {
        return Err(bad_input(py, "count 0: ask for one puzzle or more"));
    }
    let clues = match clues.map(|c| c.bounds(17.0, 81.0)) {
        None => None,
        Some([lo, hi]) => {
            let count = |v: f64| {
                (v.fract() == 0.0 && (0.0..=81.0).contains(&v))
                    .then_some(v as usize)
                    .ok_or_else(|| bad_input(py, format!("clues {v}: a count from 0 to 81")))
            };
            Some([count(lo)?, count(hi)?])
        }
    };
    let request = GenerateRequest {
        count,
        seed,
        symmetry,
        er: er.map(|r| r.bounds(0.0, 20.0)),
        level,
        clues,
        minimal,
        pattern,
        needs: match needs {
            None => Vec::new(),
            Some(names) => names_of(&names)?,
        },
        hardest,
        practice,
        first,
        time_limit: Some(time_limit.unwrap_or(crate::NO_TIME_LIMIT)),
    };
    let plan = crate::service()
        .plan_generate(request)
        .map_err(|e| raise(py, e))?
        .with_threads(kaidoku_api::batch::threads(threads));
    let seed = plan.seed();
    let (sender, receiver) = mpsc::sync_channel(4);
    let seed_sender = sender.clone();
    std::thread::spawn(move || {
        let end = plan.run_each(&mut |_| {}, &mut |puzzle| {
            sender.send(Message::Puzzle(Box::new(puzzle))).is_ok()
        });
        let _ = seed_sender.send(Message::End(end));
    });
    Ok(Generator {
        state: Mutex::new(GeneratorState {
            receiver: Some(receiver),
            end: None,
        }),
        seed,
    })
}

/// Technique ids or step kinds: one (a `str`), or a list of them.
fn names_of(names: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(one) = names.extract::<String>() {
        return Ok(vec![one]);
    }
    names.extract::<Vec<String>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "needs: a technique id or step kind (str), or a list of them",
        )
    })
}

enum Message {
    Puzzle(Box<GeneratedPuzzle>),
    End(GenerateAnswer),
}

/// The puzzles of `generate`, as they are found.
#[pyclass(module = "kaidoku._kaidoku")]
pub struct Generator {
    state: Mutex<GeneratorState>,
    seed: u64,
}

struct GeneratorState {
    receiver: Option<Receiver<Message>>,
    /// How the search ended, once it has.
    end: Option<GenerateAnswer>,
}

#[pymethods]
impl Generator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Generated>> {
        let mut state = crate::errors::next_of(&self.state, "generate")?;
        let Some(receiver) = state.receiver.as_mut() else {
            return Ok(None);
        };
        match py.detach(move || receiver.recv()) {
            Ok(Message::Puzzle(puzzle)) => Ok(Some(Generated::from(*puzzle))),
            Ok(Message::End(end)) => {
                state.end = Some(end);
                state.receiver = None;
                Ok(None)
            }
            Err(_) => {
                state.receiver = None;
                Ok(None)
            }
        }
    }

    /// The seed of the run (drawn when none was given): pass it again for the same puzzles.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the time limit ended the search before `count` puzzles (`None` until it ends).
    #[getter]
    fn short(&self) -> Option<bool> {
        self.end(|e| e.short)
    }

    /// Solution grids tried (known once the search has ended).
    #[getter]
    fn tries(&self) -> Option<u64> {
        self.end(|e| e.tries)
    }
}

impl Generator {
    /// What the end of the search says, once it has ended.
    fn end<T>(&self, what: impl Fn(&GenerateAnswer) -> T) -> Option<T> {
        let state = self.state.lock().ok()?;
        state.end.as_ref().map(what)
    }
}

/// A new puzzle and its rating.
#[pyclass(module = "kaidoku._kaidoku", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle, 81 characters.
    pub puzzle: String,
    /// How many clues.
    pub clues: u32,
    /// The symmetry of its clues.
    pub symmetry: String,
    /// ER, EP and ED, as `kaidoku rate` gives them.
    pub er: Option<f64>,
    /// EP.
    pub ep: Option<f64>,
    /// ED.
    pub ed: Option<f64>,
    /// HoDoKu's level.
    pub level: Option<String>,
    /// The hardest step's kind.
    pub hardest: Option<String>,
    /// With technique filters: each filter (`needs`…, `hardest`, `practice`, `first`) and
    /// the kind of the step that met it on `rating.toml`'s path; else empty.
    pub met: Vec<(String, Option<String>)>,
    /// With technique filters: that path's hardest step.
    pub path_hardest: Option<String>,
    /// The line `kaidoku rate` prints for it.
    pub line: String,
}

impl From<GeneratedPuzzle> for Generated {
    fn from(g: GeneratedPuzzle) -> Generated {
        Generated {
            er: g.er.map(|e| e.as_f64()),
            ep: g.ep.map(|e| e.as_f64()),
            ed: g.ed.map(|e| e.as_f64()),
            puzzle: g.puzzle,
            clues: g.clues,
            symmetry: g.symmetry.to_string(),
            level: g.level,
            hardest: g.hardest,
            met: g.path.as_ref().map_or_else(Vec::new, |p| {
                p.met
                    .iter()
                    .map(|m| (m.filter.to_string(), m.kind.clone()))
                    .collect()
            }),
            path_hardest: g.path.and_then(|p| p.hardest),
            line: g.line,
        }
    }
}

#[pymethods]
impl Generated {
    fn __str__(&self) -> &str {
        &self.line
    }

    fn __repr__(&self) -> String {
        format!("Generated({:?})", self.line)
    }
}
