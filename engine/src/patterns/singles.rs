//! Singles, found on the grid's bitboards: Last Digit (Full House), Hidden Single and Naked
//! Single, each in the order people spot them, with the steps that explain them.
//!
//! The built-in techniques of the same ids push these steps. The solve loop also runs the
//! searches itself while a config starts with singles (most steps of most puzzles are
//! singles), so it skips the general technique machinery for them; both take the same first
//! single, so the trace is the same.

use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, houses_of};
use crate::step::{Part, PatternPart, Step, StepKind};
use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::Arc;

/// A house with one empty cell: that cell takes the missing digit.
pub const LAST_DIGIT: StepKind = StepKind::new("last-digit", "Last Digit");
/// A digit with one place left in a house.
pub const HIDDEN_SINGLE: StepKind = StepKind::new("hidden-single", "Hidden Single");
/// A cell with one candidate left.
pub const NAKED_SINGLE: StepKind = StepKind::new("naked-single", "Naked Single");

/// The three kinds of single, by technique id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SingleKind {
    /// The last place of a digit in the grid.
    LastDigit,
    /// The only place of a digit in a house.
    HiddenSingle,
    /// The only candidate of a cell.
    NakedSingle,
}

impl SingleKind {
    /// The single a technique id names (the ids of the built-in techniques).
    pub fn from_id(id: &str) -> Option<SingleKind> {
        match id {
            "last-digit" => Some(SingleKind::LastDigit),
            "hidden-single" => Some(SingleKind::HiddenSingle),
            "naked-single" => Some(SingleKind::NakedSingle),
            _ => None,
        }
    }

    /// Every single of this kind, in search order, until `found` breaks.
    pub fn each<B>(
        self,
        grid: &Grid,
        found: impl FnMut(Single) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self {
            SingleKind::LastDigit => last_digits(grid, found),
            SingleKind::HiddenSingle => hidden_singles(grid, found),
            SingleKind::NakedSingle => naked_singles(grid, found),
        }
    }

    /// The first single of this kind, in search order.
    pub fn first(self, grid: &Grid) -> Option<Single> {
        self.each(grid, ControlFlow::Break).break_value()
    }
}

/// One single: its kind, the cell, the digit it takes and the house that shows it (none for a
/// naked single).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Single {
    /// Which single.
    pub kind: SingleKind,
    /// The cell it solves.
    pub cell: Cell,
    /// The digit it places.
    pub digit: Digit,
    /// The house that shows it.
    pub house: Option<House>,
}

impl Single {
    /// The step: `Last Digit in r1 => r1c9=9`, `Hidden Single #1 in b1 => r3c3=1`,
    /// `Naked Single: r5c5=9`; the cell's candidate is the pattern (role `cell`). The
    /// technique is left for the sink to fill in.
    pub fn step(self) -> Step {
        let unnamed = Step::new(NAKED_SINGLE).technique;
        self.step_by(unnamed)
    }

    /// The step, found by the technique `technique`.
    pub fn step_by(self, technique: Arc<str>) -> Step {
        let mut step = Step::by(technique, self.step_kind());
        self.describe(&mut step);
        step
    }

    /// The kind of the single's step.
    #[inline]
    pub fn step_kind(self) -> StepKind {
        match self.kind {
            SingleKind::LastDigit => LAST_DIGIT,
            SingleKind::HiddenSingle => HIDDEN_SINGLE,
            SingleKind::NakedSingle => NAKED_SINGLE,
        }
    }

    /// Fill in the parts, the placement and the pattern of a step that has none yet. They fit
    /// the step's inline buffers (no heap), so the solve loop can make room for the step in
    /// the trace and fill it in where it stays, without building it elsewhere and copying.
    #[inline(always)]
    pub fn describe(self, step: &mut Step) {
        match (self.kind, self.house) {
            (SingleKind::LastDigit, Some(house)) => step.parts.push(Part::House(house)),
            (SingleKind::HiddenSingle, Some(house)) => {
                step.parts.push(Part::Digit(self.digit));
                step.parts.push(Part::House(house));
            }
            _ => {}
        }
        step.placements.push((self.cell, self.digit));
        step.pattern.push(PatternPart {
            role: Cow::Borrowed("cell"),
            candidates: Candidates::EMPTY,
        });
        step.pattern[0].candidates.insert(self.cell, self.digit);
    }
}

/// Houses with one empty cell, in house order (rows, columns, boxes); a cell the last of two
/// houses is named once, for the first. A cell without the missing digit (no solution) is
/// passed over.
pub fn last_digits<B>(
    grid: &Grid,
    mut found: impl FnMut(Single) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut done = CellSet::EMPTY;
    for house in House::all() {
        let Some(cell) = grid.empty_cells_in(house).only() else {
            continue;
        };
        // The other eight digits of the house are placed and gone from the cell, so its
        // candidate, if it has one, is the missing digit.
        let Some(digit) = grid.candidates(cell).only() else {
            continue;
        };
        if done.contains(cell) {
            continue;
        }
        done.insert(cell);
        found(Single {
            kind: SingleKind::LastDigit,
            cell,
            digit,
            house: Some(house),
        })?;
    }
    ControlFlow::Continue(())
}

/// The houses with exactly one empty cell, kept up to date as cells are placed, so that the
/// solve loop finds the first Last Digit without looking at all 27 houses each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastDigitHouses {
    /// The empty cells of each house, by house index.
    empty_counts: [u8; 27],
    /// Bit `h` for house `h` with exactly one empty cell.
    last_cells: u32,
}

impl LastDigitHouses {
    /// The houses in which some digit has one place left, read off `grid`.
    pub fn new(grid: &Grid) -> LastDigitHouses {
        // One sweep over the values, rows by columns (cheaper than one over the empty cells'
        // set, made once a solve), a row's count and its three box segments' kept apart
        // until the row ends (not added to memory cell by cell).
        let mut empty_counts = [0u8; 27];
        for (row, line) in grid.values().chunks_exact(9).enumerate() {
            let mut segments = [0u8; 3];
            for (col, &value) in line.iter().enumerate() {
                let empty = u8::from(value == 0);
                segments[col / 3] += empty;
                empty_counts[9 + col] += empty;
            }
            empty_counts[row] = segments.iter().sum();
            for (segment, count) in segments.into_iter().enumerate() {
                empty_counts[18 + 3 * (row / 3) + segment] += count;
            }
        }
        let last_cells = (0..27)
            .filter(|&h| empty_counts[h] == 1)
            .fold(0, |bits, h| bits | 1 << h);
        LastDigitHouses {
            empty_counts,
            last_cells,
        }
    }

    /// Take note that the empty `cell` was placed: only its own houses lost an empty cell.
    /// (After a step that may have placed a cell twice or none, build them anew.)
    #[inline]
    pub fn placed(&mut self, cell: Cell) {
        for house in houses_of(cell) {
            let count = &mut self.empty_counts[house.index()];
            *count = count.saturating_sub(1);
            let bit = 1 << house.index();
            match *count {
                1 => self.last_cells |= bit,
                _ => self.last_cells &= !bit,
            }
        }
    }

    /// The first Last Digit in house order: what [`last_digits`] finds first.
    pub fn first(&self, grid: &Grid) -> Option<Single> {
        let mut houses = self.last_cells;
        while houses != 0 {
            let house = House::new(houses.trailing_zeros() as usize);
            houses &= houses - 1;
            let Some(cell) = grid.empty_cells_in(house).first() else {
                continue;
            };
            if let Some(digit) = grid.candidates(cell).only() {
                return Some(Single {
                    kind: SingleKind::LastDigit,
                    cell,
                    digit,
                    house: Some(house),
                });
            }
        }
        None
    }
}

/// The houses known to hold no hidden single, kept while cells are placed, so that the solve
/// loop's search for the first Hidden Single looks again only at the houses a placement
/// touched. A house's hidden singles depend only on its cells' candidates, and a placement
/// changes those of the placed cell and of the peers that lose the digit: the houses of these
/// cells are looked at again, the others stay as they were.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiddenSingleScan {
    /// Bit `p` for the house at position `p` of the search order (boxes, rows, columns).
    clean: u32,
}

impl HiddenSingleScan {
    /// Nothing known yet: every house will be looked at.
    pub fn new() -> HiddenSingleScan {
        HiddenSingleScan::default()
    }

    /// Forget what is known (after a step that may have changed any candidate).
    pub fn reset(&mut self) {
        self.clean = 0;
    }

    /// Take note that `cell` is about to be placed with `digit` on `grid`: call it before
    /// placing, while the peers that lose the digit still hold it.
    #[inline]
    pub fn placing(&mut self, grid: &Grid, cell: Cell, digit: Digit) {
        let mut touched = SEARCH_BITS_OF_CELL[cell.index()];
        for peer in grid.cells_with(digit) & crate::board::house::peers(cell) {
            touched |= SEARCH_BITS_OF_CELL[peer.index()];
        }
        self.clean &= !touched;
    }

    /// The first Hidden Single in search order: what [`hidden_singles`] finds first.
    pub fn first(&mut self, grid: &Grid) -> Option<Single> {
        let mut unknown = !self.clean & ((1 << 27) - 1);
        while unknown != 0 {
            let position = unknown.trailing_zeros() as usize;
            unknown &= unknown - 1;
            let house = SEARCH_ORDER[position];
            // A placed digit has no candidates left in the house, so it is never among these.
            let Some(digit) = grid.hidden_singles_in(house).first() else {
                self.clean |= 1 << position;
                continue;
            };
            if let Some(cell) = grid.house_cells_with(house, digit).first() {
                return Some(Single {
                    kind: SingleKind::HiddenSingle,
                    cell,
                    digit,
                    house: Some(house),
                });
            }
        }
        None
    }
}

/// The houses in the order hidden singles are searched: boxes, rows, columns.
const SEARCH_ORDER: [House; 27] = {
    let mut order = [House::row(0); 27];
    let mut i = 0;
    while i < 9 {
        order[i] = House::box_(i);
        order[9 + i] = House::row(i);
        order[18 + i] = House::column(i);
        i += 1;
    }
    order
};

/// The search-order bits of each cell's three houses.
const SEARCH_BITS_OF_CELL: [u32; 81] = {
    let mut bits = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        bits[cell] = 1 << (3 * (row / 3) + col / 3) | 1 << (9 + row) | 1 << (18 + col);
        cell += 1;
    }
    bits
};

/// Digits with one place left in a house: boxes first, then rows, then columns, digits in
/// order; a candidate single in two houses is named once, for the first.
pub fn hidden_singles<B>(
    grid: &Grid,
    mut found: impl FnMut(Single) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut done = Candidates::EMPTY;
    for house in House::boxes().chain(House::rows()).chain(House::columns()) {
        // A placed digit has no candidates left in the house, so it is never among these.
        for digit in grid.hidden_singles_in(house) {
            let Some(cell) = grid.house_cells_with(house, digit).first() else {
                continue;
            };
            if done.contains(cell, digit) {
                continue;
            }
            done.insert(cell, digit);
            found(Single {
                kind: SingleKind::HiddenSingle,
                cell,
                digit,
                house: Some(house),
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Cells with one candidate left, in cell order.
pub fn naked_singles<B>(
    grid: &Grid,
    mut found: impl FnMut(Single) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for cell in grid.single_candidate_cells() {
        let Some(digit) = grid.candidates(cell).only() else {
            continue;
        };
        found(Single {
            kind: SingleKind::NakedSingle,
            cell,
            digit,
            house: None,
        })?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(kind: SingleKind, grid: &Grid) -> Vec<Single> {
        let mut out = Vec::new();
        let _ = kind.each::<()>(grid, |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn texts_and_first_singles() {
        let grid = crate::text::parse::parse(
            "12345678.........................................................................",
        )
        .unwrap();
        let last = SingleKind::LastDigit.first(&grid).unwrap();
        assert_eq!(last.step().text(), "Last Digit in r1 => r1c9=9");
        let naked = SingleKind::NakedSingle.first(&grid).unwrap();
        assert_eq!(naked.step().text(), "Naked Single: r1c9=9");
        let hidden = SingleKind::HiddenSingle.first(&grid).unwrap();
        // Box 3 and column 9 have other places for 9; row 1 has none.
        assert_eq!(hidden.step().text(), "Hidden Single #9 in r1 => r1c9=9");
        assert_eq!(all(SingleKind::HiddenSingle, &grid).len(), 1);
        assert_eq!(hidden.step().pattern[0].role, "cell");
        assert_eq!(
            SingleKind::from_id("hidden-single"),
            Some(SingleKind::HiddenSingle)
        );
        assert_eq!(SingleKind::from_id("x-wing"), None);
    }

    #[test]
    fn a_hidden_single_in_its_box_and_its_row_is_named_once() {
        // The 9s in r2 and r3 leave r1c9 the only place for 9 in box 3, as in row 1.
        let grid =
            crate::text::parse::parse(&format!("12345678.9...........9.....{}", ".".repeat(54)))
                .unwrap();
        let texts: Vec<String> = all(SingleKind::HiddenSingle, &grid)
            .into_iter()
            .map(|s| s.step().text())
            .collect();
        assert_eq!(texts, ["Hidden Single #9 in b3 => r1c9=9"]);
    }

    #[test]
    fn last_digit_houses_and_the_hidden_single_scan_follow_placements() {
        let mut grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let mut houses = LastDigitHouses::new(&grid);
        let mut hidden = HiddenSingleScan::new();
        let mut placed = 0;
        loop {
            assert_eq!(houses, LastDigitHouses::new(&grid));
            assert_eq!(houses.first(&grid), SingleKind::LastDigit.first(&grid));
            assert_eq!(hidden.first(&grid), SingleKind::HiddenSingle.first(&grid));
            let next = [
                SingleKind::LastDigit,
                SingleKind::HiddenSingle,
                SingleKind::NakedSingle,
            ]
            .into_iter()
            .find_map(|kind| kind.first(&grid));
            let Some(single) = next else { break };
            hidden.placing(&grid, single.cell, single.digit);
            grid.place(single.cell, single.digit);
            houses.placed(single.cell);
            placed += 1;
        }
        // Singles alone place 16 digits of this puzzle, then a locked set is needed.
        assert_eq!(placed, 16);
    }

    #[test]
    fn every_single_is_a_single_by_definition() {
        let grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let hidden = all(SingleKind::HiddenSingle, &grid);
        assert!(!hidden.is_empty());
        for s in &hidden {
            let house = s.house.unwrap();
            assert_eq!(
                grid.house_cells_with(house, s.digit),
                CellSet::single(s.cell)
            );
        }
        for s in all(SingleKind::NakedSingle, &grid) {
            assert_eq!(grid.candidates(s.cell).only(), Some(s.digit));
        }
        for s in all(SingleKind::LastDigit, &grid) {
            assert_eq!(
                grid.empty_cells_in(s.house.unwrap()),
                CellSet::single(s.cell)
            );
        }
    }
}
