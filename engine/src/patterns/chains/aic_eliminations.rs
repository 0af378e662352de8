//! What an AIC eliminates, from its two ends: [`aic_eliminations`], and [`eliminates`], whether
//! that is anything, on bitboards when both ends are candidates.

use super::graph::Links;
use super::ids::{CANDIDATE_NODES, NodeId};
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{common_peers, peers};
use crate::step::{ChainNode, NodeKind};

/// What follows from "`start` or `end` is true": the candidates that exclude both. An ALS
/// node stands for its cells holding its digit (the digit is in one of them).
pub fn aic_eliminations(grid: &Grid, start: &ChainNode, end: &ChainNode) -> Candidates {
    let mut out = Candidates::EMPTY;
    let (start_places, end_places) = (digit_places(grid, start), digit_places(grid, end));
    if start.digit == end.digit {
        let seen = common_peers(start_places | end_places) & grid.cells_with(start.digit);
        out.insert_cells(seen, start.digit);
        return out;
    }
    // Two digits: only single cells say something.
    let (Some(a), Some(b)) = (start_places.only(), end_places.only()) else {
        return out;
    };
    if a == b {
        let others = grid.candidates(a)
            - crate::board::digits::DigitSet::single(start.digit)
            - crate::board::digits::DigitSet::single(end.digit);
        out.insert_digits(a, others);
    } else if crate::board::house::peers(a).contains(b) {
        // `a` holding end's digit would exclude `end` (they see each other) and `start`
        // (same cell); likewise `b` holding start's digit.
        if grid.has_candidate(a, end.digit) {
            out.insert(a, end.digit);
        }
        if grid.has_candidate(b, start.digit) {
            out.insert(b, start.digit);
        }
    }
    out
}

/// The cells where a node's digit may stand: an ALS node's cells holding it, else its cells.
fn digit_places(grid: &Grid, node: &ChainNode) -> CellSet {
    match node.kind {
        NodeKind::Als { .. } => node.cells & grid.cells_with(node.digit),
        _ => node.cells,
    }
}

/// Whether "`start` or `end` is true" eliminates something: [`aic_eliminations`] is not empty.
pub(super) fn eliminates(graph: &impl Links, grid: &Grid, start: NodeId, end: NodeId) -> bool {
    if start >= CANDIDATE_NODES || end >= CANDIDATE_NODES {
        return !aic_eliminations(grid, &graph.node(start), &graph.node(end)).is_empty();
    }
    // Two candidates, on bitboards (the cases of `aic_eliminations`).
    let (a, d) = (Cell::new(start as usize / 9), (start % 9) as Digit + 1);
    let (b, e) = (Cell::new(end as usize / 9), (end % 9) as Digit + 1);
    if d == e {
        return !(peers(a) & peers(b) & grid.cells_with(d)).is_empty();
    }
    if a == b {
        return grid.candidates(a).len() >= 3;
    }
    peers(a).contains(b) && (grid.has_candidate(a, e) || grid.has_candidate(b, d))
}
