//! Lines for fish: a digit's candidates per row (or per column), as cell bitboards and as masks
//! of the crossing lines that hold them. A fish takes n base lines whose candidates lie in n
//! cover lines of the other kind.

use crate::cells::CellSet;
use crate::digits::Digit;
use crate::grid::Grid;
use crate::house::House;

/// Which lines form the base set: rows (covered by columns) or columns (covered by rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Rows,
    Columns,
}

impl LineKind {
    /// The `i`-th line of this kind (zero-based).
    #[inline]
    pub fn line(self, i: usize) -> House {
        match self {
            LineKind::Rows => House::row(i),
            LineKind::Columns => House::column(i),
        }
    }

    /// The other kind: the cover lines of a fish on these base lines.
    #[inline]
    pub fn crossing(self) -> LineKind {
        match self {
            LineKind::Rows => LineKind::Columns,
            LineKind::Columns => LineKind::Rows,
        }
    }

    /// `R` or `C`, as in `BaseSet:R348`.
    pub fn letter(self) -> char {
        match self {
            LineKind::Rows => 'R',
            LineKind::Columns => 'C',
        }
    }

    /// The lines of a mask (bit i = line i), written like `R348`.
    pub fn name_set(self, mask: u16) -> String {
        let mut out = String::from(self.letter());
        for i in 0..9 {
            if mask >> i & 1 != 0 {
                out.push((b'1' + i as u8) as char);
            }
        }
        out
    }

    /// The cells of the lines in `mask`.
    pub fn cells_of(self, mask: u16) -> CellSet {
        (0..9)
            .filter(|i| mask >> i & 1 != 0)
            .fold(CellSet::EMPTY, |acc, i| acc | self.line(i).cells())
    }
}

/// A digit's candidates, line by line.
#[derive(Clone, Copy, Debug)]
pub struct DigitLines {
    pub kind: LineKind,
    /// The candidate cells of each line.
    pub cells: [CellSet; 9],
    /// For each line, the crossing lines holding a candidate (bit j = crossing line j).
    pub crossing: [u16; 9],
}

/// The candidates of `digit` on every line of `kind`.
pub fn digit_lines(grid: &Grid, digit: Digit, kind: LineKind) -> DigitLines {
    let mut lines = DigitLines {
        kind,
        cells: [CellSet::EMPTY; 9],
        crossing: [0; 9],
    };
    for i in 0..9 {
        let cells = grid.house_cells_with(kind.line(i), digit);
        lines.cells[i] = cells;
        lines.crossing[i] = match kind {
            LineKind::Rows => cells.cols(),
            LineKind::Columns => cells.rows(),
        };
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::Cell;

    #[test]
    fn lines_and_crossings() {
        let mut grid = Grid::new();
        for col in [0, 1, 3, 4, 6, 7] {
            grid.eliminate(Cell::at(2, col), 4);
        }
        let rows = digit_lines(&grid, 4, LineKind::Rows);
        assert_eq!(rows.crossing[2], 0b1_0010_0100);
        assert_eq!(rows.cells[2].len(), 3);
        let cols = digit_lines(&grid, 4, LineKind::Columns);
        assert_eq!(cols.crossing[0], 0b1_1111_1011);
        assert_eq!(LineKind::Rows.name_set(0b1000_1100), "R348");
        assert_eq!(LineKind::Columns.crossing(), LineKind::Rows);
        assert_eq!(LineKind::Columns.cells_of(0b101).len(), 18);
    }
}
