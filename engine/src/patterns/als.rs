//! Almost locked sets (ALS) and their restricted common candidates (RCC).
//!
//! An ALS is a set of `n` empty cells of one house that together hold exactly `n + 1`
//! candidates: one digit more than a locked set. Remove any one of its digits and the rest
//! lock: each remaining digit must then be placed in the ALS. A bivalue cell is an ALS of one
//! cell.
//!
//! A restricted common candidate links an ALS to a cell or to another ALS with a digit that
//! can be true in at most one of the two, because every place of it in one sees every place of
//! it in the other. The exact rules are on [`rcc_cell_als`] and [`rccs`].

use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet, count_nine_bits};
use crate::board::grid::Grid;
use crate::board::house::{House, peers};

/// The largest ALS worth looking for: a house has nine cells, and an ALS of all its empty cells
/// would need one digit more than the house is missing.
pub const MAX_ALS_CELLS: usize = 8;

/// Two almost locked sets of a list (such as `technique::analysis::Analysis::als`) (by index, `first < second`) and their
/// restricted common candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlsPair {
    /// The index of the first set.
    pub first: u32,
    /// The index of the second set.
    pub second: u32,
    /// The digits restricted common to both.
    pub rccs: DigitSet,
}

/// An almost locked set: `cells` of one `house`, holding exactly one digit more than cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Als {
    /// The empty cells of the set.
    pub cells: CellSet,
    /// The union of their candidates: `cells.len() + 1` digits.
    pub digits: DigitSet,
    /// The house the set was found in; for a set inside a line and a box, the line.
    pub house: House,
    /// Per digit (`digit - 1`): the cells of the set holding it.
    digit_cells: [CellSet; 9],
    /// Per digit: the cells outside the set that see every cell of the set holding it.
    digit_peers: [CellSet; 9],
}

impl Als {
    /// The ALS formed by `cells` in `house`, when they are empty cells of that house holding
    /// exactly one digit more than there are cells.
    pub fn new(grid: &Grid, cells: CellSet, house: House) -> Option<Als> {
        if cells.is_empty()
            || !cells.is_subset_of(grid.empty_cells_in(house))
            || grid.candidates_of(cells).len() != cells.len() + 1
        {
            return None;
        }
        Some(Als::build(grid, cells, grid.candidates_of(cells), house))
    }

    /// Fill in the per-digit tables of a set already known to be an ALS.
    pub(crate) fn build(grid: &Grid, cells: CellSet, digits: DigitSet, house: House) -> Als {
        let mut digit_cells = [CellSet::EMPTY; 9];
        let mut digit_peers = [CellSet::EMPTY; 9];
        for digit in digits {
            let slot = digit as usize - 1;
            digit_cells[slot] = cells & grid.cells_with(digit);
            digit_peers[slot] = CellSet::ALL;
        }
        // One pass over the cells: each narrows the peers of each of its digits.
        for cell in cells {
            let seen = peers(cell);
            for digit in grid.candidates(cell) {
                digit_peers[digit as usize - 1] &= seen;
            }
        }
        for peers in &mut digit_peers {
            *peers -= cells;
        }
        Als {
            cells,
            digits,
            house,
            digit_cells,
            digit_peers,
        }
    }

    /// The number of cells.
    #[inline]
    pub fn size(&self) -> usize {
        self.cells.len() as usize
    }

    /// The cells of the set holding `digit` (empty when it is not one of its digits).
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize - 1]
    }

    /// The cells outside the set that see every cell of the set holding `digit`: where the
    /// digit goes when the set is forced to hold it, those cells lose it (empty when `digit`
    /// is not one of its digits).
    #[inline]
    pub fn peers_of_digit(&self, digit: Digit) -> CellSet {
        self.digit_peers[digit as usize - 1]
    }

    /// Every candidate of the set, for a step's pattern.
    pub fn candidates(&self) -> Candidates {
        let mut out = Candidates::EMPTY;
        for digit in self.digits {
            out.insert_cells(self.cells_with(digit), digit);
        }
        out
    }
}

/// Written as in step texts: `r12368c2 #345679`.
impl std::fmt::Display for Als {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} #{}", self.cells, self.digits)
    }
}

impl std::fmt::Debug for Als {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Als({self} in {})", self.house)
    }
}

/// Every almost locked set of up to `max_cells` cells (clamped to `1..=MAX_ALS_CELLS`), each
/// cell set once: rows first, then columns, then boxes, so a set inside a line and a box is
/// reported with the line.
pub fn find_als(grid: &Grid, max_cells: usize) -> Vec<Als> {
    let mut out = Vec::new();
    find_als_into(grid, max_cells, &mut out);
    out
}

/// [`find_als`] into a reused buffer (cleared first).
pub fn find_als_into(grid: &Grid, max_cells: usize, out: &mut Vec<Als>) {
    out.clear();
    let max_cells = max_cells.clamp(1, MAX_ALS_CELLS);
    // The sets' cells first, then the sets built in one allocation (each set is a few hundred
    // bytes: a growing list would copy them again and again).
    let mut found = Vec::with_capacity(256);
    for house in House::all() {
        house_als(grid, house, max_cells, &mut found);
    }
    out.reserve_exact(found.len());
    out.extend(
        found
            .iter()
            .map(|&(cells, digits, house)| Als::build(grid, cells, digits, house)),
    );
}

/// The cells and digits of the almost locked sets of `house` of at most `max_cells` cells not
/// found in an earlier house, in the order of a depth-first walk over its empty cells in index
/// order: each set before its extensions, extended by one later cell at a time, in order.
pub(crate) fn house_als(
    grid: &Grid,
    house: House,
    max_cells: usize,
    out: &mut Vec<(CellSet, DigitSet, House)>,
) {
    // Each empty cell with its candidates as a mask.
    let mut cells = [Cell::default(); 9];
    let mut masks = [0u16; 9];
    let mut count = 0;
    for cell in grid.empty_cells_in(house) {
        let mask = grid.candidates(cell).bits();
        // A cell without candidates belongs to a broken position; it locks nothing.
        if mask != 0 {
            (cells[count], masks[count]) = (cell, mask);
            count += 1;
        }
    }
    if count == 0 {
        return;
    }
    // At most nine cells: the walk meets every subset of up to `max_cells` of them (cell i as
    // bit i), each union read off the subset without its last cell, met just before.
    let mut unions = [0u16; 512];
    let mut subset = 1usize;
    loop {
        let last = usize::BITS - 1 - subset.leading_zeros();
        let union = unions[subset & !(1 << last)] | masks[last as usize];
        unions[subset] = union;
        let size = count_nine_bits(subset) as usize;
        if count_nine_bits(union as usize) as usize == size + 1 {
            let mut set = CellSet::EMPTY;
            let mut bits = subset;
            while bits != 0 {
                set.insert(cells[bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
            if !found_in_earlier_house(house, set) {
                out.push((set, DigitSet::from_bits(union), house));
            }
        }
        // Next: extend by the cell after the last, or else move the last cell on by one
        // (first dropping a last cell that cannot move on).
        let next = last as usize + 1;
        if next < count && size < max_cells {
            subset |= 1 << next;
        } else {
            let mut last = last as usize;
            if next == count {
                subset &= !(1 << last);
                if subset == 0 {
                    return;
                }
                last = (usize::BITS - 1 - subset.leading_zeros()) as usize;
            }
            subset += 1 << last;
        }
    }
}

/// Whether `set` also lies in a house searched before `house`: a row (for columns and boxes)
/// or a column (for boxes).
fn found_in_earlier_house(house: House, set: CellSet) -> bool {
    let Some(first) = set.first() else {
        return false;
    };
    let in_row = set.is_subset_of(House::row(first.row()).cells());
    let in_column = set.is_subset_of(House::column(first.col()).cells());
    match house.kind() {
        crate::board::house::HouseKind::Row => false,
        crate::board::house::HouseKind::Column => in_row,
        crate::board::house::HouseKind::Box => in_row || in_column,
    }
}

/// The restricted common candidates of a cell and an ALS: the digits `x` that are candidates
/// of the cell and of the ALS, where the cell is not in the ALS and sees every cell of the ALS
/// holding `x`. If the cell is `x`, the ALS cannot hold `x`; if the ALS is forced to hold `x`,
/// the cell is not `x`.
pub fn rcc_cell_als(grid: &Grid, cell: Cell, als: &Als) -> DigitSet {
    let mut out = DigitSet::EMPTY;
    if als.cells.contains(cell) {
        return out;
    }
    for digit in grid.candidates(cell) & als.digits {
        if als.peers_of_digit(digit).contains(cell) {
            out.insert(digit);
        }
    }
    out
}

/// The restricted common candidates of two ALSs: the digits `x` of both such that
/// - no cell holding `x` belongs to both sets (the sets may share cells that do not hold `x`),
///   and
/// - every cell of `a` holding `x` sees every cell of `b` holding `x`.
///
/// Then `x` is true in at most one of the two sets: a true `x` in `a` sits in a cell that
/// sees, and so rules out, every `x` of `b`, and no `x` lies in both.
pub fn rccs(a: &Als, b: &Als) -> DigitSet {
    let mut out = DigitSet::EMPTY;
    for digit in a.digits & b.digits {
        let (in_a, in_b) = (a.cells_with(digit), b.cells_with(digit));
        // `peers_of_digit` leaves out `a`'s own cells, so a shared `x` cell fails here too.
        if !in_a.intersects(in_b) && in_b.is_subset_of(a.peers_of_digit(digit)) {
            out.insert(digit);
        }
    }
    out
}

/// Every pair of `alses` (by index, `first < second`) with restricted common candidates, in
/// index order, with those candidates: [`rccs`] of every pair that has some, found without
/// trying every pair (see `RccIndex`).
pub fn rcc_pairs(grid: &Grid, alses: &[Als]) -> Vec<AlsPair> {
    let index = RccIndex::new(alses);
    let mut sweep = PairSweep::new(alses.len());
    let mut out = Vec::new();
    for first in 0..alses.len() {
        sweep.pairs_from(grid, alses, &index, first, &mut out);
    }
    out
}

/// The sets of a list bucketed by (digit, first cell holding it), each bucket in index order.
///
/// x is restricted common to A and B exactly when every cell of B holding x lies among the
/// cells outside A that see every x of A (outside A, so no x lies in both). So for each digit
/// x of A only the sets whose first cell holding x lies there can qualify.
pub(crate) struct RccIndex {
    /// Bucket b's sets lie in members[start[b]..start[b + 1]].
    start: Vec<u32>,
    members: Vec<u32>,
}

impl RccIndex {
    const SLOTS: usize = 9 * 81;

    fn slot(digit: Digit, cell: Cell) -> usize {
        (digit as usize - 1) * 81 + cell.index()
    }

    pub(crate) fn new(alses: &[Als]) -> RccIndex {
        // Each set's buckets, found once: (bucket, set).
        let mut entries = Vec::with_capacity(alses.len() * 5);
        let mut start = vec![0u32; Self::SLOTS + 1];
        for (index, als) in alses.iter().enumerate() {
            for digit in als.digits {
                if let Some(cell) = als.cells_with(digit).first() {
                    let bucket = Self::slot(digit, cell);
                    start[bucket + 1] += 1;
                    entries.push((bucket as u16, index as u32));
                }
            }
        }
        for b in 0..Self::SLOTS {
            start[b + 1] += start[b];
        }
        let mut next = start.clone();
        let mut members = vec![0u32; entries.len()];
        for (bucket, index) in entries {
            members[next[bucket as usize] as usize] = index;
            next[bucket as usize] += 1;
        }
        RccIndex { start, members }
    }

    /// The sets whose first cell holding `digit` is `cell`, in index order.
    #[inline]
    pub(crate) fn bucket(&self, digit: Digit, cell: Cell) -> &[u32] {
        let bucket = Self::slot(digit, cell);
        &self.members[self.start[bucket] as usize..self.start[bucket + 1] as usize]
    }
}

/// The later sets found for one set, as bits (read in index order, no sorting), with their
/// restricted commons so far; kept between sets, as every bit is taken when read.
pub(crate) struct PairSweep {
    found: Vec<u64>,
    common: Vec<DigitSet>,
}

impl PairSweep {
    pub(crate) fn new(sets: usize) -> PairSweep {
        PairSweep {
            found: vec![0u64; sets.div_ceil(64)],
            common: vec![DigitSet::EMPTY; sets],
        }
    }

    /// Marks `other` as found with restricted common `digit`.
    #[inline]
    pub(crate) fn mark(&mut self, other: u32, digit: Digit) {
        self.found[other as usize / 64] |= 1 << (other % 64);
        self.common[other as usize].insert(digit);
    }

    /// The pairs of set `first` with every later set of `alses` that has restricted commons
    /// with it, pushed in index order.
    pub(crate) fn pairs_from(
        &mut self,
        grid: &Grid,
        alses: &[Als],
        index: &RccIndex,
        first: usize,
        out: &mut Vec<AlsPair>,
    ) {
        let a = &alses[first];
        for digit in a.digits {
            let seen = a.peers_of_digit(digit);
            for cell in seen & grid.cells_with(digit) {
                // Only the later sets: each pair is met from its first set.
                for &second in index.bucket(digit, cell).iter().rev() {
                    if second as usize <= first {
                        break;
                    }
                    if alses[second as usize].cells_with(digit).is_subset_of(seen) {
                        self.mark(second, digit);
                    }
                }
            }
        }
        self.take_found(first as u32, first / 64, out);
    }

    /// Pushes (`first`, found set) for every set found since the last call (all at or past
    /// word `from_word`), in index order, and forgets them.
    pub(crate) fn take_found(&mut self, first: u32, from_word: usize, out: &mut Vec<AlsPair>) {
        for (word, bits) in self.found.iter_mut().enumerate().skip(from_word) {
            let mut bits = std::mem::take(bits);
            while bits != 0 {
                let second = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push(AlsPair {
                    first,
                    second: second as u32,
                    rccs: std::mem::take(&mut self.common[second]),
                });
            }
        }
    }
}

#[cfg(test)]
#[path = "als_tests.rs"]
mod tests;
