//! Kraken Fish (HoDoKu's types 1 and 2): a finned fish whose fins are followed by forcing
//! chains.
//!
//! A fish with fins says: either some fin is true, or every fin is false and the fish holds,
//! so each cover set gets the digit in one of its base candidates and the covers' other
//! candidates of the digit are false.
//!
//! - Type 1: a cover candidate `X` of the digit outside the base sets is false when the fish
//!   holds; if every fin also leads to "`X` false" by a chain, `X` goes (a plain finned fish is
//!   the case where every fin sees `X`).
//! - Type 2: when the fish holds, the digit in one cover set lies on the base candidates there;
//!   if each of those and every fin leads to "`Y` false", `Y` (any digit) goes. The cover's
//!   other candidates of the digit need no chain: that is what the fish adds to a house
//!   forcing chain.
//!
//! Chains are the engine's forcing chains (`kaidoku_engine::chains::forcing`: a true candidate
//! excludes its cell and peers, a false one forces the other end of a strong link; with `nets`
//! also a single left on the way, as a grouped link would). Simplest
//! first: the search runs under a growing chain length cap and stops at the first cap that
//! proves something; one step per elimination, its shortest proof.

use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Propagator};
use kaidoku_engine::fish::find_fish_shapes;
use kaidoku_engine::prelude::*;
use kaidoku_engine::{DIGITS, Fish, FishSpec, HouseKinds};
use std::collections::{BTreeMap, HashSet};

pub struct KrakenFish {
    min_size: usize,
    max_size: usize,
    /// Base and cover kinds per search, as the fish family allows.
    shapes: Vec<(HouseKinds, HouseKinds)>,
    max_fins: usize,
    max_length: usize,
    nets: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum KrakenType {
    One,
    Two,
}

/// An elimination before it is explained: the fish, the type, for type 2 the cover set, the
/// premises (one of which is true) and the candidate they all exclude.
struct Found {
    kind: KrakenType,
    fish: Fish,
    cover: Option<House>,
    premises: Vec<Fact>,
    target: Fact,
}

/// How many proofs of one elimination are weighed against each other.
const PROOFS_PER_TARGET: usize = 6;

impl Technique for KrakenFish {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        // A false candidate is derived at an odd depth (true, false, true, false …).
        let mut cap = 3.min(self.max_length);
        loop {
            let options = ForcingOptions {
                nets: self.nets,
                max_depth: cap,
            };
            let found = self.search(grid, options);
            if !found.is_empty() {
                return push_explained(grid, options, found, sink);
            }
            if cap >= self.max_length {
                return ControlFlow::Continue(());
            }
            cap = (cap * 2 - 1).min(self.max_length);
        }
    }
}

impl KrakenFish {
    fn search(&self, grid: &Grid, options: ForcingOptions) -> Vec<Found> {
        let mut outcomes = Outcomes::new(grid, options);
        let mut found = Vec::new();
        let mut proofs: BTreeMap<Fact, usize> = BTreeMap::new();
        let mut keep = |f: Found, found: &mut Vec<Found>| {
            let n = proofs.entry(f.target).or_default();
            if *n < PROOFS_PER_TARGET {
                *n += 1;
                found.push(f);
            }
        };
        for size in self.min_size..=self.max_size {
            for digit in DIGITS {
                for &(base, cover) in &self.shapes {
                    let spec = FishSpec {
                        size,
                        base,
                        cover,
                        max_fins: self.max_fins,
                        endo_fins: true,
                        cannibalism: false,
                    };
                    let _ = find_fish_shapes(grid, digit, &spec, |fish| {
                        for f in type_one(grid, fish, &mut outcomes) {
                            keep(f, &mut found);
                        }
                        for f in type_two(grid, fish, &mut outcomes) {
                            keep(f, &mut found);
                        }
                        ControlFlow::<()>::Continue(())
                    });
                }
            }
        }
        found
    }
}

/// What each assumed-true candidate excludes, derived once per search.
struct Outcomes<'g> {
    propagator: Propagator<'g>,
    off: Vec<Option<Candidates>>,
}

impl<'g> Outcomes<'g> {
    fn new(grid: &'g Grid, options: ForcingOptions) -> Self {
        Outcomes {
            propagator: Propagator::new(grid, options),
            off: vec![None; 81 * 9],
        }
    }

    /// The candidates `cell`=`digit` makes false (none when it meets a contradiction).
    fn off(&mut self, cell: Cell, digit: Digit) -> Candidates {
        let slot = cell.index() * 9 + digit as usize - 1;
        if let Some(off) = self.off[slot] {
            return off;
        }
        // A premise that meets a contradiction stops part way, where cell order decides
        // what was reached: it proves nothing here (forcing chains refute it).
        let outcome = self.propagator.run(Fact::on(cell, digit));
        let off = match outcome.contradiction {
            None => outcome.off,
            Some(_) => Candidates::EMPTY,
        };
        self.off[slot] = Some(off);
        off
    }
}

/// Type 1: cover candidates outside the base sets that every fin excludes (not all of them
/// directly: that is a plain finned fish).
fn type_one(grid: &Grid, fish: &Fish, outcomes: &mut Outcomes) -> Vec<Found> {
    let digit = fish.digit;
    if fish.fins.is_empty() {
        return Vec::new();
    }
    let mut targets = (fish.cover.cells() & grid.cells_with(digit)) - fish.body;
    targets -= common_peers(fish.fins);
    for fin in fish.fins {
        if targets.is_empty() {
            return Vec::new();
        }
        targets &= outcomes.off(fin, digit).cells_of(digit);
    }
    let premises: Vec<Fact> = fish.fins.iter().map(|c| Fact::on(c, digit)).collect();
    targets
        .iter()
        .map(|cell| Found {
            kind: KrakenType::One,
            fish: *fish,
            cover: None,
            premises: premises.clone(),
            target: Fact::off(cell, digit),
        })
        .collect()
}

/// Type 2: per cover set holding candidates of the digit outside the base sets, what its base
/// candidates and every fin all exclude.
fn type_two(grid: &Grid, fish: &Fish, outcomes: &mut Outcomes) -> Vec<Found> {
    let digit = fish.digit;
    let candidates = grid.cells_with(digit);
    let mut out = Vec::new();
    'covers: for cover in fish.cover.iter() {
        let places = cover.cells() & candidates;
        if (places - fish.body).is_empty() {
            continue;
        }
        let premise_cells = (places & fish.body) | fish.fins;
        let mut excluded: Option<Candidates> = None;
        for cell in premise_cells {
            let off = outcomes.off(cell, digit);
            let common = match excluded {
                None => off,
                Some(so_far) => intersection(&so_far, &off),
            };
            if common.is_empty() {
                continue 'covers;
            }
            excluded = Some(common);
        }
        let Some(excluded) = excluded else { continue };
        let premises: Vec<Fact> = premise_cells.iter().map(|c| Fact::on(c, digit)).collect();
        for (cell, d) in excluded.iter() {
            out.push(Found {
                kind: KrakenType::Two,
                fish: *fish,
                cover: Some(cover),
                premises: premises.clone(),
                target: Fact::off(cell, d),
            });
        }
    }
    out
}

fn intersection(a: &Candidates, b: &Candidates) -> Candidates {
    let mut out = Candidates::EMPTY;
    for digit in DIGITS {
        out.insert_cells(a.cells_of(digit) & b.cells_of(digit), digit);
    }
    out
}

/// A step with what orders it: deepest chain, total links, type, fish size.
struct Explained {
    order: (usize, usize, KrakenType, usize),
    target: Fact,
    step: Step,
}

/// Explain every elimination found (one propagation per premise), then push the simplest
/// proof of each: shallowest chains first, then fewest links.
fn push_explained(
    grid: &Grid,
    options: ForcingOptions,
    found: Vec<Found>,
    sink: &mut StepSink,
) -> Flow {
    let mut wanted: BTreeMap<Fact, Vec<Fact>> = BTreeMap::new();
    for f in &found {
        for &premise in &f.premises {
            wanted.entry(premise).or_default().push(f.target);
        }
    }
    let mut propagator = Propagator::new(grid, options);
    let mut chains: BTreeMap<(Fact, Fact), (Chain, usize)> = BTreeMap::new();
    for (premise, targets) in wanted {
        propagator.run(premise);
        for target in targets {
            if let (Some(chain), Some(depth)) =
                (propagator.chain_to(target), propagator.depth_of(target))
            {
                chains.insert((premise, target), (chain, depth));
            }
        }
    }
    let mut explained: Vec<Explained> = found
        .iter()
        .filter_map(|f| explain(grid, f, &chains))
        .collect();
    explained.sort_by_key(|e| (e.order, e.target));
    let mut seen = HashSet::new();
    for e in explained {
        if seen.insert(e.target) {
            sink.push(e.step)?;
        }
    }
    ControlFlow::Continue(())
}

const TYPE_1: StepKind = StepKind::new("kraken-fish-type-1", "Kraken Fish Type 1");
const TYPE_2: StepKind = StepKind::new("kraken-fish-type-2", "Kraken Fish Type 2");

/// `Kraken Fish Type 1 (Finned X-Wing) #9 r16 c27 fr1c5 fr6c3 and every fin
/// leads to r4c2<>9: 9r1c5-9r2c6=9r4c6-9r4c2 9r6c3-9r4c2 => r4c2<>9`
fn explain(
    grid: &Grid,
    f: &Found,
    chains: &BTreeMap<(Fact, Fact), (Chain, usize)>,
) -> Option<Explained> {
    let proof: Vec<&(Chain, usize)> = f
        .premises
        .iter()
        .map(|&p| chains.get(&(p, f.target)))
        .collect::<Option<_>>()?;
    let depth = proof.iter().map(|c| c.1).max().unwrap_or(0);
    let links: usize = proof.iter().map(|c| c.0.len()).sum();
    let fish = &f.fish;
    let digit = fish.digit;
    let kind = match f.kind {
        KrakenType::One => TYPE_1,
        KrakenType::Two => TYPE_2,
    };
    let mut step = Step::new(kind.sized(links))
        .part(Part::Text(format!(
            "({})",
            super::fish::kind_names(grid, fish).1
        )))
        .part(Part::Digit(digit))
        .part(Part::Base(fish.base))
        .part(Part::Cover(fish.cover));
    let plain_fins = fish.fins - fish.endo_fins;
    if !plain_fins.is_empty() {
        step = step.part(Part::Fins(plain_fins));
    }
    if !fish.endo_fins.is_empty() {
        step = step.part(Part::EndoFins(fish.endo_fins));
    }
    let lead = match f.cover {
        None => "and every fin leads to".to_string(),
        Some(cover) => {
            let places = cover.cells() & (fish.body - fish.fins);
            match (places.is_empty(), fish.fins.is_empty()) {
                // Only endo fins there: with every fin false the fish would leave the cover
                // empty, so a fin is true.
                (true, _) => format!("and {cover} has no fish place but fins; every fin leads to"),
                (false, true) => format!("and each fish place in {cover} ({places}) leads to"),
                (false, false) => {
                    format!("and each fish place in {cover} ({places}) and every fin leads to")
                }
            }
        }
    };
    step = step.part(Part::Text(format!("{lead} {}:", f.target)));
    let mut on_chains = Candidates::EMPTY;
    for (chain, _) in &proof {
        on_chains = on_chains.union(&chain.candidates());
        step = step.part(Part::Chain(chain.clone()));
    }
    let only = |cells: CellSet| {
        let mut out = Candidates::EMPTY;
        out.insert_cells(cells, digit);
        out
    };
    step = step
        .eliminate(f.target.cell, f.target.digit)
        .pattern("fish", only(fish.body - fish.fins));
    if !fish.fins.is_empty() {
        step = step.pattern("fins", only(fish.fins));
    }
    Some(Explained {
        order: (depth, links, f.kind, fish.size()),
        target: f.target,
        step: step.pattern("chain", on_chains),
    })
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("min_size", "smallest fish (2 = X-Wing)", 2, 2, 7),
    ParamSpec::int("max_size", "largest fish (4 = Jellyfish)", 4, 2, 7),
    ParamSpec::int("max_fins", "most fins (endo fins included)", 3, 1, 5),
    super::fish::FRANKEN,
    super::fish::MUTANT,
    ParamSpec::int(
        "max_length",
        "most links of a chain from a fin or a place in the cover set",
        9,
        3,
        31,
    ),
    ParamSpec::bool(
        "nets",
        "chains may pass singles on the way (forcing nets), not only the position's strong links",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "kraken-fish",
    name: "Kraken Fish",
    summary: "a finned fish whose fins (type 1), or whose places in one cover set and fins (type 2), all lead by chains to one elimination",
    params: PARAMS,
    build: |params| {
        let (min_size, max_size) = params.size_range("min_size", "max_size")?;
        let shapes = super::fish::shapes(params.bool("franken"), params.bool("mutant"));
        Ok(Box::new(KrakenFish {
            min_size,
            max_size,
            shapes,
            max_fins: params.int("max_fins") as usize,
            max_length: params.int("max_length") as usize,
            nets: params.bool("nets"),
        }))
    },
});

register_fixtures!("kraken-fish", "kraken_fish.fixtures");

#[cfg(test)]
mod tests;
