//! Exocets (David P. Bird's JExocet and its relatives): two base cells of a box-line mini-line
//! whose digits must turn up again in two target cells, because every base digit is confined
//! to too few cover lines in the "S-cells" of three cross-lines to fill them all outside the
//! base band. The eliminations follow from that one fact: the targets hold exactly the two
//! digits of the base cells.
//!
//! The geometry is written along an [`Axis`]: for a band of rows, "lines" are rows and
//! "cross-lines" columns; for a stack, the other way round. Line `i` and cross-line `j` meet
//! at [`Axis::cell`]`(i, j)`.

mod cross_houses;
mod double_exocet;
mod franken_exocet;
pub mod junior_exocet;
mod mutant_exocet;
#[cfg(test)]
mod scan_tests;
pub mod senior_exocet;

use kaidoku_engine::prelude::*;

/// Which way a band runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A band of rows: lines are rows, cross-lines are columns.
    Rows,
    /// A stack of columns: lines are columns, cross-lines are rows.
    Columns,
}

impl Axis {
    pub const BOTH: [Axis; 2] = [Axis::Rows, Axis::Columns];

    /// The cell where line `line` meets cross-line `cross`.
    #[inline]
    pub fn cell(self, line: usize, cross: usize) -> Cell {
        match self {
            Axis::Rows => Cell::at(line, cross),
            Axis::Columns => Cell::at(cross, line),
        }
    }

    /// Line `i` (a row for [`Axis::Rows`]).
    #[inline]
    pub fn line(self, i: usize) -> House {
        match self {
            Axis::Rows => House::row(i),
            Axis::Columns => House::column(i),
        }
    }

    /// Cross-line `j` (a column for [`Axis::Rows`]).
    #[inline]
    pub fn cross(self, j: usize) -> House {
        match self {
            Axis::Rows => House::column(j),
            Axis::Columns => House::row(j),
        }
    }

    /// The lines (bit i for line i) that hold a cell of `cells`.
    #[inline]
    pub fn lines_of(self, cells: CellSet) -> u16 {
        match self {
            Axis::Rows => cells.rows(),
            Axis::Columns => cells.cols(),
        }
    }

    /// The line of `cell`.
    #[inline]
    pub fn line_index(self, cell: Cell) -> usize {
        match self {
            Axis::Rows => cell.row(),
            Axis::Columns => cell.col(),
        }
    }

    /// The cells of band `band` (lines `3 * band ..= 3 * band + 2`).
    pub fn band(self, band: usize) -> CellSet {
        (3 * band..3 * band + 3).fold(CellSet::EMPTY, |acc, i| acc | self.line(i).cells())
    }
}

/// A search for one kind of exocet: every exocet it meets in the grid (with the placed digits)
/// handed to the callback.
pub type ExocetSearch = fn(&Grid, &[CellSet; 10], &mut dyn FnMut(Exocet) -> Flow) -> Flow;

/// Every exocet a search (`junior_exocet::each`, `senior_exocet::each`) meets, pushed as a step
/// of `kind` where it removes something.
pub fn push_steps(grid: &Grid, sink: &mut StepSink, kind: StepKind, each: ExocetSearch) -> Flow {
    let placed = placed_by_digit(grid);
    each(
        grid,
        &placed,
        &mut |exocet| match exocet.step(grid, &placed, kind.clone()) {
            Some(step) => sink.push(step),
            None => ControlFlow::Continue(()),
        },
    )
}

/// Where each digit is placed (index 1..=9): S-cells count a placed digit as well as a
/// candidate.
pub fn placed_by_digit(grid: &Grid) -> [CellSet; 10] {
    let mut placed = [CellSet::EMPTY; 10];
    for cell in Cell::all() {
        if let Some(d) = grid.value(cell) {
            placed[d as usize].insert(cell);
        }
    }
    placed
}

/// The cells of `within` where `digit` can still be: a candidate, or already placed.
#[inline]
pub fn possible(grid: &Grid, placed: &[CellSet; 10], digit: Digit, within: CellSet) -> CellSet {
    (grid.cells_with(digit) | placed[digit as usize]) & within
}

/// Whether `cells` lie in at most `n` (1 or 2) of `houses`.
pub fn coverable(cells: CellSet, houses: &[CellSet], n: usize) -> bool {
    if cells.is_empty() {
        return true;
    }
    if houses.iter().any(|&h| cells.is_subset_of(h)) {
        return true;
    }
    n >= 2
        && houses
            .iter()
            .enumerate()
            .any(|(i, &a)| houses[i + 1..].iter().any(|&b| cells.is_subset_of(a | b)))
}

/// A base mini-line: two empty cells of line `line0` in stack `stack0` of band `band`, off
/// cross-line `x0`, holding 3 or 4 digits together.
pub struct Base {
    pub axis: Axis,
    pub band: usize,
    pub band_cells: CellSet,
    pub line0: usize,
    pub stack0: usize,
    pub x0: usize,
    pub cells: [Cell; 2],
    pub digits: DigitSet,
    /// The base's line and box.
    pub houses: [House; 2],
}

impl Base {
    /// Every base of the grid.
    pub fn all(grid: &Grid) -> impl Iterator<Item = Base> + '_ {
        Axis::BOTH.into_iter().flat_map(move |axis| {
            (0..27).flat_map(move |i| {
                let (band, stack0, k) = (i / 9, i / 3 % 3, i % 3);
                (0..3).filter_map(move |skip| {
                    Base::at(grid, axis, band, stack0, 3 * band + k, 3 * stack0 + skip)
                })
            })
        })
    }

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
            cells: base,
            digits,
            houses: [axis.line(line0), House::box_(base[0].box_index())],
        })
    }

    /// Whether `cell` holds a base digit, as a candidate or placed.
    fn holds_base_digit(&self, grid: &Grid, cell: Cell) -> bool {
        match grid.value(cell) {
            Some(d) => self.digits.contains(d),
            None => grid.candidates(cell).intersects(self.digits),
        }
    }

    /// The two stacks other than the base's, in order.
    pub fn other_stacks(&self) -> [usize; 2] {
        match self.stack0 {
            0 => [1, 2],
            1 => [0, 2],
            _ => [0, 1],
        }
    }

    /// The exocet with targets `t1` on cross-line `x1` and `t2` on `x2` (lines other than
    /// the base's, stacks other than its and each other's), when both targets are empty and
    /// hold a base digit, the companions (the cross-line cells in the targets' lines, off the
    /// base's band box and line) hold none, and each base digit's S-cells (the rest of the
    /// cross-lines) lie in two houses. `mirrors` are the targets' mirror nodes, where proved.
    pub fn exocet(
        &self,
        grid: &Grid,
        placed: &[CellSet; 10],
        targets: [Cell; 2],
        crosses: [usize; 2],
        mirrors: Option<[CellSet; 2]>,
    ) -> Option<Exocet> {
        let axis = self.axis;
        if targets
            .iter()
            .any(|&t| grid.value(t).is_some() || !grid.candidates(t).intersects(self.digits))
        {
            return None;
        }
        let xs = [self.x0, crosses[0], crosses[1]];
        // Where no base digit of the base can be: x0 in the band (the base's box) and the
        // base's line.
        let escape = (axis.cross(self.x0).cells() & self.band_cells) | self.houses[0].cells();
        let target_cells = CellSet::single(targets[0]) | CellSet::single(targets[1]);
        let target_lines = targets.iter().fold(CellSet::EMPTY, |acc, &t| {
            acc | axis.line(axis.line_index(t)).cells()
        });
        let cross_cells = xs
            .iter()
            .fold(CellSet::EMPTY, |acc, &x| acc | axis.cross(x).cells());
        let companions = (cross_cells & target_lines) - escape - target_cells;
        if companions.iter().any(|c| self.holds_base_digit(grid, c)) {
            return None;
        }
        let s_lines = xs.map(|x| axis.cross(x).cells() - escape - target_lines);
        let s_cells = s_lines[0] | s_lines[1] | s_lines[2];
        let mut covers = [(House::row(0), CellSet::EMPTY); 12];
        for (i, cover) in covers.iter_mut().take(9).enumerate() {
            *cover = (axis.line(i), axis.line(i).cells() & s_cells);
        }
        for (k, (x, s)) in xs.into_iter().zip(s_lines).enumerate() {
            covers[9 + k] = (axis.cross(x), s);
        }
        let cover_sets = covers.map(|(_, s)| s);
        let covered = self
            .digits
            .iter()
            .all(|d| coverable(possible(grid, placed, d, s_cells), &cover_sets, 2));
        covered.then_some(Exocet {
            axis,
            base: self.cells,
            digits: self.digits,
            targets,
            mirrors,
            s_lines,
            covers,
            base_houses: self.houses,
        })
    }
}

/// An exocet's cells, found by [`Base::exocet`].
pub struct Exocet {
    pub axis: Axis,
    pub base: [Cell; 2],
    pub digits: DigitSet,
    pub targets: [Cell; 2],
    /// Target i's mirror node (two cells), where the geometry proves one (a Junior Exocet
    /// with its targets in different lines).
    pub mirrors: Option<[CellSet; 2]>,
    /// The S-cells of the three cross-lines: x0, x1 (T1's), x2 (T2's).
    pub s_lines: [CellSet; 3],
    /// The houses that may cover S-cells: the nine lines and the three cross-lines, each with
    /// its S-cells.
    pub covers: [(House, CellSet); 12],
    /// The base's line and box.
    pub base_houses: [House; 2],
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

impl Exocet {
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

    /// Whether T1 = `x` and T2 = `y` leave room in the S-cells: x on x0 and x2 in different
    /// lines, y on x0 and x1 in different lines (the cross-line rule for both at once), and x0
    /// holding the two in different cells.
    fn pair_fits(&self, grid: &Grid, placed: &[CellSet; 10], x: Digit, y: Digit) -> bool {
        let p = |d: Digit, i: usize| possible(grid, placed, d, self.s_lines[i]);
        let apart = |a: Cell, b: Cell| self.axis.line_index(a) != self.axis.line_index(b);
        let (x0, x2, y0, y1) = (p(x, 0), p(x, 2), p(y, 0), p(y, 1));
        x0.iter().any(|ax| {
            x2.iter().any(|cx| apart(ax, cx))
                && y0
                    .iter()
                    .any(|ay| ay != ax && y1.iter().any(|cy| apart(ay, cy)))
        })
    }

    /// The values this exocet allows its base and target cells, `[b1, b2, t1, t2]` with
    /// {b1, b2} = {t1, t2}, b1 != b2: the rules and their proofs are in [`junior_exocet`]'s
    /// documentation (the mirror rules only where `mirrors` is given). Empty when none fits.
    pub fn assignments(&self, grid: &Grid, placed: &[CellSet; 10]) -> Assignments {
        let [t1, t2] = self.targets;
        // What each target can hold: base digits its cross-lines and mirror node allow.
        let mut target = [t1, t2].map(|t| grid.candidates(t) & self.digits);
        for (i, others) in [(0, (0, 2)), (1, (0, 1))] {
            for d in target[i] {
                if !self.cross_lines_allow(grid, placed, d, others.0, others.1) {
                    target[i].remove(d);
                }
            }
            if let Some(mirrors) = self.mirrors {
                target[i] &= digits_of(grid, mirrors[i]);
            }
        }
        let base = self.base.map(|b| grid.candidates(b));
        let mut found = Assignments::default();
        for a in base[0] {
            for b in base[1] {
                if a == b {
                    continue;
                }
                for (x, y) in [(a, b), (b, a)] {
                    if target[0].contains(x)
                        && target[1].contains(y)
                        && self.pair_fits(grid, placed, x, y)
                    {
                        found.push([a, b, x, y]);
                    }
                }
            }
        }
        found
    }

    /// The base and target cells of this exocet, in the order of an assignment.
    pub fn cells(&self) -> [Cell; 4] {
        [self.base[0], self.base[1], self.targets[0], self.targets[1]]
    }

    /// The eliminations that follow when the base and target cells take one of `assignments`
    /// (a list that holds their true values): the rules and proofs of [`junior_exocet`].
    pub fn effects(
        &self,
        grid: &Grid,
        placed: &[CellSet; 10],
        assignments: &[[Digit; 4]],
    ) -> Candidates {
        let mut kept = [DigitSet::EMPTY; 4];
        let mut true_digits = DigitSet::ALL;
        for values in assignments {
            for (k, &v) in kept.iter_mut().zip(values) {
                k.insert(v);
            }
            true_digits &= DigitSet::single(values[0]) | DigitSet::single(values[1]);
        }
        let kept_target = [kept[2], kept[3]];
        let mut eliminations = Candidates::EMPTY;
        if assignments.is_empty() {
            // No solution fits: the position is broken; say nothing.
            return eliminations;
        }
        for (cell, kept) in self.cells().into_iter().zip(kept) {
            eliminations.insert_digits(cell, grid.candidates(cell) - kept);
        }
        for (mirror, kept) in self.mirrors.into_iter().flatten().zip(kept_target) {
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
        eliminations
    }

    /// The step of this exocet, if it eliminates anything.
    pub fn step(&self, grid: &Grid, placed: &[CellSet; 10], kind: StepKind) -> Option<Step> {
        let assignments = self.assignments(grid, placed);
        let eliminations = self.effects(grid, placed, assignments.as_slice());
        if eliminations.is_empty() {
            return None;
        }
        Some(self.step_of(grid, kind, eliminations))
    }

    /// A step of this exocet with `eliminations`.
    pub fn step_of(&self, grid: &Grid, kind: StepKind, eliminations: Candidates) -> Step {
        let [t1, t2] = self.targets;
        let s_cells = self.s_lines[0] | self.s_lines[1] | self.s_lines[2];
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
            s_pattern.insert_cells(grid.cells_with(d) & s_cells, d);
        }
        let mut mirror_pattern = Candidates::EMPTY;
        for cell in self
            .mirrors
            .into_iter()
            .flatten()
            .fold(CellSet::EMPTY, |a, m| a | m)
        {
            mirror_pattern.insert_digits(cell, grid.candidates(cell) & self.digits);
        }
        let step = Step::new(kind)
            .part(Part::Cells(base_cells))
            .part(Part::Digits(self.digits))
            .part(Part::Text("targets".into()))
            .part(Part::Cells(CellSet::single(t1) | CellSet::single(t2)))
            .eliminations(eliminations)
            .pattern("base", base_pattern)
            .pattern("targets", target_pattern)
            .pattern("S-cells", s_pattern);
        match mirror_pattern.is_empty() {
            true => step,
            false => step.pattern("mirror", mirror_pattern),
        }
    }
}

/// The assignments an exocet allows (at most 4 * 3 base pairs, each two ways).
#[derive(Clone, Copy)]
pub struct Assignments {
    items: [[Digit; 4]; 24],
    len: usize,
}

impl Default for Assignments {
    fn default() -> Self {
        Assignments {
            items: [[1; 4]; 24],
            len: 0,
        }
    }
}

impl Assignments {
    pub fn push(&mut self, values: [Digit; 4]) {
        self.items[self.len] = values;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[[Digit; 4]] {
        &self.items[..self.len]
    }
}
