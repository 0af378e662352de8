//! The reach of every start ([`LoopReach`]) kept with a graph, so that the searches over it in
//! one position (nice loops, AICs of two lengths) work it out once: it costs about what a few
//! sweeps cost, and rules out nearly every start of each search.

use super::graph::Links;
use super::loop_reach::LoopReach;
use crate::board::grid::Grid;
use std::borrow::Cow;
use std::cell::OnceCell;

/// A graph's reach, worked out when a search first asks for it, with the position and the
/// allowed nodes it was worked out for: a search over others gets a reach of its own.
#[derive(Default)]
pub struct SharedReach(OnceCell<Kept>);

struct Kept {
    grid: Grid,
    allowed: Vec<bool>,
    reach: LoopReach,
}

/// The reach of every (node, state) of `graph` over the nodes `allowed` in `grid`: the one the
/// graph keeps when it keeps one for them, else a new one.
pub(super) fn reach_of<'a>(
    graph: &'a impl Links,
    grid: &Grid,
    allowed: &[bool],
) -> Cow<'a, LoopReach> {
    let Some(shared) = graph.shared_reach() else {
        return Cow::Owned(LoopReach::new(graph, grid, allowed));
    };
    let kept = shared.0.get_or_init(|| Kept {
        grid: grid.clone(),
        allowed: allowed.to_vec(),
        reach: LoopReach::new(graph, grid, allowed),
    });
    if kept.grid == *grid && kept.allowed == allowed {
        Cow::Borrowed(&kept.reach)
    } else {
        Cow::Owned(LoopReach::new(graph, grid, allowed))
    }
}
