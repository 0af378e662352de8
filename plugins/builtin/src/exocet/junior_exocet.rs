//! Junior Exocet (David P. Bird's JE2). Written for a band of rows (columns alike):
//!
//! - base: two empty cells B1, B2 of one mini-row (row rb, box b0) holding 3 or 4 digits
//!   together, the base digits;
//! - targets: T1 in row r1 and box b1, T2 in row r2 and box b2, where {rb, r1, r2} are the
//!   band's rows and {b0, b1, b2} its boxes;
//! - cross-lines: the column x0 of the base mini-row's third cell and the targets' columns x1,
//!   x2; their 18 cells outside the band are the S-cells;
//! - companions: the cross-line cells x1r2 and x2r1 hold no base digit, not even placed;
//! - each base digit can be in the S-cells only within two houses (cover lines).
//!
//! Why the targets hold the base cells' digits: let d be the digit of a base cell. Each of x0,
//! x1, x2 holds d once; in the S-cells d fits at most twice (two houses, one d each), so one
//! cross-line has d inside the band. Not x0 (box b0 has its d in the base), not in row rb
//! (the base has it), not in a companion: so d is in T1 or T2. Both base digits are, and they
//! differ: the targets hold exactly the two base digits, one each.
//!
//! What follows, each proved from that:
//! - the targets lose non-base digits; base cell, target cell and target cell hold values
//!   {b1, b2} = {t1, t2} with b1 != b2, so every candidate of the four cells without such a
//!   match goes (a base digit neither target can hold is false in the base);
//! - cross-line rule: if T1 = d, x1 has its d in the band, so x0 and x2 have theirs in S-cells
//!   (x2's band cells are row rb, a companion and T2, which holds the other digit), and in
//!   different rows: T1 loses d when no such pair of S-cells exists;
//! - mirror rule: if T1 = d, box b2 has d in row r2 (not rb: the base has it; not r1: T1 has
//!   it), not at T2: so d is in T1's mirror node, the two cells of row r2 in box b2 off x2. T1
//!   loses digits its mirror node cannot hold; when one mirror cell cannot hold any of T1's
//!   digits, the other one must (it keeps only those); a target left with one digit locks it
//!   in its mirror node (the rest of that row and box lose it);
//! - a base digit known to be true (a target's only digit, or one of the base's last two)
//!   is locked in the base cells (their row and box lose it elsewhere) and fills exactly two
//!   S-cells, one in each of two cover houses that hold all its S-cells: those houses lose it
//!   outside the S-cells.

use super::{Axis, coverable, placed_by_digit, possible};
use kaidoku_engine::prelude::*;

pub struct JuniorExocet;

const KIND: StepKind = StepKind::new("junior-exocet", "Junior Exocet");

/// One Junior Exocet's cells, for a band along `axis`.
struct Pattern {
    axis: Axis,
    base: [Cell; 2],
    digits: DigitSet,
    targets: [Cell; 2],
    /// Target i's mirror node (two cells).
    mirrors: [CellSet; 2],
    /// The S-cells of the three cross-lines: x0, x1 (T1's), x2 (T2's).
    s_lines: [CellSet; 3],
    /// The houses that may cover S-cells: the six lines outside the band and the three
    /// cross-lines, each with its S-cells.
    covers: [(House, CellSet); 9],
    /// The base mini-line's line and box.
    base_houses: [House; 2],
}

impl Technique for JuniorExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let placed = placed_by_digit(grid);
        for axis in Axis::BOTH {
            for band in 0..3 {
                for stack0 in 0..3 {
                    for line0 in 3 * band..3 * band + 3 {
                        for x0 in 3 * stack0..3 * stack0 + 3 {
                            if let Some(base) = Base::at(grid, axis, band, stack0, line0, x0) {
                                base.targets(grid, &placed, sink)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// A base mini-line, before its targets are chosen.
struct Base {
    axis: Axis,
    band: usize,
    band_cells: CellSet,
    line0: usize,
    stack0: usize,
    x0: usize,
    base: [Cell; 2],
    digits: DigitSet,
    base_houses: [House; 2],
}

impl Base {
    /// The base of band `band` in line `line0` of stack `stack0`: the mini-line's two cells
    /// off cross-line `x0`, when both are empty and hold 3 or 4 digits together.
    fn at(
        grid: &Grid,
        axis: Axis,
        band: usize,
        stack0: usize,
        line0: usize,
        x0: usize,
    ) -> Option<Base> {
        let (a, b) = match x0 % 3 {
            0 => (x0 + 1, x0 + 2),
            1 => (x0 - 1, x0 + 1),
            _ => (x0 - 2, x0 - 1),
        };
        let base = [axis.cell(line0, a), axis.cell(line0, b)];
        if grid.value(base[0]).is_some() || grid.value(base[1]).is_some() {
            return None;
        }
        let digits = grid.candidates(base[0]) | grid.candidates(base[1]);
        if !(3..=4).contains(&digits.len()) {
            return None;
        }
        Some(Base {
            axis,
            band,
            band_cells: axis.band(band),
            line0,
            stack0,
            x0,
            base,
            digits,
            base_houses: [axis.line(line0), House::box_(base[0].box_index())],
        })
    }

    /// Every pair of targets for this base: T1 in the first other stack, T2 in the second, in
    /// the two other lines either way round.
    fn targets(&self, grid: &Grid, placed: &[CellSet; 10], sink: &mut StepSink) -> Flow {
        let axis = self.axis;
        let lines: Vec<usize> = (3 * self.band..3 * self.band + 3)
            .filter(|&i| i != self.line0)
            .collect();
        let stacks: Vec<usize> = (0..3).filter(|&s| s != self.stack0).collect();
        for (l1, l2) in [(lines[0], lines[1]), (lines[1], lines[0])] {
            for x1 in 3 * stacks[0]..3 * stacks[0] + 3 {
                let t1 = axis.cell(l1, x1);
                if grid.value(t1).is_some() || !grid.candidates(t1).intersects(self.digits) {
                    continue;
                }
                // The companion on T1's cross-line, in T2's line.
                if self.holds_base_digit(grid, axis.cell(l2, x1)) {
                    continue;
                }
                for x2 in 3 * stacks[1]..3 * stacks[1] + 3 {
                    let t2 = axis.cell(l2, x2);
                    if grid.value(t2).is_some()
                        || !grid.candidates(t2).intersects(self.digits)
                        || self.holds_base_digit(grid, axis.cell(l1, x2))
                    {
                        continue;
                    }
                    let s_lines =
                        [self.x0, x1, x2].map(|x| axis.cross(x).cells() - self.band_cells);
                    let s_cells = s_lines[0] | s_lines[1] | s_lines[2];
                    let mut covers = [(House::row(0), CellSet::EMPTY); 9];
                    let mut k = 0;
                    for i in (0..9).filter(|i| i / 3 != self.band) {
                        covers[k] = (axis.line(i), axis.line(i).cells() & s_cells);
                        k += 1;
                    }
                    for (x, s) in [self.x0, x1, x2].into_iter().zip(s_lines) {
                        covers[k] = (axis.cross(x), s);
                        k += 1;
                    }
                    let cover_sets = covers.map(|(_, s)| s);
                    let covered = self
                        .digits
                        .iter()
                        .all(|d| coverable(possible(grid, placed, d, s_cells), &cover_sets, 2));
                    if !covered {
                        continue;
                    }
                    let mirror = |line: usize, stack: usize, skip: usize| {
                        (3 * stack..3 * stack + 3)
                            .filter(|&x| x != skip)
                            .fold(CellSet::EMPTY, |acc, x| {
                                acc | CellSet::single(axis.cell(line, x))
                            })
                    };
                    let pattern = Pattern {
                        axis,
                        base: self.base,
                        digits: self.digits,
                        targets: [t1, t2],
                        mirrors: [mirror(l2, stacks[1], x2), mirror(l1, stacks[0], x1)],
                        s_lines,
                        covers,
                        base_houses: self.base_houses,
                    };
                    if let Some(step) = pattern.step(grid, placed) {
                        sink.push(step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether `cell` holds a base digit, as a candidate or placed.
    fn holds_base_digit(&self, grid: &Grid, cell: Cell) -> bool {
        match grid.value(cell) {
            Some(d) => self.digits.contains(d),
            None => grid.candidates(cell).intersects(self.digits),
        }
    }
}

/// The digits `cells` can hold: candidates and placed values.
fn digits_of(grid: &Grid, cells: CellSet) -> DigitSet {
    cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| match grid.value(c) {
            Some(d) => acc | DigitSet::single(d),
            None => acc | grid.candidates(c),
        })
}

impl Pattern {
    /// Whether S-cells for `digit` exist on cross-lines `a` and `b` in different lines, as a
    /// target holding `digit` needs (see the module's cross-line rule).
    fn cross_lines_allow(
        &self,
        grid: &Grid,
        placed: &[CellSet; 10],
        digit: Digit,
        a: usize,
        b: usize,
    ) -> bool {
        let pa = possible(grid, placed, digit, self.s_lines[a]);
        let pb = possible(grid, placed, digit, self.s_lines[b]);
        if pa.is_empty() || pb.is_empty() {
            return false;
        }
        let (la, lb) = (self.axis.lines_of(pa), self.axis.lines_of(pb));
        !(la == lb && la.count_ones() == 1)
    }

    /// The step of this exocet, if it eliminates anything.
    fn step(&self, grid: &Grid, placed: &[CellSet; 10]) -> Option<Step> {
        let [t1, t2] = self.targets;
        // What each target can hold: base digits its cross-lines and mirror node allow.
        let mut target = [t1, t2].map(|t| grid.candidates(t) & self.digits);
        for (i, others) in [(0, (0, 2)), (1, (0, 1))] {
            for d in target[i] {
                if !self.cross_lines_allow(grid, placed, d, others.0, others.1) {
                    target[i].remove(d);
                }
            }
            target[i] &= digits_of(grid, self.mirrors[i]);
        }
        // Base and targets together: values {b1, b2} = {t1, t2}, b1 != b2.
        let base = self.base.map(|b| grid.candidates(b));
        let mut kept_base = [DigitSet::EMPTY; 2];
        let mut kept_target = [DigitSet::EMPTY; 2];
        let mut true_digits = DigitSet::ALL;
        for a in base[0] {
            for b in base[1] {
                if a == b {
                    continue;
                }
                for (x, y) in [(a, b), (b, a)] {
                    if target[0].contains(x) && target[1].contains(y) {
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
            // No solution fits: the position is broken; say nothing.
            return None;
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
        for (mirror, kept) in self.mirrors.into_iter().zip(kept_target) {
            // One mirror cell that cannot hold the target's digit leaves it to the other.
            for cell in mirror {
                let other = (mirror - CellSet::single(cell))
                    .first()
                    .expect("two mirror cells");
                if !digits_of(grid, CellSet::single(cell)).intersects(kept)
                    && grid.value(other).is_none()
                {
                    eliminations.insert_digits(other, grid.candidates(other) - kept);
                }
            }
            // A target with one digit left locks it in its mirror node.
            if let Some(d) = kept.only() {
                let line = common_houses(mirror).fold(CellSet::EMPTY, |acc, h| acc | h.cells());
                eliminations.insert_cells((line - mirror) & grid.cells_with(d), d);
            }
        }
        let s_cells = self.s_lines[0] | self.s_lines[1] | self.s_lines[2];
        let base_cells = CellSet::single(self.base[0]) | CellSet::single(self.base[1]);
        for d in true_digits {
            // Locked in the base cells.
            let houses = self.base_houses[0].cells() | self.base_houses[1].cells();
            eliminations.insert_cells((houses - base_cells) & grid.cells_with(d), d);
            // Exactly two S-cells, one in each cover house of a pair covering them all.
            let cells = possible(grid, placed, d, s_cells);
            for (i, &(ha, sa)) in self.covers.iter().enumerate() {
                for &(hb, sb) in &self.covers[i + 1..] {
                    if cells.is_subset_of(sa | sb)
                        && cells.intersects(sa - sb)
                        && cells.intersects(sb - sa)
                    {
                        let outside = (ha.cells() | hb.cells()) - s_cells;
                        eliminations.insert_cells(outside & grid.cells_with(d), d);
                    }
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
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
            s_pattern.insert_cells(grid.cells_with(d) & s_cells, d);
        }
        let mut mirror_pattern = Candidates::EMPTY;
        for cell in self.mirrors[0] | self.mirrors[1] {
            mirror_pattern.insert_digits(cell, grid.candidates(cell) & self.digits);
        }
        Some(
            Step::new(KIND)
                .part(Part::Cells(base_cells))
                .part(Part::Digits(self.digits))
                .part(Part::Text("targets".into()))
                .part(Part::Cells(CellSet::single(t1) | CellSet::single(t2)))
                .eliminations(eliminations)
                .pattern("base", base_pattern)
                .pattern("targets", target_pattern)
                .pattern("S-cells", s_pattern)
                .pattern("mirror", mirror_pattern),
        )
    }
}

register_technique!(TechniqueInfo {
    id: "junior-exocet",
    name: "Junior Exocet",
    summary: "two base cells of a mini-line whose 3-4 digits fill too few cover lines of the \
              cross-lines: their digits reappear in two target cells of the band",
    params: &[],
    build: |_| Ok(Box::new(JuniorExocet)),
});

register_fixtures!("junior-exocet", "junior_exocet.fixtures");
