//! A puzzle's rating as `kaidoku rate` prints it: the columns, and one line per puzzle in
//! text, csv, tsv or JSON, so every caller (the CLI, the bindings, a pipeline) writes the same
//! lines.

use kaidoku_engine::{PathRating, Status, Trace};
use serde_json::json;

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
    match format {
        RateFormat::Text => text_line(trace, number),
        RateFormat::Json => {
            let pairs: Vec<String> = COLUMNS
                .iter()
                .zip(fields(trace, number))
                .map(|(key, value)| format!("{}:{value}", json!(key)))
                .collect();
            format!("{{{}}}", pairs.join(","))
        }
        RateFormat::Csv | RateFormat::Tsv => {
            let separator = separator(format).expect("a separated format");
            fields(trace, number)
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
fn fields(trace: &Trace, number: usize) -> [serde_json::Value; COLUMNS.len()] {
    use serde_json::Value;
    let rating = match (&trace.rating, trace.status) {
        (Some(rating), Status::Solved | Status::Stuck) => Some(rating),
        _ => None,
    };
    let text = |text: Option<String>| text.map_or(Value::Null, Value::String);
    let er = |er: Option<kaidoku_engine::rating::Er>| er.map_or(Value::Null, |er| json!(er));
    [
        json!(number),
        json!(trace.status.as_str()),
        // Numbers; a puzzle the techniques did not finish (`solved` false) is harder than its
        // `er`.
        er(rating.map(|r| r.er)),
        er(rating.and_then(|r| r.ep)),
        er(rating.and_then(|r| r.ed)),
        text(rating.and_then(|r| r.level).map(|l| l.to_string())),
        rating.map_or(Value::Null, |r| json!(r.score)),
        text(rating.and_then(|r| r.hardest.clone())),
        json!(trace.status == Status::Solved),
        json!(trace.puzzle),
        text(trace.error.clone()),
    ]
}

/// A field for csv/tsv: quoted when it holds the separator, a quote or a line break.
fn quoted(field: &str, separator: &str) -> String {
    if field.contains(separator) || field.contains(['"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
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

/// `ER EP ED LEVEL SCORE HARDEST PUZZLE`, with `>ER` and a last word `unsolved` when the
/// techniques stop short (EP `-` while no step placed a digit); other statuses as
/// `STATUS line N: …` (`no-solution line 4: <puzzle>`).
pub fn text_line(trace: &Trace, number: usize) -> String {
    match (&trace.rating, trace.status) {
        (Some(rating), Status::Solved | Status::Stuck) => {
            let unsolved = if rating.complete { "" } else { " unsolved" };
            format!("{} {}{unsolved}", rating_columns(rating), trace.puzzle)
        }
        (_, status) => {
            // Why, and the puzzle (unless the reason already holds it).
            let what = match &trace.error {
                Some(error) if !trace.puzzle.is_empty() && !error.contains(&trace.puzzle) => {
                    format!("{error}: {}", trace.puzzle)
                }
                Some(error) => error.clone(),
                None => trace.puzzle.clone(),
            };
            // Errors of unreadable lines already say which line.
            if what.starts_with("line ") {
                format!("{} {what}", status.as_str())
            } else {
                format!("{} line {number}: {what}", status.as_str())
            }
        }
    }
}
