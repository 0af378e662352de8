//! `kaidoku hint`: the next step for a player, in graded levels: 1 the technique, 2 where to
//! look (the smallest region that holds the pattern), 3 the step in a short sentence (a long
//! chain's or net's text folded to its key links; `--full` prints it whole, `--svg` draws it).
//! The position is checked first: a puzzle without a solution or with several, a placed digit
//! that differs from the solution, a candidate removed by hand that is the cell's solution
//! digit: each is said, with the cell. The hint itself is `kaidoku_api::hint`'s, as the play
//! page gets it.
use crate::position::{self, PositionFormat};
use crate::{Format, input, output};
use anyhow::{Context, Result, bail};
use kaidoku_api::{Solvers, hint};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// What to tell and how.
pub struct Options {
    /// 1 the technique, 2 where, 3 the whole step.
    pub level: u8,
    pub format: Format,
    /// Apply the step and print the position after it, in this format.
    pub apply: Option<PositionFormat>,
    /// Level 3: the step's whole text, not folded.
    pub full: bool,
    /// Write the step's picture (SVG) to this file.
    pub svg: Option<PathBuf>,
}

pub fn run(puzzle: &str, config: Option<PathBuf>, options: Options) -> Result<ExitCode> {
    let config = input::config_or(config, kaidoku_techniques::RATING_CONFIG, "rating")?;
    let solver = input::solver_of(config, false)?;
    let (input_format, grid) = input::one_puzzle(puzzle)?;
    kaidoku_api::diagnose::check_position(&grid)?;
    let mut out = output::stdout();
    let json = options.format == Format::Json;
    if grid.is_solved() {
        if json {
            let value = serde_json::json!({"puzzle": grid.to_line(), "solved": true});
            writeln!(out, "{value}")?;
        } else if options.apply.is_some() {
            bail!("the puzzle is solved: there is no step to apply");
        } else {
            writeln!(out, "The puzzle is solved.")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let fallbacks = Solvers::new(input::source());
    let Some(hint) = hint::find(&solver, &grid, &fallbacks)? else {
        // Only a config without a guess among the fallbacks' techniques could come here.
        bail!(
            "no technique of config `{}` nor of the shipped configs {} finds a step in this \
             position",
            solver.config().name,
            hint::FALLBACKS.map(|n| format!("`{n}`")).join(", ")
        );
    };
    let fallback_note = hint.fallback_note(&solver.config().name);
    if let Some(path) = &options.svg {
        std::fs::write(path, hint.svg(&grid))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let (step, er) = (&hint.step, hint.er);
    let applied = options.apply.map(|format| {
        let mut after = grid.clone();
        step.apply(&mut after);
        position::write(&after, input_format, format)
    });
    if json {
        let value = serde_json::json!({
            "puzzle": grid.to_line(),
            "solved": false,
            "config": solver.config().name,
            "fallback": hint.fallback,
            "technique": step.name(),
            "er": er.to_string(),
            "where": hint.region().text,
            "region": hint.region(),
            "cells": hint::step_cells(step).to_string(),
            "sentence": hint.sentence(),
            "text": step.text(),
            "step": step,
            "position": applied.as_ref().map(|(text, _)| text),
        });
        writeln!(out, "{value}")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some((position, note)) = applied {
        // The position alone on stdout, so that it can be read again (`| kaidoku hint -`).
        if let Some(note) = fallback_note {
            output::note(format_args!("{note}"));
        }
        output::note(format_args!("applied: {} (ER {er})", step.text()));
        if let Some(note) = note {
            output::note(format_args!("note: {note}"));
        }
        writeln!(out, "{position}")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(note) = fallback_note {
        writeln!(out, "{note}")?;
    }
    let level = options.level;
    let text = match level {
        3 if options.full => format!("{} (ER {er})", step.text()),
        _ => hint.text(level),
    };
    writeln!(out, "Hint {level}/3: {text}")?;
    if level < 3 {
        writeln!(out, "(`--level {}` tells more.)", level + 1)?;
    } else if hint.sentence().folded && !options.full {
        writeln!(
            out,
            "(The step is folded to its key links: `--full` prints it whole, `--svg FILE` draws it.)"
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
