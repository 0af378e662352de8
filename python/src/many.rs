//! `rate_many`: an iterable of puzzle lines rated on the engine's threads, the ratings handed
//! back lazily in input order, through `kaidoku_api::batch`'s pipeline (the one behind
//! `kaidoku rate`). Lines are pulled from the Python iterable while the GIL is held (in
//! `__next__`), up to the pipeline's bound; the wait for the next chunk releases the GIL, so
//! other Python threads (a Dask worker's) go on meanwhile.

use crate::errors::{bad_input, raise};
use crate::types::Rating;
use kaidoku_api::batch::{self, Collector, Feeder, Place, Solve, solve_line};
use kaidoku_api::lines::{Content, Line};
use kaidoku_api::rating::Rated;
use kaidoku_engine::Orientation;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyString};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Rate every line of `puzzles` as `kaidoku rate` does, on `threads` threads (0: one per
/// core), and give the ratings back in input order, as an iterator of `Rating`.
///
/// Each item is one line (`str`, or `bytes` read as UTF-8), its line ending optional: a
/// line's `Rating.line` is the line `kaidoku rate` prints for it, so blank and comment lines
/// give `skipped line N: …` and unreadable ones `invalid line N: …` instead of raising. Lines
/// are numbered from `start` (a partition's first line number, for such messages). The GIL is
/// released while the engine works.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = 1, config = None, *, as_given = false, start = 1))]
pub fn rate_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: usize,
    config: Option<&str>,
    as_given: bool,
    start: usize,
) -> PyResult<RateMany> {
    if threads > batch::MAX_THREADS {
        return Err(bad_input(
            py,
            format!("threads {threads}: at most {}", batch::MAX_THREADS),
        ));
    }
    let source = PyIterator::from_object(puzzles)?.unbind();
    let mut solver = crate::service()
        .solvers()
        .choose(config, "se")
        .map_err(|e| raise(py, e))?;
    if as_given && solver.orientation() != Orientation::AsGiven {
        let mut config = solver.config().clone();
        config.orientation = Orientation::AsGiven;
        let (own, _) = kaidoku_api::configs::solver(config).map_err(|e| raise(py, e))?;
        solver = Arc::new(own);
    }
    let (feeder, collector) = batch::pool(threads, move |lines: &[Line]| {
        lines
            .iter()
            .map(|line| Rated::of(&solve_line(&solver, Solve::Rate, line), line.number))
            .collect::<Vec<_>>()
    });
    Ok(RateMany {
        state: Mutex::new(State {
            source: Some(source),
            feeder: Some(feeder),
            collector,
            ready: VecDeque::new(),
            number: start,
            failure: None,
        }),
    })
}

/// The ratings of `rate_many`, in input order.
#[pyclass(module = "kaidoku._kaidoku")]
pub struct RateMany {
    state: Mutex<State>,
}

struct State {
    /// The lines still to read (`None` once read to the end or failed).
    source: Option<Py<PyIterator>>,
    /// Dropped once the source is done, so that the workers end with the last chunk.
    feeder: Option<Feeder>,
    collector: Collector<Vec<Rated>>,
    /// Ratings collected, not yet handed on.
    ready: VecDeque<Rated>,
    /// The next line's number.
    number: usize,
    /// What the source raised: raised in turn once the lines before it are handed on.
    failure: Option<PyErr>,
}

#[pymethods]
impl RateMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Rating>> {
        let mut state = crate::errors::next_of(&self.state, "rate_many")?;
        loop {
            if let Some(rated) = state.ready.pop_front() {
                return Ok(Some(Rating::from(rated)));
            }
            state.feed(py);
            let collector = &mut state.collector;
            match py.detach(|| collector.next()) {
                Some(chunk) => state.ready.extend(chunk),
                None => {
                    return match state.failure.take() {
                        Some(failure) => Err(failure),
                        None => Ok(None),
                    };
                }
            }
        }
    }
}

impl State {
    /// Pull lines from the source while the pipeline has room, in chunks sized as it asks.
    fn feed(&mut self, py: Python<'_>) {
        let (Some(source), Some(feeder)) = (&self.source, &mut self.feeder) else {
            self.feeder = None;
            return;
        };
        let source = source.bind(py);
        let mut end = false;
        'chunks: while !end {
            let size = feeder.chunk_size();
            let mut chunk = Vec::with_capacity(size);
            while chunk.len() < size {
                if feeder.try_reserve() != Place::Taken {
                    feeder.send(chunk);
                    break 'chunks;
                }
                match next_line(source, self.number) {
                    Ok(Some(line)) => {
                        self.number += 1;
                        chunk.push(line);
                    }
                    Ok(None) => {
                        end = true;
                        break;
                    }
                    Err(failure) => {
                        self.failure = Some(failure);
                        end = true;
                        break;
                    }
                }
            }
            feeder.send(chunk);
        }
        if end {
            self.source = None;
            self.feeder = None;
        }
    }
}

/// The source's next line, numbered `number`.
fn next_line(source: &Bound<'_, PyIterator>, number: usize) -> PyResult<Option<Line>> {
    let Some(item) = source.clone().next() else {
        return Ok(None);
    };
    let item = item?;
    if let Ok(text) = item.cast::<PyString>() {
        return Ok(Some(Line::of_text(number, &text.to_cow()?)));
    }
    if let Ok(bytes) = item.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        return Ok(Some(match std::str::from_utf8(bytes) {
            Ok(text) => Line::of_text(number, text),
            Err(e) => Line {
                number,
                content: Content::NotUtf8 {
                    valid_up_to: e.valid_up_to(),
                },
            },
        }));
    }
    Err(PyTypeError::new_err(format!(
        "rate_many: line {number} is a {}, not a str",
        item.get_type().name()?
    )))
}
