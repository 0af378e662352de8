//! The working grid of SE's chaining and its two implication rules.
//!
//! A potential is a candidate assumed on or off, packed in a `u16`: twice the candidate index
//! (`cell * 9 + digit - 1`), plus one when on. SE's order of implications is kept exactly: it decides which chain a breadth-first
//! search meets first, so which hint SE applies.

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, peers};

/// A potential: a candidate (`cell * 9 + digit - 1`) times two, plus one when it is "on".
pub type Pot = u16;

/// The number of potentials (729 candidates, on and off).
pub const POTS: usize = 1458;

/// The potential of `digit` in `cell`, on or off.
#[inline]
pub const fn pot(cell: Cell, digit: Digit, on: bool) -> Pot {
    ((cell.index() * 9 + digit as usize - 1) * 2 + on as usize) as Pot
}

#[inline]
/// The cell of a potential.
pub const fn pot_cell(p: Pot) -> Cell {
    Cell::new(p as usize / 18)
}

#[inline]
/// The digit of a potential.
pub const fn pot_digit(p: Pot) -> Digit {
    ((p as usize / 2) % 9 + 1) as Digit
}

#[inline]
/// Whether the potential is "on" (the digit is the cell's value).
pub const fn is_on(p: Pot) -> bool {
    p & 1 == 1
}

/// The same candidate with the other state.
#[inline]
pub const fn conjugate(p: Pot) -> Pot {
    p ^ 1
}

/// SE's region order for a cell: its box, then its row, then its column.
#[inline]
pub fn regions(cell: Cell) -> [House; 3] {
    [
        House::box_(cell.box_index()),
        House::row(cell.row()),
        House::column(cell.col()),
    ]
}

/// A set of potentials (one bit each).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PotSet([u64; POTS.div_ceil(64)]);

impl Default for PotSet {
    fn default() -> Self {
        PotSet([0; POTS.div_ceil(64)])
    }
}

impl PotSet {
    #[inline]
    /// Whether `p` is in the set.
    pub fn contains(&self, p: Pot) -> bool {
        self.0[p as usize / 64] >> (p % 64) & 1 == 1
    }

    /// Insert; whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Pot) -> bool {
        let (word, bit) = (p as usize / 64, 1u64 << (p % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }

    /// How many potentials the set holds.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set holds none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Empty the set.
    pub fn clear(&mut self) {
        self.0 = [0; POTS.div_ceil(64)];
    }
}

/// Why an "off" potential turned a potential on: the cell's last candidate, or the digit's
/// last place in a house (for the hidden parents of dynamic chains).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The cell had one candidate left.
    Cell,
    /// The digit had one place left in this house.
    House(House),
}

/// Implications of one potential, in SE's order (at most 8 cell-mates and 20 peers).
pub struct Implied {
    items: [(Pot, Cause); 32],
    len: usize,
}

impl Default for Implied {
    fn default() -> Self {
        Implied {
            items: [(0, Cause::Cell); 32],
            len: 0,
        }
    }
}

impl Implied {
    #[inline]
    fn push(&mut self, p: Pot, cause: Cause) {
        self.items[self.len] = (p, cause);
        self.len += 1;
    }

    /// The potentials and their causes, in order.
    pub fn as_slice(&self) -> &[(Pot, Cause)] {
        &self.items[..self.len]
    }
}

/// The candidates SE's chaining reads: a mask per cell and the cells of each digit. Dynamic
/// chains remove candidates from a copy as their "off" potentials are processed; they never
/// place a digit, so the cells without a value (`empty`) and the count of each placed digit
/// stay those of the position (SE's basic rules read them inside a chain).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Work {
    masks: [u16; 81],
    cells: [CellSet; 9],
    empty: CellSet,
    placed: [u8; 9],
}

impl Work {
    /// The working copy of `grid`'s candidates.
    pub fn new(grid: &Grid) -> Work {
        let mut masks = [0u16; 81];
        let mut cells = [CellSet::EMPTY; 9];
        for cell in grid.empty_cells() {
            let digits = grid.candidates(cell);
            masks[cell.index()] = digits.bits();
            for d in digits {
                cells[d as usize - 1].insert(cell);
            }
        }
        let mut placed = [0u8; 9];
        for &v in grid.values() {
            if v != 0 {
                placed[v as usize - 1] += 1;
            }
        }
        Work {
            masks,
            cells,
            empty: grid.empty_cells(),
            placed,
        }
    }

    /// The cells without a value.
    #[inline]
    pub fn empty(&self) -> CellSet {
        self.empty
    }

    /// How many cells hold `digit` as their value.
    #[inline]
    pub fn placed(&self, digit: Digit) -> u32 {
        u32::from(self.placed[digit as usize - 1])
    }

    /// Whether two positions have the same candidates.
    #[inline]
    pub fn same_candidates(&self, other: &Work) -> bool {
        self.masks == other.masks
    }

    /// A hash of the candidates (for caches keyed by a position).
    pub fn key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &m in &self.masks {
            h = (h ^ u64::from(m)).wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    #[inline]
    /// The candidates of `cell`, bit `d - 1` for digit `d`.
    pub fn mask(&self, cell: Cell) -> u16 {
        self.masks[cell.index()]
    }

    #[inline]
    /// How many candidates `cell` has.
    pub fn count(&self, cell: Cell) -> u32 {
        self.masks[cell.index()].count_ones()
    }

    #[inline]
    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.masks[cell.index()] >> (digit - 1) & 1 == 1
    }

    /// The cells holding `digit`.
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.cells[digit as usize - 1]
    }

    /// The places of `digit` in `house`.
    #[inline]
    pub fn positions(&self, house: House, digit: Digit) -> CellSet {
        self.cells[digit as usize - 1] & house.cells()
    }

    #[inline]
    /// Remove `digit` from `cell`'s candidates.
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        self.masks[cell.index()] &= !(1 << (digit - 1));
        self.cells[digit as usize - 1].remove(cell);
    }

    /// The potentials an "on" potential turns off: with Y-links its cell-mates (digits
    /// ascending), then its digit's other places in its box, then in its row and column outside
    /// the box (each ascending).
    pub fn on_to_off(&self, p: Pot, y_links: bool, out: &mut Implied) {
        out.len = 0;
        let (cell, digit) = (pot_cell(p), pot_digit(p));
        if y_links {
            let mut others = self.mask(cell) & !(1 << (digit - 1));
            while others != 0 {
                let d = others.trailing_zeros() as Digit + 1;
                others &= others - 1;
                out.push(pot(cell, d, false), Cause::Cell);
            }
        }
        let [bx, row, col] = regions(cell);
        let with = self.cells_with(digit) - CellSet::single(cell);
        for other in with & bx.cells() {
            out.push(pot(other, digit, false), Cause::House(bx));
        }
        for other in with & (row.cells() - bx.cells()) {
            out.push(pot(other, digit, false), Cause::House(row));
        }
        for other in with & (col.cells() - bx.cells()) {
            out.push(pot(other, digit, false), Cause::House(col));
        }
    }

    /// The potentials an "off" potential turns on: with Y-links the other candidate of a
    /// bivalue cell; with X-links the digit's other place in each of its box, row and column
    /// that holds it twice.
    pub fn off_to_on(&self, p: Pot, y_links: bool, x_links: bool, out: &mut Implied) {
        out.len = 0;
        let (cell, digit) = (pot_cell(p), pot_digit(p));
        if y_links {
            let mask = self.mask(cell);
            if mask.count_ones() == 2 {
                let mut other = mask.trailing_zeros() as Digit + 1;
                if other == digit {
                    other = (mask & (mask - 1)).trailing_zeros() as Digit + 1;
                }
                out.push(pot(cell, other, true), Cause::Cell);
            }
        }
        if x_links {
            for house in regions(cell) {
                let places = self.positions(house, digit);
                if places.len() == 2 {
                    let mut other = places.first().expect("two places");
                    if other == cell {
                        other = (places - CellSet::single(cell))
                            .first()
                            .expect("two places");
                    }
                    out.push(pot(other, digit, true), Cause::House(house));
                }
            }
        }
    }
}

/// The candidates that see `cell` (its peers) with `digit`, and the cell itself when it holds
/// it: SE's "house cells" of a chain node.
#[inline]
pub fn house_cells_with(work: &Work, cell: Cell, digit: Digit) -> CellSet {
    (peers(cell) | CellSet::single(cell)) & work.cells_with(digit)
}
