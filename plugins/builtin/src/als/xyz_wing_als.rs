//! XYZ-Wing (ALS), after GNPX: the XY- and XYZ-Wing with almost locked sets for wings, named
//! by the pivot's size (XY-, XYZ-, WXYZ-, VWXYZ-, UVWXYZ-Wing (ALS), 2 to 6 candidates).
//!
//! A pivot cell P holds the digits D. Wing A is an ALS inside P's box, wing B an ALS inside one
//! of P's lines L; neither contains P. Both hold a digit z, A only in box cells off L and B only
//! in L's cells off the box. Every digit of D other than z is a digit of A or of B, and each
//! wing holds one such digit the other lacks (else one wing alone would do, and P with that
//! wing would be a plain locked set). Then z leaves every cell T that sees every z of A and of
//! B, and, when z is in D, sees P too.
//!
//! Why it is sound. P is one of D. If P is some d ≠ z, d is a digit of A or of B, say of A;
//! every cell of A sees P (they share the box), so A loses d and, an ALS left with as many
//! digits as cells, locks: it holds each of its other digits, z among them, somewhere in its z
//! cells. The same holds for B when d is one of its digits. If P is z (only when z is in D),
//! T sees P. In every case a z that T sees is placed: T is not z.
//! - T is never P (P is z or the wing holding P's value is forced), and never a cell of A or
//!   B: the cells that see every z of a set lie outside it.
//! - A and B may share cells of the box-line intersection (their non-z cells): each wing is
//!   forced on its own, so sharing does not matter.
//!
//! The wings' z cells on either side of the box-line intersection leave most targets in it, as
//! in the XYZ-Wing; the search buckets the sets by box and by line once per call.

use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

pub struct XyzWingAls {
    max_pivot: usize,
    max_als_cells: usize,
}

/// One kind per pivot size, 2 to 6 candidates.
const KINDS: [StepKind; MAX_PIVOT - MIN_PIVOT + 1] = [
    StepKind::new("xy-wing-als", "XY-Wing (ALS)"),
    StepKind::new("xyz-wing-als", "XYZ-Wing (ALS)"),
    StepKind::new("wxyz-wing-als", "WXYZ-Wing (ALS)"),
    StepKind::new("vwxyz-wing-als", "VWXYZ-Wing (ALS)"),
    StepKind::new("uvwxyz-wing-als", "UVWXYZ-Wing (ALS)"),
];
const MIN_PIVOT: usize = 2;
const MAX_PIVOT: usize = 6;

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_pivot",
        "most candidates of the pivot cell (2: XY-Wing to 6: UVWXYZ-Wing)",
        MAX_PIVOT as i64,
        MIN_PIVOT as i64,
        MAX_PIVOT as i64,
    ),
    ParamSpec::int(
        "max_als_cells",
        "most cells of a wing (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
];

impl Technique for XyzWingAls {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als_up_to(self.max_als_cells);
        // The sets inside each house (a set in a box-line intersection is in both lists).
        let mut in_house: Vec<Vec<u32>> = vec![Vec::new(); 27];
        for (index, als) in alses.iter().enumerate() {
            for house in common_houses(als.cells) {
                in_house[house.index()].push(index as u32);
            }
        }
        let mut reported: HashSet<(Cell, Candidates)> = HashSet::new();
        // Small pivots first, as a player would look for them.
        for size in MIN_PIVOT..=self.max_pivot {
            for pivot in grid.empty_cells() {
                let digits = grid.candidates(pivot);
                if digits.len() as usize != size {
                    continue;
                }
                let bx = House::box_(pivot.box_index());
                for line in [House::row(pivot.row()), House::column(pivot.col())] {
                    let wings = Wings {
                        grid,
                        alses: &alses,
                        pivot,
                        digits,
                        inner: &in_house[bx.index()],
                        outer: &in_house[line.index()],
                        inner_z: bx.cells() - line.cells(),
                        outer_z: line.cells() - bx.cells(),
                    };
                    wings.search(&mut reported, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// One pivot and one of its lines: the sets of its box (`inner`) and of the line (`outer`),
/// and where each may hold z.
struct Wings<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    pivot: Cell,
    digits: DigitSet,
    inner: &'a [u32],
    outer: &'a [u32],
    inner_z: CellSet,
    outer_z: CellSet,
}

impl Wings<'_> {
    fn search(&self, reported: &mut HashSet<(Cell, Candidates)>, sink: &mut StepSink) -> Flow {
        for z in DigitSet::ALL {
            let need = self.digits - DigitSet::single(z);
            // The cells that may lose z: any holding it but the pivot, seeing the pivot when
            // the pivot may be z itself.
            let mut start = self.grid.cells_with(z) - CellSet::single(self.pivot);
            if self.digits.contains(z) {
                start &= peers(self.pivot);
            }
            if start.is_empty() {
                continue;
            }
            for &a_index in self.inner {
                let a = &self.alses[a_index as usize];
                let a_z = a.cells_with(z);
                if a_z.is_empty() || !a_z.is_subset_of(self.inner_z) || a.cells.contains(self.pivot)
                {
                    continue;
                }
                let after_a = start & a.peers_of_digit(z);
                let a_need = a.digits & need;
                if after_a.is_empty() || a_need.is_empty() || a_need == need {
                    continue;
                }
                for &b_index in self.outer {
                    let b = &self.alses[b_index as usize];
                    let b_z = b.cells_with(z);
                    let b_need = b.digits & need;
                    // Each wing holds a digit of the pivot the other lacks, and together all.
                    if b_z.is_empty()
                        || !b_z.is_subset_of(self.outer_z)
                        || b.cells.contains(self.pivot)
                        || (a_need | b_need) != need
                        || b_need.is_subset_of(a_need)
                    {
                        continue;
                    }
                    let targets = after_a & b.peers_of_digit(z);
                    if targets.is_empty() {
                        continue;
                    }
                    let mut eliminations = Candidates::EMPTY;
                    eliminations.insert_cells(targets, z);
                    if !reported.insert((self.pivot, eliminations)) {
                        continue;
                    }
                    sink.push(self.step(a, b, z, eliminations))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// `WXYZ-Wing (ALS) Stem r5c5 #1247 ALS r4c46 #147 ALS r5c19 #249 #4 => r5c4<>4`.
    fn step(&self, a: &Als, b: &Als, z: Digit, eliminations: Candidates) -> Step {
        let kind = KINDS[self.digits.len() as usize - MIN_PIVOT].clone();
        let mut pivot = Candidates::EMPTY;
        pivot.insert_digits(self.pivot, self.digits);
        let als = |als: &Als| Part::Als {
            cells: als.cells,
            digits: als.digits,
            link: None,
        };
        Step::new(kind)
            .part(Part::Stem {
                cell: self.pivot,
                digits: self.digits,
            })
            .part(als(a))
            .part(als(b))
            .part(Part::Digit(z))
            .eliminations(eliminations)
            .pattern("pivot", pivot)
            .pattern("wing in box", a.candidates())
            .pattern("wing in line", b.candidates())
    }
}

register_technique!(TechniqueInfo {
    id: "xyz-wing-als",
    name: "XYZ-Wing (ALS)",
    summary: "a pivot cell whose every candidate but z forces one of two almost locked sets, one in its box and one in its line, to hold z: z leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(XyzWingAls {
            max_pivot: params
                .int("max_pivot")
                .clamp(MIN_PIVOT as i64, MAX_PIVOT as i64) as usize,
            max_als_cells: params.int("max_als_cells").clamp(1, MAX_ALS_CELLS as i64) as usize,
        }))
    },
});

register_fixtures!("xyz-wing-als", "xyz_wing_als.fixtures");
