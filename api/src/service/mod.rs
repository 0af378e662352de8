//! The requests a page or a script sends, and their answers: typed with serde, answered by the
//! same engine calls as the CLI, and bounded so that one request cannot take the machine.
//! [`Service::handle`] takes a request by name as JSON text and answers JSON text: the play
//! page's server routes `POST /api/NAME` to it (docs/api.md has one example of each).

mod configs;
mod generating;
mod play;
mod solving;

pub use configs::{ConfigAnswer, ConfigRequest, ConfigsAnswer};
pub use generating::{
    GenerateAnswer, GeneratePlan, GenerateRequest, GeneratedPuzzle, MetFilter, PathFields, Progress,
};
pub use play::{
    ApplyAnswer, ApplyRequest, CandidatesAnswer, HintAnswer, HintRequest, ParseAnswer,
    PuzzleRequest, StepView, StepsAnswer, StepsRequest, list_steps,
};
pub use solving::{CanonAnswer, CountAnswer, RateAnswer, RateRequest, SolveAnswer, SolveRequest};

use crate::configs::ConfigSource;
use crate::error::{ApiError, ApiResult, ErrorKind};
use crate::solvers::Solvers;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The version of Kaidoku answering.
pub const VERSION: &str = kaidoku_engine::KAIDOKU_VERSION;

/// The bounds of the work a request may ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest request body, in bytes (a puzzle, a config's TOML).
    pub max_request_bytes: usize,
    /// The most steps one `steps` answer lists.
    pub max_steps_listed: usize,
    /// The most puzzles one `generate` request makes.
    pub max_generate: u64,
    /// The longest a `generate` request searches, in seconds.
    pub max_generate_seconds: f64,
    /// Worker threads of a `generate` request.
    pub generate_threads: usize,
    /// The longest one request may work (a `generate`: its own time limit); none: no limit.
    /// The engine stops at it between techniques, and the request is refused as timed out.
    pub max_work: Option<std::time::Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_request_bytes: 64 << 10,
            max_steps_listed: 1000,
            max_generate: 20,
            max_generate_seconds: 120.0,
            generate_threads: 1,
            max_work: None,
        }
    }
}

/// The requests [`Service::handle`] knows, by name.
pub const REQUESTS: &[&str] = &[
    "parse",
    "candidates",
    "hint",
    "steps",
    "apply",
    "solve",
    "rate",
    "count",
    "canon",
    "generate",
    "configs",
    "config",
];

/// Answers requests with the engine: solvers are built once and shared.
pub struct Service {
    solvers: Solvers,
    limits: Limits,
}

impl Service {
    /// A service reading configs from `source`, within `limits`.
    pub fn new(source: ConfigSource, limits: Limits) -> Service {
        Service {
            solvers: Solvers::new(source),
            limits,
        }
    }

    /// A service for requests from others: shipped configs and TOML text only, no plugins,
    /// no files, the default limits.
    pub fn untrusted() -> Service {
        Service::new(ConfigSource::untrusted(), Limits::default())
    }

    /// The limits requests are held to.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The solvers the service shares.
    pub fn solvers(&self) -> &Solvers {
        &self.solvers
    }

    /// Answer the request `name` (one of [`REQUESTS`]) whose body is the JSON `body`, as JSON
    /// text. `generate` reports its progress to `progress`.
    pub fn handle(
        &self,
        name: &str,
        body: &str,
        progress: &mut dyn FnMut(Progress),
    ) -> ApiResult<String> {
        if body.len() > self.limits.max_request_bytes {
            return Err(ApiError::new(
                ErrorKind::TooLarge,
                format!(
                    "the request has {} bytes; at most {} are read",
                    body.len(),
                    self.limits.max_request_bytes
                ),
            ));
        }
        // A build for the browser has no clock the engine can read: no time limit there.
        let limit = self.limits.max_work.filter(|_| name != "generate");
        let Some(limit) = limit.filter(|_| !cfg!(target_family = "wasm")) else {
            return self.dispatch(name, body, progress);
        };
        let deadline = std::time::Instant::now() + limit;
        let answer = kaidoku_engine::solve::deadline::within(deadline, || {
            self.dispatch(name, body, progress)
        });
        if std::time::Instant::now() >= deadline {
            return Err(ApiError::new(
                ErrorKind::Timeout,
                format!(
                    "the request took longer than {} s and was stopped",
                    limit.as_secs_f64()
                ),
            ));
        }
        answer
    }

    fn dispatch(
        &self,
        name: &str,
        body: &str,
        progress: &mut dyn FnMut(Progress),
    ) -> ApiResult<String> {
        match name {
            "parse" => answer(body, |r| self.parse(r)),
            "candidates" => answer(body, |r| self.candidates(r)),
            "hint" => answer(body, |r| self.hint(r)),
            "steps" => answer(body, |r| self.steps(r)),
            "apply" => answer(body, |r| self.apply(r)),
            "solve" => answer(body, |r| self.solve(r)),
            "rate" => answer(body, |r| self.rate(r)),
            "count" => answer(body, |r| self.count(r)),
            "canon" => answer(body, |r| self.canon(r)),
            "generate" => answer(body, |r| self.generate(r, progress)),
            "configs" => to_json(&self.configs()),
            "config" => answer(body, |r| self.config(r)),
            _ => {
                let nearest = kaidoku_engine::registry::nearest(name, REQUESTS.iter().copied())
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                Err(ApiError::bad_input(format!(
                    "no request `{name}` (known: {}){nearest}",
                    REQUESTS.join(", ")
                )))
            }
        }
    }
}

/// Read a request's JSON body as `R`.
pub fn read_request<R: DeserializeOwned>(body: &str) -> ApiResult<R> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    serde_json::from_str(body)
        .map_err(|e| ApiError::bad_input(format!("the request is not what was expected: {e}")))
}

/// Read the request, answer it, write the answer.
fn answer<R: DeserializeOwned, A: Serialize>(
    body: &str,
    work: impl FnOnce(R) -> ApiResult<A>,
) -> ApiResult<String> {
    to_json(&work(read_request(body)?)?)
}

/// An answer as JSON text.
pub fn to_json(answer: &impl Serialize) -> ApiResult<String> {
    serde_json::to_string(answer)
        .map_err(|e| ApiError::new(ErrorKind::Failed, format!("cannot write the answer: {e}")))
}
