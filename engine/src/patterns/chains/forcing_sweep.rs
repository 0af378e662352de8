//! Forcing chains (not nets) followed one depth level at a time on bitboards.
//!
//! Through the position's strong links alone, the facts an assumption leads to within a depth
//! cap do not depend on the order they are followed in: a fact's depth is its distance from
//! the assumption. So a whole level can be derived at once: a true candidate makes the other
//! candidates of its cell and its digit in every peer false; a false candidate makes the other
//! candidate of its bivalue cell, and the other place of its digit in a house where it has
//! two, true. A run meets a contradiction when some candidate is both true and false, a cell
//! has every candidate false, or a digit has every place in a house false.
//!
//! This derives exactly the facts [`Propagator`](super::forcing::Propagator) derives for chains
//! under the same cap, and meets a contradiction exactly when it does (a test checks both), but
//! keeps no parents and is several times faster. The forcing technique sweeps every
//! assumption to learn what is provable and asks the propagator only to explain that.
//!
//! A false candidate's only direct consequences are its partners made true (the other digit
//! of its bivalue cell, the other place of a conjugate pair), so what it leads to within a cap
//! is itself and what its partners lead to within one step less: whether it meets a
//! contradiction can be read off its partners' runs ([`ForcingSweep::false_contradicts`])
//! instead of sweeping it again.

use super::forcing::{Contradiction, Fact, Outcome};
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet, box_marks, column_marks, row_marks};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, HouseKind, peers};
use crate::board::house_set::HouseSet;

/// The position's candidates and strong links, shared by every run.
pub struct ForcingSweep {
    cells_with: [u128; 9],
    /// For each digit, its bivalue cells.
    bivalue: [u128; 9],
    /// For each bivalue cell, the sum of its two digits less one each: the other digit's
    /// index is this less the one made false.
    bivalue_sum: [u8; 81],
    /// For each digit and cell, the other places of the houses where the digit has only that
    /// cell and one more (the cell's conjugate partners). Boxed: the sweep is made for every
    /// search and moved about, and this is most of it.
    partners: Box<[[u128; 81]; 9]>,
    /// For each digit, the houses where it has a place.
    occupied: [HouseSet; 9],
    /// The same as [`house_marks`], to see quickly whether a house lost every place.
    occupied_marks: [HouseMarks; 9],
    /// For each digit, the cells a strong link leaves: bivalue cells and conjugate places.
    linked: [u128; 9],
}

/// What [`ForcingSweep::false_contradicts`] read off the partners' runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FalseReading {
    /// Whether some partner's run met a contradiction.
    pub contradicts: bool,
    /// Every partner's run had nothing new left within the cap: any higher cap reads the same.
    pub settled: bool,
}

/// One assumption's run: every fact up to `depth`, and the facts found at `depth` itself
/// (those a deeper run follows next). Through strong links alone true and false facts
/// alternate: a level is all true (`fresh_on`) or all false, so one set holds it.
#[derive(Clone, Copy, Debug)]
pub struct SweepRun {
    on: [u128; 9],
    off: [u128; 9],
    fresh: [u128; 9],
    fresh_on: bool,
    depth: u16,
    contradiction: Option<Contradiction>,
    reached_cap: bool,
    /// Nothing new follows: no cap derives more.
    settled: bool,
}

impl ForcingSweep {
    /// A sweep over `grid`'s candidates.
    pub fn new(grid: &Grid) -> ForcingSweep {
        let mut cells_with = [0u128; 9];
        for (d, cells) in cells_with.iter_mut().enumerate() {
            *cells = grid.cells_with(d as Digit + 1).bits();
        }
        let (mut bivalue, mut bivalue_sum) = ([0u128; 9], [0u8; 81]);
        for cell in grid.empty_cells() {
            let digits = grid.candidates(cell);
            if digits.len() == 2 {
                for digit in digits {
                    bivalue[digit as usize - 1] |= CellSet::single(cell).bits();
                    bivalue_sum[cell.index()] += digit - 1;
                }
            }
        }
        let mut partners = Box::new([[0u128; 81]; 9]);
        let mut linked = bivalue;
        for house in House::all() {
            for (d, cells) in cells_with.iter().enumerate() {
                let places = cells & house.cells().bits();
                if places.count_ones() == 2 {
                    linked[d] |= places;
                    for cell in CellSet::from_bits(places) {
                        partners[d][cell.index()] |= places & !CellSet::single(cell).bits();
                    }
                }
            }
        }
        ForcingSweep {
            occupied: cells_with.map(|cells| houses_met(CellSet::from_bits(cells))),
            occupied_marks: cells_with.map(house_marks),
            linked,
            cells_with,
            bivalue,
            bivalue_sum,
            partners,
        }
    }

    /// The assumption `fact` alone (depth 0); `fact` must be a candidate of the grid.
    #[inline]
    pub fn start(&self, fact: Fact) -> SweepRun {
        let mut run = SweepRun {
            on: [0; 9],
            off: [0; 9],
            fresh: [0; 9],
            fresh_on: fact.on,
            depth: 0,
            contradiction: None,
            reached_cap: false,
            settled: false,
        };
        let (d, bit) = (fact.digit as usize - 1, 1u128 << fact.cell.index());
        run.fresh[d] = bit;
        if fact.on {
            run.on[d] = bit;
        } else {
            run.off[d] = bit;
            run.contradiction = self
                .clash_or_empty_cell(&run.on, &run.off)
                .or_else(|| self.empty_house(&run.off, 1 << d));
            // A false candidate no strong link leaves leads nowhere.
            run.settled = self.linked[d] & bit == 0;
        }
        run
    }

    /// Carry `run` on to depth `cap` (no further than a contradiction or the last new fact);
    /// afterwards [`SweepRun::reached_cap`] tells whether the cap kept a new fact out.
    pub fn extend(&self, run: &mut SweepRun, cap: usize) {
        run.reached_cap = false;
        if run.contradiction.is_some() || run.settled {
            return;
        }
        // A clash or an empty cell is cheap to see and ends the run at once; a digit without
        // a place in a house is looked for once, at the end (a contradiction stays one).
        let mut unchecked_digits = 0u16;
        loop {
            let (next, next_on) = self.next_level(run);
            let any = next.iter().fold(0, |any, &bits| any | bits);
            if any == 0 {
                run.settled = true;
                break;
            }
            if run.depth as usize >= cap {
                run.reached_cap = true;
                break;
            }
            // The run had no contradiction before this level: only its new facts can make one.
            let (known, opposite) = if next_on {
                (&mut run.on, &run.off)
            } else {
                (&mut run.off, &run.on)
            };
            let mut clash = 0u128;
            for ((known, &opposite), &bits) in known.iter_mut().zip(opposite).zip(&next) {
                *known |= bits;
                clash |= bits & opposite;
            }
            run.fresh = next;
            run.fresh_on = next_on;
            run.depth += 1;
            if clash != 0 {
                run.contradiction = Some(first_clash(&next, opposite));
                return;
            }
            if !next_on {
                unchecked_digits |= digits_with_cells(&next);
                run.contradiction = self.empty_cell(&run.off, any);
                if run.contradiction.is_some() {
                    return;
                }
            }
        }
        run.contradiction = self.empty_house(&run.off, unchecked_digits);
    }

    /// The candidates assuming `fact` false makes true directly (its depth 1): the other digit
    /// of its bivalue cell, the other place of each conjugate pair.
    pub fn partners(&self, fact: Fact) -> impl Iterator<Item = Fact> + use<> {
        let (d, index) = (fact.digit as usize - 1, fact.cell.index());
        let bit = 1u128 << index;
        let bivalue = (self.bivalue[d] & bit != 0).then(|| {
            let other = self.bivalue_sum[index] as usize - d;
            Fact::on(fact.cell, other as Digit + 1)
        });
        let places = CellSet::from_bits(self.partners[d][index]).into_iter();
        bivalue
            .into_iter()
            .chain(places.map(move |cell| Fact::on(cell, d as Digit + 1)))
    }

    /// Whether assuming `fact` false meets a contradiction within depth `cap` (at least 1),
    /// read off the runs of its [partners](ForcingSweep::partners) assumed true, each carried
    /// to `cap` (or to where it stopped): the same answer as sweeping `fact` itself.
    ///
    /// Within `cap`, the false candidate leads to itself and to what each partner leads to
    /// within `cap` − 1. Where the sweep departs from plain reachability (both places of a
    /// conjugate pair false at once make neither true), that level holds a contradiction
    /// anyway, and a contradiction stays one as facts are added, so the union of those facts
    /// holds a contradiction exactly when the sweep meets one.
    ///
    /// A lone partner's run makes `fact` false itself (at depth 1: the rest of its cell, or
    /// its digit's other place in the house), so those facts all lie in that run; when it met
    /// no contradiction within `cap`, neither do they.
    pub fn false_contradicts<'r>(
        &self,
        fact: Fact,
        partner_runs: impl IntoIterator<Item = &'r SweepRun>,
        cap: usize,
    ) -> FalseReading {
        let settled_within = |run: &SweepRun| run.settled && (run.depth as usize) < cap;
        let mut partner_runs = partner_runs.into_iter();
        let (first, second) = (partner_runs.next(), partner_runs.next());
        if let (Some(lone), None) = (first, second)
            && lone.contradiction.is_none()
        {
            return FalseReading {
                contradicts: false,
                settled: settled_within(lone),
            };
        }
        let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
        off[fact.digit as usize - 1] = 1 << fact.cell.index();
        let mut settled = true;
        for run in first.into_iter().chain(second).chain(partner_runs) {
            run.add_facts_within(cap - 1, &mut on, &mut off);
            settled &= settled_within(run);
        }
        let contradicts = self.clash_or_empty_cell(&on, &off).is_some()
            || self.empty_house(&off, digits_with_cells(&off)).is_some();
        FalseReading {
            contradicts,
            settled,
        }
    }

    /// The facts one level deeper than `run`'s fresh ones, without those it already has, and
    /// whether they are true (fresh false facts lead to true ones, fresh true to false).
    fn next_level(&self, run: &SweepRun) -> ([u128; 9], bool) {
        if run.fresh_on {
            let mut off = self.falsified(&run.fresh);
            for (off, known) in off.iter_mut().zip(&run.off) {
                *off &= !known;
            }
            return (off, false);
        }
        let mut on = [0u128; 9];
        for (d, &fresh) in run.fresh.iter().enumerate() {
            // Only the cells a strong link leaves lead anywhere.
            let mut bits = fresh & self.linked[d];
            if bits == 0 {
                continue;
            }
            let mut places = 0u128;
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // The other candidate of a bivalue cell.
                if self.bivalue[d] >> index & 1 != 0 {
                    let other = self.bivalue_sum[index] as usize - d;
                    on[other] |= 1 << index;
                }
                places |= self.partners[d][index];
            }
            // The other place of a house with two. When both are false no place is left
            // (neither is made true), which the run's check for empty houses meets.
            on[d] |= places & !fresh;
        }
        for (on, known) in on.iter_mut().zip(&run.on) {
            *on &= !known;
        }
        (on, true)
    }

    /// What the true facts `fresh` (by digit, as cell bits) make false.
    fn falsified(&self, fresh: &[u128; 9]) -> [u128; 9] {
        let mut off = [0u128; 9];
        // The rest of the cell: digit d loses the cells where another digit is true (prefix
        // and suffix unions leave d's own out).
        let mut before = [0u128; 9];
        let mut union = 0u128;
        for (before, fresh) in before.iter_mut().zip(fresh) {
            *before = union;
            union |= fresh;
        }
        let mut after = 0u128;
        for d in (0..9).rev() {
            off[d] = (before[d] | after) & self.cells_with[d];
            after |= fresh[d];
        }
        // The digit in every peer.
        for (d, off) in off.iter_mut().enumerate() {
            let mut bits = fresh[d];
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                *off |= peers(Cell::new(index)).bits() & self.cells_with[d];
            }
        }
        off
    }

    /// A cell of `touched` with every candidate false in `off`.
    fn empty_cell(&self, off: &[u128; 9], touched: u128) -> Option<Contradiction> {
        let mut alive = 0u128;
        for (&cells, &off) in self.cells_with.iter().zip(off) {
            alive |= cells & !off;
        }
        let dead = touched & !alive;
        (dead != 0).then(|| Contradiction::EmptyCell(Cell::new(dead.trailing_zeros() as usize)))
    }

    /// A candidate both true and false, or a cell with every candidate false.
    fn clash_or_empty_cell(&self, on: &[u128; 9], off: &[u128; 9]) -> Option<Contradiction> {
        let mut alive = 0u128;
        let mut touched = 0u128;
        for d in 0..9 {
            let both = on[d] & off[d];
            if both != 0 {
                let cell = Cell::new(both.trailing_zeros() as usize);
                return Some(Contradiction::Both(cell, d as Digit + 1));
            }
            alive |= self.cells_with[d] & !off[d];
            touched |= off[d];
        }
        let dead = touched & !alive;
        (dead != 0).then(|| Contradiction::EmptyCell(Cell::new(dead.trailing_zeros() as usize)))
    }

    /// A digit of `digits` (bit d − 1) with every place in a house false.
    fn empty_house(&self, off: &[u128; 9], digits: u16) -> Option<Contradiction> {
        let mut rest = digits;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let live = self.cells_with[d] & !off[d];
            // The quick test first; which house, only when there is one.
            if !self.occupied_marks[d].lost_any(house_marks(live)) {
                continue;
            }
            let empty = self.occupied[d].bits() & !houses_met(CellSet::from_bits(live)).bits();
            if empty != 0 {
                let house = House::new(empty.trailing_zeros() as usize);
                return Some(Contradiction::NoPlace(house, d as Digit + 1));
            }
        }
        None
    }
}

/// The first candidate (by digit, then cell) of `level` that `opposite` holds too; there must
/// be one.
fn first_clash(level: &[u128; 9], opposite: &[u128; 9]) -> Contradiction {
    let (d, both) = (0..9)
        .map(|d| (d, level[d] & opposite[d]))
        .find(|&(_, both)| both != 0)
        .expect("a clash");
    Contradiction::Both(Cell::new(both.trailing_zeros() as usize), d as Digit + 1)
}

/// The digits (bit d − 1) with a cell in `cells_by_digit`.
fn digits_with_cells(cells_by_digit: &[u128; 9]) -> u16 {
    let mut digits = 0;
    for (d, &cells) in cells_by_digit.iter().enumerate() {
        digits |= u16::from(cells != 0) << d;
    }
    digits
}

/// The houses a set of cells meets, each marked by one bit and left where it falls (cheaper
/// than [`houses_met`], and enough to compare): a row by its ninth cell's bit, the columns
/// folded onto the first row, a box by the third cell of its segment in its band's first row.
#[derive(Clone, Copy, Debug, Default)]
struct HouseMarks {
    rows: u128,
    cols: u128,
    boxes: u128,
}

impl HouseMarks {
    /// Whether some house marked here is not marked in `now`.
    fn lost_any(self, now: HouseMarks) -> bool {
        (self.rows & !now.rows) | (self.cols & !now.cols) | (self.boxes & !now.boxes) != 0
    }
}

fn house_marks(cells: u128) -> HouseMarks {
    HouseMarks {
        rows: row_marks(cells),
        cols: column_marks(cells),
        boxes: box_marks(cells),
    }
}

/// The houses `cells` meets.
fn houses_met(cells: CellSet) -> HouseSet {
    HouseSet::of_kind(HouseKind::Row, cells.rows())
        .union(HouseSet::of_kind(HouseKind::Column, cells.cols()))
        .union(HouseSet::of_kind(HouseKind::Box, cells.boxes()))
}

impl SweepRun {
    /// What the run found: true and false candidates, and its contradiction if it met one
    /// (the kind may differ from the propagator's when several show at the same depth).
    pub fn outcome(&self) -> Outcome {
        let (mut on, mut off) = (Candidates::EMPTY, Candidates::EMPTY);
        for d in 0..9 {
            on.insert_cells(CellSet::from_bits(self.on[d]), d as Digit + 1);
            off.insert_cells(CellSet::from_bits(self.off[d]), d as Digit + 1);
        }
        Outcome {
            on,
            off,
            contradiction: self.contradiction,
        }
    }

    /// Whether the run met a contradiction.
    pub fn contradicts(&self) -> bool {
        self.contradiction.is_some()
    }

    /// Add the facts up to `depth` to `on` and `off` (by digit, as cell bits): the run must
    /// have been carried no further than one level past it.
    fn add_facts_within(&self, depth: usize, on: &mut [u128; 9], off: &mut [u128; 9]) {
        debug_assert!(
            self.depth as usize <= depth + 1,
            "only the last level is kept apart"
        );
        let mut last_level = [0u128; 9];
        if (self.depth as usize) > depth {
            last_level = self.fresh;
        }
        let (on_last, off_last) = if self.fresh_on {
            (last_level, [0; 9])
        } else {
            ([0; 9], last_level)
        };
        for d in 0..9 {
            on[d] |= self.on[d] & !on_last[d];
            off[d] |= self.off[d] & !off_last[d];
        }
    }

    /// How deep the run has gone: the depth of its last new facts.
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// Whether the last [`ForcingSweep::extend`] stopped at its cap with new facts left.
    pub fn reached_cap(&self) -> bool {
        self.reached_cap
    }

    /// The true facts, by digit (index digit − 1), as cell bits.
    pub fn on_bits(&self) -> &[u128; 9] {
        &self.on
    }

    /// The false facts, by digit (index digit − 1), as cell bits.
    pub fn off_bits(&self) -> &[u128; 9] {
        &self.off
    }

    /// The true facts of digit `digit`, as cells.
    pub fn on_cells(&self, digit: Digit) -> CellSet {
        CellSet::from_bits(self.on[digit as usize - 1])
    }

    /// The false facts of digit `digit`, as cells.
    pub fn off_cells(&self, digit: Digit) -> CellSet {
        CellSet::from_bits(self.off[digit as usize - 1])
    }
}

#[cfg(test)]
#[path = "forcing_sweep_tests.rs"]
mod tests;
