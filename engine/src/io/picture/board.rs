//! The board of a picture: the candidates' fills by pattern role, the grid, values and
//! candidates, struck eliminations. Where things sit is [`super::geometry`]; the step's parts
//! are drawn by [`super::overlays`], the legend and caption by [`super::frame`].

use super::frame::{finish, start};
use super::geometry::{BOARD, CELL, MARGIN, MARK_RADIUS, candidate_centre, cell_centre};
use super::overlays::Overlays;
use super::shapes::strike;
use super::style::{self, Legend, Swatch};
use super::svg::{Svg, num};
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::step::Step;

/// What the candidate layer shows of each candidate: its fill, and whether it is struck.
struct Marks {
    fill: [[Option<&'static str>; 9]; 81],
    struck: [[bool; 9]; 81],
}

impl Marks {
    fn new() -> Marks {
        Marks {
            fill: [[None; 9]; 81],
            struck: [[false; 9]; 81],
        }
    }

    fn set_fill(&mut self, cell: Cell, digit: Digit, colour: &'static str) {
        self.fill[cell.index()][digit as usize - 1] = Some(colour);
    }
}

/// A picture of `grid` alone: values and, in unsolved cells, candidates.
pub fn grid_picture(grid: &Grid, title: &str, caption: Option<&str>) -> String {
    let legend = Legend::default();
    let mut svg = start(title, &legend, caption);
    draw_cells(&mut svg, grid, &Marks::new());
    finish(svg, &legend, caption)
}

/// A picture of `step` on the position `before` it: the pattern by role, placements,
/// struck eliminations, the houses, cells and links of its parts.
pub fn step_picture(before: &Grid, step: &Step, title: &str, caption: Option<&str>) -> String {
    let mut legend = Legend::default();
    let mut marks = Marks::new();
    let colours = style::role_colours(&step.pattern);
    for (part, &colour) in step.pattern.iter().zip(&colours) {
        for (cell, digit) in part.candidates.iter() {
            marks.set_fill(cell, digit, colour);
        }
        if part.candidates.is_empty() {
            continue;
        }
        // A nested forcing's path: one entry for its numbered steps, whose colours cycle.
        if style::path_step(&part.role).is_some() {
            legend.add(
                Swatch::Fill(colour),
                "path under the assumption (steps numbered)",
            );
        } else {
            legend.add(Swatch::Fill(colour), part.role.to_string());
        }
    }
    for &(cell, digit) in &step.placements {
        if (1..=9).contains(&digit) {
            marks.set_fill(cell, digit, style::PLACEMENT);
        }
    }
    if !step.placements.is_empty() {
        legend.add(Swatch::Fill(style::PLACEMENT), "placed");
    }
    for (cell, digit) in step.eliminations.iter() {
        marks.set_fill(cell, digit, style::ELIMINATION_FILL);
        marks.struck[cell.index()][digit as usize - 1] = true;
    }
    if !step.eliminations.is_empty() {
        legend.add(Swatch::Struck, "eliminated");
    }
    // The legend lists the tints, outlines and links too: note them before the legend's size
    // is known, then draw.
    let overlays = Overlays::of(step, before, &colours);
    overlays.note(&mut legend);

    let mut svg = start(title, &legend, caption);
    overlays.draw_tints(&mut svg);
    draw_cells(&mut svg, before, &marks);
    overlays.draw_lines(&mut svg);
    finish(svg, &legend, caption)
}

/// The candidate fills, the grid lines, the values and candidates, the strokes through
/// eliminations and the row and column labels.
fn draw_cells(svg: &mut Svg, grid: &Grid, marks: &Marks) {
    svg.open("g", &[("class", &"marks")]);
    for cell in Cell::all() {
        for digit in 1..=9u8 {
            if let Some(colour) = marks.fill[cell.index()][digit as usize - 1] {
                let (x, y) = candidate_centre(cell, digit);
                svg.empty(
                    "circle",
                    &[
                        ("cx", &num(x)),
                        ("cy", &num(y)),
                        ("r", &MARK_RADIUS),
                        ("fill", &colour),
                    ],
                );
            }
        }
    }
    svg.close();
    draw_grid_lines(svg);
    svg.open("g", &[("class", &"digits"), ("text-anchor", &"middle")]);
    for cell in Cell::all() {
        let (cx, cy) = cell_centre(cell);
        if let Some(value) = grid.value(cell) {
            let (class, colour) = if grid.is_given(cell) {
                ("given", style::GIVEN)
            } else {
                ("placed", style::PLACED)
            };
            svg.text_element(
                "text",
                &[
                    ("class", &class),
                    ("x", &num(cx)),
                    ("y", &num(cy + 11.0)),
                    ("font-size", &32),
                    ("fill", &colour),
                ],
                &value.to_string(),
            );
            continue;
        }
        for digit in grid.candidates(cell) {
            let (x, y) = candidate_centre(cell, digit);
            let struck = marks.struck[cell.index()][digit as usize - 1];
            let colour = if struck {
                style::ELIMINATION_STROKE
            } else {
                style::CANDIDATE
            };
            svg.text_element(
                "text",
                &[
                    ("x", &num(x)),
                    ("y", &num(y + 4.5)),
                    ("font-size", &13),
                    ("fill", &colour),
                ],
                &digit.to_string(),
            );
        }
    }
    svg.close();
    svg.open("g", &[("class", &"eliminations")]);
    for cell in Cell::all() {
        for digit in 1..=9u8 {
            if marks.struck[cell.index()][digit as usize - 1] {
                strike(svg, candidate_centre(cell, digit), "struck");
            }
        }
    }
    svg.close();
    draw_labels(svg);
}

fn draw_grid_lines(svg: &mut Svg) {
    svg.open("g", &[("class", &"grid"), ("stroke", &"#000")]);
    for i in 0..=9 {
        let at = MARGIN + i as f64 * CELL;
        let width = if i % 3 == 0 { 2.5 } else { 0.7 };
        let colour = if i % 3 == 0 { "#000" } else { "#999" };
        for (x1, y1, x2, y2) in [
            (at, MARGIN, at, MARGIN + BOARD),
            (MARGIN, at, MARGIN + BOARD, at),
        ] {
            svg.empty(
                "line",
                &[
                    ("x1", &num(x1)),
                    ("y1", &num(y1)),
                    ("x2", &num(x2)),
                    ("y2", &num(y2)),
                    ("stroke", &colour),
                    ("stroke-width", &width),
                    ("stroke-linecap", &"square"),
                ],
            );
        }
    }
    svg.close();
}

fn draw_labels(svg: &mut Svg) {
    svg.open(
        "g",
        &[
            ("class", &"labels"),
            ("font-size", &12),
            ("fill", &"#666"),
            ("text-anchor", &"middle"),
        ],
    );
    for i in 0..9 {
        let middle = MARGIN + (i as f64 + 0.5) * CELL;
        let column = format!("c{}", i + 1);
        let row = format!("r{}", i + 1);
        svg.text_element("text", &[("x", &num(middle)), ("y", &19)], &column);
        svg.text_element("text", &[("x", &14), ("y", &num(middle + 4.0))], &row);
    }
    svg.close();
}
