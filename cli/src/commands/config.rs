//! `kaidoku config`: the shipped configs, listed or printed (the TOML compiled into the binary,
//! so an installed `kaidoku` shows them without a checkout).

use crate::output;
use anyhow::{Result, bail};
use std::io::Write;
use std::process::ExitCode;

/// Print the TOML of the shipped config `name`.
pub fn show(name: &str) -> Result<ExitCode> {
    let Some(text) = kaidoku_techniques::shipped_config(name) else {
        let names = kaidoku_techniques::SHIPPED_CONFIGS.iter().map(|(n, _)| *n);
        let nearest = kaidoku_engine::registry::nearest(name, names.clone())
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        let list: Vec<&str> = names.collect();
        bail!(
            "no shipped config `{name}` (shipped: {}){nearest}",
            list.join(", ")
        );
    };
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The shipped configs, each with the first sentence of its leading comment.
pub fn list() -> Result<ExitCode> {
    let mut out = output::stdout();
    let width = kaidoku_techniques::SHIPPED_CONFIGS
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(0);
    for (name, text) in kaidoku_techniques::SHIPPED_CONFIGS {
        writeln!(out, "{name:<width$}  {}", first_sentence(text))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The first sentence of the comment a config starts with.
fn first_sentence(text: &str) -> String {
    let comment: Vec<&str> = text
        .lines()
        .map_while(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect();
    let comment = comment.join(" ");
    match comment.find(". ") {
        Some(end) => comment[..end + 1].to_string(),
        None => comment,
    }
}
