//! The grid: givens, placed values and candidates, kept consistent as two bitboard views
//! (a `u16` candidate mask per cell and a `u128` cell set per digit).

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use crate::board::house::{House, peers};
use std::fmt;

/// A Sudoku position. A placement removes the digit from the cell's peers; an elimination
/// removes one candidate. Both views of the candidates are updated together.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    values: [Digit; 81],
    candidates: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    givens: CellSet,
    empty: CellSet,
}

/// Two equal values in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{first} and {second} both hold {digit} in {}", house.long_name())]
pub struct Conflict {
    /// The digit held twice.
    pub digit: Digit,
    /// The first cell holding it.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
    /// The house both cells are in.
    pub house: House,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::new()
    }
}

impl Grid {
    /// The empty grid: every cell empty with all nine candidates.
    pub fn new() -> Grid {
        Grid {
            values: [0; 81],
            candidates: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
            givens: CellSet::EMPTY,
            empty: CellSet::ALL,
        }
    }

    /// A puzzle from its 81 values (`0` for empty); every value is a given.
    /// Fails when two equal givens share a house.
    pub fn from_givens(values: &[Digit; 81]) -> Result<Grid, Conflict> {
        Grid::from_values(values, CellSet::EMPTY)
    }

    /// A position from its 81 values (`0` for empty; anything but a digit counts as empty):
    /// the values are givens except in the cells of `placed`, and every empty cell keeps the
    /// digits its houses lack. What placing the values one by one gives, built in one sweep.
    /// Fails when two equal values share a house.
    pub fn from_values(values: &[Digit; 81], placed: CellSet) -> Result<Grid, Conflict> {
        let mut grid = Grid::new();
        let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
        let mut rows = [0u16; 9];
        let mut repeated = 0u16;
        let mut filled = CellSet::EMPTY;
        for (row, line) in values.chunks_exact(9).enumerate() {
            for (col, &digit) in line.iter().enumerate() {
                if !(1..=9).contains(&digit) {
                    continue;
                }
                let bit = DigitSet::single(digit).bits();
                let box_ = 3 * (row / 3) + col / 3;
                repeated |= (rows[row] | cols[col] | boxes[box_]) & bit;
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[box_] |= bit;
                let cell = Cell::at(row, col);
                grid.values[cell.index()] = digit;
                filled.insert(cell);
                grid.digit_cells[digit as usize - 1] -= peers(cell);
            }
        }
        if repeated != 0
            && let Some(conflict) = find_conflict(values)
        {
            return Err(conflict);
        }
        grid.empty = CellSet::ALL - filled;
        for cells in &mut grid.digit_cells {
            *cells &= grid.empty;
        }
        for (row, line) in grid.candidates.chunks_exact_mut(9).enumerate() {
            for (col, cell_candidates) in line.iter_mut().enumerate() {
                let taken = rows[row] | cols[col] | boxes[3 * (row / 3) + col / 3];
                *cell_candidates = match grid.values[9 * row + col] {
                    0 => DigitSet::from_bits(DigitSet::ALL.bits() & !taken),
                    _ => DigitSet::EMPTY,
                };
            }
        }
        grid.givens = filled - placed;
        Ok(grid)
    }

    /// A position rebuilt from plain arrays (as a plugin receives it): the 81 values (`0` for
    /// empty), the 81 candidate masks (bit `d - 1` for digit `d`) and the givens (bit `i` for
    /// cell `i`). Refuses what no sequence of placements and eliminations can produce: a value
    /// above 9, a mask bit above the ninth, candidates in a solved cell, a candidate that a
    /// peer's value excludes, two equal values in a house, or a given on an empty cell.
    pub fn from_state(
        values: &[Digit; 81],
        candidates: &[u16; 81],
        givens: u128,
    ) -> Result<Grid, String> {
        if let Some(i) = values.iter().position(|&v| v > 9) {
            return Err(format!("{} holds {}, not a digit", Cell::new(i), values[i]));
        }
        if let Some(conflict) = find_conflict(values) {
            return Err(conflict.to_string());
        }
        if givens >> 81 != 0 {
            return Err(format!(
                "the givens mask {givens:#x} has bits above cell 81"
            ));
        }
        let givens = CellSet::from_bits(givens);
        let mut grid = Grid {
            values: *values,
            candidates: [DigitSet::EMPTY; 81],
            digit_cells: [CellSet::EMPTY; 9],
            givens,
            empty: CellSet::EMPTY,
        };
        for cell in Cell::all() {
            let (value, mask) = (values[cell.index()], candidates[cell.index()]);
            if mask & !DigitSet::ALL.bits() != 0 {
                return Err(format!(
                    "{cell} has candidate mask {mask:#x}, above digit 9"
                ));
            }
            let digits = DigitSet::from_bits(mask);
            if value != 0 {
                if !digits.is_empty() {
                    return Err(format!(
                        "{cell} holds {value} but still has candidates {digits}"
                    ));
                }
                continue;
            }
            if givens.contains(cell) {
                return Err(format!("{cell} is a given but has no value"));
            }
            grid.empty.insert(cell);
            for digit in digits {
                if let Some(peer) = peers(cell).iter().find(|p| values[p.index()] == digit) {
                    return Err(format!(
                        "{cell} has candidate {digit}, but {peer} holds {digit}"
                    ));
                }
                grid.digit_cells[digit as usize - 1].insert(cell);
            }
            grid.candidates[cell.index()] = digits;
        }
        Ok(grid)
    }

    /// The value of a solved cell.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            d => Some(d),
        }
    }

    /// All 81 values, `0` for empty cells.
    #[inline]
    pub fn values(&self) -> &[Digit; 81] {
        &self.values
    }

    /// The candidates of a cell (empty for a solved cell).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    #[inline]
    /// Whether `digit` is still a candidate of `cell` (never for a solved cell).
    pub fn has_candidate(&self, cell: Cell, digit: Digit) -> bool {
        self.candidates[cell.index()].contains(digit)
    }

    /// The cells where `digit` is still a candidate.
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize - 1]
    }

    /// The cells of `house` where `digit` is still a candidate.
    #[inline]
    pub fn house_cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize - 1] & house.cells()
    }

    /// The digits that are candidates somewhere in `cells`.
    pub fn candidates_of(&self, cells: CellSet) -> DigitSet {
        let mut digits = DigitSet::EMPTY;
        for cell in cells {
            digits |= self.candidates[cell.index()];
        }
        digits
    }

    /// The digits already placed in `house`.
    pub fn placed_in(&self, house: House) -> DigitSet {
        let mut bits = 0u16;
        for &index in &HOUSE_CELL_INDICES[house.index()] {
            // A value `d` sets bit `d - 1`; an empty cell (0) sets the bit above the nine.
            bits |= (1u16 << self.values[index as usize]) >> 1;
        }
        DigitSet::from_bits(bits)
    }

    /// The digits with exactly one place left in `house` (hidden singles), worked out from
    /// the cells' candidate masks in one pass.
    #[inline]
    pub fn hidden_singles_in(&self, house: House) -> DigitSet {
        let (mut once, mut twice) = (0u16, 0u16);
        for &index in &HOUSE_CELL_INDICES[house.index()] {
            let digits = self.candidates[index as usize].bits();
            twice |= once & digits;
            once |= digits;
        }
        DigitSet::from_bits(once & !twice)
    }

    /// The cells without a value.
    #[inline]
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// The empty cells of `house`.
    #[inline]
    pub fn empty_cells_in(&self, house: House) -> CellSet {
        self.empty & house.cells()
    }

    /// The cells whose value was given in the puzzle.
    #[inline]
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    #[inline]
    /// Whether `cell` holds a given (a clue of the puzzle, not a placed digit).
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }

    #[inline]
    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// Total number of candidates left in empty cells.
    pub fn candidate_count(&self) -> u32 {
        self.digit_cells.iter().map(|cells| cells.len()).sum()
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        let (mut once, mut twice, mut thrice) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
        for &cells in &self.digit_cells {
            thrice |= twice & cells;
            twice |= once & cells;
            once |= cells;
        }
        twice - thrice
    }

    /// The empty cells with exactly one candidate.
    pub fn single_candidate_cells(&self) -> CellSet {
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for &cells in &self.digit_cells {
            twice |= once & cells;
            once |= cells;
        }
        once - twice
    }

    /// Place `digit` in the empty `cell`: the cell loses its candidates and its peers lose
    /// `digit`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        debug_assert!((1..=9).contains(&digit));
        let index = cell.index();
        let one = CellSet::single(cell);
        // The two views hold the same candidates, so only the boards of the cell's own digits
        // and the peers that still hold `digit` change: a few updates in a solve, where the
        // loop places a cell per step, not nine boards and twenty peers.
        for own in self.candidates[index] {
            self.digit_cells[own as usize - 1] -= one;
        }
        self.candidates[index] = DigitSet::EMPTY;
        self.values[index] = digit;
        self.empty -= one;
        let slot = digit as usize - 1;
        let losing = self.digit_cells[slot] & peers(cell);
        for peer in losing {
            self.candidates[peer.index()].remove(digit);
        }
        self.digit_cells[slot] -= losing;
    }

    /// Place a given (a clue of the puzzle).
    pub fn place_given(&mut self, cell: Cell, digit: Digit) {
        self.place(cell, digit);
        self.givens.insert(cell);
    }

    /// Remove a candidate; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let index = cell.index();
        if !self.candidates[index].contains(digit) {
            return false;
        }
        self.candidates[index].remove(digit);
        self.digit_cells[digit as usize - 1].remove(cell);
        true
    }

    /// The values as an 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        let bytes: Vec<u8> = self
            .values
            .iter()
            .map(|&d| if d == 0 { b'.' } else { b'0' + d })
            .collect();
        // Digits and dots are ASCII, so this is never the empty default.
        String::from_utf8(bytes).unwrap_or_default()
    }

    /// The givens only, as an 81-character line.
    pub fn givens_line(&self) -> String {
        Cell::all()
            .map(|cell| match self.givens.contains(cell) {
                true => (b'0' + self.values[cell.index()]) as char,
                false => '.',
            })
            .collect()
    }

    /// The 729-character candidate string: for every cell nine characters, the digit where it
    /// is a candidate (or the cell's value) and `.` elsewhere.
    pub fn to_candidate_string(&self) -> String {
        let mut out = String::with_capacity(729);
        for cell in Cell::all() {
            let digits = match self.value(cell) {
                Some(d) => DigitSet::single(d),
                None => self.candidates(cell),
            };
            for d in 1..=9u8 {
                out.push(if digits.contains(d) {
                    (b'0' + d) as char
                } else {
                    '.'
                });
            }
        }
        out
    }

    /// Per-cell digit masks for the backtracking solver: a solved cell as its single value,
    /// an empty cell as its candidates.
    pub fn solver_masks(&self) -> [u16; 81] {
        let mut masks = [0u16; 81];
        for (i, mask) in masks.iter_mut().enumerate() {
            *mask = match self.values[i] {
                0 => self.candidates[i].bits(),
                d => DigitSet::single(d).bits(),
            };
        }
        masks
    }

    /// Count solutions up to `limit` (respecting the current candidates).
    pub fn solutions(&self, limit: usize) -> crate::backtrack::Solutions {
        crate::backtrack::solve_candidates(&self.solver_masks(), limit)
    }

    /// Two equal values in one house, if any.
    pub fn conflict(&self) -> Option<Conflict> {
        find_conflict(&self.values)
    }
}

/// The cell indices of each house, in cell order (rows, columns, boxes as [`House`] numbers
/// them), for loops over a house's cells that index the per-cell arrays directly.
pub(crate) const HOUSE_CELL_INDICES: [[u8; 9]; 27] = {
    let mut table = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = (9 * i + j) as u8;
            table[9 + i][j] = (9 * j + i) as u8;
            table[18 + i][j] = (9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    table
};

/// The first pair of equal values sharing a house, in house order.
pub fn find_conflict(values: &[Digit; 81]) -> Option<Conflict> {
    // Every solve starts here, so first a quick pass: one sweep over the cells in row order,
    // with a digit mask per row, column and box; the conflict itself is looked up only when
    // there is one.
    let (mut cols, mut boxes) = ([0u32; 9], [0u32; 9]);
    let mut repeated = 0u32;
    for (row, line) in values.chunks_exact(9).enumerate() {
        let mut seen_in_row = 0u32;
        for (col, &value) in line.iter().enumerate() {
            let bit = 1u32.wrapping_shl(value.into()) >> 1;
            let box_ = 3 * (row / 3) + col / 3;
            repeated |= (seen_in_row | cols[col] | boxes[box_]) & bit;
            seen_in_row |= bit;
            cols[col] |= bit;
            boxes[box_] |= bit;
        }
    }
    if repeated == 0 {
        return None;
    }
    for house in House::all() {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for cell in house.cells() {
            let digit = values[cell.index()];
            // Only digits conflict (anything else is no value).
            if !(1..=9).contains(&digit) {
                continue;
            }
            if let Some(first) = seen[digit as usize] {
                return Some(Conflict {
                    digit,
                    first,
                    second: cell,
                    house,
                });
            }
            seen[digit as usize] = Some(cell);
        }
    }
    None
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
