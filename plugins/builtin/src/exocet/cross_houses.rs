//! Exocets over three cross houses of any kind (Franken and Mutant exocets): the Junior and
//! Senior Exocets' counting argument with the base's cross-line x0 replaced by a box (Franken)
//! or by a line parallel to the base's (Mutant, crossing the targets' cross-lines), and the
//! S-cells covered by any two houses (rows, columns or boxes).
//!
//! The argument, for base cells B1, B2 in one mini-line (so their values differ), targets T1,
//! T2 and cross houses H0, H1 ∋ T1, H2 ∋ T2 (no base cell in any; each target in exactly one):
//!
//! - escape cells: the cells that see both base cells (the base's line and box); the value of
//!   a base cell is in none of them;
//! - S-cells of base digit d in H_i: the cells of H_i, off the escape cells and the targets,
//!   where d is a candidate or placed; they must be pairwise disjoint between the three houses
//!   (checked digit by digit, so a row may cross the cross-lines where d cannot be);
//! - cover: each base digit's S-cells lie in two houses (rows, columns or boxes).
//!
//! Let d be the value of a base cell. Each H_i holds d once, not in an escape cell. If neither
//! target holds d, each H_i has it in its S-cells: three distinct cells (the parts are
//! disjoint), inside two houses holding one d each: impossible. So d is in T1 or T2, for both
//! base values, which differ: the targets hold exactly the two base values, one each.
//!
//! What follows, each proved from that:
//! - matching: base, base, target, target hold {b1, b2} = {t1, t2} with b1 != b2; a candidate
//!   of the four cells in no such assignment goes;
//! - placement: if T1 = x, the houses without T1 (H0 and H2) have their x in their S-cells, in
//!   cells that see neither T1 nor each other; likewise T2 = y; and no cell holds both x and
//!   y. An assignment with no such cells is dropped;
//! - a base digit d in every remaining assignment is true: it is in a base cell, so the
//!   escape cells lose it; it is in exactly one target (the targets differ), so the two
//!   houses without that target have their d in S-cells, two distinct cells: two houses
//!   covering all of d's S-cells hold one each, not in both, and lose d outside its S-cells.

use super::{Base, possible};
use kaidoku_engine::prelude::*;

/// An exocet with cross houses `houses` (H0, H1 ∋ T1, H2 ∋ T2), checked by [`CrossExocet::new`].
pub struct CrossExocet {
    pub base: [Cell; 2],
    pub digits: DigitSet,
    pub targets: [Cell; 2],
    pub houses: [House; 3],
    /// The cells seeing both base cells.
    escape: CellSet,
    /// Base digit d's S-cells in each cross house, index d.
    s: [[CellSet; 3]; 10],
}

/// Whether `cells` lie in two houses; the pairs of houses that cover them, each with a cell
/// of `cells` the other lacks, go to `pairs` (when given).
fn covered_by_two(cells: CellSet, mut pairs: Option<&mut dyn FnMut(House, House)>) -> bool {
    let Some(first) = cells.first() else {
        return true;
    };
    let mut found = false;
    // Any two houses covering `cells` include one of `first`'s three.
    for a in houses_of(first) {
        let rest = cells - a.cells();
        let Some(second) = rest.first() else {
            found = true;
            continue;
        };
        for b in houses_of(second) {
            if rest.is_subset_of(b.cells()) {
                found = true;
                if let Some(f) = pairs.as_deref_mut()
                    && cells.intersects(a.cells() - b.cells())
                {
                    f(a, b);
                }
            }
        }
    }
    found
}

/// Whether one cell of each of `sets` can be picked, none in `blocked` and none seeing
/// another, such that `then` accepts the picked cells.
fn pick(
    sets: &[CellSet],
    blocked: CellSet,
    picked: CellSet,
    then: &mut dyn FnMut(CellSet) -> bool,
) -> bool {
    let Some((&first, rest)) = sets.split_first() else {
        return then(picked);
    };
    (first - blocked)
        .iter()
        .any(|c| pick(rest, blocked | peers(c), picked | CellSet::single(c), then))
}

impl CrossExocet {
    /// The exocet of `base` with targets `targets` and cross houses `houses`, when the
    /// conditions of the module's argument hold.
    pub fn new(
        grid: &Grid,
        placed: &[CellSet; 10],
        base: &Base,
        targets: [Cell; 2],
        houses: [House; 3],
    ) -> Option<CrossExocet> {
        let base_cells = CellSet::single(base.cells[0]) | CellSet::single(base.cells[1]);
        let escape = common_peers(base_cells);
        let target_cells = CellSet::single(targets[0]) | CellSet::single(targets[1]);
        if targets[0] == targets[1]
            || target_cells.intersects(escape | base_cells)
            || targets
                .iter()
                .any(|&t| grid.value(t).is_some() || !grid.candidates(t).intersects(base.digits))
            || houses.iter().any(|h| h.cells().intersects(base_cells))
        {
            return None;
        }
        // Each target in exactly its own house.
        for (i, &t) in targets.iter().enumerate() {
            for (j, h) in houses.iter().enumerate() {
                if h.cells().contains(t) != (j == i + 1) {
                    return None;
                }
            }
        }
        let mut s = [[CellSet::EMPTY; 3]; 10];
        for d in base.digits {
            let parts =
                houses.map(|h| possible(grid, placed, d, h.cells() - escape - target_cells));
            if parts[0].intersects(parts[1])
                || parts[0].intersects(parts[2])
                || parts[1].intersects(parts[2])
                || !covered_by_two(parts[0] | parts[1] | parts[2], None)
            {
                return None;
            }
            s[d as usize] = parts;
        }
        Some(CrossExocet {
            base: base.cells,
            digits: base.digits,
            targets,
            houses,
            escape,
            s,
        })
    }

    /// Whether T1 = `x` and T2 = `y` leave room for x and y in the other houses' S-cells.
    fn fits(&self, x: Digit, y: Digit) -> bool {
        let [t1, t2] = self.targets;
        let sx = self.s[x as usize];
        let sy = self.s[y as usize];
        pick(&[sx[0], sx[2]], peers(t1), CellSet::EMPTY, &mut |xs| {
            pick(&[sy[0], sy[1]], peers(t2) | xs, CellSet::EMPTY, &mut |_| {
                true
            })
        })
    }

    /// The step of this exocet, if it eliminates anything.
    pub fn step(&self, grid: &Grid, kind: StepKind) -> Option<Step> {
        let base = self.base.map(|b| grid.candidates(b));
        let target = self.targets.map(|t| grid.candidates(t) & self.digits);
        let mut kept_base = [DigitSet::EMPTY; 2];
        let mut kept_target = [DigitSet::EMPTY; 2];
        let mut true_digits = DigitSet::ALL;
        for a in base[0] {
            for b in base[1] {
                if a == b {
                    continue;
                }
                for (x, y) in [(a, b), (b, a)] {
                    if target[0].contains(x) && target[1].contains(y) && self.fits(x, y) {
                        kept_base[0].insert(a);
                        kept_base[1].insert(b);
                        kept_target[0].insert(x);
                        kept_target[1].insert(y);
                        true_digits &= DigitSet::single(a) | DigitSet::single(b);
                    }
                }
            }
        }
        if kept_target[0].is_empty() {
            return None; // no solution fits: a broken position
        }
        let mut eliminations = Candidates::EMPTY;
        for (cell, kept) in self
            .base
            .into_iter()
            .chain(self.targets)
            .zip(kept_base.into_iter().chain(kept_target))
        {
            eliminations.insert_digits(cell, grid.candidates(cell) - kept);
        }
        for d in true_digits {
            eliminations.insert_cells(self.escape & grid.cells_with(d), d);
            let [a, b, c] = self.s[d as usize];
            let cells = a | b | c;
            covered_by_two(
                cells,
                Some(&mut |ha: House, hb: House| {
                    let outside = (ha.cells() | hb.cells()) - cells;
                    eliminations.insert_cells(outside & grid.cells_with(d), d);
                }),
            );
        }
        if eliminations.is_empty() {
            return None;
        }
        let base_cells = CellSet::single(self.base[0]) | CellSet::single(self.base[1]);
        let mut base_pattern = Candidates::EMPTY;
        for cell in self.base {
            base_pattern.insert_digits(cell, grid.candidates(cell));
        }
        let mut target_pattern = Candidates::EMPTY;
        for cell in self.targets {
            target_pattern.insert_digits(cell, grid.candidates(cell) & self.digits);
        }
        let mut s_pattern = Candidates::EMPTY;
        for d in self.digits {
            let [a, b, c] = self.s[d as usize];
            s_pattern.insert_cells(grid.cells_with(d) & (a | b | c), d);
        }
        let [t1, t2] = self.targets;
        Some(
            Step::new(kind)
                .part(Part::Cells(base_cells))
                .part(Part::Digits(self.digits))
                .part(Part::Text("targets".into()))
                .part(Part::Cells(CellSet::single(t1) | CellSet::single(t2)))
                .part(Part::Text("cross".into()))
                .part(Part::Base(self.houses.into_iter().collect()))
                .eliminations(eliminations)
                .pattern("base", base_pattern)
                .pattern("targets", target_pattern)
                .pattern("S-cells", s_pattern),
        )
    }
}

/// Which house takes the place of the base's cross-line x0.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Replacement {
    /// A box (Franken).
    Box,
    /// A line parallel to the base's (Mutant: it crosses the targets' cross-lines).
    Line,
}

/// Every step of the exocets of `grid` whose first cross house is of kind `replacement`:
/// targets T1 on a cross-line x1 and T2 on x2 (one column in each other stack, for a base in a
/// row), in any lines but the base's.
pub fn find(grid: &Grid, sink: &mut StepSink, replacement: Replacement, kind: &StepKind) -> Flow {
    let placed = super::placed_by_digit(grid);
    for base in Base::all(grid) {
        let axis = base.axis;
        let [s1, s2] = base.other_stacks();
        // Houses holding a base cell are rejected by `CrossExocet::new`.
        let h0s = (0..9).map(|i| match replacement {
            Replacement::Box => House::box_(i),
            Replacement::Line => axis.line(i),
        });
        let escape = common_peers(CellSet::single(base.cells[0]) | CellSet::single(base.cells[1]));
        // Whether every base digit's cells among `cells` (off the escape cells) lie in two
        // houses: needed for any part of the S-cells, so it prunes early.
        let coverable = |cells: CellSet| {
            base.digits
                .iter()
                .all(|d| covered_by_two(possible(grid, &placed, d, cells - escape), None))
        };
        for h0 in h0s {
            if !coverable(h0.cells()) {
                continue;
            }
            for x1 in 3 * s1..3 * s1 + 3 {
                for x2 in 3 * s2..3 * s2 + 3 {
                    let houses = [h0, axis.cross(x1), axis.cross(x2)];
                    for l1 in (0..9).filter(|&l| l != base.line0) {
                        let t1 = axis.cell(l1, x1);
                        if grid.value(t1).is_some()
                            || !grid.candidates(t1).intersects(base.digits)
                            || h0.cells().contains(t1)
                            || !coverable(
                                h0.cells() | (axis.cross(x1).cells() - CellSet::single(t1)),
                            )
                        {
                            continue;
                        }
                        for l2 in (0..9).filter(|&l| l != base.line0) {
                            let targets = [t1, axis.cell(l2, x2)];
                            let Some(exocet) =
                                CrossExocet::new(grid, &placed, &base, targets, houses)
                            else {
                                continue;
                            };
                            if let Some(step) = exocet.step(grid, kind.clone()) {
                                sink.push(step)?;
                            }
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}
