//! The trace: the whole path of a solve, as JSON (the contract other tools read) and as text.

use crate::board::canon::Transform;
use crate::board::grid::Grid;
use crate::solve::config::Config;
use crate::solve::rating::{Er, Level, PathRating};
use crate::step::{Step, moved_text};
use crate::text::render;
use serde::Serialize;
use std::fmt::Write;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every cell solved.
    Solved,
    /// The techniques found no more steps before the end.
    Stuck,
    /// The input could not be read (see `error`).
    Invalid,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    MultipleSolutions,
    /// A technique failed or gave an unsound step (see `error`).
    Error,
    /// Not a puzzle: a blank or comment line of a batch, kept so output lines match input
    /// lines (`error` says which).
    Skipped,
}

impl Status {
    /// The status as the JSON trace writes it (`no-solution`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::Invalid => "invalid",
            Status::NoSolution => "no-solution",
            Status::MultipleSolutions => "multiple-solutions",
            Status::Error => "error",
            Status::Skipped => "skipped",
        }
    }

    /// Every status.
    pub const ALL: [Status; 7] = [
        Status::Solved,
        Status::Stuck,
        Status::Invalid,
        Status::NoSolution,
        Status::MultipleSolutions,
        Status::Error,
        Status::Skipped,
    ];
}

/// The config a trace was made with: its name and the hash of its effective content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfigRef {
    /// The config's name.
    pub name: String,
    /// The hash of its effective content (techniques, parameters, ratings).
    pub hash: String,
}

/// The version of the JSON trace format: 2 added step kinds and typed parts; 3 named the
/// rating's ER, EP and ED `path_er`, `path_ep`, `path_ed` (they rate the path the trace took,
/// not the puzzle as `kaidoku rate` does). Raised with any change that a reader of the JSON
/// could notice other than a new key.
pub const TRACE_FORMAT: u32 = 3;

/// The Kaidoku version that wrote a trace.
pub const KAIDOKU_VERSION: &str = env!("CARGO_PKG_VERSION");

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The record of one solve.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    /// [`TRACE_FORMAT`].
    pub format: u32,
    /// [`KAIDOKU_VERSION`].
    pub kaidoku: &'static str,
    /// The puzzle as given: 81 characters of the starting values (or the raw input when it
    /// could not be read).
    pub puzzle: String,
    /// How the solve ended.
    pub status: Status,
    /// How many steps were last-resort guesses (`guess`), not logic; left out of the JSON
    /// when none were.
    #[serde(skip_serializing_if = "is_zero")]
    pub guesses: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Why the solve failed or did not start (`invalid`, `no-solution`, `error` …).
    pub error: Option<String>,
    /// The steps taken, in order.
    pub steps: Vec<Step>,
    /// The values at the end, `.` for unsolved cells.
    pub grid: String,
    /// The config the trace was made with.
    pub config: ConfigRef,
    /// The difficulty of the path taken (ER of the hardest step, HoDoKu score and level), for
    /// solved and stuck traces. In JSON its ER, EP and ED are `path_er`, `path_ep` and
    /// `path_ed`: the path of a config other than `se` is not the path `kaidoku rate` rates.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "path_rating_json"
    )]
    pub rating: Option<PathRating>,
    /// The position at the end (for rendering).
    #[serde(skip)]
    pub final_grid: Option<Grid>,
}

/// A trace's `rating` as JSON: [`PathRating`] with its ratings named after the path.
fn path_rating_json<S: serde::Serializer>(
    rating: &Option<PathRating>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Json<'a> {
        path_er: Er,
        score: u64,
        level: Option<Level>,
        #[serde(skip_serializing_if = "Option::is_none")]
        hardest: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        path_ep: Option<Er>,
        #[serde(skip_serializing_if = "Option::is_none")]
        path_ed: Option<Er>,
        complete: bool,
    }
    rating
        .as_ref()
        .map(|r| Json {
            path_er: r.er,
            score: r.score,
            level: r.level,
            hardest: r.hardest.as_deref(),
            path_ep: r.ep,
            path_ed: r.ed,
            complete: r.complete,
        })
        .serialize(serializer)
}

impl Trace {
    /// A trace about to record a solve from `start`.
    pub fn start(start: &Grid, config: &Config) -> Trace {
        Trace::start_with(
            start,
            ConfigRef {
                name: config.name.clone(),
                hash: config.hash(),
            },
        )
    }

    /// [`Trace::start`] with the config's name and hash already worked out (a solver hashes
    /// its config once, not once per puzzle).
    pub fn start_with(start: &Grid, config: ConfigRef) -> Trace {
        Trace {
            format: TRACE_FORMAT,
            kaidoku: KAIDOKU_VERSION,
            puzzle: start.to_line(),
            status: Status::Stuck,
            guesses: 0,
            error: None,
            steps: Vec::new(),
            grid: String::new(),
            config,
            rating: None,
            final_grid: None,
        }
    }

    /// The trace of an input that could not be read.
    pub fn invalid(input: &str, error: String, config: &Config) -> Trace {
        Trace {
            format: TRACE_FORMAT,
            kaidoku: KAIDOKU_VERSION,
            puzzle: input.trim().to_string(),
            status: Status::Invalid,
            guesses: 0,
            error: Some(error),
            steps: Vec::new(),
            grid: String::new(),
            config: ConfigRef {
                name: config.name.clone(),
                hash: config.hash(),
            },
            rating: None,
            final_grid: None,
        }
    }

    /// The trace of a line that holds no puzzle (blank, a comment): `why` says which.
    pub fn skipped(why: String, config: &Config) -> Trace {
        Trace {
            status: Status::Skipped,
            ..Trace::invalid("", why, config)
        }
    }

    pub(crate) fn finish(mut self, status: Status, error: Option<String>, grid: &Grid) -> Trace {
        self.status = status;
        self.guesses = self.steps.iter().filter(|s| s.kind.is_guess()).count();
        self.error = error;
        self.grid = grid.to_line();
        self.final_grid = Some(grid.clone());
        self
    }

    /// A trace taken on a moved position (a puzzle's canonical form), carried back by `back`
    /// to the position it was moved from, `start`: the same steps, moved.
    pub(crate) fn moved_back(mut self, back: &Transform, start: &Grid) -> Trace {
        self.puzzle = start.to_line();
        self.steps = self.steps.iter().map(|s| s.moved(back)).collect();
        self.error = self.error.map(|e| moved_text(&e, back));
        if let Some(grid) = self.final_grid.take() {
            let grid = back.grid(&grid);
            self.grid = grid.to_line();
            self.final_grid = Some(grid);
        }
        self
    }

    /// The trace as one line of JSON (see the README's "The JSON trace").
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise trace: {e}\"}}"))
    }

    /// The trace as text: header, numbered steps, status, and the final grid (with pencil
    /// marks when unsolved).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Puzzle  {}", self.puzzle);
        let _ = writeln!(out, "Config  {} ({})", self.config.name, self.config.hash);
        let width = self.steps.len().to_string().len();
        for (i, step) in self.steps.iter().enumerate() {
            let _ = writeln!(out, "{:>width$}. {}", i + 1, step.text());
        }
        let _ = write!(out, "Status  {}", self.status.as_str());
        match self.status {
            Status::Solved | Status::Stuck => {
                let _ = write!(out, " after {} steps", self.steps.len());
                match self.guesses {
                    0 => out.push('\n'),
                    1 => out.push_str(", 1 of them a guess\n"),
                    n => {
                        let _ = writeln!(out, ", {n} of them guesses");
                    }
                }
            }
            _ => out.push('\n'),
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "Error   {error}");
        }
        if let Some(grid) = &self.final_grid {
            out.push('\n');
            if grid.is_solved() || self.status != Status::Stuck {
                out.push_str(&render::values(grid));
            } else {
                out.push_str(&render::pencil_marks(grid));
            }
        }
        out
    }
}
