//! The 27 houses (rows, columns, boxes), peers and line/box intersections, as const tables.

use crate::board::cells::{Cell, CellSet};
use std::fmt;

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A 3×3 box.
    Box,
}

/// One of the 27 houses, with stable indices: rows `0..9`, columns `9..18`, boxes `18..27`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct House(u8);

impl House {
    /// The house with stable index `0..27`.
    #[inline]
    pub const fn new(index: usize) -> House {
        debug_assert!(index < 27);
        House(index as u8)
    }

    /// Zero-based row `i`.
    #[inline]
    pub const fn row(i: usize) -> House {
        House(i as u8)
    }

    /// Zero-based column `i`.
    #[inline]
    pub const fn column(i: usize) -> House {
        House(9 + i as u8)
    }

    /// Zero-based box `i` (numbered row by row).
    #[inline]
    pub const fn box_(i: usize) -> House {
        House(18 + i as u8)
    }

    /// The stable index `0..27`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The zero-based index within its kind (row 0..9, column 0..9, box 0..9).
    #[inline]
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }

    #[inline]
    /// Whether the house is a row, a column or a box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    #[inline]
    /// Whether the house is a row or a column.
    pub const fn is_line(self) -> bool {
        self.0 < 18
    }

    /// The nine cells of the house.
    #[inline]
    pub const fn cells(self) -> CellSet {
        HOUSE_CELLS[self.0 as usize]
    }

    /// The house in words, e.g. `row 6`, `column 4`, `box 5`.
    pub fn long_name(self) -> String {
        let kind = match self.kind() {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        };
        format!("{kind} {}", self.number() + 1)
    }

    /// All 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House::new)
    }

    /// The nine rows, top to bottom.
    pub fn rows() -> impl Iterator<Item = House> {
        (0..9).map(House::row)
    }

    /// The nine columns, left to right.
    pub fn columns() -> impl Iterator<Item = House> {
        (0..9).map(House::column)
    }

    /// The nine boxes, row by row.
    pub fn boxes() -> impl Iterator<Item = House> {
        (0..9).map(House::box_)
    }

    /// The 18 lines: rows then columns.
    pub fn lines() -> impl Iterator<Item = House> {
        (0..18).map(House::new)
    }
}

/// Written `r6`, `c4` or `b5` (one-based).
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
        };
        write!(f, "{letter}{}", self.number() + 1)
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

const fn build_house_cells() -> [CellSet; 27] {
    let mut houses = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let bx = (row / 3) * 3 + col / 3;
        houses[row] |= 1 << cell;
        houses[9 + col] |= 1 << cell;
        houses[18 + bx] |= 1 << cell;
        cell += 1;
    }
    let mut out = [CellSet::EMPTY; 27];
    let mut i = 0;
    while i < 27 {
        out[i] = CellSet::from_bits(houses[i]);
        i += 1;
    }
    out
}

const fn build_peers() -> [CellSet; 81] {
    let mut out = [CellSet::EMPTY; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let bx = (row / 3) * 3 + col / 3;
        let all =
            HOUSE_CELLS[row].bits() | HOUSE_CELLS[9 + col].bits() | HOUSE_CELLS[18 + bx].bits();
        out[cell] = CellSet::from_bits(all & !(1 << cell));
        cell += 1;
    }
    out
}

const HOUSE_CELLS: [CellSet; 27] = build_house_cells();
const PEERS: [CellSet; 81] = build_peers();

/// The row, column and box of a cell, in that order.
#[inline]
pub const fn houses_of(cell: Cell) -> [House; 3] {
    [
        House::row(cell.row()),
        House::column(cell.col()),
        House::box_(cell.box_index()),
    ]
}

/// The 20 cells that share a house with `cell` (the cell itself excluded).
#[inline]
pub const fn peers(cell: Cell) -> CellSet {
    PEERS[cell.index()]
}

/// The cells that see every cell of `cells` (cells of the set itself excluded).
#[inline]
pub fn common_peers(cells: CellSet) -> CellSet {
    let mut seen = CellSet::ALL;
    for cell in cells {
        seen &= peers(cell);
    }
    seen
}

/// Houses that contain every cell of `cells` (none for an empty set).
pub fn common_houses(cells: CellSet) -> impl Iterator<Item = House> {
    House::all().filter(move |h| !cells.is_empty() && cells.is_subset_of(h.cells()))
}

/// The three cells where a line and a box meet (empty when they do not cross).
#[inline]
pub fn intersection(line: House, bx: House) -> CellSet {
    line.cells() & bx.cells()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_have_nine_cells_and_cover_the_grid() {
        let mut covered = [0; 81];
        for house in House::all() {
            assert_eq!(house.cells().len(), 9, "{house}");
            for cell in house.cells() {
                covered[cell.index()] += 1;
            }
        }
        assert!(covered.iter().all(|&n| n == 3));
    }

    #[test]
    fn house_indices_and_names() {
        assert_eq!(House::row(5).to_string(), "r6");
        assert_eq!(House::column(3).to_string(), "c4");
        assert_eq!(House::box_(4).to_string(), "b5");
        assert_eq!(House::column(3).index(), 12);
        assert_eq!(House::new(22).kind(), HouseKind::Box);
        let cell = Cell::at(5, 3);
        assert_eq!(houses_of(cell).map(|h| h.to_string()), ["r6", "c4", "b5"]);
    }

    #[test]
    fn peers_are_twenty_and_symmetric() {
        for cell in Cell::all() {
            assert_eq!(peers(cell).len(), 20);
            assert!(!peers(cell).contains(cell));
            for peer in peers(cell) {
                assert!(peers(peer).contains(cell));
            }
        }
    }

    #[test]
    fn intersections_and_common_peers() {
        assert_eq!(
            intersection(House::row(0), House::box_(0)).to_string(),
            "r1c123"
        );
        assert!(intersection(House::row(0), House::box_(4)).is_empty());
        let pair: CellSet = [Cell::at(5, 3), Cell::at(5, 4)].into_iter().collect();
        let common: Vec<_> = common_houses(pair).map(|h| h.to_string()).collect();
        assert_eq!(common, ["r6", "b5"]);
        assert_eq!(common_peers(pair).len(), 7 + 6);
    }
}
