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

use super::forcing::{Contradiction, Fact, Outcome};
use crate::candidates::Candidates;
use crate::cells::{Cell, CellSet};
use crate::digits::Digit;
use crate::grid::Grid;
use crate::house::{House, HouseKind, peers};
use crate::house_set::HouseSet;

/// The position's candidates and strong links, shared by every run.
pub struct ForcingSweep {
    cells_with: [u128; 9],
    /// For each digit, its bivalue cells.
    bivalue: [u128; 9],
    /// For each bivalue cell, the sum of its two digits less one each: the other digit's
    /// index is this less the one made false.
    bivalue_sum: [u8; 81],
    /// For each digit, the houses where it has exactly two places, as those two cells.
    conjugates: [[u128; 27]; 9],
    conjugate_count: [u8; 9],
    /// For each digit, the houses where it has a place.
    occupied: [HouseSet; 9],
    /// For each digit, the cells a strong link leaves: bivalue cells and conjugate places.
    linked: [u128; 9],
}

/// One assumption's run: every fact up to `depth`, and the facts found at `depth` itself
/// (those a deeper run follows next).
#[derive(Clone, Copy, Debug)]
pub struct SweepRun {
    on: [u128; 9],
    off: [u128; 9],
    fresh_on: [u128; 9],
    fresh_off: [u128; 9],
    depth: u16,
    contradiction: Option<Contradiction>,
    reached_cap: bool,
    /// Nothing new follows: no cap derives more.
    settled: bool,
}

impl ForcingSweep {
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
        let (mut conjugates, mut conjugate_count) = ([[0u128; 27]; 9], [0u8; 9]);
        for house in House::all() {
            for (d, cells) in cells_with.iter().enumerate() {
                let places = cells & house.cells().bits();
                if places.count_ones() == 2 {
                    conjugates[d][conjugate_count[d] as usize] = places;
                    conjugate_count[d] += 1;
                }
            }
        }
        let mut linked = bivalue;
        for (d, linked) in linked.iter_mut().enumerate() {
            for &pair in &conjugates[d][..conjugate_count[d] as usize] {
                *linked |= pair;
            }
        }
        ForcingSweep {
            occupied: cells_with.map(|cells| houses_met(CellSet::from_bits(cells))),
            linked,
            cells_with,
            bivalue,
            bivalue_sum,
            conjugates,
            conjugate_count,
        }
    }

    /// The assumption `fact` alone (depth 0); `fact` must be a candidate of the grid.
    pub fn start(&self, fact: Fact) -> SweepRun {
        let mut run = SweepRun {
            on: [0; 9],
            off: [0; 9],
            fresh_on: [0; 9],
            fresh_off: [0; 9],
            depth: 0,
            contradiction: None,
            reached_cap: false,
            settled: false,
        };
        let (d, bit) = (fact.digit as usize - 1, 1u128 << fact.cell.index());
        if fact.on {
            run.on[d] = bit;
            run.fresh_on[d] = bit;
        } else {
            run.off[d] = bit;
            run.fresh_off[d] = bit;
            run.contradiction = self
                .clash_or_empty_cell(&run)
                .or_else(|| self.empty_house(&run, 1 << d));
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
            let (next_on, next_off) = self.next_level(run);
            let mut any = 0u128;
            for d in 0..9 {
                any |= next_on[d] | next_off[d];
                if next_off[d] != 0 {
                    unchecked_digits |= 1 << d;
                }
            }
            if any == 0 {
                run.settled = true;
                break;
            }
            if run.depth as usize >= cap {
                run.reached_cap = true;
                break;
            }
            for d in 0..9 {
                run.on[d] |= next_on[d];
                run.off[d] |= next_off[d];
            }
            run.fresh_on = next_on;
            run.fresh_off = next_off;
            run.depth += 1;
            run.contradiction = self.clash_or_empty_cell(run);
            if run.contradiction.is_some() {
                return;
            }
        }
        run.contradiction = self.empty_house(run, unchecked_digits);
    }

    /// The facts one level deeper than `run`'s fresh ones, without those it already has.
    fn next_level(&self, run: &SweepRun) -> ([u128; 9], [u128; 9]) {
        let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
        // Through strong links alone a level is often all true or all false (true and false
        // facts alternate): the half with nothing fresh is skipped.
        if run.fresh_on.iter().any(|&bits| bits != 0) {
            self.falsified(run, &mut off);
        }
        let mut any_fresh_off = false;
        for d in 0..9 {
            let fresh_off = run.fresh_off[d];
            if fresh_off == 0 {
                continue;
            }
            any_fresh_off = true;
            // The other candidate of a bivalue cell.
            let mut bits = fresh_off & self.bivalue[d];
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let other = self.bivalue_sum[index] as usize - d;
                on[other] |= 1 << index;
            }
            // The other place of a house with two. When both are false no place is left,
            // which the run's check for empty houses meets.
            for &pair in &self.conjugates[d][..self.conjugate_count[d] as usize] {
                let gone = fresh_off & pair;
                if gone != 0 {
                    on[d] |= pair & !gone;
                }
            }
        }
        for (off, known) in off.iter_mut().zip(&run.off) {
            *off &= !known;
        }
        if any_fresh_off {
            for (on, known) in on.iter_mut().zip(&run.on) {
                *on &= !known;
            }
        }
        (on, off)
    }

    /// Into `off`: what the run's fresh true facts make false.
    fn falsified(&self, run: &SweepRun, off: &mut [u128; 9]) {
        // The rest of the cell: digit d loses the cells where another digit is true (prefix
        // and suffix unions leave d's own out).
        let mut before = [0u128; 9];
        let mut union = 0u128;
        for (before, fresh) in before.iter_mut().zip(&run.fresh_on) {
            *before = union;
            union |= fresh;
        }
        let mut after = 0u128;
        for d in (0..9).rev() {
            off[d] = (before[d] | after) & self.cells_with[d];
            after |= run.fresh_on[d];
        }
        // The digit in every peer.
        for (d, off) in off.iter_mut().enumerate() {
            let mut bits = run.fresh_on[d];
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                *off |= peers(Cell::new(index)).bits() & self.cells_with[d];
            }
        }
    }

    /// A candidate both true and false, or a cell with every candidate false.
    fn clash_or_empty_cell(&self, run: &SweepRun) -> Option<Contradiction> {
        let mut alive = 0u128;
        let mut touched = 0u128;
        for d in 0..9 {
            let both = run.on[d] & run.off[d];
            if both != 0 {
                let cell = Cell::new(both.trailing_zeros() as usize);
                return Some(Contradiction::Both(cell, d as Digit + 1));
            }
            alive |= self.cells_with[d] & !run.off[d];
            touched |= run.off[d];
        }
        let dead = touched & !alive;
        (dead != 0).then(|| Contradiction::EmptyCell(Cell::new(dead.trailing_zeros() as usize)))
    }

    /// A digit of `digits` (bit d − 1) with every place in a house false.
    fn empty_house(&self, run: &SweepRun, digits: u16) -> Option<Contradiction> {
        for d in 0..9 {
            if digits & (1 << d) == 0 {
                continue;
            }
            let live = CellSet::from_bits(self.cells_with[d] & !run.off[d]);
            let empty = self.occupied[d].bits() & !houses_met(live).bits();
            if empty != 0 {
                let house = House::new(empty.trailing_zeros() as usize);
                return Some(Contradiction::NoPlace(house, d as Digit + 1));
            }
        }
        None
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

    pub fn contradicts(&self) -> bool {
        self.contradiction.is_some()
    }

    /// Whether the last [`ForcingSweep::extend`] stopped at its cap with new facts left.
    pub fn reached_cap(&self) -> bool {
        self.reached_cap
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
mod tests {
    use super::*;
    use crate::chains::forcing::{ForcingOptions, Propagator};

    /// Sweeping to each cap, step by step, gives the propagator's facts, contradictions and
    /// cap flag for every assumption of a few positions.
    #[test]
    fn a_sweep_derives_what_the_propagator_derives() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ];
        let mut compared = 0;
        let mut contradictions = 0;
        let mut positions = Vec::new();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for puzzle in puzzles {
            let grid = crate::parse::parse(puzzle).unwrap();
            // Later positions too, rich in bivalue cells and conjugate pairs: a share of the
            // wrong candidates removed (the solution's stay, so the position stays sound).
            for share in [40, 70] {
                positions.push(crate::chains::test_positions::thinned(
                    &grid, share, &mut state,
                ));
            }
            positions.push(grid);
        }
        for grid in positions {
            let sweep = ForcingSweep::new(&grid);
            for cell in grid.empty_cells() {
                for digit in grid.candidates(cell) {
                    for on in [true, false] {
                        let fact = Fact { cell, digit, on };
                        let mut run = sweep.start(fact);
                        for cap in [1, 2, 3, 4, 6, 8, 12, 16, 20] {
                            sweep.extend(&mut run, cap);
                            let options = ForcingOptions {
                                nets: false,
                                max_depth: cap,
                            };
                            let mut propagator = Propagator::new(&grid, options);
                            let expected = propagator.run(fact);
                            let got = run.outcome();
                            assert_eq!(
                                got.contradiction.is_some(),
                                expected.contradiction.is_some(),
                                "{fact} cap {cap}"
                            );
                            if expected.contradiction.is_none() {
                                assert_eq!(got.on, expected.on, "{fact} cap {cap}");
                                assert_eq!(got.off, expected.off, "{fact} cap {cap}");
                                assert_eq!(
                                    run.reached_cap(),
                                    propagator.reached_cap(),
                                    "{fact} cap {cap}"
                                );
                            } else {
                                contradictions += 1;
                            }
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(
            compared > 10_000 && contradictions > 100,
            "{compared} {contradictions}"
        );
    }
}
