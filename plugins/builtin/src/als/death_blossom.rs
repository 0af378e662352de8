//! ALS Death Blossom, after seed 002.
//!
//! A stem cell holds k candidates. Each candidate `d` of the stem links it to one petal: an
//! almost locked set that holds `d`, does not contain the stem, and whose every cell holding `d`
//! sees the stem (`d` is a restricted common candidate of the stem and the petal). A digit `z`
//! that every petal holds and the stem does not is then removed from every cell outside the
//! petals that sees all the petal cells holding `z`.
//!
//! Why it is sound. Suppose such a cell `T` were `z`. Every petal's `z` cells see `T`, so every
//! petal loses `z`; `T` is in no petal, so no petal keeps `z` in `T` itself. A petal of n cells
//! in one house is then left with n digits for n cells, so it holds each of them, its link
//! digit `d` included (`d` is not `z`: `d` is a stem candidate and `z` is not). That `d` sits in
//! a cell that sees the stem, so the stem is not `d`. This holds for every petal on its own,
//! and the link digits are all the stem's candidates: the stem would be left empty. So `T` is
//! not `z`.
//! - Overlap does not matter: each petal is forced on its own, whether or not it shares cells
//!   with another. `overlap = false` only narrows the search to disjoint petals (HoDoKu's
//!   type 1).
//! - The stem must not be in a petal: a link is a restricted common candidate of a cell and an
//!   ALS, which needs the cell outside the ALS.
//! - `T` is never the stem (the stem has no `z`) and never a petal cell (a petal holding `z`
//!   in `T` would not be forced to lock).
//! - One ALS may be the petal of several stem candidates (an overlap, so only with `overlap`):
//!   forced to lock, it holds each of them. HoDoKu's library has such a case.
//!
//! The search builds the ALS list once per call, indexes the petals by (stem cell, link digit),
//! and picks a petal per stem candidate, keeping for every `z` still possible the cells that
//! see all the petals' `z` cells so far: a choice that leaves no `z` with a target is dropped
//! at once, as is (without overlap) a petal sharing cells with one already picked.

use super::petals::PetalIndex;
use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

pub struct DeathBlossom {
    max_petals: usize,
    overlap: bool,
    max_als_cells: usize,
}

const NAME: &str = "ALS Death Blossom";
const KIND: StepKind = StepKind::new("death-blossom", NAME);
const PETAL_ROLES: [&str; 5] = ["petal 1", "petal 2", "petal 3", "petal 4", "petal 5"];
const MAX_PETALS: usize = PETAL_ROLES.len();

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_petals",
        "most candidates of the stem cell, one petal each",
        3,
        2,
        MAX_PETALS as i64,
    ),
    ParamSpec::bool("overlap", "petals may share cells", true),
    ParamSpec::int(
        "max_als_cells",
        "most cells of a petal (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
];

impl Technique for DeathBlossom {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let stems = stem_cells(grid, self.max_petals);
        if stems.is_empty() {
            return ControlFlow::Continue(());
        }
        let alses = analysis.als_up_to(self.max_als_cells);
        let petals = PetalIndex::build(grid, &alses, stems);
        let mut search = Search {
            grid,
            alses: &alses,
            petals: &petals,
            overlap: self.overlap,
            stem: Cell::default(),
            links: [0; MAX_PETALS],
            link_count: 0,
            chosen: [0; MAX_PETALS],
            reported: HashSet::new(),
        };
        // Small blossoms first, as a human would look for them.
        for k in 2..=self.max_petals {
            for stem in stems {
                if grid.candidates(stem).len() as usize == k {
                    search.blossoms_at(stem, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The empty cells with 2 to `max_petals` candidates.
fn stem_cells(grid: &Grid, max_petals: usize) -> CellSet {
    let mut stems = CellSet::EMPTY;
    for cell in grid.empty_cells() {
        let count = grid.candidates(cell).len() as usize;
        if (2..=max_petals).contains(&count) {
            stems.insert(cell);
        }
    }
    stems
}

/// The state of the search at one stem: its link digits, the petals picked so far, and the
/// (petal set, eliminations) already reported.
struct Search<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    petals: &'a PetalIndex,
    overlap: bool,
    stem: Cell,
    /// The stem's candidates, the rarest-linked first so the search narrows early.
    links: [Digit; MAX_PETALS],
    link_count: usize,
    /// The ALS picked for each entry of `links`.
    chosen: [u32; MAX_PETALS],
    /// Petal sets and eliminations already reported: a hash set, since listing every step
    /// can report tens of thousands (a list scan made that quadratic).
    reported: HashSet<([u32; MAX_PETALS], Candidates)>,
}

impl Search<'_> {
    fn blossoms_at(&mut self, stem: Cell, sink: &mut StepSink) -> Flow {
        let stem_digits = self.grid.candidates(stem);
        let mut count = 0;
        for digit in stem_digits {
            if self.petals.of(stem, digit).is_empty() {
                return ControlFlow::Continue(());
            }
            self.links[count] = digit;
            count += 1;
        }
        self.stem = stem;
        self.link_count = count;
        let petals = self.petals;
        self.links[..count].sort_by_key(|&d| petals.of(stem, d).len());
        // Every digit the stem lacks may be z; its targets start as all its cells.
        let mut targets = [CellSet::EMPTY; 9];
        let zs = !stem_digits;
        for z in zs {
            targets[z as usize - 1] = self.grid.cells_with(z);
        }
        self.pick(0, CellSet::EMPTY, zs, &targets, sink)
    }

    /// Pick the petal for link `level`, given the petal cells so far (`used`), the digits that
    /// may still be z and, per z, the cells that see every petal `z` so far.
    fn pick(
        &mut self,
        level: usize,
        used: CellSet,
        zs: DigitSet,
        targets: &[CellSet; 9],
        sink: &mut StepSink,
    ) -> Flow {
        if level == self.link_count {
            return self.report(zs, targets, sink);
        }
        let digit = self.links[level];
        for &index in self.petals.of(self.stem, digit) {
            let petal = &self.alses[index as usize];
            if !self.overlap && petal.cells.intersects(used) {
                continue;
            }
            let mut next_zs = DigitSet::EMPTY;
            let mut next_targets = [CellSet::EMPTY; 9];
            for z in zs & petal.digits {
                // `peers_of_digit` leaves out the petal's own cells, so targets never lie in
                // a petal.
                let seen = targets[z as usize - 1] & petal.peers_of_digit(z);
                if !seen.is_empty() {
                    next_targets[z as usize - 1] = seen;
                    next_zs.insert(z);
                }
            }
            if next_zs.is_empty() {
                continue;
            }
            self.chosen[level] = index;
            self.pick(level + 1, used | petal.cells, next_zs, &next_targets, sink)?;
        }
        ControlFlow::Continue(())
    }

    fn report(&mut self, zs: DigitSet, targets: &[CellSet; 9], sink: &mut StepSink) -> Flow {
        let mut eliminations = Candidates::EMPTY;
        for z in zs {
            eliminations.insert_cells(targets[z as usize - 1], z);
        }
        let count = self.link_count;
        // The same petals linked in another order, or to another stem, remove the same.
        let mut petal_set = [u32::MAX; MAX_PETALS];
        petal_set[..count].copy_from_slice(&self.chosen[..count]);
        petal_set[..count].sort_unstable();
        if !self.reported.insert((petal_set, eliminations)) {
            return ControlFlow::Continue(());
        }
        sink.push(self.step(eliminations))
    }

    /// `Stem r2c3 #69, #6-ALS r27c7 #567, #9-ALS r12368c2 #345679`, petals by link digit.
    fn step(&self, eliminations: Candidates) -> Step {
        let stem_digits = self.grid.candidates(self.stem);
        let mut step = Step::new(KIND.sized(self.link_count)).part(Part::Stem {
            cell: self.stem,
            digits: stem_digits,
        });
        let mut stem_part = Candidates::EMPTY;
        stem_part.insert_digits(self.stem, stem_digits);
        let mut parts = vec![("stem", stem_part)];
        for (role, digit) in PETAL_ROLES.iter().zip(stem_digits) {
            let links = &self.links[..self.link_count];
            let Some(level) = links.iter().position(|&d| d == digit) else {
                continue;
            };
            let petal = &self.alses[self.chosen[level] as usize];
            step = step.part(Part::Als {
                cells: petal.cells,
                digits: petal.digits,
                link: Some(digit),
            });
            parts.push((role, petal.candidates()));
        }
        step = step.eliminations(eliminations);
        for (role, candidates) in parts {
            step = step.pattern(role, candidates);
        }
        step
    }
}

register_technique!(TechniqueInfo {
    id: "death-blossom",
    name: NAME,
    summary: "a stem cell whose every candidate forces an almost locked set: a digit all of them hold leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        let max_petals = params.int("max_petals").clamp(2, MAX_PETALS as i64) as usize;
        let max_als_cells = params.int("max_als_cells").clamp(1, MAX_ALS_CELLS as i64) as usize;
        Ok(Box::new(DeathBlossom {
            max_petals,
            overlap: params.bool("overlap"),
            max_als_cells,
        }))
    },
});

register_fixtures!("death-blossom", "death_blossom.fixtures");

#[cfg(test)]
mod tests;
