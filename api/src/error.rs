//! What went wrong with a request, in the words the CLI uses, and which kind of wrong it is (a
//! server maps the kind to an HTTP status, the CLI to an exit code, the bindings to an
//! exception).

use crate::diagnose::Mistake;
use serde::Serialize;

/// The kinds of failure a caller can tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The request itself is wrong: a puzzle that cannot be read, an unknown config or
    /// technique, an option out of range (HTTP 400).
    BadInput,
    /// The position cannot be worked on: no solution, several solutions, mistakes (HTTP 422).
    Unsolvable,
    /// The request is larger than the limits allow (HTTP 413).
    TooLarge,
    /// The work did not finish within its time limit (HTTP 503).
    Timeout,
    /// A technique failed (a plugin's error, an unsound step in verify mode) (HTTP 500).
    Failed,
}

/// A failed request: its kind, the message (the CLI's), and the mistakes of the position when
/// those are the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// Which kind of failure.
    pub kind: ErrorKind,
    /// What is wrong, as the CLI says it.
    pub message: String,
    /// The position's mistakes, cell by cell, when they are why (else empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mistakes: Vec<Mistake>,
}

impl ApiError {
    /// A failure of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: message.into(),
            mistakes: Vec::new(),
        }
    }

    /// A wrong request.
    pub fn bad_input(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::BadInput, message)
    }

    /// A position that cannot be worked on.
    pub fn unsolvable(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::Unsolvable, message)
    }
}

impl From<kaidoku_engine::ConfigError> for ApiError {
    fn from(error: kaidoku_engine::ConfigError) -> ApiError {
        ApiError::bad_input(error.to_string())
    }
}

impl From<kaidoku_engine::SolveError> for ApiError {
    fn from(error: kaidoku_engine::SolveError) -> ApiError {
        match error {
            kaidoku_engine::SolveError::UnknownTechnique { .. } => {
                ApiError::bad_input(error.to_string())
            }
            kaidoku_engine::SolveError::TimeLimit => {
                ApiError::new(ErrorKind::Timeout, error.to_string())
            }
            _ => ApiError::new(ErrorKind::Failed, error.to_string()),
        }
    }
}

/// The result of a request.
pub type ApiResult<T> = Result<T, ApiError>;
