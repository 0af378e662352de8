//! Steps of the forcing techniques: each conclusion explained by the chains from its
//! premise(s), shallowest proof first, one step per effect.

use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Propagator};
use kaidoku_engine::prelude::*;
use std::collections::{BTreeMap, HashSet};

/// A conclusion before it is explained.
pub struct Found {
    proof: Proof,
    /// The assumptions: one for a contradiction, all of a cell's candidates or a digit's
    /// places in a house for a verity.
    premises: Vec<Fact>,
    /// What holds (for a contradiction: the opposite of the premise).
    conclusion: Fact,
    house: Option<House>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Proof {
    Contradiction,
    Verity,
}

impl Found {
    pub fn contradiction(premise: Fact) -> Found {
        Found {
            proof: Proof::Contradiction,
            premises: vec![premise],
            conclusion: Fact {
                on: !premise.on,
                ..premise
            },
            house: None,
        }
    }

    pub fn verity(premises: &[Fact], house: Option<House>, conclusion: Fact) -> Found {
        Found {
            proof: Proof::Verity,
            premises: premises.to_vec(),
            conclusion,
            house,
        }
    }
}

const CHAIN_CONTRADICTION: StepKind =
    StepKind::new("forcing-chain-contradiction", "Forcing Chain Contradiction");
const CHAIN_CELL: StepKind = StepKind::new("cell-forcing-chain", "Cell Forcing Chain");
const CHAIN_HOUSE: StepKind = StepKind::new("house-forcing-chain", "House Forcing Chain");
const NET_CONTRADICTION: StepKind =
    StepKind::new("forcing-net-contradiction", "Forcing Net Contradiction");
const NET_CELL: StepKind = StepKind::new("cell-forcing-net", "Cell Forcing Net");
const NET_HOUSE: StepKind = StepKind::new("house-forcing-net", "House Forcing Net");

/// An explained conclusion: its step and how deep its proof goes.
struct Explained {
    depth: usize,
    links: usize,
    conclusion: Fact,
    step: Step,
}

/// Explain every conclusion (one propagation per premise) and push the steps: shallowest
/// proof first, then fewest links, then by conclusion; one step per effect.
pub fn push_found(
    grid: &Grid,
    options: ForcingOptions,
    found: Vec<Found>,
    sink: &mut StepSink,
) -> Flow {
    // Group conclusions by premises, so each premise is propagated once per group.
    let mut by_premises: BTreeMap<Vec<Fact>, Vec<Found>> = BTreeMap::new();
    for f in found {
        by_premises.entry(f.premises.clone()).or_default().push(f);
    }
    let mut propagator = Propagator::new(grid, options);
    let mut explained = Vec::new();
    for (premises, group) in by_premises {
        let mut chains: Vec<Vec<Option<(Chain, usize)>>> = vec![Vec::new(); group.len()];
        let mut contradiction = None;
        for &premise in &premises {
            let outcome = propagator.run(premise);
            if group[0].proof == Proof::Contradiction {
                let why = outcome.contradiction.expect("the premise contradicts");
                contradiction = Some((why, propagator.contradiction_chains()));
                continue;
            }
            for (i, f) in group.iter().enumerate() {
                let chain = propagator.chain_to(f.conclusion);
                let depth = propagator.depth_of(f.conclusion).unwrap_or(0);
                chains[i].push(chain.map(|c| (c, depth)));
            }
        }
        for (i, f) in group.into_iter().enumerate() {
            let (parts, depth, links) = match contradiction {
                Some((why, Some((ref cs, depth)))) => {
                    let mut parts = vec![Part::Text(format!("{} leads to: {why}:", premises[0]))];
                    parts.extend(cs.iter().cloned().map(Part::Chain));
                    let links = cs.iter().map(Chain::len).sum();
                    (parts, depth, links)
                }
                Some((_, None)) => continue,
                None => {
                    let Some(branches) = chains[i].iter().cloned().collect::<Option<Vec<_>>>()
                    else {
                        continue;
                    };
                    let lead = match f.house {
                        Some(house) => format!("each place of {} in {house}", f.premises[0].digit),
                        None => format!("each candidate of {}", f.premises[0].cell),
                    };
                    let mut parts = vec![Part::Text(format!("{lead} leads to {}:", f.conclusion))];
                    let depth = branches.iter().map(|b| b.1).max().unwrap_or(0);
                    let links = branches.iter().map(|b| b.0.len()).sum();
                    parts.extend(branches.into_iter().map(|b| Part::Chain(b.0)));
                    (parts, depth, links)
                }
            };
            let kind = kind_of(options.nets, f.proof, f.house.is_some());
            let mut step = Step::new(kind);
            let mut pattern = Candidates::EMPTY;
            for part in parts {
                if let Part::Chain(chain) = &part {
                    for node in &chain.nodes {
                        pattern.insert_cells(node.cells, node.digit);
                    }
                }
                step = step.part(part);
            }
            let c = f.conclusion;
            step = if c.on {
                step.place(c.cell, c.digit)
            } else {
                step.eliminate(c.cell, c.digit)
            };
            explained.push(Explained {
                depth,
                links,
                conclusion: c,
                step: step.pattern("chain", pattern),
            });
        }
    }
    explained.sort_by_key(|e| (e.depth, e.links, e.conclusion));
    let mut seen = HashSet::new();
    for e in explained {
        if seen.insert(e.conclusion) {
            sink.push(e.step)?;
        }
    }
    ControlFlow::Continue(())
}

fn kind_of(nets: bool, proof: Proof, house: bool) -> StepKind {
    match (nets, proof, house) {
        (false, Proof::Contradiction, _) => CHAIN_CONTRADICTION,
        (false, Proof::Verity, false) => CHAIN_CELL,
        (false, Proof::Verity, true) => CHAIN_HOUSE,
        (true, Proof::Contradiction, _) => NET_CONTRADICTION,
        (true, Proof::Verity, false) => NET_CELL,
        (true, Proof::Verity, true) => NET_HOUSE,
    }
}
