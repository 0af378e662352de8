//! ALS Death Blossom extended, after GNPX: the stem's digit z itself among the places of z
//! (GNPX's "connected" blossom), a house as the stem (each place of a digit in a house
//! linked to its own petal), and network stems (each stem candidate linked to the target by a
//! chain through candidates, groups and ALSs: GNPX's eNetwork Death Blossom).
//!
//! A petal for (cell p, digit d) is an almost locked set holding d, not containing p, whose
//! every cell holding d sees p: forced to lock, it holds d, so p is not d. A petal holding z
//! is forced to lock when a cell T outside it that sees all its z cells is z.
//!
//! Connected (stem cell). A stem cell with k ≥ 3 candidates, z one of them, and a petal for
//! (stem, d) holding z for each other candidate d. A cell T outside the petals that holds z
//! and sees the stem and every petal's z cells is not z. Proof: were T z, the stem (a peer of
//! T) would not be z; each petal would lose z (T sees its z cells and is not in it) and lock,
//! so the stem would not be its link digit either: the stem would have no candidate left.
//! (With k = 2 it is an ALS-XZ with the stem as a one-cell set: `als-xz` finds it.)
//!
//! House stem. A digit d with places P in a house H, z ≠ d, and a petal holding z for (p, d)
//! for every place p, but at most one place u. A cell T outside the petals that holds z, sees
//! every petal's z cells and (when there is such a u) is u itself, is not z. Proof: were T z,
//! every petal would lose z and lock, so each place with a petal would not be d; u, being T,
//! would be z, not d: H would have no place left for d. Petals may share cells (each is
//! forced on its own); T may be a place with a petal (it is then z, which agrees).
//!
//! Network stem. A stem cell S with k candidates, and a candidate z of a cell T such that for
//! every candidate d of S an alternating chain of the link graph (candidates, groups of a
//! box-line intersection, ALSs; weak links from a true node to a false one, strong links from a
//! false node to a true one) leads from "S is d" to "T is not z". Then T is not z. Proof: each
//! chain proves "S = d implies T <> z" link by link (a weak link: two nodes not both true; a
//! strong link: not both false; an ALS node "the set holds x" is false when a true candidate
//! sees all its x cells, and the set then holds each of its other digits, as it locks). S holds
//! one of its candidates, so T <> z follows from whichever it is. The classic blossom is the
//! case where each chain is one petal (S = d, the petal loses d, holds z, T <> z: three links);
//! a peer T of S seeing the stem's own z is a one-link chain (the connected form). A network
//! step is reported only when some chain is longer than one petal (else `death-blossom` and
//! the connected form find it) and the stem's candidates do not all reach the target through
//! candidates alone (that is a cell forcing chain, `forcing-chain`'s): so some chain passes
//! an ALS or a group. Both tests read the shortest lengths, not the chains the walk happened
//! to keep, so a step does not depend on the order links are listed in. GNPX also reports an
//! assumption that makes one candidate both true and false; that is a forcing chain
//! contradiction and is left to `forcing-chain`. The chains are walked from the stem's
//! candidates, breadth first (each the shortest there is, within `max_length` links), so one
//! walk per stem candidate finds every target at once: the candidates all of them make false.
//!
//! The search indexes petals by (cell, link digit) as `death-blossom` does, picks a petal per
//! link and keeps, per z still possible, the cells seeing every picked petal's z cells:
//! a pick that leaves no z with a target is dropped at once.

use super::petals::{MAX_PETALS, PetalIndex, PetalPicker};
use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;

mod network;

pub struct DeathBlossomExtended {
    max_petals: usize,
    max_als_cells: usize,
    houses: bool,
    networks: bool,
    max_length: usize,
}

const CONNECTED: StepKind =
    StepKind::new("death-blossom-connected", "ALS Death Blossom (connected)");
const HOUSE: StepKind = StepKind::new("death-blossom-house", "ALS Death Blossom (house stem)");
const PETAL_ROLES: [&str; MAX_PETALS] = ["petal 1", "petal 2", "petal 3", "petal 4", "petal 5"];

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_petals",
        "most petals (a connected or network stem has one candidate more)",
        3,
        2,
        MAX_PETALS as i64,
    ),
    ParamSpec::int(
        "max_als_cells",
        "most cells of a petal (8: no limit; network petals pass any ALS)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
    ParamSpec::bool("houses", "also house stems", true),
    ParamSpec::bool(
        "networks",
        "also network stems (chains through candidates, groups and ALSs as petals)",
        true,
    ),
    ParamSpec::int(
        "max_length",
        "most links of a network petal",
        DEFAULT_MAX_LENGTH,
        1,
        MAX_LENGTH,
    ),
];

/// A one-set petal has three links; a chain of two or three sets five to seven.
const DEFAULT_MAX_LENGTH: i64 = 7;
const MAX_LENGTH: i64 = 20;

impl Technique for DeathBlossomExtended {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als_up_to(self.max_als_cells);
        let open = grid.empty_cells() - grid.single_candidate_cells();
        let petals = PetalIndex::build(grid, &alses, open);
        let mut search = Search {
            grid,
            picker: PetalPicker::new(&alses, &petals, true),
        };
        // Connected stems, small first.
        for k in 3..=self.max_petals + 1 {
            for stem in open {
                let digits = grid.candidates(stem);
                if digits.len() as usize != k {
                    continue;
                }
                for z in digits {
                    let links = (digits - DigitSet::single(z))
                        .into_iter()
                        .map(|d| (stem, d));
                    let mut targets = [CellSet::EMPTY; 9];
                    targets[z as usize - 1] = peers(stem) & grid.cells_with(z);
                    let stem = Stem::Cell(stem, digits);
                    search.start(stem, links, DigitSet::single(z), targets, sink)?;
                }
            }
        }
        if self.houses {
            house_stems(&mut search, self.max_petals, open, sink)?;
        }
        if self.networks {
            network::network_blossoms(analysis, self.max_petals + 1, self.max_length, sink)?;
        }
        ControlFlow::Continue(())
    }
}

/// Every house stem: each place of a digit in a house (but at most one, the target) linked to
/// a petal.
fn house_stems(search: &mut Search, max_petals: usize, open: CellSet, sink: &mut StepSink) -> Flow {
    let grid = search.grid;
    for house in House::all() {
        for d in DigitSet::ALL {
            let places = house.cells() & grid.cells_with(d);
            let count = places.len() as usize;
            if count < 2 || count > max_petals + 1 {
                continue;
            }
            let zs = grid.candidates_of(open) - DigitSet::single(d);
            // Every place with a petal.
            if count <= max_petals {
                let mut targets = [CellSet::EMPTY; 9];
                for z in zs {
                    targets[z as usize - 1] = grid.cells_with(z);
                }
                let links = places.into_iter().map(|place| (place, d));
                let stem = Stem::House(house, d);
                search.start(stem, links, zs, targets, sink)?;
            }
            // One place without, the only target; two petals at least.
            if count < 3 {
                continue;
            }
            for free in places {
                let mut targets = [CellSet::EMPTY; 9];
                let free_zs = grid.candidates(free) & zs;
                for z in free_zs {
                    targets[z as usize - 1] = CellSet::single(free);
                }
                let links = (places - CellSet::single(free)).into_iter();
                let links = links.map(|place| (place, d));
                let stem = Stem::House(house, d);
                search.start(stem, links, free_zs, targets, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// What the petals are linked to.
#[derive(Clone, Copy)]
enum Stem {
    /// A stem cell and its candidates (one of them z, without a petal).
    Cell(Cell, DigitSet),
    /// A house and the digit whose places it links.
    House(House, Digit),
}

struct Search<'a> {
    grid: &'a Grid,
    picker: PetalPicker<'a>,
}

impl Search<'_> {
    fn start(
        &mut self,
        stem: Stem,
        links: impl IntoIterator<Item = (Cell, Digit)>,
        zs: DigitSet,
        targets: [CellSet; 9],
        sink: &mut StepSink,
    ) -> Flow {
        let grid = self.grid;
        self.picker
            .pick_blossoms(links, zs, &targets, &mut |picker, eliminations| {
                sink.push(step(grid, picker, stem, eliminations))
            })
    }
}

/// Connected: `Stem r2c3 #169, #6-ALS r27c7 #567, #9-ALS r12368c2 #345679`; house stem:
/// `Stem #4 in r3, #4-ALS r27c1 #457 on r3c1, #4-ALS r5c5 #46 on r3c5`, a place without a
/// petal as `no petal on r3c8`.
fn step(grid: &Grid, picker: &PetalPicker, stem: Stem, eliminations: Candidates) -> Step {
    let link_count = picker.links().len();
    let mut stem_part = Candidates::EMPTY;
    let (mut step, order): (Step, Vec<(Cell, Digit)>) = match stem {
        Stem::Cell(cell, digits) => {
            stem_part.insert_digits(cell, digits);
            let step = Step::new(CONNECTED.sized(link_count)).part(Part::Stem { cell, digits });
            let order = digits.into_iter().map(|d| (cell, d)).collect();
            (step, order)
        }
        Stem::House(house, digit) => {
            let places = house.cells() & grid.cells_with(digit);
            stem_part.insert_cells(places, digit);
            let step = Step::new(HOUSE.sized(link_count))
                .part(Part::Text("Stem".into()))
                .part(Part::Digit(digit))
                .part(Part::House(house));
            let order = places.into_iter().map(|c| (c, digit)).collect();
            (step, order)
        }
    };
    let mut parts = vec![("stem", stem_part)];
    let mut role = PETAL_ROLES.iter();
    let house_stem = matches!(stem, Stem::House(..));
    for (cell, digit) in order {
        let Some(petal) = picker.petal_of((cell, digit)) else {
            // The connected stem's z, or the house's place without a petal.
            if house_stem {
                step = step.part(Part::Text(format!("no petal on {cell}")));
            }
            continue;
        };
        step = step.part(Part::Als {
            cells: petal.cells,
            digits: petal.digits,
            link: Some(digit),
        });
        if house_stem {
            step = step.part(Part::Text(format!("on {cell}")));
        }
        if let Some(role) = role.next() {
            parts.push((role, petal.candidates()));
        }
    }
    step = step.eliminations(eliminations);
    for (role, candidates) in parts {
        step = step.pattern(role, candidates);
    }
    step
}

register_technique!(TechniqueInfo {
    id: "death-blossom-extended",
    name: "ALS Death Blossom Extended",
    summary: "death blossoms whose stem's own candidate counts as a place of z (connected), whose stem is a house (each place of a digit there forced off by a petal), or whose petals are chains through candidates, groups and ALSs (network)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(DeathBlossomExtended {
            max_petals: params.int("max_petals").clamp(2, MAX_PETALS as i64) as usize,
            max_als_cells: params.int("max_als_cells").clamp(1, MAX_ALS_CELLS as i64) as usize,
            houses: params.bool("houses"),
            networks: params.bool("networks"),
            max_length: params.int("max_length").clamp(1, MAX_LENGTH) as usize,
        }))
    },
});

register_fixtures!("death-blossom-extended", "death_blossom_extended.fixtures");

#[cfg(test)]
mod tests;
