//! `kaidoku._kaidoku`: the engine for Python, answering with the CLI's words and lines through
//! `kaidoku-api` (the same service the CLI and the play page use). The Python package
//! `kaidoku` (python/kaidoku) re-exports it with its exceptions and type stubs.

mod errors;
mod generating;
mod many;
mod types;

use errors::raise;
use kaidoku_api::service::{HintRequest, PuzzleRequest, RateRequest};
use kaidoku_api::{ConfigSource, Limits, Service, diagnose, position};
use kaidoku_engine::Status;
use pyo3::prelude::*;
use std::sync::OnceLock;
use types::{Hint, Rating, Step, Trace};

// As the CLI: solving allocates many small step texts and vectors, which mimalloc serves
// markedly faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The environment variable that lets configs load plugins, as for the CLI.
const ALLOW_PLUGINS_VAR: &str = "KAIDOKU_ALLOW_PLUGINS";

/// Generating has no bound of its own from Python: a long search is the caller's choice
/// (`time_limit`), as on the command line. A year, not infinity: the deadline is an instant.
const NO_TIME_LIMIT: f64 = 365.0 * 24.0 * 3600.0;

/// The one service of the process: solvers are built once and shared by every call and thread.
fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let allow = std::env::var_os(ALLOW_PLUGINS_VAR).is_some_and(|v| v == "1");
        let source = ConfigSource::local(
            allow,
            format!("set {ALLOW_PLUGINS_VAR}=1 before importing kaidoku"),
        );
        let limits = Limits {
            max_request_bytes: usize::MAX,
            max_generate: u64::MAX,
            max_generate_seconds: NO_TIME_LIMIT,
            ..Limits::default()
        };
        Service::new(source, limits)
    })
}

/// Solve a puzzle step by step as `kaidoku solve` does (each step the first that the config's
/// techniques find, in config order).
///
/// `puzzle` is any format `kaidoku solve` reads (81 characters, a 9-line grid, pencil marks,
/// 729 candidates, a HoDoKu library line); `config` a shipped config's name (`default`, `fast`,
/// `all`, …) or a config's TOML text. Returns the `Trace`; a puzzle that cannot be read, has
/// no solution or several raises `BadInputError` or `UnsolvableError` with the CLI's message.
#[pyfunction]
#[pyo3(signature = (puzzle, config = None, *, verify = false))]
fn solve(py: Python<'_>, puzzle: &str, config: Option<&str>, verify: bool) -> PyResult<Trace> {
    let service = service();
    let (_, grid) = position::read(puzzle).map_err(|e| raise(py, e))?;
    let mut solver = service
        .solvers()
        .choose(config, "default")
        .map_err(|e| raise(py, e))?;
    if verify && !solver.verify() {
        // A solver of its own: the shared one stays as its config says.
        let (mut own, _) =
            kaidoku_api::configs::solver(solver.config().clone()).map_err(|e| raise(py, e))?;
        own.set_verify(true);
        solver = std::sync::Arc::new(own);
    }
    let trace = py.detach(|| solver.solve(&grid));
    if !matches!(trace.status, Status::Solved | Status::Stuck) {
        return Err(raise(py, diagnose::unsolvable(&trace, &grid)));
    }
    Ok(Trace::new(&trace, &grid, &solver))
}

/// Rate a puzzle as `kaidoku rate` does: Sudoku Explainer's ER, EP and ED, HoDoKu's level and
/// score, the hardest step's kind.
///
/// With the default config (`se`) the puzzle is rated in its canonical form, so every isomorph
/// gets the same rating; `as_given=True` rates the text the way round it is given (Sudoku
/// Explainer's own number). A puzzle that cannot be read, has no solution or several raises.
#[pyfunction]
#[pyo3(signature = (puzzle, config = None, *, as_given = false))]
fn rate(
    py: Python<'_>,
    puzzle: String,
    config: Option<String>,
    as_given: bool,
) -> PyResult<Rating> {
    let request = RateRequest {
        puzzle,
        config,
        as_given,
    };
    let rated = py
        .detach(|| service().rated(&request))
        .map_err(|e| raise(py, e))?;
    Ok(Rating::from(rated))
}

/// A hint for the position, as `kaidoku hint` gives it: level 1 names the technique, 2 says
/// where to look, 3 gives the step (with `Hint.step`).
///
/// The position is checked first: no solution, several, or a placed digit or removed
/// candidate that the solution contradicts raise `UnsolvableError` saying which cell.
#[pyfunction]
#[pyo3(signature = (puzzle, level = 1, config = None))]
fn hint(py: Python<'_>, puzzle: String, level: u8, config: Option<String>) -> PyResult<Hint> {
    let request = HintRequest {
        puzzle,
        level,
        config,
    };
    let answer = py
        .detach(|| service().hint(request))
        .map_err(|e| raise(py, e))?;
    Ok(Hint::from(answer))
}

/// How many solutions the puzzle has: 0, 1, or 2 for two or more (the search stops at the
/// second), as `kaidoku count` counts them.
#[pyfunction]
fn count(py: Python<'_>, puzzle: String) -> PyResult<u8> {
    let answer = py
        .detach(|| service().count(PuzzleRequest { puzzle }))
        .map_err(|e| raise(py, e))?;
    Ok(match answer.count {
        "0" => 0,
        "1" => 1,
        _ => 2,
    })
}

/// The puzzle's canonical form (the forum's minlex), as `kaidoku canon` prints it: the same
/// 81 characters for every isomorph (turned, mirrored, relabelled).
#[pyfunction]
fn canon(py: Python<'_>, puzzle: String) -> PyResult<String> {
    let answer = py
        .detach(|| service().canon(PuzzleRequest { puzzle }))
        .map_err(|e| raise(py, e))?;
    Ok(answer.canon)
}

/// The shipped configs, by name, with what each runs in a sentence.
#[pyfunction]
fn configs() -> Vec<(&'static str, String)> {
    service()
        .configs()
        .configs
        .into_iter()
        .map(|c| (c.name, c.description))
        .collect()
}

#[pymodule]
fn _kaidoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", kaidoku_api::service::VERSION)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(configs, m)?)?;
    m.add_function(wrap_pyfunction!(many::rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(generating::generate, m)?)?;
    m.add_class::<Trace>()?;
    m.add_class::<Step>()?;
    m.add_class::<Rating>()?;
    m.add_class::<Hint>()?;
    m.add_class::<many::RateMany>()?;
    m.add_class::<generating::Generated>()?;
    m.add_class::<generating::Generator>()?;
    Ok(())
}
