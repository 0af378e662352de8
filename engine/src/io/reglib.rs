//! Running a HoDoKu regression library (one test case a line): for each case whose technique
//! code maps to a technique we have, load the position, run that technique, and pass when one
//! of its steps has exactly the expected eliminations and placements (a `-x` case passes when
//! the technique finds nothing).

use crate::board::candidates::Candidates;
use crate::board::symmetry::SYMMETRIES;
use crate::step::Step;
use crate::technique::registry::Registry;
use crate::technique::{ParamValue, Params, StepSink};
use crate::text::parse::{LibraryCase, parse_library_case};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One row of the code → technique table.
#[derive(Clone, Copy, Debug)]
pub struct ReglibCode {
    /// HoDoKu's code, e.g. `0100`; with a variant (`0904-2`) the row covers only that variant
    /// and is preferred over the bare code's row.
    pub code: &'static str,
    /// HoDoKu's name for it.
    pub name: &'static str,
    /// The Kaidoku technique that covers it.
    pub technique: &'static str,
    /// Parameters that make the technique match HoDoKu's notion (others stay at defaults).
    pub params: &'static [(&'static str, ParamValue)],
}

/// A failing case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The line's number in the file, one-based.
    pub line_number: usize,
    /// The line.
    pub line: String,
    /// Why it failed.
    pub reason: String,
}

/// The results for one code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeTally {
    /// HoDoKu's name of the technique of the code.
    pub name: String,
    /// The id of the technique that ran the cases.
    pub technique: String,
    /// How many cases passed.
    pub passed: usize,
    /// The cases that failed.
    pub failures: Vec<Failure>,
}

/// The results of a whole library run.
#[derive(Clone, Debug, Default)]
pub struct ReglibReport {
    /// The results by code (`0300`, `0301` …).
    pub codes: BTreeMap<String, CodeTally>,
    /// Cases whose code has no technique here, by code.
    pub skipped: BTreeMap<String, usize>,
    /// Lines that could not be read.
    pub unreadable: Vec<Failure>,
}

impl ReglibReport {
    /// How many cases passed, over every code.
    pub fn passed(&self) -> usize {
        self.codes.values().map(|t| t.passed).sum()
    }

    /// How many cases failed, over every code.
    pub fn failed(&self) -> usize {
        self.codes.values().map(|t| t.failures.len()).sum()
    }
}

/// Run every case of a library text. `only` restricts the run to one technique id.
pub fn run(
    text: &str,
    registry: &Registry,
    table: &[ReglibCode],
    only: Option<&str>,
) -> ReglibReport {
    run_with(text, registry, table, only, false)
}

/// [`run`]; with `symmetries`, a case passes only when it also passes moved by each of
/// [`SYMMETRIES`] (transposed, rotated, bands and stacks swapped, digits relabelled …).
pub fn run_with(
    text: &str,
    registry: &Registry,
    table: &[ReglibCode],
    only: Option<&str>,
    symmetries: bool,
) -> ReglibReport {
    let mut report = ReglibReport::default();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line_number = index + 1;
        let case = match parse_library_case(line) {
            Ok(case) => case,
            Err(e) => {
                report.unreadable.push(Failure {
                    line_number,
                    line: line.to_string(),
                    reason: e.to_string(),
                });
                continue;
            }
        };
        let Some(row) = row_for(table, &case) else {
            *report.skipped.entry(case.code.clone()).or_default() += 1;
            continue;
        };
        if only.is_some_and(|id| id != row.technique) {
            continue;
        }
        let tally = report
            .codes
            .entry(row.code.to_string())
            .or_insert_with(|| CodeTally {
                name: row.name.to_string(),
                technique: row.technique.to_string(),
                ..CodeTally::default()
            });
        let mut result = check_case(&case, row, registry);
        if symmetries && result.is_ok() {
            result = SYMMETRIES.iter().try_for_each(|symmetry| {
                check_case(&symmetry.case(&case), row, registry)
                    .map_err(|reason| format!("moved ({}): {reason}", symmetry.name))
            });
        }
        match result {
            Ok(()) => tally.passed += 1,
            Err(reason) => tally.failures.push(Failure {
                line_number,
                line: line.to_string(),
                reason,
            }),
        }
    }
    report
}

/// The table row for a case: the one naming its variant (`0904-2`), else its bare code.
pub fn row_for<'t>(table: &'t [ReglibCode], case: &LibraryCase) -> Option<&'t ReglibCode> {
    let named = |row: &&ReglibCode| match (row.code.split_once('-'), case.variant.as_deref()) {
        (Some((code, variant)), Some(wanted)) => code == case.code && variant == wanted,
        _ => false,
    };
    table
        .iter()
        .find(named)
        .or_else(|| table.iter().find(|row| row.code == case.code))
}

/// Run one case; `Err` says why it failed.
pub fn check_case(case: &LibraryCase, row: &ReglibCode, registry: &Registry) -> Result<(), String> {
    let entry = registry
        .get(row.technique)
        .ok_or_else(|| format!("technique `{}` is not available", row.technique))?;
    let mut params = Params::defaults(&entry.params);
    for (name, value) in row.params {
        params.set(name, *value);
    }
    let technique = (entry.build)(&params)?;
    let mut sink = StepSink::all(Arc::from(row.technique));
    let _ = technique.find_steps(&case.grid, &mut sink);
    let steps = sink.into_steps();
    matches_case(case, &steps)
}

/// Whether `steps` (all a technique found at the case's position) satisfy the case: one with
/// exactly its placements and eliminations, or none at all for a `-x` case. `Err` says why not.
pub fn matches_case(case: &LibraryCase, steps: &[Step]) -> Result<(), String> {
    if case.expects_nothing() {
        return match steps.first() {
            None => Ok(()),
            Some(step) => Err(format!(
                "expected no step, found {} step(s), first: {}",
                steps.len(),
                step.text()
            )),
        };
    }
    let mut expected = Step::new(crate::step::StepKind::new("expected", "expected"));
    expected.placements = case.placements.as_slice().into();
    expected.eliminations = case.eliminations.iter().copied().collect::<Candidates>();
    if steps.iter().any(|s| s.same_effects(&expected)) {
        return Ok(());
    }
    let found: Vec<String> = steps.iter().take(3).map(Step::text).collect();
    Err(format!(
        "expected {}; found {} step(s){}{}",
        expected.effects(),
        steps.len(),
        if found.is_empty() { "" } else { ": " },
        found.join(" | ")
    ))
}
