//! The chain engine: one link graph per position and an alternating search over it.
//!
//! Nodes are candidates (a digit in a cell), groups (a digit in the two or three cells of a
//! box-line intersection) and, later, almost locked sets. A strong link says at least one of
//! its two nodes is true, a weak link at most one. An alternating inference chain (AIC) starts
//! and ends with a strong link: if its first node is false the next is true, so the one after
//! is false, and so on, so its first or its last node is true. Whatever is weakly linked to
//! both ends is false.
//!
//! Techniques narrow the search with a [`ChainFilter`]: which nodes may be used, and which
//! kinds of links (inside a cell, inside a house). X-chains keep one digit, XY-chains keep
//! bivalue cells with strong links inside cells, remote pairs keep cells of one pair.

mod aic_eliminations;
pub use aic_eliminations::aic_eliminations;
mod aic_node_sweep;
mod aic_sweep;
mod bfs;
mod every_loop;
pub use every_loop::find_every_continuous_loop;
mod filter;
pub use filter::ChainFilter;
pub mod graph;
mod graph_als;
mod ids;
mod implications;
pub use implications::Implications;
mod loop_reach;
mod loop_sweep;
mod loops;
pub use loops::{
    LoopKind, NiceLoop, continuous_eliminations, continuous_eliminations_outside, find_nice_loops,
    find_nice_loops_within,
};
pub mod forcing;
pub mod forcing_sweep;
mod reach_table;
mod search;
mod shared_reach;
pub use shared_reach::SharedReach;
mod slot_levels;

pub use graph::{CandidateLinks, GraphOptions, LinkGraph, LinkVia, Links, NodeId};
pub use search::{Aic, Reach, chain_cells, find_aics, propagate};

#[cfg(test)]
mod test_positions;
#[cfg(test)]
mod tests;
