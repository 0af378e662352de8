//! XY-Chain, on the engine's chain search.
//!
//! Bivalue cells, each holding one of its two digits (a strong link inside the cell), linked
//! from cell to cell by a digit they share and that they see each other on (a weak link). If
//! the first cell is not x, the chain runs to its last cell, which then holds its end digit:
//! when both ends are x, every cell seeing both loses x.

use super::aic_steps::{self, push_shortest_first};
use kaidoku_engine::chains::{CandidateLinks, ChainFilter, LinkVia, find_aics};
use kaidoku_engine::prelude::*;

pub struct XyChain {
    max_length: usize,
}

impl Technique for XyChain {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let bivalue = grid.bivalue_cells();
        if bivalue.len() < 3 {
            return ControlFlow::Continue(());
        }
        let links = CandidateLinks::new(grid);
        let filter = ChainFilter {
            node: &|node: &ChainNode| node.cells.is_subset_of(bivalue),
            strong: &|via| via == LinkVia::Cell,
            weak: &|via| matches!(via, LinkVia::House(_)),
            max_links: self.max_length,
        };
        let mut found = Vec::new();
        let _ = find_aics(&links, grid, &filter, |aic| {
            let (first, last) = (
                aic.chain.nodes[0],
                aic.chain.nodes[aic.chain.nodes.len() - 1],
            );
            // Three cells or more (two are a naked pair), both ends on one digit.
            if first.digit == last.digit && aic.chain.len() >= 5 {
                found.push(aic.clone());
            }
            ControlFlow::<()>::Continue(())
        });
        // Three cells, the pivot between two pincers: an XY-Wing.
        let wing = |chain: &Chain| (chain.len() == 5).then_some(aic_steps::XY_WING);
        push_shortest_first(found, aic_steps::XY_CHAIN, wing, sink)
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec::int("max_length", "most links", 11, 3, 41)];

register_technique!(TechniqueInfo {
    id: "xy-chain",
    name: "XY-Chain",
    summary: "bivalue cells linked by shared digits: a cell seeing both ends loses the end digit",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(XyChain {
            max_length: params.int("max_length") as usize,
        }))
    },
});

register_fixtures!("xy-chain", "xy_chain.fixtures");
