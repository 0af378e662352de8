//! Pictures of a solve: each step drawn on the position before it, from the step's typed parts
//! (never from its text) — givens, placed digits, candidates, the pattern coloured by role,
//! eliminations struck, houses tinted, chain links drawn strong (solid) or weak (dashed) —
//! as standalone SVG documents or as one self-contained HTML page.
//!
//! ```
//! use kaidoku_engine::{parse, picture};
//! let solver = kaidoku_techniques::default_solver()?;
//! let start = parse::parse(
//!     "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
//! )?;
//! let trace = solver.solve(&start);
//! let pictures = picture::trace_pictures(&start, &trace); // start, one per step, final
//! assert_eq!(pictures.len(), trace.steps.len() + 2);
//! let page = picture::trace_html(&start, &trace);
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod frame;
mod geometry;
mod html;
mod overlays;
mod shapes;
mod style;
pub mod svg;

use crate::board::grid::Grid;
use crate::solve::trace::{Status, Trace};
use crate::step::Step;

pub use html::trace_html;
pub use style::PALETTE;

/// One picture of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// A file stem: `start`, `step-001` …, `final`; the numbers are padded so that names sort.
    pub name: String,
    /// A short heading: `Start`, `Step 3 of 42: Naked Single`, `Final position`.
    pub heading: String,
    /// What the picture shows in words: the puzzle, the step's text, how the solve ended.
    pub text: String,
    /// The SVG document.
    pub svg: String,
}

/// The SVG of `step` on the position `before` it, its text as the caption.
pub fn step_svg(before: &Grid, step: &Step) -> String {
    let text = step.text();
    board::step_picture(before, step, &text, Some(&text))
}

/// The SVG of `step` on the position `before` it with `caption` below it, or none: a page
/// that writes the step beside the picture (a hint's short sentence, its whole text folded)
/// leaves the caption out. The step's whole text is the picture's title either way.
pub fn step_svg_captioned(before: &Grid, step: &Step, caption: Option<&str>) -> String {
    board::step_picture(before, step, &step.text(), caption)
}

/// The SVG of a position: values, and candidates in unsolved cells, `caption` below.
pub fn grid_svg(grid: &Grid, caption: &str) -> String {
    board::grid_picture(grid, caption, Some(caption))
}

/// The pictures of a trace that started from `start`: the start, one per step (each on the
/// position before it), and the final position. Captions carry the text in each SVG.
pub fn trace_pictures(start: &Grid, trace: &Trace) -> Vec<Picture> {
    pictures(start, trace, true)
}

/// The positions before each step, replayed from `start`, and the position after the last.
pub fn positions(start: &Grid, steps: &[Step]) -> (Vec<Grid>, Grid) {
    let mut grid = start.clone();
    let mut before = Vec::with_capacity(steps.len());
    for step in steps {
        before.push(grid.clone());
        step.apply(&mut grid);
    }
    (before, grid)
}

/// The pictures, with the text drawn in each SVG (`captions`) or left to the page around it.
fn pictures(start: &Grid, trace: &Trace, captions: bool) -> Vec<Picture> {
    let (before, end) = positions(start, &trace.steps);
    let total = trace.steps.len();
    let width = total.to_string().len().max(3);
    let caption = |text: &str| captions.then(|| text.to_string());
    let mut out = Vec::with_capacity(total + 2);

    let text = format!("Puzzle {}", start.to_line());
    out.push(Picture {
        name: "start".into(),
        heading: "Start".into(),
        svg: board::grid_picture(start, "Start", caption(&text).as_deref()),
        text,
    });
    for (i, (step, grid)) in trace.steps.iter().zip(&before).enumerate() {
        let heading = format!("Step {} of {total}: {}", i + 1, step.name());
        let text = step.text();
        let title = format!("Step {}: {text}", i + 1);
        out.push(Picture {
            name: format!("step-{:0width$}", i + 1),
            svg: board::step_picture(grid, step, &title, caption(&title).as_deref()),
            heading,
            text,
        });
    }
    let text = ending(trace.status, total);
    out.push(Picture {
        name: "final".into(),
        heading: "Final position".into(),
        svg: board::grid_picture(&end, "Final position", caption(&text).as_deref()),
        text,
    });
    out
}

/// How the solve ended, in words.
fn ending(status: Status, steps: usize) -> String {
    let plural = if steps == 1 { "" } else { "s" };
    match status {
        Status::Solved => format!("Solved after {steps} step{plural}."),
        Status::Stuck => format!(
            "Stuck after {steps} step{plural}: no technique of the config applies; the candidates left are shown."
        ),
        other => format!("Ended as {} after {steps} step{plural}.", other.as_str()),
    }
}

#[cfg(test)]
mod tests;
