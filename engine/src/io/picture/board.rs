//! The board of a picture: geometry, the candidates' fills by pattern role, the grid, values
//! and candidates, struck eliminations. The step's parts are drawn by [`super::overlays`], the
//! legend and caption by [`super::frame`].

use super::frame::{finish, start};
use super::overlays::Overlays;
use super::style::{self, Legend, Swatch};
use super::svg::{Svg, num};
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::step::Step;

/// Side of a cell; a candidate takes a third of it.
pub const CELL: f64 = 54.0;
pub(super) const SUB: f64 = CELL / 3.0;
/// Room for the row and column labels.
pub const MARGIN: f64 = 30.0;
pub(super) const BOARD: f64 = CELL * 9.0;
/// Width of the whole picture.
pub const WIDTH: f64 = MARGIN + BOARD + 14.0;
/// Radius of the fill behind a candidate.
pub(super) const MARK_RADIUS: f64 = 8.2;
pub(super) const LINE_HEIGHT: f64 = 18.0;
/// Characters of caption per line (13 px text across the board).
pub(super) const CAPTION_CHARS: usize = 66;

/// The top-left corner of a cell.
pub(super) fn corner(cell: Cell) -> (f64, f64) {
    (
        MARGIN + cell.col() as f64 * CELL,
        MARGIN + cell.row() as f64 * CELL,
    )
}

pub(super) fn cell_centre(cell: Cell) -> (f64, f64) {
    let (x, y) = corner(cell);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// Where candidate `digit` of `cell` sits: 1 2 3 on top, 7 8 9 at the bottom.
pub fn candidate_centre(cell: Cell, digit: Digit) -> (f64, f64) {
    let (x, y) = corner(cell);
    let i = (digit - 1) as usize;
    (
        x + (i % 3) as f64 * SUB + SUB / 2.0,
        y + (i / 3) as f64 * SUB + SUB / 2.0,
    )
}

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
        if !part.candidates.is_empty() {
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

/// A stroke through a candidate; `class` tells the board's from the legend's.
pub(super) fn strike(svg: &mut Svg, (x, y): (f64, f64), class: &str) {
    let r = MARK_RADIUS - 1.0;
    svg.empty(
        "line",
        &[
            ("class", &class),
            ("x1", &num(x - r)),
            ("y1", &num(y + r)),
            ("x2", &num(x + r)),
            ("y2", &num(y - r)),
            ("stroke", &style::ELIMINATION_STROKE),
            ("stroke-width", &2),
            ("stroke-linecap", &"round"),
        ],
    );
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
