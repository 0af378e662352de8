//! `kaidoku hint`: the next step for a player, in graded levels: 1 the technique, 2 where to
//! look (a single's house, another step's pattern cells), 3 the whole step. The position is checked first: a puzzle without a
//! solution or with several, a placed digit that differs from the solution, a candidate
//! removed that is the cell's solution digit: each is said, with the cell.
//!
//! The step is the easiest one available (Sudoku Explainer's choice, as `kaidoku rate` makes
//! it), from the rating config unless `--config` names another. When that config finds no
//! step, the stronger shipped configs are tried in turn (`default`, then `all`) and the hint
//! says which one it comes from: a hint always comes.

use crate::position::{self, PositionFormat};
use crate::{Format, diagnose, input, output};
use anyhow::{Result, bail};
use kaidoku_engine::{CellSet, DigitSet, Grid, House, Part, Solver, Step};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Shipped configs tried in turn when the chosen one finds no step: each has stronger
/// techniques than the last (`default` ends with nested forcing chains and a guess, `all` adds
/// templates and kraken fish), so a position with one solution always gets a hint.
const FALLBACKS: [&str; 2] = ["default", "all"];

/// What to tell and how.
pub struct Options {
    /// 1 the technique, 2 where, 3 the whole step.
    pub level: u8,
    pub format: Format,
    /// Apply the step and print the position after it, in this format.
    pub apply: Option<PositionFormat>,
}

pub fn run(puzzle: &str, config: Option<PathBuf>, options: Options) -> Result<ExitCode> {
    let config = input::config_or(config, kaidoku_techniques::RATING_CONFIG, "rating")?;
    let solver = input::solver_of(config, false)?;
    let (input_format, grid) = input::one_puzzle(puzzle)?;
    diagnose::check_position(&grid)?;
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
    let Some(hint) = find(&solver, &grid)? else {
        // Only a config without a guess among the fallbacks' techniques could come here.
        bail!(
            "no technique of config `{}` nor of the shipped configs {} finds a step in this \
             position",
            solver.config().name,
            FALLBACKS.map(|n| format!("`{n}`")).join(", ")
        );
    };
    let fallback_note = hint.fallback.map(|fallback| {
        format!(
            "No technique of config `{}` finds a step here; this hint comes from the \
             techniques of config `{fallback}`.",
            solver.config().name
        )
    });
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
            "where": where_(step),
            "cells": cells_of(step).to_string(),
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
        1 => format!("Look for a {} (ER {er}).", step.name()),
        2 => format!("Look for a {} (ER {er}) {}.", step.name(), where_(step)),
        _ => format!("{} (ER {er})", step.text()),
    };
    writeln!(out, "Hint {level}/3: {text}")?;
    if level < 3 {
        writeln!(out, "(`--level {}` tells more.)", level + 1)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The step a hint is about, its ER, and the shipped config it came from when the chosen
/// config found none.
struct Hint {
    step: Step,
    er: kaidoku_engine::Er,
    fallback: Option<&'static str>,
}

/// The easiest step of the chosen config, else of the first fallback config that has one.
fn find(solver: &Solver, grid: &Grid) -> Result<Option<Hint>> {
    if let Some(step) = solver.easiest_step(grid)? {
        let er = solver.ratings().rate(&step, grid).er;
        return Ok(Some(Hint {
            step,
            er,
            fallback: None,
        }));
    }
    for name in FALLBACKS {
        if name == solver.config().name {
            continue;
        }
        let stronger = input::solver_of(input::shipped(name)?, false)?;
        if let Some(step) = stronger.easiest_step(grid)? {
            let er = stronger.ratings().rate(&step, grid).er;
            return Ok(Some(Hint {
                step,
                er,
                fallback: Some(name),
            }));
        }
    }
    Ok(None)
}

/// Where to look, without giving the answer away (HoDoKu's vague hint): for a single, the
/// house it lies in (its cell would be the answer); otherwise the cells of the step's pattern,
/// or, for a step without one, its digits.
fn where_(step: &Step) -> String {
    if step.kind.is_single() {
        let house = step.parts.iter().find_map(|part| match part {
            Part::House(house) => Some(*house),
            _ => None,
        });
        // A naked single names no house: the box of its cell.
        let house = house.or_else(|| {
            let &(cell, _) = step.placements.first()?;
            Some(House::box_(cell.box_index()))
        });
        if let Some(house) = house {
            return format!("in {house}");
        }
    }
    let mut cells = CellSet::EMPTY;
    for part in &step.pattern {
        cells |= part.candidates.cells();
    }
    if !cells.is_empty() && !step.kind.is_single() {
        return format!("at {cells}");
    }
    let mut digits = DigitSet::EMPTY;
    for (_, digit) in step.eliminations.iter() {
        digits.insert(digit);
    }
    for &(_, digit) in &step.placements {
        digits.insert(digit);
    }
    let s = if digits.len() == 1 { "" } else { "s" };
    format!("about digit{s} {digits}")
}

/// All the cells of the step: its pattern, else its placements, else its eliminations (level 3
/// material, for `--format json`).
fn cells_of(step: &Step) -> CellSet {
    let mut cells = CellSet::EMPTY;
    for part in &step.pattern {
        cells |= part.candidates.cells();
    }
    if cells.is_empty() {
        for &(cell, _) in &step.placements {
            cells.insert(cell);
        }
    }
    if cells.is_empty() {
        cells = step.eliminations.cells();
    }
    cells
}
