//! X-Chain, on the engine's chain search.
//!
//! One digit, followed through conjugate pairs (strong links: the digit's only two places in a
//! house) and any two places that see each other (weak links), alternating and starting and
//! ending with a strong link. If the first candidate is false the second is true, the third
//! false, and so on: the first or the last candidate holds the digit, so every cell that sees
//! both ends loses it. The shortest chains (3 links: skyscrapers, 2-string kites, turbot fish)
//! are counted as X-chains too unless `min_length` says otherwise.

use super::aic_steps::{self, push_shortest_first};
use kaidoku_engine::chains::{CandidateLinks, ChainFilter, LinkVia, find_aics};
use kaidoku_engine::prelude::*;

pub struct XChain {
    min_length: usize,
    max_length: usize,
}

impl Technique for XChain {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let links = CandidateLinks::new(grid);
        // A chain, its links, its eliminations and its name are one digit's cells: a digit
        // whose cells are as they were when this search last found nothing has no chain
        // now, and leaving its nodes out changes no other digit's chains (no link leaves a
        // digit).
        let changes = analysis.changes_since_last_miss();
        // Links inside houses join places of one digit: every digit's chains in one search
        // (a search per digit would set up its walk nine times).
        let filter = ChainFilter {
            node: &|node| changes.digit_changed(node.digit),
            strong: &|via| matches!(via, LinkVia::House(_)),
            weak: &|via| matches!(via, LinkVia::House(_)),
            max_links: self.max_length,
        };
        let mut found = Vec::new();
        let _ = find_aics(&links, grid, &filter, |aic| {
            if aic.chain.len() >= self.min_length {
                found.push(aic.clone());
            }
            ControlFlow::<()>::Continue(())
        });
        // Digit by digit, each in search order, as a search per digit finds them.
        found.sort_by_key(|aic| aic.chain.nodes[0].digit);
        push_shortest_first(
            found,
            aic_steps::X_CHAIN,
            |c| three_link_kind(grid, c),
            sink,
        )
    }
}

/// The name of a three-link X-chain `a=b-c=d`, after the houses of its two conjugate pairs: in
/// parallel lines, a Skyscraper; in a row and a column whose inner ends share a box, a
/// 2-String Kite; otherwise a Turbot Fish.
fn three_link_kind(grid: &Grid, chain: &Chain) -> Option<StepKind> {
    let [a, b, c, d] = chain.nodes.as_slice() else {
        return None;
    };
    let cell = |n: &ChainNode| n.cells.only();
    let (a, b, c, d) = (cell(a)?, cell(b)?, cell(c)?, cell(d)?);
    let digit = chain.nodes[0].digit;
    // The line holding a conjugate pair, if it is one there.
    let line_of = |x: Cell, y: Cell| {
        [House::row(x.row()), House::column(x.col())]
            .into_iter()
            .find(|h| h.cells().contains(y) && grid.house_cells_with(*h, digit).len() == 2)
    };
    let kind = match (line_of(a, b), line_of(c, d)) {
        (Some(first), Some(second)) if first.kind() == second.kind() => aic_steps::SKYSCRAPER,
        (Some(_), Some(_)) if b.box_index() == c.box_index() => aic_steps::TWO_STRING_KITE,
        _ => aic_steps::TURBOT_FISH,
    };
    Some(kind)
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "min_length",
        "fewest links (3: skyscrapers and kites count)",
        3,
        3,
        31,
    ),
    ParamSpec::int("max_length", "most links", 9, 3, 31),
];

register_technique!(TechniqueInfo {
    id: "x-chain",
    name: "X-Chain",
    summary: "one digit through conjugate pairs: a cell seeing both ends of the chain loses it",
    params: PARAMS,
    build: |params| {
        let (min_length, max_length) = params.size_range("min_length", "max_length")?;
        Ok(Box::new(XChain {
            min_length,
            max_length,
        }))
    },
});

register_fixtures!("x-chain", "x_chain.fixtures");
