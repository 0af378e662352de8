//! `kaidoku count`: solution counts from the backtracking solver, one line per puzzle, streamed.
//!
//! Reads every format `solve` reads. A file (or stdin) of one puzzle a line gives one output
//! line per input line, blank and comment lines included (`skipped line N: ...`); a file that
//! holds one multi-line grid gives one line for it.

use crate::input;
use crate::output;
use anyhow::{Context, Result};
use kaidoku_api::lines::{Content, Line, Lines};
use kaidoku_engine::backtrack::{self, Solutions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

/// A multi-line grid (pencil marks with borders included) is never longer than this.
const MAX_GRID_LINES: usize = 64;

pub fn run(arg: &str) -> Result<ExitCode> {
    let mut out = output::stdout();
    let all_read = if arg == "-" {
        count_stream(std::io::stdin().lock(), "stdin", &mut out)?
    } else if !arg.contains('\n') && Path::new(arg).exists() {
        count_stream(BufReader::new(input::open_file(arg)?), arg, &mut out)?
    } else {
        let text = input::puzzle_text(arg)?;
        count_text(&text, None, &mut out)?
    };
    out.flush()?;
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Count a stream: one puzzle a line, unless its first puzzle line is no puzzle on its own
/// and the whole (short) input reads as one multi-line grid.
fn count_stream(reader: impl BufRead, name: &str, out: &mut impl Write) -> Result<bool> {
    let mut lines = Lines::new(reader);
    let mut next = || {
        lines
            .next_line()
            .map(|l| l.map(|(line, _)| line))
            .with_context(|| format!("cannot read {name}"))
    };
    let mut head: Vec<Line> = Vec::new();
    let mut line_mode = false;
    while let Some(line) = next()? {
        let decides = match &line.content {
            Content::Blank | Content::Comment => false,
            Content::Text(text) => plain_values(text.trim()).is_some() || parses(text),
            Content::NotUtf8 { .. } | Content::TooLong => true,
        };
        head.push(line);
        if decides || head.len() > MAX_GRID_LINES {
            line_mode = true;
            break;
        }
    }
    if !line_mode && head.iter().any(|l| matches!(l.content, Content::Text(_))) {
        let text: Vec<&str> = head.iter().map(|l| l.content.text()).collect();
        if kaidoku_engine::parse::parse(&text.join("\n")).is_ok() {
            return count_text(&text.join("\n"), None, out);
        }
    }
    let mut all_read = true;
    for line in head {
        all_read &= count_line(&line, out)?;
    }
    while let Some(line) = next()? {
        all_read &= count_line(&line, out)?;
    }
    Ok(all_read)
}

fn parses(text: &str) -> bool {
    kaidoku_engine::parse::parse(text).is_ok()
}

fn count_line(line: &Line, out: &mut impl Write) -> Result<bool> {
    let text = match &line.content {
        Content::Text(text) => text.trim(),
        other => {
            let problem = other.problem().unwrap_or_default();
            let kind = if other.is_skipped() {
                "skipped"
            } else {
                "invalid"
            };
            writeln!(out, "{kind} line {}: {problem}", line.number)?;
            return Ok(other.is_skipped());
        }
    };
    // The common case, read without building a grid: 81 characters of digits and dots.
    if let Some(values) = plain_values(text) {
        if let Some(conflict) = kaidoku_engine::grid::find_conflict(&values) {
            writeln!(
                out,
                "invalid line {}: conflicting values: {conflict}",
                line.number
            )?;
            return Ok(false);
        }
        write_solutions(&backtrack::solve_values(&values, 2), out)?;
        return Ok(true);
    }
    count_text(text, Some(line.number), out)
}

fn count_text(text: &str, line: Option<usize>, out: &mut impl Write) -> Result<bool> {
    match kaidoku_engine::parse::parse(text) {
        Ok(grid) => {
            write_solutions(&grid.solutions(2), out)?;
            Ok(true)
        }
        Err(e) => {
            match line {
                Some(n) => writeln!(out, "invalid line {n}: {e}")?,
                None => writeln!(out, "invalid {e}")?,
            }
            Ok(false)
        }
    }
}

fn plain_values(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut values = [0u8; 81];
    for (value, &b) in values.iter_mut().zip(bytes) {
        *value = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(values)
}

fn write_solutions(solutions: &Solutions, out: &mut impl Write) -> Result<()> {
    match (solutions.count, &solutions.first) {
        (0, _) => writeln!(out, "0 -")?,
        (1, Some(solution)) => {
            let text: String = solution.iter().map(|&d| (b'0' + d) as char).collect();
            writeln!(out, "1 {text}")?;
        }
        _ => writeln!(out, "2+ -")?,
    }
    Ok(())
}
