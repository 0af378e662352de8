//! What `kaidoku generate` prints: a line per puzzle in the asked format (the rating columns
//! of `kaidoku rate`, the symmetry drawn, the technique filters' path fields), the vicinity
//! search's lines, and the reasons candidates were turned down.

use crate::commands::rate::{rating_columns, text_line};
use clap::ValueEnum;
use kaidoku_engine::generate::filter::{Filters, Rejection};
use kaidoku_engine::generate::{ClueSymmetry, Generated};
use kaidoku_engine::rating::PathRating;
use kaidoku_engine::{Er, Grid, Status, Trace};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;

/// How `generate` prints each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// `ER EP ED LEVEL SCORE HARDEST PUZZLE` (`kaidoku rate`'s columns), with the symmetry
    /// drawn and the technique filters' path fields before the puzzle when they apply.
    Text,
    /// One JSON object a line.
    Json,
    /// The puzzle alone (81 characters, `.` for empty), unrated.
    Puzzle,
}

/// Which config path the technique filters read, as the output names it.
#[derive(Clone, Debug)]
pub struct PathName {
    /// The config's name.
    pub config: String,
    /// `easiest` (the step of lowest ER first, as `kaidoku rate --config` solves) or
    /// `config` (config order, as `kaidoku solve --config` solves).
    pub order: &'static str,
}

/// The columns and fields of a run's lines.
pub struct Layout {
    pub format: GenerateFormat,
    /// The SE rating is printed (not `--no-rating`, not `--format puzzle`).
    pub rated: bool,
    /// The symmetry of each puzzle is printed in text (`--symmetry random` draws it).
    pub symmetry: bool,
    /// The technique filters whose path fields are printed, and the path they read.
    pub path: Option<(Filters, PathName)>,
    /// The run's seed (in JSON).
    pub seed: u64,
    /// The rating trace too (`--trace`, JSON).
    pub trace: bool,
}

impl Layout {
    /// Writes the line of a generated puzzle.
    pub fn write(&self, out: &mut impl Write, g: &Generated) -> std::io::Result<()> {
        if self.format == GenerateFormat::Puzzle {
            // The plain format runs at the generator's speed: no line built on the way.
            let mut line = [b'\n'; 82];
            for (byte, &value) in line.iter_mut().zip(g.grid.values()) {
                *byte = if value == 0 { b'.' } else { b'0' + value };
            }
            return out.write_all(&line);
        }
        writeln!(out, "{}", self.line(g))
    }

    /// The line of a generated puzzle.
    pub fn line(&self, g: &Generated) -> String {
        let judged = g.judged.as_ref();
        let rating = judged
            .and_then(|j| j.rating.as_ref())
            .filter(|_| self.rated);
        let path = self
            .path
            .as_ref()
            .map(|(filters, name)| (filters, name, judged.and_then(|j| j.path())));
        match self.format {
            GenerateFormat::Puzzle => g.line(),
            GenerateFormat::Text => {
                let mut columns = Vec::new();
                let mut unsolved = "";
                if let Some(trace) = rating {
                    match &trace.rating {
                        Some(r) => {
                            columns.push(rating_columns(r));
                            if !r.complete {
                                unsolved = " unsolved";
                            }
                        }
                        // Not a rated trace (a generated puzzle always is): as `rate` says it.
                        None => return text_line(trace, 0),
                    }
                }
                if self.symmetry {
                    columns.push(g.symmetry.name().to_string());
                }
                if let Some((filters, _, trace)) = path {
                    let (met, hardest) = path_fields(filters, trace);
                    columns.push(format!("{} {hardest}", met.join(",")));
                }
                columns.push(g.line());
                format!("{}{unsolved}", columns.join(" "))
            }
            GenerateFormat::Json => {
                let mut value = json!({
                    "index": g.index,
                    "seed": self.seed,
                    "puzzle": g.line(),
                    "solution": digits(&g.solution),
                    "clues": g.grid.givens().len(),
                    "symmetry": g.symmetry.name(),
                });
                if let Some(trace) = rating {
                    value["status"] = json!(trace.status.as_str());
                    value["rating"] = json!(trace.rating);
                    if self.trace {
                        value["trace"] = serde_json::to_value(trace).unwrap_or_default();
                    }
                }
                if let Some((filters, name, trace)) = path {
                    value["path"] = path_json(filters, name, trace);
                }
                value.to_string()
            }
        }
    }
}

fn digits(values: &[u8; 81]) -> String {
    values.iter().map(|&d| (b'0' + d) as char).collect()
}

/// The kind of the step that met each technique filter (in the order `--needs`…,
/// `--hardest`, `--practice`, `--first`; `-` for none) and the path's hardest step.
fn path_fields(filters: &Filters, path: Option<&Trace>) -> (Vec<String>, String) {
    let (met, hardest) = filters.met(path);
    let dash = |kind: Option<String>| kind.unwrap_or_else(|| "-".to_string());
    (
        met.into_iter().map(|m| dash(m.kind)).collect(),
        dash(hardest),
    )
}

fn path_json(filters: &Filters, name: &PathName, path: Option<&Trace>) -> Value {
    let (kinds, hardest) = filters.met(path);
    // `needs` may be given several times: a list, in the order given.
    let needs: Vec<&Option<String>> = kinds
        .iter()
        .filter(|m| m.filter == "needs")
        .map(|m| &m.kind)
        .collect();
    let mut met = serde_json::Map::new();
    if !needs.is_empty() {
        met.insert("needs".to_string(), json!(needs));
    }
    for m in kinds.iter().filter(|m| m.filter != "needs") {
        met.insert(m.filter.to_string(), json!(m.kind));
    }
    json!({
        "config": name.config,
        "order": name.order,
        "met": met,
        "hardest": hardest,
        "rating": path.and_then(|t| t.rating.as_ref()),
    })
}

/// The line of a puzzle the vicinity search found: the columns of every other line, then
/// `from PARENT-ER round R` (in JSON `parent_er` and `round`).
pub fn vicinity_line(
    format: GenerateFormat,
    puzzle: &[u8; 81],
    rating: &PathRating,
    parent_er: Er,
    round: usize,
) -> String {
    let grid = Grid::from_givens(puzzle).expect("the search keeps puzzles with one solution");
    match format {
        GenerateFormat::Puzzle => grid.givens_line(),
        GenerateFormat::Text => format!(
            "{} {} from {parent_er} round {round}",
            rating_columns(rating),
            grid.givens_line()
        ),
        GenerateFormat::Json => {
            let solution = kaidoku_engine::backtrack::solve_values(puzzle, 1)
                .first
                .map(|s| digits(&s));
            json!({
                "puzzle": grid.givens_line(),
                "solution": solution,
                "clues": grid.givens().len(),
                "symmetry": ClueSymmetry::of(grid.givens()).name(),
                "status": Status::Solved.as_str(),
                "rating": rating,
                "parent_er": parent_er,
                "round": round,
            })
            .to_string()
        }
    }
}

/// The reasons candidates were turned down, most first: `1,380 for --hardest swordfish, 12
/// not solved by logic`. `technique` names the technique filters given.
pub fn turned_down(rejected: &BTreeMap<Rejection, u64>, technique: &str) -> String {
    let mut reasons: Vec<(&Rejection, &u64)> = rejected.iter().filter(|(_, n)| **n > 0).collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    if reasons.is_empty() {
        return "none".to_string();
    }
    reasons
        .iter()
        .map(|(why, n)| match why {
            Rejection::Technique => format!("{n} for {technique}"),
            Rejection::NotByLogic => format!("{n} not solved by logic"),
            other => format!("{n} for {}", other.as_str()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_come_most_first_and_name_the_technique_filters() {
        let counts = BTreeMap::from([
            (Rejection::NotByLogic, 12),
            (Rejection::Technique, 1380),
            (Rejection::Shape, 0),
        ]);
        assert_eq!(
            turned_down(&counts, "--hardest swordfish"),
            "1380 for --hardest swordfish, 12 not solved by logic"
        );
        assert_eq!(turned_down(&BTreeMap::new(), "x"), "none");
    }
}
