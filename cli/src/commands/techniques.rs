//! `kaidoku techniques`: the config's techniques in order, with parameters and sources.

use crate::{input, output};
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(config: Option<PathBuf>) -> Result<ExitCode> {
    // Built exactly as `solve` builds it, so a config that `solve` rejects is rejected here.
    let solver = input::solver(config, false)?;
    let config = solver.config();
    let mut out = output::stdout();
    writeln!(
        out,
        "Config {} ({}), hash {}",
        config.name,
        config.origin,
        config.hash()
    )?;
    if config.verify {
        writeln!(out, "Verify mode: on")?;
    }
    if config.uniqueness {
        writeln!(out, "Uniqueness techniques: on")?;
    }
    // The id column is as wide as the longest id (a plugin's id can be long).
    let width = config
        .techniques
        .iter()
        .map(|t| t.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    for (i, t) in config.techniques.iter().enumerate() {
        let entry = config.entry(&t.id);
        let name = entry.map(|e| e.name.as_str()).unwrap_or("?");
        let state = if t.enabled { "" } else { "  [disabled]" };
        writeln!(
            out,
            "{:>3}. {:<width$} {}  ({}){state}",
            i + 1,
            t.id,
            name,
            t.source
        )?;
        if let Some(entry) = entry {
            for spec in &entry.params {
                let value = t
                    .params
                    .get(&spec.name)
                    .map(|v| v.to_string())
                    .unwrap_or_default();
                let origin = if t.explicit.iter().any(|n| *n == spec.name) {
                    "set"
                } else {
                    "default"
                };
                writeln!(
                    out,
                    "       {} = {value} ({origin}; {}) {}",
                    spec.name,
                    spec.kind.describe(),
                    spec.help
                )?;
            }
        }
    }
    let unused: Vec<&str> = config
        .registry
        .entries()
        .iter()
        .filter(|e| !config.techniques.iter().any(|t| t.id == e.id))
        .map(|e| e.id.as_str())
        .collect();
    if !unused.is_empty() {
        writeln!(
            out,
            "Also available, not in this config: {}",
            unused.join(", ")
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
