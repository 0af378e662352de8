//! ALS-Wing (GNPX's "Locked ALS Wing"), 2D to 4D: a stem cell and two to four almost locked
//! sets that between them take every candidate of the stem but one digit z; the dimension is
//! the number of sets.
//!
//! The stem S holds the digits D (2 to 4 of them). Each set holds z, does not contain S, and
//! covers the digits d of D other than z whose every place in the set sees S (restricted common
//! candidates of S and the set). Together the sets cover D without z; each covers a digit no
//! other one does (a set more would only narrow the targets). Then z leaves every cell T that
//! sees every z of every set and, when z is in D, sees S too.
//!
//! Why it is sound. S is one of D. If S is some d ≠ z, a set covering d loses it (all its d
//! cells see S) and, an ALS left with as many digits as cells, locks: it holds z in one of its
//! z cells, all of which T sees. If S is z (only when z is in D), T sees S. Either way T sees a
//! placed z, so T is not z.
//! - Overlap does not matter: each set is forced on its own, whatever cells it shares.
//! - T is never S (its value is z or forces a set to hold z) and never in a set: the cells
//!   that see every z of a set lie outside it.
//! - With z not in D this is a Death Blossom in which one set may take several petals' places;
//!   with z in D the stem itself stands in for z's petal.
//!
//! The search indexes, per stem, the sets linked to it and the digits each covers, then per z
//! covers the stem's digits smallest first, narrowing the targets set by set. Asked for every
//! step, it lists one wing per set of eliminations: the one of fewest sets, then fewest cells
//! (many combinations of sets prove the same thing).

use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::{HashMap, HashSet};

pub struct AlsWing {
    max_stem: usize,
    max_sets: usize,
    overlap: bool,
    max_als_cells: usize,
}

/// One kind per dimension: the number of sets.
const KINDS: [StepKind; MAX_SETS - MIN_SETS + 1] = [
    StepKind::new("als-wing-2d", "ALS-Wing 2D"),
    StepKind::new("als-wing-3d", "ALS-Wing 3D"),
    StepKind::new("als-wing-4d", "ALS-Wing 4D"),
];
const MIN_SETS: usize = 2;
const MAX_SETS: usize = 4;
const MAX_STEM: usize = 4;

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_stem",
        "most candidates of the stem cell",
        MAX_STEM as i64,
        2,
        MAX_STEM as i64,
    ),
    ParamSpec::int(
        "max_sets",
        "most sets (the dimension: 2D to 4D)",
        MAX_SETS as i64,
        MIN_SETS as i64,
        MAX_SETS as i64,
    ),
    ParamSpec::bool("overlap", "the sets may share cells", true),
    ParamSpec::int(
        "max_als_cells",
        "most cells of a set (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
];

impl Technique for AlsWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let mut stems = CellSet::EMPTY;
        for cell in grid.empty_cells() {
            if (2..=self.max_stem).contains(&(grid.candidates(cell).len() as usize)) {
                stems.insert(cell);
            }
        }
        if stems.is_empty() {
            return ControlFlow::Continue(());
        }
        let alses = analysis.als_up_to(self.max_als_cells);
        let links = StemLinks::build(grid, &alses, stems);
        let mut search = Search {
            grid,
            alses: &alses,
            max_sets: self.max_sets,
            overlap: self.overlap,
            stem: Cell::default(),
            z: 1,
            candidates: Vec::new(),
            chosen: [(0, DigitSet::EMPTY); MAX_SETS],
            reported: HashSet::new(),
            keep_smallest: !sink.wants_first_only(),
            smallest: Vec::new(),
            by_effect: HashMap::new(),
        };
        // Small stems first.
        for size in 2..=self.max_stem {
            for stem in stems {
                if grid.candidates(stem).len() as usize == size {
                    search.wings_at(stem, links.of(stem), sink)?;
                }
            }
        }
        for (_, step) in search.smallest {
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

/// For every stem cell, the sets linked to it and the stem digits each covers (stored flat).
struct StemLinks {
    start: [u32; 82],
    links: Vec<(u32, DigitSet)>,
}

impl StemLinks {
    fn build(grid: &Grid, alses: &[Als], stems: CellSet) -> StemLinks {
        let mut stems_with = [CellSet::EMPTY; 9];
        for digit in DigitSet::ALL {
            stems_with[digit as usize - 1] = grid.cells_with(digit) & stems;
        }
        // (stem, set, digits) in set order, then sorted by stem (stable: sets stay in order).
        let mut found: Vec<(u8, u32, DigitSet)> = Vec::new();
        let mut cover = [DigitSet::EMPTY; 81];
        for (index, als) in alses.iter().enumerate() {
            let mut touched = CellSet::EMPTY;
            for digit in als.digits {
                for stem in als.peers_of_digit(digit) & stems_with[digit as usize - 1] {
                    cover[stem.index()].insert(digit);
                    touched.insert(stem);
                }
            }
            for stem in touched {
                found.push((stem.index() as u8, index as u32, cover[stem.index()]));
                cover[stem.index()] = DigitSet::EMPTY;
            }
        }
        found.sort_by_key(|&(stem, _, _)| stem);
        let mut start = [0u32; 82];
        for &(stem, _, _) in &found {
            start[stem as usize + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let links = found.into_iter().map(|(_, set, d)| (set, d)).collect();
        StemLinks { start, links }
    }

    fn of(&self, stem: Cell) -> &[(u32, DigitSet)] {
        &self.links[self.start[stem.index()] as usize..self.start[stem.index() + 1] as usize]
    }
}

struct Search<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    max_sets: usize,
    overlap: bool,
    stem: Cell,
    z: Digit,
    /// The sets linked to the stem that hold z, with the stem digits other than z they cover.
    candidates: Vec<(u32, DigitSet)>,
    /// The sets picked so far, with what each covers.
    chosen: [(u32, DigitSet); MAX_SETS],
    /// (stem, sets in index order, z) already reported.
    reported: HashSet<(Cell, [u32; MAX_SETS], Digit)>,
    /// Listing every step: keep the smallest wing per set of eliminations, in `smallest`
    /// (with its size: sets, then cells), found through `by_effect`.
    keep_smallest: bool,
    smallest: Vec<((usize, u32), Step)>,
    by_effect: HashMap<Candidates, usize>,
}

impl Search<'_> {
    fn wings_at(&mut self, stem: Cell, links: &[(u32, DigitSet)], sink: &mut StepSink) -> Flow {
        let digits = self.grid.candidates(stem);
        self.stem = stem;
        for z in DigitSet::ALL {
            let need = digits - DigitSet::single(z);
            // One set cannot be a wing; a stem digit no set covers ends the search.
            if need.len() < 2 {
                continue;
            }
            let mut start = self.grid.cells_with(z) - CellSet::single(stem);
            if digits.contains(z) {
                start &= peers(stem);
            }
            if start.is_empty() {
                continue;
            }
            self.candidates.clear();
            let mut covered = DigitSet::EMPTY;
            for &(index, cover) in links {
                let cover = cover - DigitSet::single(z);
                let als = &self.alses[index as usize];
                if !cover.is_empty()
                    && als.digits.contains(z)
                    && start.intersects(als.peers_of_digit(z))
                {
                    self.candidates.push((index, cover));
                    covered |= cover;
                }
            }
            if !need.is_subset_of(covered) {
                continue;
            }
            self.z = z;
            self.pick(0, need, DigitSet::EMPTY, CellSet::EMPTY, start, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// Cover the lowest digit of `need` not yet `covered`, with the sets so far using `used`
    /// cells and leaving `targets`.
    fn pick(
        &mut self,
        level: usize,
        need: DigitSet,
        covered: DigitSet,
        used: CellSet,
        targets: CellSet,
        sink: &mut StepSink,
    ) -> Flow {
        let Some(digit) = (need - covered).iter().next() else {
            return self.report(level, need, targets, sink);
        };
        if level == self.max_sets {
            return ControlFlow::Continue(());
        }
        for i in 0..self.candidates.len() {
            let (index, cover) = self.candidates[i];
            if !cover.contains(digit) {
                continue;
            }
            let als = &self.alses[index as usize];
            if !self.overlap && als.cells.intersects(used) {
                continue;
            }
            if self.chosen[..level].iter().any(|&(c, _)| c == index) {
                continue;
            }
            let next = targets & als.peers_of_digit(self.z);
            if next.is_empty() {
                continue;
            }
            self.chosen[level] = (index, cover & need);
            self.pick(
                level + 1,
                need,
                covered | cover,
                used | als.cells,
                next,
                sink,
            )?;
        }
        ControlFlow::Continue(())
    }

    fn report(
        &mut self,
        count: usize,
        need: DigitSet,
        targets: CellSet,
        sink: &mut StepSink,
    ) -> Flow {
        let chosen = &self.chosen[..count];
        if count < MIN_SETS {
            return ControlFlow::Continue(());
        }
        // Every set needed: each covers a digit the others do not.
        for (i, &(_, cover)) in chosen.iter().enumerate() {
            let others = chosen
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(DigitSet::EMPTY, |acc, (_, &(_, c))| acc | c);
            if (cover & need).is_subset_of(others) {
                return ControlFlow::Continue(());
            }
        }
        let mut key = [u32::MAX; MAX_SETS];
        for (slot, &(index, _)) in key.iter_mut().zip(chosen) {
            *slot = index;
        }
        key[..count].sort_unstable();
        if !self.reported.insert((self.stem, key, self.z)) {
            return ControlFlow::Continue(());
        }
        let digits = self.grid.candidates(self.stem);
        let mut stem = Candidates::EMPTY;
        stem.insert_digits(self.stem, digits);
        let mut eliminations = Candidates::EMPTY;
        eliminations.insert_cells(targets, self.z);
        let mut step = Step::new(KINDS[count - MIN_SETS].clone())
            .part(Part::Digit(self.z))
            .part(Part::Stem {
                cell: self.stem,
                digits,
            });
        const ROLES: [&str; MAX_SETS] = ["ALS 1", "ALS 2", "ALS 3", "ALS 4"];
        let mut patterns = vec![("stem", stem)];
        for (role, &index) in ROLES.iter().zip(&key[..count]) {
            let als = &self.alses[index as usize];
            step = step.part(Part::Als {
                cells: als.cells,
                digits: als.digits,
                link: None,
            });
            patterns.push((role, als.candidates()));
        }
        step = step.eliminations(eliminations);
        for (role, candidates) in patterns {
            step = step.pattern(role, candidates);
        }
        if !self.keep_smallest {
            return sink.push(step);
        }
        let cells: u32 = key[..count]
            .iter()
            .map(|&index| self.alses[index as usize].cells.len())
            .sum();
        let size = (count, cells);
        match self.by_effect.get(&eliminations) {
            Some(&at) if self.smallest[at].0 <= size => {}
            Some(&at) => self.smallest[at] = (size, step),
            None => {
                self.by_effect.insert(eliminations, self.smallest.len());
                self.smallest.push((size, step));
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "als-wing",
    name: "ALS-Wing",
    summary: "a stem cell whose every candidate but z forces one of two to four almost locked sets to hold z: z leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(AlsWing {
            max_stem: params.int("max_stem").clamp(2, MAX_STEM as i64) as usize,
            max_sets: params
                .int("max_sets")
                .clamp(MIN_SETS as i64, MAX_SETS as i64) as usize,
            overlap: params.bool("overlap"),
            max_als_cells: params.int("max_als_cells").clamp(1, MAX_ALS_CELLS as i64) as usize,
        }))
    },
});

register_fixtures!("als-wing", "als_wing.fixtures");

#[cfg(test)]
mod tests;
