//! Sue de Coq extended, after GNPX (its SueDeCoq Ex2/Ex3 and the finned Franken form): a stem
//! of n cells of one house holding n + k digits (k = 2 or 3: an "AALS" or "AAALS") and up to
//! three almost locked sets around it, together as many digits as cells.
//!
//! The rule behind every form. Let C be a set of empty cells and D the union of their
//! candidates, with |D| = |C|. Call a digit restricted on C when its cells in C all see each
//! other: it can then be placed at most once in C.
//! - Every digit of D restricted (Sue de Coq Extended): the |C| cells take |C| values from D,
//!   no digit twice, so each digit of D is placed in C exactly once. A cell outside C that
//!   sees all the cells of C holding `d` is not `d`.
//! - Every digit but one, `f`, restricted (Finned Sue de Coq Extended): the other |D| - 1
//!   digits fill at most |C| - 1 cells, so `f` is placed in C at least once, in one of its
//!   cells there. A cell outside C that sees all of them is not `f`. (Nothing follows for the
//!   other digits: one of them may be missing when `f` is placed twice.)
//!
//! Neither needs the sets to be ALSs nor to be linked: those only make the search small and
//! name the pattern as players know it. The stem lies in one house (its digits are
//! restricted among themselves); each ALS shares at least two digits with the stem, one of
//! them a restricted common candidate, so each set brings one digit fewer than cells and the
//! count falls by one or more with each. Classic Sue de Coq (the stem in a box-line crossing,
//! one set in the line and one in the box) is the case k = 2 with two sets; `sue-de-coq` runs
//! first and finds it. GNPX's Ex1 (an ALS stem and one ALS, two RCCs) is the doubly linked
//! ALS-XZ and its finned form the singly linked one: `als-xz` finds both, so k starts at 2.

use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

pub struct SueDeCoqExtended {
    max_stem_cells: usize,
    max_als_cells: usize,
    max_alses: usize,
    finned: bool,
}

const NAME: &str = "Sue de Coq Extended";
const KIND: StepKind = StepKind::new("sue-de-coq-extended", NAME);
const FINNED: StepKind = StepKind::new("finned-sue-de-coq-extended", "Finned Sue de Coq Extended");
/// Most sets around the stem (GNPX's Ex3 has three).
const MAX_ALSES: usize = 3;
const ROLES: [&str; MAX_ALSES] = ["als 1", "als 2", "als 3"];

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("max_stem_cells", "most cells of the stem", 4, 2, 6),
    ParamSpec::int(
        "max_als_cells",
        "most cells of a set around the stem",
        4,
        1,
        MAX_ALS_CELLS as i64,
    ),
    ParamSpec::int(
        "max_alses",
        "most sets around the stem (the stem's surplus of digits over cells is at most this)",
        MAX_ALSES as i64,
        2,
        MAX_ALSES as i64,
    ),
    ParamSpec::bool(
        "finned",
        "also the finned form (one digit unrestricted)",
        true,
    ),
];

impl Technique for SueDeCoqExtended {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als_up_to(self.max_als_cells);
        let mut search = Search {
            grid,
            alses: &alses,
            finned: self.finned,
            max_alses: self.max_alses,
            leaves: Vec::new(),
            chosen: [0; MAX_ALSES],
            stem: CellSet::EMPTY,
            stem_digits: DigitSet::EMPTY,
            reported: HashSet::new(),
        };
        // A cell down to one candidate is a single, not part of a pattern.
        let open = grid.empty_cells() - grid.single_candidate_cells();
        for house in House::all() {
            let cells = house.cells() & open;
            for size in 2..=self.max_stem_cells.min(cells.len() as usize) {
                for stem in combinations(cells, size) {
                    // A stem inside a box and a line is taken with the line only.
                    if house.kind() == HouseKind::Box
                        && (stem.rows().count_ones() == 1 || stem.cols().count_ones() == 1)
                    {
                        continue;
                    }
                    let digits = grid.candidates_of(stem);
                    let surplus = digits.len() as usize - size;
                    if (2..=self.max_alses).contains(&surplus) {
                        search.at_stem(stem, digits, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

struct Search<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    finned: bool,
    max_alses: usize,
    /// The sets that may join the current stem, as indices into `alses`.
    leaves: Vec<u32>,
    /// The sets picked so far, as indices into `leaves`.
    chosen: [usize; MAX_ALSES],
    stem: CellSet,
    stem_digits: DigitSet,
    /// Cells and eliminations already reported (the same cells found from another stem).
    reported: HashSet<(CellSet, Candidates)>,
}

impl Search<'_> {
    fn at_stem(&mut self, stem: CellSet, digits: DigitSet, sink: &mut StepSink) -> Flow {
        self.stem = stem;
        self.stem_digits = digits;
        self.leaves.clear();
        for (index, als) in self.alses.iter().enumerate() {
            if als.cells.intersects(stem) || (als.digits & digits).len() < 2 {
                continue;
            }
            // At least one restricted common candidate: every stem cell holding it sees every
            // set cell holding it.
            let linked = (als.digits & digits)
                .into_iter()
                .any(|d| (stem & self.grid.cells_with(d)).is_subset_of(als.peers_of_digit(d)));
            if linked {
                self.leaves.push(index as u32);
            }
        }
        let surplus = digits.len() as usize - stem.len() as usize;
        self.extend(0, 0, stem, digits, surplus, sink)
    }

    /// Add sets from `leaves[from..]` to the cells `cells` (digits `digits`, `excess` more
    /// digits than cells). Each set shares two or more digits with the stem, so it brings at
    /// most one digit fewer than its cells: the excess falls with every set, and the search
    /// stops when it reaches 0.
    fn extend(
        &mut self,
        level: usize,
        from: usize,
        cells: CellSet,
        digits: DigitSet,
        excess: usize,
        sink: &mut StepSink,
    ) -> Flow {
        if level == self.max_alses {
            return ControlFlow::Continue(());
        }
        for at in from..self.leaves.len() {
            let als = &self.alses[self.leaves[at] as usize];
            if als.cells.intersects(cells) {
                continue;
            }
            let shared = (als.digits & digits).len() as usize;
            // The set adds |als| cells and |als| + 1 - shared digits.
            let Some(next) = (excess + 1).checked_sub(shared) else {
                continue;
            };
            let (next_cells, next_digits) = (cells | als.cells, digits | als.digits);
            let unrestricted = unrestricted(self.grid, next_cells, next_digits);
            if unrestricted.len() > self.finned as u32 {
                continue;
            }
            self.chosen[level] = at;
            if next == 0 {
                self.report(level + 1, next_cells, next_digits, unrestricted, sink)?;
            } else {
                self.extend(level + 1, at + 1, next_cells, next_digits, next, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn report(
        &mut self,
        count: usize,
        cells: CellSet,
        digits: DigitSet,
        unrestricted: DigitSet,
        sink: &mut StepSink,
    ) -> Flow {
        // All restricted: every digit is placed once; one unrestricted: that one at least once.
        let eliminated = if unrestricted.is_empty() {
            digits
        } else {
            unrestricted
        };
        let mut eliminations = Candidates::EMPTY;
        for d in eliminated {
            let places = cells & self.grid.cells_with(d);
            eliminations.insert_cells((common_peers(places) & self.grid.cells_with(d)) - cells, d);
        }
        if eliminations.is_empty() || !self.reported.insert((cells, eliminations)) {
            return ControlFlow::Continue(());
        }
        let kind = if unrestricted.is_empty() {
            KIND
        } else {
            FINNED
        };
        let mut step = Step::new(kind.sized(count))
            .part(Part::Cells(self.stem))
            .part(Part::Digits(self.stem_digits));
        let mut stem_part = Candidates::EMPTY;
        for cell in self.stem {
            stem_part.insert_digits(cell, self.grid.candidates(cell));
        }
        let mut parts = vec![("stem", stem_part)];
        for (role, &at) in ROLES.iter().zip(&self.chosen[..count]) {
            let als = &self.alses[self.leaves[at] as usize];
            step = step
                .part(Part::Text("/".into()))
                .part(Part::Cells(als.cells))
                .part(Part::Digits(als.digits));
            parts.push((role, als.candidates()));
        }
        if let Some(fin) = unrestricted.only() {
            step = step.part(Part::Text("fin".into())).part(Part::Digit(fin));
        }
        step = step.eliminations(eliminations);
        for (role, candidates) in parts {
            step = step.pattern(role, candidates);
        }
        sink.push(step)
    }
}

/// The digits of `digits` whose cells in `cells` do not all see each other.
fn unrestricted(grid: &Grid, cells: CellSet, digits: DigitSet) -> DigitSet {
    let mut out = DigitSet::EMPTY;
    for d in digits {
        let places = cells & grid.cells_with(d);
        if places
            .into_iter()
            .any(|c| !(places - CellSet::single(c)).is_subset_of(peers(c)))
        {
            out.insert(d);
        }
    }
    out
}

register_technique!(TechniqueInfo {
    id: "sue-de-coq-extended",
    name: NAME,
    summary: "a stem of n cells with n + 2 or n + 3 digits and almost locked sets around it: as many digits as cells, each placed once (or, finned, the one free digit at least once)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(SueDeCoqExtended {
            max_stem_cells: params.int("max_stem_cells").clamp(2, 6) as usize,
            max_als_cells: params.int("max_als_cells").clamp(1, MAX_ALS_CELLS as i64) as usize,
            max_alses: params.int("max_alses").clamp(2, MAX_ALSES as i64) as usize,
            finned: params.bool("finned"),
        }))
    },
});

register_fixtures!("sue-de-coq-extended", "sue_de_coq_extended.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;
    use kaidoku_engine::{CellSet, DigitSet, Step};

    /// The fixture positions (library states) with a step, read from the fixture file.
    fn fixture_positions() -> Vec<kaidoku_engine::Grid> {
        include_str!("sue_de_coq_extended.fixtures")
            .lines()
            .filter(|l| l.starts_with(":sdcx:") || l.starts_with(":sdcxf:"))
            .map(position)
            .collect()
    }

    fn sees(a: kaidoku_engine::Cell, b: kaidoku_engine::Cell) -> bool {
        a.row() == b.row() || a.col() == b.col() || a.box_index() == b.box_index()
    }

    /// Re-derive every step from the rule, cell by cell: as many digits as cells, every digit
    /// but at most the fin with its cells all seeing each other, each elimination outside the
    /// cells and seeing all the cells of its digit; and no elimination of the solution.
    fn check(grid: &kaidoku_engine::Grid, step: &Step) {
        let cells: CellSet = step
            .pattern
            .iter()
            .fold(CellSet::EMPTY, |acc, p| acc | p.candidates.cells());
        let digits = grid.candidates_of(cells);
        assert_eq!(digits.len(), cells.len(), "{}", step.text());
        let mut free = DigitSet::EMPTY;
        for d in digits {
            let places: Vec<_> = cells
                .iter()
                .filter(|&c| grid.candidates(c).contains(d))
                .collect();
            if places
                .iter()
                .any(|&a| places.iter().any(|&b| a != b && !sees(a, b)))
            {
                free.insert(d);
            }
        }
        let finned = step.kind.id == "finned-sue-de-coq-extended";
        assert_eq!(free.len(), finned as u32, "{}", step.text());
        let solution = grid.solutions(2).first.expect("solvable");
        assert!(!step.eliminations.is_empty());
        for (cell, d) in step.eliminations.iter() {
            assert!(
                !cells.contains(cell) && digits.contains(d),
                "{}",
                step.text()
            );
            assert!(!finned || free.contains(d), "{}", step.text());
            assert!(
                cells
                    .iter()
                    .filter(|&c| grid.candidates(c).contains(d))
                    .all(|c| sees(c, cell))
            );
            assert_ne!(solution[cell.index()], d, "{}", step.text());
        }
    }

    #[test]
    fn every_step_follows_the_rule() {
        let positions = fixture_positions();
        assert_eq!(positions.len(), 6);
        for grid in &positions {
            let steps = run("sue-de-coq-extended", grid);
            assert!(!steps.is_empty());
            steps.iter().for_each(|step| check(grid, step));
        }
    }

    #[test]
    fn without_fins_only_full_patterns() {
        for grid in &fixture_positions() {
            let steps = run_with(
                "sue-de-coq-extended",
                grid,
                &[("finned", kaidoku_engine::ParamValue::Bool(false))],
            );
            assert!(steps.iter().all(|s| s.kind.id == "sue-de-coq-extended"));
        }
    }
}
