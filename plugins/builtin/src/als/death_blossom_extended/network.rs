//! Network stems (GNPX's eNetwork Death Blossom): each candidate of the stem cell reaches the
//! target through a chain of the link graph (candidates, groups, ALSs) instead of one petal.
//! See the module above for the rule and its proof.

use kaidoku_engine::chains::graph::candidate_id;
use kaidoku_engine::chains::{ChainFilter, Implications, LinkGraph};
use kaidoku_engine::prelude::*;

pub(super) const NETWORK: StepKind =
    StepKind::new("death-blossom-network", "ALS Death Blossom (network stem)");

/// The longest petal that is one ALS: stem digit, the set without it, the set with z, target.
const ONE_SET_PETAL: usize = 3;

/// Every network blossom at stems of 2 to `max_stem` candidates, petals of at most
/// `max_length` links, small stems first; one step per target candidate.
pub(super) fn network_blossoms(
    analysis: &Analysis,
    max_stem: usize,
    max_length: usize,
    sink: &mut StepSink,
) -> Flow {
    let grid = analysis.grid();
    let graph = analysis.als_links();
    let filter = ChainFilter {
        node: &|_| true,
        strong: &|_| true,
        weak: &|_| true,
        max_links: max_length,
    };
    // The same walks through candidates alone: what they reach is a cell forcing chain's.
    let plain = ChainFilter {
        node: &|n| n.kind == NodeKind::Candidate,
        ..filter
    };
    let mut walks = Implications::new(graph, grid, &filter);
    // Made when a stem first has targets (most calls find none).
    let mut plain_walks = None;
    let mut reported = Candidates::EMPTY;
    for k in 2..=max_stem {
        for stem in grid.empty_cells() {
            let digits = grid.candidates(stem);
            if digits.len() as usize != k {
                continue;
            }
            let mut targets = common_targets(grid, graph, &filter, &mut walks, stem);
            if targets.is_empty() {
                continue;
            }
            let plain_walks =
                plain_walks.get_or_insert_with(|| Implications::new(graph, grid, &plain));
            let forcing = common_targets(grid, graph, &plain, plain_walks, stem);
            targets = without(&targets, &forcing);
            for (target, z, chains) in petals(grid, graph, &filter, &mut walks, stem, &targets) {
                // Some petal longer than one set: the lengths are the shortest there are, so
                // what is reported does not depend on the order links are listed in.
                let one_set_petals = chains.iter().all(|c| c.len() <= ONE_SET_PETAL);
                if one_set_petals || reported.contains(target, z) {
                    continue;
                }
                reported.insert(target, z);
                sink.push(step(stem, digits, target, z, chains))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The candidates of `all` not in `some`.
fn without(all: &Candidates, some: &Candidates) -> Candidates {
    let mut out = Candidates::EMPTY;
    for z in 1..=9 {
        out.insert_cells(all.cells_of(z) - some.cells_of(z), z);
    }
    out
}

/// The candidates every candidate of `stem`, assumed true, makes false.
fn common_targets(
    grid: &Grid,
    graph: &LinkGraph,
    filter: &ChainFilter,
    walks: &mut Implications,
    stem: Cell,
) -> Candidates {
    let mut common: [CellSet; 9] = std::array::from_fn(|i| grid.cells_with(i as Digit + 1));
    for d in grid.candidates(stem) {
        walks.run(graph, filter, candidate_id(stem, d), true);
        let off = walks.candidates_off(grid);
        let mut any = false;
        for (z, cells) in (1..=9).zip(common.iter_mut()) {
            *cells &= off.cells_of(z);
            any |= !cells.is_empty();
        }
        if !any {
            return Candidates::EMPTY;
        }
    }
    let mut targets = Candidates::EMPTY;
    for (z, cells) in (1..=9).zip(common) {
        targets.insert_cells(cells, z);
    }
    targets
}

/// For each target, the petals: the chain from each stem candidate (in digit order) to it.
fn petals(
    grid: &Grid,
    graph: &LinkGraph,
    filter: &ChainFilter,
    walks: &mut Implications,
    stem: Cell,
    targets: &Candidates,
) -> Vec<(Cell, Digit, Vec<Chain>)> {
    let mut found: Vec<(Cell, Digit, Vec<Chain>)> =
        targets.iter().map(|(c, z)| (c, z, Vec::new())).collect();
    for d in grid.candidates(stem) {
        walks.run(graph, filter, candidate_id(stem, d), true);
        for (target, z, chains) in &mut found {
            chains.push(walks.chain_to_off(graph, *target, *z));
        }
    }
    // Shortest first (in all links), then in cell and digit order.
    found.sort_by_key(|(c, z, chains)| (total_links(chains), c.index(), *z));
    found
}

fn total_links(chains: &[Chain]) -> usize {
    chains.iter().map(Chain::len).sum()
}

/// `Stem r4c6 #247 2r4c6-...-5r1c1 4r4c6-...-5r1c1 7r4c6-...-5r1c1 => r1c1<>5`: the chains
/// in stem-digit order, sized by their links together.
fn step(stem: Cell, digits: DigitSet, target: Cell, z: Digit, chains: Vec<Chain>) -> Step {
    let mut stem_part = Candidates::EMPTY;
    stem_part.insert_digits(stem, digits);
    let mut pattern = Candidates::EMPTY;
    let mut step =
        Step::new(NETWORK.sized(total_links(&chains))).part(Part::Stem { cell: stem, digits });
    for chain in chains {
        pattern = pattern.union(&chain.candidates());
        step = step.part(Part::Chain(chain));
    }
    step.eliminate(target, z)
        .pattern("stem", stem_part)
        .pattern("chain", pattern)
}
