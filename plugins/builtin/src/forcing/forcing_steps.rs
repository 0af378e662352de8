//! Steps of the forcing techniques: each conclusion explained by the chains from its
//! premise(s), shallowest proof first, one step per effect.

use kaidoku_engine::RatingTable;
use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Outcome, Propagator, Snapshot};
use kaidoku_engine::prelude::*;
use kaidoku_engine::rating::Er;
use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;

/// A conclusion before it is explained.
#[derive(Clone, Debug)]
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

/// A conclusion measured before it is explained: how deep its proof goes and how many links
/// its chains have, and where it lies (group, and place in the group).
struct Measured {
    depth: usize,
    links: usize,
    conclusion: Fact,
    group: usize,
    index: usize,
}

/// Explain the conclusions and push the steps: shallowest proof first, then fewest links, then
/// by conclusion; one step per effect. Every conclusion is measured first (one propagation per
/// distinct premise, the chains' depths without writing them); the chains are written only
/// for the steps pushed, which for a solver wanting one step is one. `kept` gives a premise's
/// run where the search kept it, so it is read back rather than derived again. Once the sink
/// wants no more, the conclusions left go to `later` in the same order, if it is given.
pub fn push_found<'k>(
    grid: &Grid,
    options: ForcingOptions,
    found: Vec<Found>,
    kept: impl Fn(Fact) -> Option<&'k Snapshot>,
    sink: &mut StepSink,
    mut later: Option<&mut Vec<Found>>,
) -> Flow {
    // Group conclusions by premises, so each group's steps share their premises' chains.
    let mut by_premises: BTreeMap<Vec<Fact>, Vec<Found>> = BTreeMap::new();
    for f in found {
        by_premises.entry(f.premises.clone()).or_default().push(f);
    }
    let groups: Vec<(Vec<Fact>, Vec<Found>)> = by_premises.into_iter().collect();
    let mut uses: BTreeMap<Fact, Vec<usize>> = BTreeMap::new();
    for (g, (premises, _)) in groups.iter().enumerate() {
        for &premise in premises {
            uses.entry(premise).or_default().push(g);
        }
    }
    // Per conclusion: the greatest depth and the links so far, `None` once a premise's run
    // does not reach it (or a contradiction has no chains).
    let mut sizes: Vec<Vec<Option<(usize, usize)>>> = groups
        .iter()
        .map(|(_, group)| vec![Some((0, 0)); group.len()])
        .collect();
    let mut propagator = Propagator::new(grid, options);
    let mut run = |propagator: &mut Propagator, premise| match kept(premise) {
        Some(snapshot) => propagator.restore(snapshot),
        None => propagator.run(premise),
    };
    for (&premise, group_indices) in &uses {
        let proves = |proof| group_indices.iter().any(|&g| groups[g].1[0].proof == proof);
        // A premise without a run kept, only measured for verities, is derived only as far as
        // its conclusions.
        let outcome = if kept(premise).is_none() && !proves(Proof::Contradiction) {
            let wanted: Vec<Fact> = group_indices
                .iter()
                .flat_map(|&g| groups[g].1.iter().map(|f| f.conclusion))
                .collect();
            propagator.run_until(premise, &wanted);
            None
        } else {
            Some(run(&mut propagator, premise))
        };
        for &g in group_indices {
            let group = &groups[g].1;
            if group[0].proof == Proof::Contradiction {
                let outcome = outcome.expect("a contradiction's premise runs whole");
                // None when the premise no longer contradicts (a conclusion carried from an
                // earlier position): dropped.
                let size = outcome
                    .contradiction
                    .and_then(|_| propagator.contradiction_size());
                sizes[g].iter_mut().for_each(|s| *s = size);
                continue;
            }
            for (size, f) in sizes[g].iter_mut().zip(group) {
                *size = match (*size, propagator.depth_of(f.conclusion)) {
                    (Some((depth, links)), Some(d)) => Some((depth.max(d), links + d)),
                    _ => None,
                };
            }
        }
    }
    let mut measured = Vec::new();
    for (g, (_, group)) in groups.iter().enumerate() {
        for (index, f) in group.iter().enumerate() {
            if let Some((depth, links)) = sizes[g][index] {
                let conclusion = f.conclusion;
                measured.push(Measured {
                    depth,
                    links,
                    conclusion,
                    group: g,
                    index,
                });
            }
        }
    }
    // One proof of each conclusion: of the easiest kind (by the default ratings), then the
    // shallowest.
    static RATINGS: LazyLock<RatingTable> = LazyLock::new(RatingTable::default);
    let er = |m: &Measured| {
        let f = &groups[m.group].1[m.index];
        RATINGS
            .rate_kind(&kind_of(options.nets, f.proof, f.house.is_some()))
            .er
    };
    // Which kinds prove a conclusion does not depend on the orientation, how deep each proof
    // goes may: the easiest kind first, then its shallowest proof.
    let mut easiest: BTreeMap<Fact, Er> = BTreeMap::new();
    for m in &measured {
        let e = er(m);
        easiest
            .entry(m.conclusion)
            .and_modify(|best| *best = (*best).min(e))
            .or_insert(e);
    }
    measured.retain(|m| easiest.get(&m.conclusion) == Some(&er(m)));
    measured.sort_by_key(|m| (m.depth, m.links, m.conclusion));
    let mut seen = HashSet::new();
    let mut stopped = ControlFlow::Continue(());
    for m in measured {
        if seen.insert(m.conclusion) {
            let (premises, group) = &groups[m.group];
            if let Some(later) = later.as_deref_mut()
                && stopped.is_break()
            {
                later.push(group[m.index].clone());
                continue;
            }
            let step = explain(
                &mut propagator,
                &mut run,
                options.nets,
                premises,
                &group[m.index],
            );
            stopped = sink.push(step);
            if stopped.is_break() && later.is_none() {
                break;
            }
        }
    }
    stopped
}

/// The step of one conclusion, its chains written from its premises' runs (`run` makes one).
fn explain<'g>(
    propagator: &mut Propagator<'g>,
    run: &mut impl FnMut(&mut Propagator<'g>, Fact) -> Outcome,
    nets: bool,
    premises: &[Fact],
    f: &Found,
) -> Step {
    let mut parts = Vec::new();
    if f.proof == Proof::Contradiction {
        let outcome = run(propagator, premises[0]);
        let why = outcome.contradiction.expect("the premise contradicts");
        let (chains, _) = propagator.contradiction_chains().expect("measured");
        parts.push(Part::Text(format!("{} leads to: {why}:", premises[0])));
        parts.extend(chains.into_iter().map(Part::Chain));
    } else {
        let lead = match f.house {
            Some(house) => format!("each place of {} in {house}", f.premises[0].digit),
            None => format!("each candidate of {}", f.premises[0].cell),
        };
        parts.push(Part::Text(format!("{lead} leads to {}:", f.conclusion)));
        for &premise in premises {
            run(propagator, premise);
            let chain = propagator.chain_to(f.conclusion).expect("measured");
            parts.push(Part::Chain(chain));
        }
    }
    let kind = kind_of(nets, f.proof, f.house.is_some());
    let mut step = Step::new(kind);
    let mut pattern = Candidates::EMPTY;
    for part in parts {
        if let Part::Chain(chain) = &part {
            pattern = pattern.union(&chain.candidates());
        }
        step = step.part(part);
    }
    let c = f.conclusion;
    step = if c.on {
        step.place(c.cell, c.digit)
    } else {
        step.eliminate(c.cell, c.digit)
    };
    step.pattern("chain", pattern)
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

impl Found {
    /// The same conclusion to be proved again in `grid`, a later position: `None` when it no
    /// longer changes anything or its premise is gone; a verity's premises are what is left of
    /// its cell or house ([`push_found`] proves it or drops it).
    pub fn again(mut self, grid: &Grid) -> Option<Found> {
        let live = |f: Fact| grid.value(f.cell).is_none() && grid.has_candidate(f.cell, f.digit);
        if !live(self.conclusion) {
            return None;
        }
        let first = self.premises[0];
        self.premises = match (self.proof, self.house) {
            // A candidate still there is the premise either way (assumed true or false).
            (Proof::Contradiction, _) => return live(first).then_some(self),
            (Proof::Verity, Some(house)) => {
                let places = grid.house_cells_with(house, first.digit);
                places.iter().map(|c| Fact::on(c, first.digit)).collect()
            }
            (Proof::Verity, None) => {
                let digits = grid.candidates(first.cell);
                digits.iter().map(|d| Fact::on(first.cell, d)).collect()
            }
        };
        (self.premises.len() >= 2).then_some(self)
    }
}
