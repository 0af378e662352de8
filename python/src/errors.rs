//! Errors as Python exceptions: `kaidoku-api`'s kind chooses the class (kaidoku/_errors.py),
//! the message is the CLI's, and a position's mistakes come along cell by cell.

use kaidoku_api::{ApiError, ErrorKind};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Mutex, MutexGuard, TryLockError};

/// The exception class of each kind of failure.
fn class_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::BadInput | ErrorKind::TooLarge => "BadInputError",
        ErrorKind::Unsolvable => "UnsolvableError",
        ErrorKind::Timeout => "TimeLimitError",
        ErrorKind::Failed => "KaidokuError",
    }
}

/// The Python exception for `error`.
pub fn raise(py: Python<'_>, error: ApiError) -> PyErr {
    match exception(py, &error) {
        Ok(err) => err,
        // The package's own module is missing: still say what went wrong.
        Err(_) => PyRuntimeError::new_err(error.message),
    }
}

fn exception(py: Python<'_>, error: &ApiError) -> PyResult<PyErr> {
    let class = py
        .import("kaidoku._errors")?
        .getattr(class_name(error.kind))?;
    let mistakes = error
        .mistakes
        .iter()
        .map(|m| {
            let dict = PyDict::new(py);
            dict.set_item("cell", &m.cell)?;
            dict.set_item("row", m.row)?;
            dict.set_item("col", m.col)?;
            dict.set_item("kind", m.kind)?;
            dict.set_item("digit", m.digit)?;
            dict.set_item("solution", m.solution)?;
            dict.set_item("text", m.text())?;
            Ok(dict)
        })
        .collect::<PyResult<Vec<_>>>()?;
    let kind = serde_kind(error.kind);
    let value = class.call1((error.message.as_str(), kind, mistakes))?;
    Ok(PyErr::from_value(value))
}

/// The kind's name, as the JSON API spells it (`bad-input`, `unsolvable`, …).
fn serde_kind(kind: ErrorKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A bad argument of a call, as `BadInputError`.
pub fn bad_input(py: Python<'_>, message: impl Into<String>) -> PyErr {
    raise(py, ApiError::bad_input(message))
}

/// An iterator's state for `__next__`: refused, not waited for, while another thread reads
/// it (that thread waits without the GIL, and would need it back from a waiter holding it).
pub fn next_of<'a, T>(state: &'a Mutex<T>, what: &str) -> PyResult<MutexGuard<'a, T>> {
    match state.try_lock() {
        Ok(state) => Ok(state),
        Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(format!(
            "{what}: this iterator is being read by another thread"
        ))),
    }
}
