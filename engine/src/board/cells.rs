//! Cells and sets of cells (`u128` bitboards over the 81 cells).

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// One of the 81 cells, numbered row by row from 0 (`r1c1`) to 80 (`r9c9`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell(u8);

impl Cell {
    /// The cell with the given index `0..81`.
    #[inline]
    pub const fn new(index: usize) -> Cell {
        debug_assert!(index < 81);
        Cell(index as u8)
    }

    /// The cell at zero-based `row` and `col`.
    #[inline]
    pub const fn at(row: usize, col: usize) -> Cell {
        debug_assert!(row < 9 && col < 9);
        Cell((row * 9 + col) as u8)
    }

    #[inline]
    /// The cell's number, `0..81`, row by row.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box, numbered row by row.
    #[inline]
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// All 81 cells in order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell::new)
    }
}

/// Written in the usual notation, e.g. `r6c4` (one-based).
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

const MASK81: u128 = (1u128 << 81) - 1;

/// A set of cells: bit `i` stands for cell `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(u128);

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(MASK81);

    /// The set of the mask's cells; bits above 80 are dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & MASK81)
    }

    #[inline]
    /// The set as bits: bit `i` for cell number `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    #[inline]
    /// The set of one cell.
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1 << cell.0)
    }

    #[inline]
    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.0 & 1 != 0
    }

    #[inline]
    /// Add `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.0;
    }

    #[inline]
    /// Remove `cell`.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.0);
    }

    #[inline]
    /// How many cells the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    /// Whether the set holds no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered cell.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell(self.0.trailing_zeros() as u8))
        }
    }

    /// The cell of a one-cell set.
    #[inline]
    pub const fn only(self) -> Option<Cell> {
        // A power of two; cheaper than counting bits without a popcount instruction.
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }

    #[inline]
    /// Whether every cell of the set is in `other`.
    pub const fn is_subset_of(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    #[inline]
    /// Whether the two sets share a cell.
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Cells in ascending order.
    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }

    /// Set of the rows (bit r) that hold a cell of this set.
    #[inline]
    pub fn rows(self) -> u16 {
        let occupied = row_marks(self.0);
        let mut rows = 0u16;
        let mut row = 0;
        while row < 9 {
            rows |= ((occupied >> (9 * row + 8)) as u16 & 1) << row;
            row += 1;
        }
        rows
    }

    /// Set of the columns (bit c) that hold a cell of this set.
    #[inline]
    pub fn cols(self) -> u16 {
        column_marks(self.0) as u16
    }

    /// Set of the boxes (bit b) that hold a cell of this set.
    #[inline]
    pub fn boxes(self) -> u16 {
        let bands = box_marks(self.0);
        let mut boxes = 0u16;
        let mut b = 0;
        while b < 9 {
            let top_bit = 27 * (b / 3) + 3 * (b % 3) + 2;
            boxes |= ((bands >> top_bit) as u16 & 1) << b;
            b += 1;
        }
        boxes
    }
}

/// The rows that hold a cell of `cells`, each marked by its ninth cell's bit (the others clear).
#[inline]
pub(crate) const fn row_marks(cells: u128) -> u128 {
    // Adding 0xFF to a row's low eight bits carries into its ninth exactly when one of them is
    // set (and no further), so each row's top bit then tells whether it is empty.
    const LOW8: u128 = repeated(0xFF, 9, 9);
    const TOP: u128 = repeated(0x100, 9, 9);
    (((cells & LOW8) + LOW8) | cells) & TOP
}

/// The columns that hold a cell of `cells`, folded onto the first row (bits 0–8).
#[inline]
pub(crate) const fn column_marks(cells: u128) -> u128 {
    // Fold the nine rows onto the first: 1 + 1 + 2 + 4 rows at a time.
    let mut fold = cells | (cells >> 9);
    fold |= fold >> 18;
    fold |= fold >> 36;
    fold |= fold >> 72;
    fold & 0x1FF
}

/// The boxes that hold a cell of `cells`, each marked by the third cell of its segment in its
/// band's first row (the other bits clear).
#[inline]
pub(crate) const fn box_marks(cells: u128) -> u128 {
    // The rows' three-cell segments work as rows do in [`row_marks`] (adding 3 to the low two
    // bits carries into the third); a band's three rows then fold onto its first.
    const LOW2: u128 = repeated(0b011, 3, 27);
    const TOP: u128 = repeated(0b100, 3, 27);
    const BOX_TOP: u128 = repeated(repeated(0b100, 3, 3), 27, 3);
    let segments = (((cells & LOW2) + LOW2) | cells) & TOP;
    (segments | (segments >> 9) | (segments >> 18)) & BOX_TOP
}

/// `field` repeated `times` times, every `width` bits.
const fn repeated(field: u128, width: u32, times: u32) -> u128 {
    let mut out = 0;
    let mut i = 0;
    while i < times {
        out |= field << (width * i);
        i += 1;
    }
    out
}

/// Ascending iterator over the cells of a [`CellSet`].
#[derive(Clone)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(index))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

macro_rules! cell_set_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident $op:tt),*) => {$(
        impl $tr for CellSet {
            type Output = CellSet;
            #[inline]
            fn $f(self, rhs: CellSet) -> CellSet { CellSet(self.0 $op rhs.0) }
        }
        impl $atr for CellSet {
            #[inline]
            fn $af(&mut self, rhs: CellSet) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
cell_set_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Sub for CellSet {
    type Output = CellSet;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CellSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CellSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// The complement within the 81 cells.
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & MASK81)
    }
}

/// Compact notation: cells are grouped by row (`r5c89`), and rows holding a single cell in
/// the same column are stacked into one column group (`r12368c2`); groups are separated by
/// spaces and ordered by their first cell, e.g. `r4c7 r5c79 r6c9` or `r45c7 r6c9`.
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        // (first row, rows mask, cols mask) per group; at most 9 groups.
        let mut groups: [(u8, u16, u16); 9] = [(0, 0, 0); 9];
        let mut count = 0;
        for row in 0..9u8 {
            let cols = ((self.0 >> (row as u32 * 9)) & 0x1FF) as u16;
            if cols == 0 {
                continue;
            }
            let stack = if cols.count_ones() == 1 {
                // Only single-cell rows start a one-column group, so equal columns mean a stack.
                groups[..count].iter().position(|&(_, _, c)| c == cols)
            } else {
                None
            };
            match stack {
                Some(i) => groups[i].1 |= 1 << row,
                None => {
                    groups[count] = (row, 1 << row, cols);
                    count += 1;
                }
            }
        }
        for (i, &(_, rows, cols)) in groups[..count].iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str("r")?;
            write_index_mask(f, rows)?;
            f.write_str("c")?;
            write_index_mask(f, cols)?;
        }
        Ok(())
    }
}

pub(crate) fn write_index_mask(f: &mut fmt::Formatter<'_>, mask: u16) -> fmt::Result {
    for i in 0..9 {
        if mask >> i & 1 != 0 {
            write!(f, "{}", i + 1)?;
        }
    }
    Ok(())
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(usize, usize)]) -> CellSet {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    #[test]
    fn cell_coordinates() {
        let cell = Cell::at(5, 3);
        assert_eq!(cell.to_string(), "r6c4");
        assert_eq!(cell.index(), 48);
        assert_eq!(cell.box_index(), 4);
        assert_eq!(Cell::new(80).to_string(), "r9c9");
    }

    #[test]
    fn notation_groups_rows_and_stacks_columns() {
        assert_eq!(set(&[(6, 4), (6, 5)]).to_string(), "r6c45");
        assert_eq!(set(&[(3, 3), (8, 3)]).to_string(), "r38c3");
        assert_eq!(set(&[(4, 1), (5, 2)]).to_string(), "r4c1 r5c2");
        assert_eq!(set(&[(4, 7), (5, 7), (6, 9)]).to_string(), "r45c7 r6c9");
        assert_eq!(
            set(&[(4, 7), (5, 7), (5, 9), (6, 9)]).to_string(),
            "r4c7 r5c79 r6c9"
        );
        assert_eq!(
            set(&[(5, 8), (5, 9), (6, 7), (6, 8), (6, 9)]).to_string(),
            "r5c89 r6c789"
        );
        assert_eq!(
            set(&[(4, 7), (5, 7), (5, 9), (6, 7), (6, 9)]).to_string(),
            "r4c7 r5c79 r6c79"
        );
        assert_eq!(
            set(&[(1, 2), (2, 2), (3, 2), (6, 2), (8, 2)]).to_string(),
            "r12368c2"
        );
        assert_eq!(CellSet::EMPTY.to_string(), "-");
    }

    #[test]
    fn set_operations() {
        let a = set(&[(1, 1), (1, 2), (9, 9)]);
        let b = set(&[(1, 2)]);
        assert_eq!((a - b).len(), 2);
        assert_eq!((a & b).only(), Some(Cell::at(0, 1)));
        assert_eq!((!a).len(), 78);
        assert_eq!(a.first(), Some(Cell::new(0)));
        assert_eq!(a.iter().last(), Some(Cell::new(80)));
        assert_eq!(a.rows(), 0b1_0000_0001);
        assert_eq!(a.cols(), 0b1_0000_0011);
        assert!(b.is_subset_of(a) && a.intersects(b));
        assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
    }

    #[test]
    fn rows_cols_and_boxes_name_the_houses_a_set_meets() {
        let mut state = 0x853C_49E6_748F_EA9Bu64;
        for _ in 0..3000 {
            let mut cells = CellSet::EMPTY;
            for _ in 0..(state % 14) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1442695040888963407);
                cells.insert(Cell::new(((state >> 33) % 81) as usize));
            }
            let (mut rows, mut cols) = (0u16, 0u16);
            for cell in cells {
                rows |= 1 << cell.row();
                cols |= 1 << cell.col();
            }
            assert_eq!(
                (cells.rows(), cells.cols()),
                (rows, cols),
                "{:#x}",
                cells.bits()
            );
        }
    }
}
