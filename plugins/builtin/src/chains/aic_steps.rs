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
    pub const AIC: ChainKind = ChainKind {
        id: "aic",
        name: "AIC",
    };
    pub const GROUPED_AIC: ChainKind = ChainKind {
        id: "grouped-aic",
        name: "Grouped AIC",
    };
    pub const ALS_AIC: ChainKind = ChainKind {
        id: "als-aic",
        name: "AIC with ALS nodes",
    };
    pub const W_WING: ChainKind = ChainKind {
        id: "w-wing",
        name: "W-Wing",
    };
    pub const XY_WING: ChainKind = ChainKind {
        id: "xy-wing",
        name: "XY-Wing",
    };
    pub const SKYSCRAPER: ChainKind = ChainKind {
        id: "skyscraper",
        name: "Skyscraper",
    };
    pub const TWO_STRING_KITE: ChainKind = ChainKind {
        id: "two-string-kite",
        name: "2-String Kite",
    };
    pub const TURBOT_FISH: ChainKind = ChainKind {
        id: "turbot-fish",
        name: "Turbot Fish",
    };
}

/// Push the chains' steps, shortest first (then in search order), skipping chains whose
/// eliminations an earlier step already made. `name_of` may give a chain a more specific kind
/// (a skyscraper is an X-chain of three links).
pub fn push_shortest_first(
    mut found: Vec<Aic>,
    kind: ChainKind,
    name_of: impl Fn(&Chain) -> Option<ChainKind>,
    sink: &mut StepSink,
) -> Flow {
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
        let named = name_of(&aic.chain).unwrap_or(ChainKind {
            id: kind.id,
            name: kind.name,
        });
        let step = Step::new(StepKind::new(named.id, named.name).sized(aic.chain.len()))
            .part(Part::Chain(aic.chain))
            .eliminations(aic.eliminations)
            .pattern("chain", pattern);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}
