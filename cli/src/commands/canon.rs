//! `kaidoku canon`: each puzzle's canonical form, the forum's "minlex" (the smallest 81-digit
//! string over all 3,359,232 grid symmetries and digit relabellings, empty cells as `0`,
//! printed as `.`), one line per input line, so setters can find isomorphic puzzles with
//! `sort -u`. Blank and
//! comment lines give `skipped line N: …`, unreadable ones `invalid line N: …`. A line's puzzle
//! is its first field of 81 characters, so the output of `rate` and `generate` reads too.

use crate::input;
use crate::output;
use anyhow::Result;
use kaidoku_api::lines::{Content, Lines};
use kaidoku_engine::generate::canon::minlex_string;
use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;

pub fn run(file: &str) -> Result<ExitCode> {
    let mut out = output::stdout();
    let all_read = if file == "-" {
        canon_stream(std::io::stdin().lock(), &mut out)?
    } else {
        canon_stream(BufReader::new(input::open_file(file)?), &mut out)?
    };
    out.flush()?;
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn canon_stream(reader: impl BufRead, out: &mut impl Write) -> Result<bool> {
    let mut lines = Lines::new(reader);
    let mut all_read = true;
    while let Some((line, _)) = lines.next_line()? {
        let n = line.number;
        match &line.content {
            Content::Text(text) => match values(text) {
                Ok(values) => writeln!(out, "{}", minlex_string(&values))?,
                Err(why) => {
                    all_read = false;
                    writeln!(out, "invalid line {n}: {why}")?;
                }
            },
            content if content.is_skipped() => writeln!(
                out,
                "skipped line {n}: {}",
                content.problem().unwrap_or_default()
            )?,
            content => {
                all_read = false;
                writeln!(
                    out,
                    "invalid line {n}: {}",
                    content.problem().unwrap_or_default()
                )?;
            }
        }
    }
    Ok(all_read)
}

/// The 81 values of a line's puzzle: its first field of 81 characters (so `kaidoku rate` and
/// `generate` lines, whose puzzle comes last, read too), else the puzzle the line starts with
/// (`puzzle#comment`), else its first field.
fn values(text: &str) -> Result<[u8; 81], String> {
    let mut fields = text.split_whitespace();
    let field = fields
        .clone()
        .find(|f| f.chars().count() == 81)
        .or_else(|| fields.next())
        .unwrap_or("");
    if field.chars().count() != 81 {
        if let Ok(grid) = kaidoku_engine::parse::parse(text) {
            return Ok(*grid.values());
        }
        return Err(format!(
            "a puzzle is 81 characters (`1`-`9`, `.` or `0`), this has {}",
            field.chars().count()
        ));
    }
    let grid = kaidoku_engine::parse::parse(field).map_err(|e| e.to_string())?;
    Ok(*grid.values())
}
