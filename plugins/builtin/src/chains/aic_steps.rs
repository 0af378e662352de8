//! Steps from the chain engine's AICs, shared by the chain techniques: shortest chains first,
//! one step per set of eliminations.

use kaidoku_engine::chains::Aic;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

/// The kind of step a chain technique writes.
pub struct ChainKind {
    pub id: &'static str,
    pub name: &'static str,
}

impl ChainKind {
    pub const X_CHAIN: ChainKind = ChainKind {
        id: "x-chain",
        name: "X-Chain",
    };
    pub const XY_CHAIN: ChainKind = ChainKind {
        id: "xy-chain",
        name: "XY-Chain",
    };
}

/// Push the chains' steps, shortest first (then in search order), skipping chains whose
/// eliminations an earlier step already made.
pub fn push_shortest_first(mut found: Vec<Aic>, kind: ChainKind, sink: &mut StepSink) -> Flow {
    found.sort_by_key(|aic| aic.chain.len());
    let mut seen: HashSet<Candidates> = HashSet::new();
    for aic in found {
        if !seen.insert(aic.eliminations) {
            continue;
        }
        let mut pattern = Candidates::EMPTY;
        for node in &aic.chain.nodes {
            pattern.insert_cells(node.cells, node.digit);
        }
        let step = Step::new(StepKind::new(kind.id, kind.name).sized(aic.chain.len()))
            .part(Part::Chain(aic.chain))
            .eliminations(aic.eliminations)
            .pattern("chain", pattern);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}
