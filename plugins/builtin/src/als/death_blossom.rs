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

use super::petals::{MAX_PETALS, PetalIndex, PetalPicker};
use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;

pub struct DeathBlossom {
    max_petals: usize,
    overlap: bool,
    max_als_cells: usize,
}

const NAME: &str = "ALS Death Blossom";
const KIND: StepKind = StepKind::new("death-blossom", NAME);
const PETAL_ROLES: [&str; MAX_PETALS] = ["petal 1", "petal 2", "petal 3", "petal 4", "petal 5"];

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
        let mut picker = PetalPicker::new(&alses, &petals, self.overlap);
        // Small blossoms first, as a human would look for them.
        for k in 2..=self.max_petals {
            for stem in stems {
                if grid.candidates(stem).len() as usize == k {
                    blossoms_at(grid, &mut picker, stem, sink)?;
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

/// The blossoms at one stem: a petal for each of its candidates.
fn blossoms_at(grid: &Grid, picker: &mut PetalPicker, stem: Cell, sink: &mut StepSink) -> Flow {
    let stem_digits = grid.candidates(stem);
    // Every digit the stem lacks may be z; its targets start as all its cells.
    let mut targets = [CellSet::EMPTY; 9];
    let zs = !stem_digits;
    for z in zs {
        targets[z as usize - 1] = grid.cells_with(z);
    }
    let links = stem_digits.into_iter().map(|d| (stem, d));
    picker.pick_blossoms(links, zs, &targets, &mut |picker, eliminations| {
        sink.push(step(grid, picker, stem, eliminations))
    })
}

/// `Stem r2c3 #69, #6-ALS r27c7 #567, #9-ALS r12368c2 #345679`, petals by link digit.
fn step(grid: &Grid, picker: &PetalPicker, stem: Cell, eliminations: Candidates) -> Step {
    let stem_digits = grid.candidates(stem);
    let mut step = Step::new(KIND.sized(picker.links().len())).part(Part::Stem {
        cell: stem,
        digits: stem_digits,
    });
    let mut stem_part = Candidates::EMPTY;
    stem_part.insert_digits(stem, stem_digits);
    let mut parts = vec![("stem", stem_part)];
    for (role, digit) in PETAL_ROLES.iter().zip(stem_digits) {
        let Some(petal) = picker.petal_of((stem, digit)) else {
            continue;
        };
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
