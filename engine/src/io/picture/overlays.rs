//! The typed parts of a step drawn on the board: base and cover sets, houses and cells tinted
//! under the candidates; stems, almost locked sets, chain links (strong solid, weak dashed),
//! groups and paths over them. A forcing chain or net (two chains or more, its branches) is
//! drawn branch by branch in distinct colours, each link numbered in order along its branch,
//! with a ring around the assumption the branches start from and around where they end (the
//! contradiction, or the conclusion they agree on).

use super::geometry::{BOARD, CELL, MARGIN, MARK_RADIUS, candidate_centre, cell_centre, corner};
use super::shapes::rect;
use super::style::{self, Legend, Swatch};
use super::svg::{Svg, num};
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, HouseKind, peers};
use crate::step::{Chain, ChainNode, LinkKind, NodeKind, Part, Step};

/// The parts of a step drawn over or under the candidates.
pub(super) struct Overlays<'a> {
    step: &'a Step,
    /// The position before the step: which cells of an ALS hold a linking digit.
    grid: &'a Grid,
    /// The colour of the pattern role whose cells are exactly an ALS's, for its outline.
    colours: &'a [&'static str],
}

impl<'a> Overlays<'a> {
    pub(super) fn of(step: &'a Step, grid: &'a Grid, colours: &'a [&'static str]) -> Overlays<'a> {
        Overlays {
            step,
            grid,
            colours,
        }
    }

    /// The links an ALS step implies without a chain part: from a death blossom's stem digit
    /// to its petal's places for that digit, and between two sets' places for a restricted
    /// common digit (every place of one sees every place of the other).
    fn als_links(&self) -> Vec<((f64, f64), (f64, f64))> {
        let parts = &self.step.parts;
        let mut links = Vec::new();
        let stem = parts.iter().find_map(|p| match p {
            Part::Stem { cell, .. } => Some(*cell),
            _ => None,
        });
        if let Some(stem) = stem {
            for part in parts {
                if let Part::Als {
                    cells,
                    link: Some(digit),
                    ..
                } = part
                    && (1..=9).contains(digit)
                    && let Some(to) = self.places_centre(*cells, *digit)
                {
                    links.push((candidate_centre(stem, *digit), to));
                }
            }
        }
        let sets: Vec<CellSet> = parts
            .iter()
            .filter_map(|p| match p {
                Part::Als { cells, .. } => Some(*cells),
                _ => None,
            })
            .collect();
        for part in parts {
            let Part::Rcc(digits) = part else { continue };
            for digit in *digits {
                for (i, &a) in sets.iter().enumerate() {
                    for &b in &sets[i + 1..] {
                        let (pa, pb) = (self.places(a, digit), self.places(b, digit));
                        let restricted = !pa.is_empty()
                            && !pb.is_empty()
                            && pa.iter().all(|x| pb.is_subset_of(peers(x)));
                        if let (true, Some(from), Some(to)) = (
                            restricted,
                            self.places_centre(a, digit),
                            self.places_centre(b, digit),
                        ) {
                            links.push((from, to));
                        }
                    }
                }
            }
        }
        links
    }

    /// The cells of `cells` where `digit` is a candidate (none for a digit out of range).
    fn places(&self, cells: CellSet, digit: Digit) -> CellSet {
        if !(1..=9).contains(&digit) {
            return CellSet::EMPTY;
        }
        cells & self.grid.cells_with(digit)
    }

    fn places_centre(&self, cells: CellSet, digit: Digit) -> Option<(f64, f64)> {
        let places = self.places(cells, digit);
        if places.is_empty() {
            return None;
        }
        let n = places.len() as f64;
        let (sx, sy) = places.iter().fold((0.0, 0.0), |(sx, sy), cell| {
            let (x, y) = candidate_centre(cell, digit);
            (sx + x, sy + y)
        });
        Some((sx / n, sy / n))
    }

    /// The chains of a forcing chain or net (two or more, one per branch); none otherwise.
    fn branches(&self) -> Vec<&'a Chain> {
        let chains: Vec<&Chain> = self
            .step
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Chain(chain) => Some(chain),
                _ => None,
            })
            .collect();
        if chains.len() >= 2 {
            chains
        } else {
            Vec::new()
        }
    }

    /// The assumption every branch starts from, when they share one.
    fn assumption(&self, branches: &[&Chain]) -> Option<ChainNode> {
        let first = *branches.first()?.nodes.first()?;
        branches
            .iter()
            .all(|c| c.nodes.first() == Some(&first))
            .then_some(first)
    }

    /// What the branches end on: the contradiction (two nodes, or a cell's or a house's
    /// candidates), or the one conclusion they all reach.
    fn ends(branches: &[&Chain]) -> Vec<ChainNode> {
        let mut ends: Vec<ChainNode> = Vec::new();
        for chain in branches {
            if let Some(&last) = chain.nodes.last()
                && !ends.contains(&last)
            {
                ends.push(last);
            }
        }
        ends
    }

    fn is_contradiction(&self) -> bool {
        self.step.kind.id.contains("contradiction")
    }

    pub(super) fn note(&self, legend: &mut Legend) {
        let als_links = !self.als_links().is_empty();
        let pattern = &self.step.pattern;
        if pattern.iter().any(|p| style::path_step(&p.role).is_some()) {
            if pattern.iter().any(|p| p.role == "assumption") {
                legend.add(Swatch::Outline(style::ASSUMPTION), "assumption ringed");
            }
            if pattern
                .iter()
                .any(|p| p.role == "contradiction" && !p.candidates.is_empty())
            {
                legend.add(
                    Swatch::Outline(style::CONTRADICTION),
                    "contradiction ringed",
                );
            }
        }
        let branches = self.branches();
        if self.assumption(&branches).is_some() {
            legend.add(Swatch::Outline(style::ASSUMPTION), "assumption");
        }
        for (i, _) in branches.iter().enumerate() {
            legend.add(
                Swatch::Line {
                    colour: style::BRANCHES[i % style::BRANCHES.len()],
                    dashed: false,
                },
                format!("branch {} (steps numbered)", i + 1),
            );
        }
        if !branches.is_empty() {
            let end = if self.is_contradiction() {
                "contradiction"
            } else {
                "conclusion"
            };
            legend.add(Swatch::Outline(style::CONTRADICTION), end);
        }
        for part in &self.step.parts {
            match part {
                Part::Base(_) => legend.add(Swatch::Tint(style::BASE_TINT), "base sets"),
                Part::Cover(_) => legend.add(Swatch::Tint(style::COVER_TINT), "cover sets"),
                Part::House(_) => legend.add(Swatch::Tint(style::HOUSE_TINT), "house"),
                Part::Cells(_) => legend.add(Swatch::Tint(style::CELLS_TINT), "cells"),
                Part::Stem { .. } => legend.add(Swatch::Outline(style::STEM), "stem"),
                Part::Chain(chain) => {
                    if chain.links.contains(&LinkKind::Strong) {
                        legend.add(
                            Swatch::Line {
                                colour: style::LINK,
                                dashed: false,
                            },
                            "strong link",
                        );
                    }
                    if chain.links.contains(&LinkKind::Weak) {
                        legend.add(
                            Swatch::Line {
                                colour: style::LINK,
                                dashed: true,
                            },
                            "weak link",
                        );
                    }
                }
                Part::Path(_) => legend.add(
                    Swatch::Line {
                        colour: style::PATH,
                        dashed: false,
                    },
                    "path",
                ),
                _ => {}
            }
        }
        if als_links {
            legend.add(
                Swatch::Line {
                    colour: style::LINK,
                    dashed: true,
                },
                "weak link",
            );
        }
    }

    /// House and cell tints, under everything else.
    pub(super) fn draw_tints(&self, svg: &mut Svg) {
        svg.open("g", &[("class", &"tints")]);
        for part in &self.step.parts {
            match part {
                Part::Base(houses) => {
                    for house in houses.iter() {
                        tint_house(svg, house, style::BASE_TINT, 0.16);
                    }
                }
                Part::Cover(houses) => {
                    for house in houses.iter() {
                        tint_house(svg, house, style::COVER_TINT, 0.16);
                    }
                }
                Part::House(house) => tint_house(svg, *house, style::HOUSE_TINT, 0.14),
                Part::Cells(cells) => tint_cells(svg, *cells, style::CELLS_TINT, 0.35),
                Part::Fins(cells) | Part::EndoFins(cells) => {
                    tint_cells(svg, *cells, style::PALETTE[2], 0.3)
                }
                _ => {}
            }
        }
        svg.close();
    }

    /// Outlines and links, over the candidates.
    pub(super) fn draw_lines(&self, svg: &mut Svg) {
        let branches = self.branches();
        svg.open("g", &[("class", &"links"), ("fill", &"none")]);
        for (from, to) in self.als_links() {
            let _ = link_line(svg, from, to, style::LINK, true, MARK_RADIUS + 1.0);
        }
        for part in &self.step.parts {
            match part {
                Part::Stem { cell, .. } => outline_cells(svg, CellSet::single(*cell), style::STEM),
                Part::Als { cells, .. } => {
                    let colour = self.colour_of_cells(*cells).unwrap_or(style::LINK);
                    outline_cells(svg, *cells, colour);
                }
                Part::Chain(chain) if branches.is_empty() => {
                    draw_chain(svg, chain, style::LINK, None)
                }
                Part::Path(cells) => {
                    for pair in cells.windows(2) {
                        let from = cell_centre(pair[0]);
                        let to = cell_centre(pair[1]);
                        let _ = link_line(svg, from, to, style::PATH, false, CELL * 0.3);
                    }
                }
                _ => {}
            }
        }
        svg.close();
        if !branches.is_empty() {
            self.draw_branches(svg, &branches);
        }
        self.draw_path(svg);
    }

    /// A nested forcing's path (pattern roles `assumption`, `step 1` …, `contradiction`):
    /// each step's number beside its candidates, the assumption and the contradiction ringed.
    fn draw_path(&self, svg: &mut Svg) {
        let pattern = &self.step.pattern;
        if !pattern.iter().any(|p| style::path_step(&p.role).is_some()) {
            return;
        }
        svg.open("g", &[("class", &"path-steps"), ("fill", &"none")]);
        for part in pattern {
            let ring_colour = match part.role.as_ref() {
                "assumption" => Some((style::ASSUMPTION, "assumption")),
                "contradiction" => Some((style::CONTRADICTION, "contradiction")),
                _ => None,
            };
            if let Some((colour, class)) = ring_colour {
                for (cell, digit) in part.candidates.iter() {
                    ring(svg, &ChainNode::candidate(cell, digit), colour, class);
                }
            }
            if let Some(n) = style::path_step(&part.role) {
                for (cell, digit) in part.candidates.iter() {
                    let (x, y) = candidate_centre(cell, digit);
                    let off = MARK_RADIUS * 0.75;
                    step_number(svg, (x + off, y - off), n, style::PATH);
                }
            }
        }
        svg.close();
    }

    /// A forcing chain or net: each branch in its colour with its links numbered, the
    /// assumption and the ends ringed.
    fn draw_branches(&self, svg: &mut Svg, branches: &[&Chain]) {
        svg.open("g", &[("class", &"branches"), ("fill", &"none")]);
        for (i, chain) in branches.iter().enumerate() {
            let colour = style::BRANCHES[i % style::BRANCHES.len()];
            svg.open("g", &[("class", &"branch"), ("stroke", &colour)]);
            draw_chain(svg, chain, colour, Some(colour));
            svg.close();
        }
        if let Some(node) = self.assumption(branches) {
            ring(svg, &node, style::ASSUMPTION, "assumption");
        }
        let class = if self.is_contradiction() {
            "contradiction"
        } else {
            "conclusion"
        };
        for node in Self::ends(branches) {
            ring(svg, &node, style::CONTRADICTION, class);
        }
        svg.close();
    }

    fn colour_of_cells(&self, cells: CellSet) -> Option<&'static str> {
        self.step
            .pattern
            .iter()
            .zip(self.colours)
            .find(|(part, _)| part.candidates.cells() == cells)
            .map(|(_, &colour)| colour)
    }
}

fn tint_house(svg: &mut Svg, house: House, colour: &str, opacity: f64) {
    let n = house.number() as f64;
    let (x, y, w, h) = match house.kind() {
        HouseKind::Row => (MARGIN, MARGIN + n * CELL, BOARD, CELL),
        HouseKind::Column => (MARGIN + n * CELL, MARGIN, CELL, BOARD),
        HouseKind::Box => (
            MARGIN + (house.number() % 3) as f64 * 3.0 * CELL,
            MARGIN + (house.number() / 3) as f64 * 3.0 * CELL,
            3.0 * CELL,
            3.0 * CELL,
        ),
    };
    rect(svg, x, y, w, h, colour, opacity);
}

fn tint_cells(svg: &mut Svg, cells: CellSet, colour: &str, opacity: f64) {
    for cell in cells {
        let (x, y) = corner(cell);
        rect(svg, x, y, CELL, CELL, colour, opacity);
    }
}

fn outline_cells(svg: &mut Svg, cells: CellSet, colour: &str) {
    for cell in cells {
        let (x, y) = corner(cell);
        svg.empty(
            "rect",
            &[
                ("class", &"outline"),
                ("x", &num(x + 2.5)),
                ("y", &num(y + 2.5)),
                ("width", &num(CELL - 5.0)),
                ("height", &num(CELL - 5.0)),
                ("rx", &4),
                ("stroke", &colour),
                ("stroke-width", &3),
            ],
        );
    }
}

/// Where a chain node is: its candidate, or the middle of its group's or ALS's candidates.
fn node_centre(node: &ChainNode) -> Option<(f64, f64)> {
    if !(1..=9).contains(&node.digit) || node.cells.is_empty() {
        return None;
    }
    let n = node.cells.len() as f64;
    let (sx, sy) = node.cells.iter().fold((0.0, 0.0), |(sx, sy), cell| {
        let (x, y) = candidate_centre(cell, node.digit);
        (sx + x, sy + y)
    });
    Some((sx / n, sy / n))
}

/// A chain's links in `colour`; with `numbers`, each link carries its number along the chain
/// (1 for the first link) in a small disc of that colour.
fn draw_chain(svg: &mut Svg, chain: &Chain, colour: &str, numbers: Option<&str>) {
    // Groups and ALS nodes get a box around their candidates, so a link visibly ends on all.
    for node in &chain.nodes {
        if node.cells.len() > 1 || matches!(node.kind, NodeKind::Als { .. }) {
            outline_node(svg, node);
        }
    }
    for (i, (pair, &kind)) in chain.nodes.windows(2).zip(&chain.links).enumerate() {
        let (Some(from), Some(to)) = (node_centre(&pair[0]), node_centre(&pair[1])) else {
            continue;
        };
        let drawn = link_line(
            svg,
            from,
            to,
            colour,
            kind == LinkKind::Weak,
            MARK_RADIUS + 1.0,
        );
        if let Some(number_colour) = numbers {
            // Two candidates of one cell are too close for a line: the number still shows.
            let middle = drawn.unwrap_or(((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0));
            step_number(svg, middle, i + 1, number_colour);
        }
    }
}

/// The number of a branch's step, in a disc at the middle of its link.
fn step_number(svg: &mut Svg, (x, y): (f64, f64), number: usize, colour: &str) {
    svg.empty(
        "circle",
        &[
            ("class", &"step-number"),
            ("cx", &num(x)),
            ("cy", &num(y)),
            ("r", &6.5),
            ("fill", &colour),
            ("stroke", &"#ffffff"),
            ("stroke-width", &1),
        ],
    );
    svg.text_element(
        "text",
        &[
            ("class", &"step-number-label"),
            ("x", &num(x)),
            ("y", &num(y + 3.0)),
            ("font-size", &8.5),
            ("font-family", &"sans-serif"),
            ("font-weight", &"bold"),
            ("text-anchor", &"middle"),
            ("fill", &"#ffffff"),
            ("stroke", &"none"),
        ],
        &number.to_string(),
    );
}

/// A ring around a chain node's candidates: the assumption, or where the branches end.
fn ring(svg: &mut Svg, node: &ChainNode, colour: &str, class: &str) {
    let Some((x, y)) = node_centre(node) else {
        return;
    };
    let r = if node.cells.len() > 1 {
        CELL * 0.45
    } else {
        MARK_RADIUS + 3.5
    };
    svg.empty(
        "circle",
        &[
            ("class", &class),
            ("cx", &num(x)),
            ("cy", &num(y)),
            ("r", &num(r)),
            ("stroke", &colour),
            ("stroke-width", &2.5),
            ("fill", &"none"),
        ],
    );
}

fn outline_node(svg: &mut Svg, node: &ChainNode) {
    if !(1..=9).contains(&node.digit) {
        return;
    }
    let centres: Vec<(f64, f64)> = node
        .cells
        .iter()
        .map(|cell| candidate_centre(cell, node.digit))
        .collect();
    let pad = MARK_RADIUS + 2.0;
    let min_x = centres.iter().map(|c| c.0).fold(f64::MAX, f64::min) - pad;
    let max_x = centres.iter().map(|c| c.0).fold(f64::MIN, f64::max) + pad;
    let min_y = centres.iter().map(|c| c.1).fold(f64::MAX, f64::min) - pad;
    let max_y = centres.iter().map(|c| c.1).fold(f64::MIN, f64::max) + pad;
    svg.empty(
        "rect",
        &[
            ("class", &"group"),
            ("x", &num(min_x)),
            ("y", &num(min_y)),
            ("width", &num(max_x - min_x)),
            ("height", &num(max_y - min_y)),
            ("rx", &6),
            ("stroke", &style::LINK),
            ("stroke-width", &1.2),
            ("stroke-dasharray", &"2 2"),
        ],
    );
}

/// A link from `from` to `to`, kept off the marks at both ends (`gap`) and bowed a little so
/// that a link along a line does not run through the candidates between its ends. Returns
/// the middle of the curve, or `None` when the ends are too close to draw a link.
fn link_line(
    svg: &mut Svg,
    from: (f64, f64),
    to: (f64, f64),
    colour: &str,
    dashed: bool,
    gap: f64,
) -> Option<(f64, f64)> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 2.0 * gap + 1.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let start = (from.0 + ux * gap, from.1 + uy * gap);
    let end = (to.0 - ux * gap, to.1 - uy * gap);
    let bow = (length * 0.12).min(28.0);
    let control = (
        (from.0 + to.0) / 2.0 - uy * bow,
        (from.1 + to.1) / 2.0 + ux * bow,
    );
    let path = format!(
        "M{} {} Q{} {} {} {}",
        num(start.0),
        num(start.1),
        num(control.0),
        num(control.1),
        num(end.0),
        num(end.1)
    );
    let class = if dashed { "weak-link" } else { "strong-link" };
    let width = if dashed { 1.6 } else { 2.2 };
    let mut attrs: Vec<(&str, &dyn std::fmt::Display)> = vec![
        ("class", &class),
        ("d", &path),
        ("stroke", &colour),
        ("stroke-width", &width),
        ("stroke-linecap", &"round"),
    ];
    if dashed {
        attrs.push(("stroke-dasharray", &"5 4"));
    }
    svg.empty("path", &attrs);
    // The quadratic curve's point at t = 1/2.
    Some((
        (start.0 + 2.0 * control.0 + end.0) / 4.0,
        (start.1 + 2.0 * control.1 + end.1) / 4.0,
    ))
}
