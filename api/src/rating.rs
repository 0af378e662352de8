//! A puzzle's rating as `kaidoku rate` prints it: the columns, and one line per puzzle in
//! text, csv, tsv or JSON, so every caller (the CLI, the bindings, a pipeline) writes the same
//! lines.

use kaidoku_engine::{PathRating, Status, Trace};
use serde_json::json;

/// What a rating line says of a rating solve: its trace without the steps, so that many can be
/// kept (a binding's answers) at a few dozen bytes each.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// The input line's number.
    pub number: usize,
    /// How the rating solve ended.
    pub status: Status,
    /// The rating, for solved and stuck puzzles.
    pub rating: Option<PathRating>,
    /// The puzzle (or the raw line when it could not be read).
    pub puzzle: String,
    /// Why there is no rating.
    pub error: Option<String>,
}

impl Rated {
    /// The rating line of `trace`, input line `number`.
    pub fn of(trace: &Trace, number: usize) -> Rated {
        Rated {
            number,
            status: trace.status,
            rating: self::rating(trace.rating.as_ref(), trace.status).cloned(),
            puzzle: trace.puzzle.clone(),
            error: trace.error.clone(),
        }
    }

    /// The line `kaidoku rate` prints for it in `format`.
    pub fn line(&self, format: RateFormat) -> String {
        self.view().line(format)
    }

    fn view(&self) -> View<'_> {
        View {
            number: self.number,
            status: self.status,
            rating: self.rating.as_ref(),
            puzzle: &self.puzzle,
            error: self.error.as_deref(),
        }
    }
}

/// The rating of a solve that has one (solved or stuck).
fn rating(rating: Option<&PathRating>, status: Status) -> Option<&PathRating> {
    rating.filter(|_| matches!(status, Status::Solved | Status::Stuck))
}

/// A rating line's parts, borrowed from a trace or a [`Rated`].
struct View<'a> {
    number: usize,
    status: Status,
    rating: Option<&'a PathRating>,
    puzzle: &'a str,
    error: Option<&'a str>,
}

impl<'a> View<'a> {
    fn of(trace: &'a Trace, number: usize) -> View<'a> {
        View {
            number,
            status: trace.status,
            rating: rating(trace.rating.as_ref(), trace.status),
            puzzle: &trace.puzzle,
            error: trace.error.as_deref(),
        }
    }
}

/// How `rate` prints each puzzle's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum RateFormat {
    /// `ER EP ED LEVEL SCORE HARDEST PUZZLE`, a space between columns.
    Text,
    /// Comma-separated, with a header line.
    Csv,
    /// Tab-separated, with a header line.
    Tsv,
    /// One JSON object a line.
    Json,
}

/// The columns of `csv` and `tsv`, in order (also the keys of `json`, with `line` first).
pub const COLUMNS: [&str; 11] = [
    "line", "status", "er", "ep", "ed", "level", "score", "hardest", "solved", "puzzle", "error",
];

/// The separator of a separated format (`csv`, `tsv`).
pub fn separator(format: RateFormat) -> Option<&'static str> {
    match format {
        RateFormat::Csv => Some(","),
        RateFormat::Tsv => Some("\t"),
        RateFormat::Text | RateFormat::Json => None,
    }
}

/// One puzzle's rating line in `format` (input line `number`).
pub fn line(trace: &Trace, number: usize, format: RateFormat) -> String {
    View::of(trace, number).line(format)
}

/// `ER EP ED LEVEL SCORE HARDEST PUZZLE`, with `>ER` and a last word `unsolved` when the
/// techniques stop short (EP `-` while no step placed a digit); other statuses as
/// `STATUS line N: …` (`no-solution line 4: <puzzle>`).
pub fn text_line(trace: &Trace, number: usize) -> String {
    View::of(trace, number).text_line()
}

impl View<'_> {
    fn line(&self, format: RateFormat) -> String {
        match format {
            RateFormat::Text => self.text_line(),
            RateFormat::Json => {
                let pairs: Vec<String> = COLUMNS
                    .iter()
                    .zip(self.fields())
                    .map(|(key, value)| format!("{}:{value}", json!(key)))
                    .collect();
                format!("{{{}}}", pairs.join(","))
            }
            RateFormat::Csv | RateFormat::Tsv => {
                let separator = separator(format).expect("a separated format");
                self.fields()
                    .iter()
                    .map(|v| match v {
                        serde_json::Value::String(s) => quoted(s, separator),
                        serde_json::Value::Null => String::new(),
                        other => other.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(separator)
            }
        }
    }

    /// Every field of a rating, in the order of [`COLUMNS`] (`null` where a status has none).
    fn fields(&self) -> [serde_json::Value; COLUMNS.len()] {
        use serde_json::Value;
        let rating = self.rating;
        let text = |text: Option<String>| text.map_or(Value::Null, Value::String);
        let er = |er: Option<kaidoku_engine::rating::Er>| er.map_or(Value::Null, |er| json!(er));
        [
            json!(self.number),
            json!(self.status.as_str()),
            // Numbers; a puzzle the techniques did not finish (`solved` false) is harder than its
            // `er`.
            er(rating.map(|r| r.er)),
            er(rating.and_then(|r| r.ep)),
            er(rating.and_then(|r| r.ed)),
            text(rating.and_then(|r| r.level).map(|l| l.to_string())),
            rating.map_or(Value::Null, |r| json!(r.score)),
            text(rating.and_then(|r| r.hardest.clone())),
            json!(self.status == Status::Solved),
            json!(self.puzzle),
            text(self.error.map(str::to_string)),
        ]
    }

    fn text_line(&self) -> String {
        match self.rating {
            Some(rating) => {
                let unsolved = if rating.complete { "" } else { " unsolved" };
                format!("{} {}{unsolved}", rating_columns(rating), self.puzzle)
            }
            None => {
                let (status, puzzle) = (self.status, self.puzzle);
                // Why, and the puzzle (unless the reason already holds it).
                let what = match self.error {
                    Some(error) if !puzzle.is_empty() && !error.contains(puzzle) => {
                        format!("{error}: {puzzle}")
                    }
                    Some(error) => error.to_string(),
                    None => puzzle.to_string(),
                };
                // Errors of unreadable lines already say which line.
                if what.starts_with("line ") {
                    format!("{} {what}", status.as_str())
                } else {
                    format!("{} line {}: {what}", status.as_str(), self.number)
                }
            }
        }
    }
}

/// `ER EP ED LEVEL SCORE HARDEST`: the rating columns of a text line.
pub fn rating_columns(rating: &PathRating) -> String {
    format!(
        "{} {} {} {} {} {}",
        rating.er_text(),
        rating.ep_text(),
        rating.ed_text(),
        rating.level.map_or("-", |l| l.as_str()),
        rating.score,
        rating.hardest.as_deref().unwrap_or("-")
    )
}

/// A field for csv/tsv: quoted when it holds the separator, a quote or a line break.
fn quoted(field: &str, separator: &str) -> String {
    if field.contains(separator) || field.contains(['"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
