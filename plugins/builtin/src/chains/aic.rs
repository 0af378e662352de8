//! AIC: alternating inference chains over every kind of link, on the engine's chain search.
//!
//! Candidates linked strongly (a bivalue cell, a conjugate pair) and weakly (two candidates of
//! a cell, one digit in two cells that see each other), alternating, starting and ending with
//! a strong link: the first or the last node is true, so whatever excludes both goes. With
//! `groups`, a digit in the cells of a box-line intersection is a node too (grouped AIC); with
//! `als`, "this almost locked set holds the digit" is a node too (ALS chains). Shortest chains
//! first. A W-Wing is such a chain of five links.

use super::aic_steps::{self, push_shortest_first};
use super::{OverLinks, search_over_links};
use kaidoku_engine::chains::{ChainFilter, Links, find_aics};
use kaidoku_engine::prelude::*;

pub struct Aic {
    groups: bool,
    als: bool,
    max_length: usize,
}

const ANY: &dyn Fn(kaidoku_engine::chains::LinkVia) -> bool = &|_| true;

impl Technique for Aic {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        search_over_links(self, analysis, (self.groups, self.als), sink)
    }
}

impl OverLinks for Aic {
    fn search(&self, grid: &Grid, links: &impl Links, sink: &mut StepSink) -> Flow {
        let filter = ChainFilter {
            node: &|_| true,
            strong: ANY,
            weak: ANY,
            max_links: self.max_length,
        };
        let mut found = Vec::new();
        let _ = find_aics(links, grid, &filter, |aic| {
            // One strong link alone is a locked candidate or a single, not a chain.
            if aic.chain.len() >= MIN_LINKS {
                found.push(aic.clone());
            }
            ControlFlow::<()>::Continue(())
        });
        push_shortest_first(found, aic_steps::AIC, |chain| name_of(grid, chain), sink)
    }
}

/// The fewest links of a chain worth its name.
const MIN_LINKS: usize = 3;

/// The kind after the nodes: with an ALS node an ALS AIC, with a group a grouped AIC; a
/// five-link chain of two bivalue cells with the same pair, joined by a conjugate pair, a
/// W-Wing.
fn name_of(grid: &Grid, chain: &Chain) -> Option<StepKind> {
    if chain
        .nodes
        .iter()
        .any(|n| matches!(n.kind, NodeKind::Als { .. }))
    {
        return Some(aic_steps::ALS_AIC);
    }
    if chain.nodes.iter().any(|n| n.kind == NodeKind::Group) {
        return Some(aic_steps::GROUPED_AIC);
    }
    if chain.len() != 5 {
        return None;
    }
    let n = &chain.nodes;
    let same_cell = |i: usize, j: usize| n[i].cells == n[j].cells;
    let bivalue = |i: usize| {
        n[i].cells
            .only()
            .is_some_and(|c| grid.candidates(c).len() == 2)
    };
    let pair = |i: usize| n[i].cells.only().map(|c| grid.candidates(c));
    (same_cell(0, 1)
        && same_cell(4, 5)
        && bivalue(0)
        && bivalue(5)
        && pair(0) == pair(5)
        && !same_cell(2, 3))
    .then_some(aic_steps::W_WING)
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::bool(
        "groups",
        "group nodes: a digit in a box-line intersection",
        false,
    ),
    ParamSpec::bool(
        "als",
        "ALS nodes: an almost locked set holding a digit",
        false,
    ),
    ParamSpec::int("max_length", "most links", 9, 3, 31),
];

register_technique!(TechniqueInfo {
    id: "aic",
    name: "AIC",
    summary: "alternating inference chains over every kind of link (groups and ALSs by parameter): whatever excludes both ends goes",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(Aic {
            groups: params.bool("groups"),
            als: params.bool("als"),
            max_length: params.int("max_length") as usize,
        }))
    },
});

register_fixtures!("aic", "aic.fixtures");
