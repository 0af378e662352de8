//! `kaidoku count`: solution counts from the backtracking solver, one line per puzzle, streamed.

use crate::input;
use anyhow::{Context, Result};
use kaidoku_engine::backtrack::{self, Solutions};
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

pub fn run(arg: &str) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_read = true;
    if arg == "-" {
        for line in std::io::stdin().lock().lines() {
            all_read &= count_line(&line.context("cannot read stdin")?, &mut out)?;
        }
    } else if Path::new(arg).is_file() {
        let file = std::fs::File::open(arg).with_context(|| format!("cannot read {arg}"))?;
        for line in std::io::BufReader::new(file).lines() {
            all_read &= count_line(
                &line.with_context(|| format!("cannot read {arg}"))?,
                &mut out,
            )?;
        }
    } else {
        let text = input::puzzle_text(arg)?;
        all_read &= count_text(&text, &mut out)?;
    }
    out.flush()?;
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn count_line(line: &str, out: &mut impl Write) -> Result<bool> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(true);
    }
    // The common case, read without building a grid: 81 characters of digits and dots.
    if let Some(values) = plain_values(line) {
        write_solutions(&backtrack::solve_values(&values, 2), out)?;
        return Ok(true);
    }
    count_text(line, out)
}

fn count_text(text: &str, out: &mut impl Write) -> Result<bool> {
    match kaidoku_engine::parse::parse(text) {
        Ok(grid) => {
            write_solutions(&grid.solutions(2), out)?;
            Ok(true)
        }
        Err(e) => {
            writeln!(out, "invalid {e}")?;
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
