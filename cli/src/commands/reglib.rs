//! `kaidoku reglib`: HoDoKu's regression library against our techniques.

use crate::{input, output};
use anyhow::{Context, Result};
use kaidoku_engine::reglib;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(
    file: &Path,
    technique: Option<&str>,
    config: Option<PathBuf>,
    symmetries: bool,
) -> Result<ExitCode> {
    let config = input::config(config)?;
    let mut text = String::new();
    input::open_file(&file.to_string_lossy())?
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {}", file.display()))?;
    if let Some(id) = technique
        && config.registry.get(id).is_none()
    {
        let hint = config
            .registry
            .suggest(id)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        anyhow::bail!("unknown technique `{id}`{hint}");
    }
    let mut out = output::stdout();
    let report = reglib::run_with(
        &text,
        &config.registry,
        kaidoku_techniques::REGLIB_CODES,
        technique,
        symmetries,
    );
    // Columns as wide as their longest entry (a plugin's id can be long).
    let name_width = report
        .codes
        .values()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(32);
    let id_width = report
        .codes
        .values()
        .map(|t| t.technique.chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    for (code, tally) in &report.codes {
        let total = tally.passed + tally.failures.len();
        let mark = if tally.failures.is_empty() {
            "ok  "
        } else {
            "FAIL"
        };
        writeln!(
            out,
            "{mark} {code} {:<name_width$} {:<id_width$} {:>4}/{total} passed",
            tally.name, tally.technique, tally.passed
        )?;
        for failure in &tally.failures {
            writeln!(
                out,
                "       line {}: {}",
                failure.line_number, failure.reason
            )?;
            writeln!(out, "         {}", failure.line)?;
        }
    }
    for failure in &report.unreadable {
        writeln!(
            out,
            "FAIL unreadable line {}: {}",
            failure.line_number, failure.reason
        )?;
    }
    let skipped: usize = report.skipped.values().sum();
    writeln!(
        out,
        "{} passed, {} failed, {} unreadable; {skipped} cases of {} codes skipped (no technique here)",
        report.passed(),
        report.failed(),
        report.unreadable.len(),
        report.skipped.len()
    )?;
    out.flush()?;
    Ok(if report.failed() == 0 && report.unreadable.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
