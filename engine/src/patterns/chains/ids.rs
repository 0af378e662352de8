//! How the chain engine numbers what it walks: nodes (the grid's candidates first), the
//! (node, state) slots of a walk, and what makes a link.

use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::house::House;

/// Index of a node in a [`LinkGraph`](super::graph::LinkGraph). Candidate `digit` in `cell` is
/// always `cell * 9 + digit - 1`; groups follow.
pub type NodeId = u32;

/// Plain candidates (node ids `cell * 9 + digit - 1`), below them every other kind of node.
pub(super) const CANDIDATE_NODES: NodeId = 81 * 9;

/// The node of `digit` in `cell`.
#[inline]
pub fn candidate_id(cell: Cell, digit: Digit) -> NodeId {
    (cell.index() * 9 + digit as usize - 1) as NodeId
}

/// The slot of a (node, state) in a walk's per-slot lists: `node * 2 + on`.
#[inline]
pub(super) fn slot(node: NodeId, on: bool) -> usize {
    node as usize * 2 + on as usize
}

/// What makes a link: two candidates of one cell, one digit in one house, an almost locked
/// set (two of its digits, one of its digits and the cells that see all its places, two sets
/// that cannot both hold a digit, or a set and a cell it forces), or a digit's templates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkVia {
    /// Two candidates of one cell.
    Cell,
    /// One digit in two places of this house.
    House(House),
    /// An almost locked set.
    Als,
    /// The templates of one digit (pattern overlay): no template holds both places, or
    /// every template holds one of them, though the two cells share no house.
    Templates,
}
