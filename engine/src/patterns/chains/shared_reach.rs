//! The reach of every start ([`LoopReach`]) kept with a graph, so that the searches over it in
//! one position (nice loops, AICs of two lengths) work it out once: it costs about what a few
//! sweeps cost, and rules out nearly every start of each search. Searches get it through
//! [`reach_of`](super::loop_reach::reach_of).

use super::reach_table::LoopReach;
use crate::board::grid::Grid;
use std::cell::OnceCell;

/// A graph's reach, worked out when a search first asks for it, with the position and the
/// allowed nodes it was worked out for: a search over others gets a reach of its own.
#[derive(Default)]
pub struct SharedReach(pub(super) OnceCell<Kept>);

pub(super) struct Kept {
    pub(super) grid: Grid,
    pub(super) allowed: Vec<bool>,
    pub(super) reach: LoopReach,
}
