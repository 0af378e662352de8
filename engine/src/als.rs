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

use crate::analysis::AlsPair;
use crate::candidates::Candidates;
use crate::cells::{Cell, CellSet};
use crate::digits::{Digit, DigitSet};
use crate::grid::Grid;
use crate::house::{House, peers};

/// The largest ALS worth looking for: a house has nine cells, and an ALS of all its empty cells
/// would need one digit more than the house is missing.
pub const MAX_ALS_CELLS: usize = 8;

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
    fn build(grid: &Grid, cells: CellSet, digits: DigitSet, house: House) -> Als {
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
    for house in House::all() {
        // Each empty cell with its candidates as a mask.
        let mut cells = [(Cell::default(), 0u16); 9];
        let mut count = 0;
        for cell in grid.empty_cells_in(house) {
            let mask = grid.candidates(cell).bits();
            // A cell without candidates belongs to a broken position; it locks nothing.
            if mask != 0 {
                cells[count] = (cell, mask);
                count += 1;
            }
        }
        // Digits never leave the union, so once it holds more than the largest ALS may, no
        // extension can be one.
        let _ = crate::subsets::grow_subsets(
            &cells[..count],
            max_cells,
            (CellSet::EMPTY, 0u16),
            |(set, union), (cell, mask)| (set | CellSet::single(cell), union | mask),
            |(_, union), _| union.count_ones() as usize <= max_cells + 1,
            |chosen, (set, union)| {
                if union.count_ones() as usize == chosen.len() + 1
                    && !found_in_earlier_house(house, set)
                {
                    out.push(Als::build(grid, set, DigitSet::from_bits(union), house));
                }
                std::ops::ControlFlow::<()>::Continue(())
            },
        );
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
        crate::house::HouseKind::Row => false,
        crate::house::HouseKind::Column => in_row,
        crate::house::HouseKind::Box => in_row || in_column,
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
/// trying every pair.
///
/// x is restricted common to A and B exactly when every cell of B holding x lies among the
/// cells outside A that see every x of A (outside A, so no x lies in both). So for each digit
/// x of A only the sets whose first cell holding x lies there can qualify: the sets are
/// bucketed by (digit, first cell holding it), each bucket in index order.
pub fn rcc_pairs(grid: &Grid, alses: &[Als]) -> Vec<AlsPair> {
    const SLOTS: usize = 9 * 81;
    let slot = |digit: Digit, cell: Cell| (digit as usize - 1) * 81 + cell.index();
    let first_cell = |als: &Als, digit: Digit| als.cells_with(digit).first();
    // Bucket b's sets lie in members[start[b]..start[b + 1]].
    let mut start = vec![0u32; SLOTS + 1];
    for als in alses {
        for digit in als.digits {
            if let Some(cell) = first_cell(als, digit) {
                start[slot(digit, cell) + 1] += 1;
            }
        }
    }
    for b in 0..SLOTS {
        start[b + 1] += start[b];
    }
    let mut next = start.clone();
    let mut members = vec![0u32; start[SLOTS] as usize];
    for (index, als) in alses.iter().enumerate() {
        for digit in als.digits {
            if let Some(cell) = first_cell(als, digit) {
                let bucket = slot(digit, cell);
                members[next[bucket] as usize] = index as u32;
                next[bucket] += 1;
            }
        }
    }
    let mut out = Vec::new();
    // The later sets found for the current one, as bits (read in index order, no sorting),
    // with their restricted commons so far.
    let words = alses.len().div_ceil(64);
    let mut found = vec![0u64; words];
    let mut common = vec![DigitSet::EMPTY; alses.len()];
    for (first, a) in alses.iter().enumerate() {
        for digit in a.digits {
            let seen = a.peers_of_digit(digit);
            for cell in seen & grid.cells_with(digit) {
                let bucket = slot(digit, cell);
                let sets = &members[start[bucket] as usize..start[bucket + 1] as usize];
                // Only the later sets: each pair is met from its first set.
                for &second in sets.iter().rev() {
                    if second as usize <= first {
                        break;
                    }
                    if alses[second as usize].cells_with(digit).is_subset_of(seen) {
                        found[second as usize / 64] |= 1 << (second % 64);
                        common[second as usize].insert(digit);
                    }
                }
            }
        }
        for (word, bits) in found.iter_mut().enumerate().skip(first / 64) {
            let mut bits = std::mem::take(bits);
            while bits != 0 {
                let second = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push(AlsPair {
                    first: first as u32,
                    second: second as u32,
                    rccs: std::mem::take(&mut common[second]),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::house::common_peers;

    fn position(text: &str) -> Grid {
        crate::parse::parse(text).expect("test position")
    }

    /// The empty grid with a few cells cut down to the given candidates.
    fn with_candidates(cells: &[(usize, usize, &str)]) -> Grid {
        let mut grid = Grid::new();
        for &(r, c, digits) in cells {
            let keep: DigitSet = digits.bytes().map(|b| b - b'0').collect();
            for digit in !keep {
                grid.eliminate(Cell::at(r - 1, c - 1), digit);
            }
        }
        grid
    }

    fn set(cells: &[(usize, usize)]) -> CellSet {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    /// Every ALS by brute force: all subsets of every house, deduplicated by cell set.
    fn brute_force(grid: &Grid, max_cells: usize) -> Vec<CellSet> {
        let mut found = Vec::new();
        for house in House::all() {
            let empty: Vec<Cell> = grid.empty_cells_in(house).iter().collect();
            for mask in 1u32..1 << empty.len() {
                let cells: CellSet = (0..empty.len())
                    .filter(|i| mask >> i & 1 != 0)
                    .map(|i| empty[i])
                    .collect();
                let size = cells.len() as usize;
                if size <= max_cells
                    && grid.candidates_of(cells).len() as usize == size + 1
                    && !found.contains(&cells)
                {
                    found.push(cells);
                }
            }
        }
        found.sort();
        found
    }

    const SEED_DB: &str =
        "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18..";

    #[test]
    fn enumeration_matches_brute_force_once_per_cell_set() {
        let positions = [
            SEED_DB,
            "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316..",
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".................................................................................",
        ];
        for text in positions {
            let grid = position(text);
            for max_cells in [1, 2, 3, 5, 7, 8] {
                let mut sets: Vec<CellSet> =
                    find_als(&grid, max_cells).iter().map(|a| a.cells).collect();
                sets.sort();
                assert_eq!(
                    sets,
                    brute_force(&grid, max_cells),
                    "{text} size {max_cells}"
                );
            }
        }
        let grid = position(SEED_DB);
        for max_cells in [1, 2, 4, 8] {
            let als = find_als(&grid, max_cells);
            let mut sets: Vec<CellSet> = als.iter().map(|a| a.cells).collect();
            sets.sort();
            let before = sets.len();
            sets.dedup();
            assert_eq!(before, sets.len(), "a cell set twice at size {max_cells}");
            assert_eq!(sets, brute_force(&grid, max_cells), "size {max_cells}");
        }
        // The count on this position, pinned so a change in the enumeration shows.
        assert_eq!(find_als(&grid, 8).len(), 252);
    }

    #[test]
    fn rcc_pairs_are_every_pair_with_restricted_commons_in_index_order() {
        let positions = [
            SEED_DB,
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        let mut pairs = 0;
        for text in positions {
            let grid = position(text);
            let alses = find_als(&grid, MAX_ALS_CELLS);
            let mut expected = Vec::new();
            for (i, a) in alses.iter().enumerate() {
                for (j, b) in alses.iter().enumerate().skip(i + 1) {
                    let common = rccs(a, b);
                    if !common.is_empty() {
                        expected.push(AlsPair {
                            first: i as u32,
                            second: j as u32,
                            rccs: common,
                        });
                    }
                }
            }
            assert_eq!(rcc_pairs(&grid, &alses), expected, "{text}");
            pairs += expected.len();
        }
        assert!(pairs > 1000, "only {pairs} pairs");
    }

    #[test]
    fn one_cell_alses_are_the_bivalue_cells() {
        let grid = position(SEED_DB);
        let singles = find_als(&grid, 1)
            .iter()
            .fold(CellSet::EMPTY, |acc, a| acc | a.cells);
        assert_eq!(find_als(&grid, 1).len() as u32, singles.len());
        assert_eq!(singles, grid.bivalue_cells());
        assert!(find_als(&grid, 1).iter().all(|a| a.house.is_line()));
    }

    #[test]
    fn a_set_in_a_row_and_a_box_is_one_als_reported_with_the_row() {
        // r1c1 #12 and r1c2 #13: an ALS #123 in row 1 and box 1.
        let grid = with_candidates(&[(1, 1, "12"), (1, 2, "13")]);
        let pair = set(&[(1, 1), (1, 2)]);
        let found: Vec<Als> = find_als(&grid, 2)
            .into_iter()
            .filter(|a| a.cells == pair)
            .collect();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].house, House::row(0));
        assert_eq!(found[0].to_string(), "r1c12 #123");
        assert_eq!(found[0].cells_with(1), pair);
        assert_eq!(found[0].cells_with(2), set(&[(1, 1)]));
        assert!(found[0].cells_with(9).is_empty());
    }

    #[test]
    fn peers_of_digit_are_the_cells_outside_seeing_every_holder() {
        let grid = position(SEED_DB);
        for als in find_als(&grid, 8) {
            for digit in 1..=9 {
                let expected = if als.digits.contains(digit) {
                    common_peers(als.cells_with(digit)) - als.cells
                } else {
                    CellSet::EMPTY
                };
                assert_eq!(als.peers_of_digit(digit), expected, "{als:?} #{digit}");
            }
            assert_eq!(Als::new(&grid, als.cells, als.house), Some(als));
        }
    }

    #[test]
    fn new_refuses_what_is_not_an_als() {
        let grid = with_candidates(&[(1, 1, "12"), (1, 2, "34")]);
        assert!(Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).is_none());
        assert!(Als::new(&grid, set(&[(1, 1)]), House::column(1)).is_none());
        assert!(Als::new(&grid, CellSet::EMPTY, House::row(0)).is_none());
        assert!(Als::new(&grid, set(&[(1, 1)]), House::row(0)).is_some());
    }

    #[test]
    fn cell_to_als_rcc() {
        // ALS r1c12 #123 (1 in both cells, 2 in r1c1, 3 in r1c2).
        let grid = with_candidates(&[(1, 1, "12"), (1, 2, "13"), (5, 1, "24"), (2, 3, "1239")]);
        let als = Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).unwrap();
        // r5c1 sees the only 2 (r1c1): an RCC; it holds no 1 or 3.
        assert_eq!(rcc_cell_als(&grid, Cell::at(4, 0), &als).to_string(), "2");
        // r2c3 sees both cells (box 1): 1, 2 and 3 are RCCs; 9 is not in the ALS.
        assert_eq!(rcc_cell_als(&grid, Cell::at(1, 2), &als).to_string(), "123");
        // r5c2 sees r1c2 but not r1c1: 3 counts, 1 does not (r1c1 holds it too).
        assert_eq!(rcc_cell_als(&grid, Cell::at(4, 1), &als).to_string(), "3");
        // A cell of the ALS has no RCC with it.
        assert!(rcc_cell_als(&grid, Cell::at(0, 0), &als).is_empty());
    }

    #[test]
    fn als_to_als_rcc() {
        let grid = with_candidates(&[
            (1, 1, "12"),
            (1, 2, "13"),
            (2, 1, "14"),
            (3, 5, "15"),
            (3, 6, "56"),
            (2, 3, "23"),
        ]);
        let a = Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).unwrap();
        // A bivalue cell in the same box: every 1 of one sees every 1 of the other.
        let b = Als::new(&grid, set(&[(2, 1)]), House::row(1)).unwrap();
        assert_eq!(rccs(&a, &b).to_string(), "1");
        assert_eq!(rccs(&b, &a).to_string(), "1");
        // r3c56 #156: its 1 (r3c5) sees neither r1c1 nor r1c2: no RCC.
        let c = Als::new(&grid, set(&[(3, 5), (3, 6)]), House::row(2)).unwrap();
        assert!(rccs(&a, &c).is_empty());
        // An ALS shares its every cell with itself: nothing is restricted.
        assert!(rccs(&a, &a).is_empty());
        // Overlapping sets: r1c12 #123 and r12c1 ... share r1c1, which holds 1 and 2.
        let d = Als::new(&grid, set(&[(1, 1), (2, 1)]), House::column(0)).unwrap();
        assert_eq!(d.digits.to_string(), "124");
        assert!(rccs(&a, &d).is_empty());
        // r1c2 #13 and r2c3 #23 share r1c2 with `a`, but 2 lies outside the shared cell, in
        // r1c1 and r2c3, which see each other: 2 is an RCC; 1 and 3 sit in the shared cell.
        let e = Als::new(&grid, set(&[(1, 2), (2, 3)]), House::box_(0)).unwrap();
        assert_eq!(rccs(&a, &e).to_string(), "2");
    }
}
