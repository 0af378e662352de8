//! What one assumption implies, chain by chain: the alternating walk of [`find_aics`] from a
//! start node in either state, kept so that every (node, state) it reaches can be written out
//! as the shortest chain to it. For techniques that join several chains from separate
//! assumptions (a network Death Blossom: each candidate of a stem cell, assumed true, makes
//! one candidate false).
//!
//! [`find_aics`]: super::find_aics

use super::bfs::{AtStart, Walk};
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{NodeId, candidate_id};
use super::search::allowed_nodes;
use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::step::Chain;
use std::ops::ControlFlow;

/// The walk's buffers and the nodes it may use, reused from start to start.
pub struct Implications {
    allowed: Vec<bool>,
    walk: Walk,
}

impl Implications {
    /// Walks over `graph` in `grid`, under `filter` (the same filter for every run).
    pub fn new(graph: &impl Links, grid: &Grid, filter: &ChainFilter) -> Implications {
        Implications {
            allowed: allowed_nodes(graph, grid, filter),
            walk: Walk::new(graph.node_count()).following(filter),
        }
    }

    /// Walk from `start` assumed true (`on`) or false, over the filter's links up to its
    /// length cap; [`Implications::depth_of`] and [`Implications::chain_to`] then read this
    /// run. The walk never comes back to its start.
    pub fn run(&mut self, graph: &impl Links, filter: &ChainFilter, start: NodeId, on: bool) {
        let _ = self.walk.run(
            graph,
            &self.allowed,
            filter,
            (start, on),
            AtStart::Avoid,
            |_, _| ControlFlow::<()>::Continue(()),
        );
    }

    /// How many links lead to a (node, state) in the last run; `None` when not reached.
    pub fn depth_of(&self, node: NodeId, on: bool) -> Option<usize> {
        self.walk.depth_of(node, on)
    }

    /// The grid's candidates the last run made false.
    pub fn candidates_off(&self, grid: &Grid) -> Candidates {
        let mut off = Candidates::EMPTY;
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                if self
                    .walk
                    .depth_of(candidate_id(cell, digit), false)
                    .is_some()
                {
                    off.insert(cell, digit);
                }
            }
        }
        off
    }

    /// The shortest chain from the last run's start to a (node, state) it reached.
    pub fn chain_to(&self, graph: &impl Links, node: NodeId, on: bool) -> Chain {
        self.walk.chain_to(graph, node, on)
    }

    /// [`Implications::chain_to`] a candidate made false.
    pub fn chain_to_off(&self, graph: &impl Links, cell: Cell, digit: Digit) -> Chain {
        self.chain_to(graph, candidate_id(cell, digit), false)
    }
}
