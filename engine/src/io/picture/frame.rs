//! The frame of a picture: the document sized for the board, the legend under it (what each
//! colour, tint and line means in this picture) and the caption.

use super::geometry::{BOARD, CAPTION_CHARS, LINE_HEIGHT, MARGIN, MARK_RADIUS, WIDTH};
use super::shapes::{rect, strike};
use super::style::{self, Legend, Swatch};
use super::svg::{Svg, num};

/// The caption split into lines of at most [`CAPTION_CHARS`], at spaces where it can.
fn caption_lines(caption: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in caption.split_whitespace() {
        let mut word = word.to_string();
        // A token longer than a line (a long chain) is cut where it must be.
        while word.chars().count() > CAPTION_CHARS {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let cut: String = word.chars().take(CAPTION_CHARS).collect();
            word = word.chars().skip(CAPTION_CHARS).collect();
            lines.push(cut);
        }
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > CAPTION_CHARS {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Legend entries laid out in rows across the width: (entry index, x, row).
fn legend_layout(legend: &Legend) -> Vec<(usize, f64, usize)> {
    let mut placed = Vec::new();
    let (mut x, mut row) = (MARGIN, 0);
    for (i, entry) in legend.0.iter().enumerate() {
        let width = 30.0 + entry.label.chars().count() as f64 * 7.0 + 18.0;
        if x > MARGIN && x + width > MARGIN + BOARD {
            x = MARGIN;
            row += 1;
        }
        placed.push((i, x, row));
        x += width;
    }
    placed
}

fn legend_rows(legend: &Legend) -> usize {
    legend_layout(legend)
        .last()
        .map_or(0, |&(_, _, row)| row + 1)
}

/// The document with its background, sized for the board, the legend and the caption.
pub(super) fn start(title: &str, legend: &Legend, caption: Option<&str>) -> Svg {
    let caption_rows = caption.map_or(0, |c| caption_lines(c).len());
    let rows = legend_rows(legend) + caption_rows;
    let height = MARGIN + BOARD + 12.0 + rows as f64 * (LINE_HEIGHT + 4.0);
    let mut svg = Svg::new(WIDTH, height, title);
    svg.empty(
        "rect",
        &[
            ("class", &"background"),
            ("width", &"100%"),
            ("height", &"100%"),
            ("fill", &"#fff"),
        ],
    );
    svg
}

pub(super) fn finish(mut svg: Svg, legend: &Legend, caption: Option<&str>) -> String {
    let top = MARGIN + BOARD + 14.0;
    let rows = legend_rows(legend);
    if rows > 0 {
        svg.open("g", &[("class", &"legend"), ("font-size", &12)]);
        for (i, x, row) in legend_layout(legend) {
            let entry = &legend.0[i];
            let y = top + row as f64 * (LINE_HEIGHT + 4.0) + LINE_HEIGHT / 2.0;
            draw_swatch(&mut svg, entry.swatch, x + 12.0, y);
            svg.text_element(
                "text",
                &[
                    ("x", &num(x + 28.0)),
                    ("y", &num(y + 4.0)),
                    ("fill", &"#222"),
                ],
                &entry.label,
            );
        }
        svg.close();
    }
    if let Some(caption) = caption {
        svg.open(
            "g",
            &[("class", &"caption"), ("font-size", &13), ("fill", &"#000")],
        );
        for (i, line) in caption_lines(caption).iter().enumerate() {
            let y = top + (rows + i) as f64 * (LINE_HEIGHT + 4.0) + LINE_HEIGHT / 2.0 + 4.0;
            svg.text_element("text", &[("x", &num(MARGIN)), ("y", &num(y))], line);
        }
        svg.close();
    }
    svg.finish()
}

fn draw_swatch(svg: &mut Svg, swatch: Swatch, x: f64, y: f64) {
    match swatch {
        Swatch::Fill(colour) => {
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
        Swatch::Struck => {
            svg.empty(
                "circle",
                &[
                    ("cx", &num(x)),
                    ("cy", &num(y)),
                    ("r", &MARK_RADIUS),
                    ("fill", &style::ELIMINATION_FILL),
                ],
            );
            strike(svg, (x, y), "legend-struck");
        }
        Swatch::Tint(colour) => rect(svg, x - 9.0, y - 8.0, 18.0, 16.0, colour, 0.3),
        Swatch::Outline(colour) => {
            svg.empty(
                "rect",
                &[
                    ("x", &num(x - 8.0)),
                    ("y", &num(y - 8.0)),
                    ("width", &16),
                    ("height", &16),
                    ("rx", &3),
                    ("fill", &"none"),
                    ("stroke", &colour),
                    ("stroke-width", &3),
                ],
            );
        }
        Swatch::Line { colour, dashed } => {
            let (x1, x2, y) = (num(x - 11.0), num(x + 11.0), num(y));
            let mut attrs: Vec<(&str, &dyn std::fmt::Display)> = vec![
                ("x1", &x1),
                ("y1", &y),
                ("x2", &x2),
                ("y2", &y),
                ("stroke", &colour),
                ("stroke-width", &2),
            ];
            if dashed {
                attrs.push(("stroke-dasharray", &"5 4"));
            }
            svg.empty("line", &attrs);
        }
    }
}
