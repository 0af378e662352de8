//! The shapes the board, its overlays and the legend all draw: a tinted rectangle and the
//! stroke through an eliminated candidate.

use super::geometry::MARK_RADIUS;
use super::style;
use super::svg::{Svg, num};

pub(super) fn rect(svg: &mut Svg, x: f64, y: f64, w: f64, h: f64, colour: &str, opacity: f64) {
    svg.empty(
        "rect",
        &[
            ("x", &num(x)),
            ("y", &num(y)),
            ("width", &num(w)),
            ("height", &num(h)),
            ("fill", &colour),
            ("fill-opacity", &opacity),
        ],
    );
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
