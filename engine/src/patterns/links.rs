//! Small link helpers outside the chain engine ([`crate::patterns::chains`] builds the full graph of
//! strong and weak links).

use crate::board::cells::CellSet;
use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

/// Bivalue cells holding exactly `pair`.
pub fn bivalue_cells_with(grid: &Grid, pair: DigitSet) -> CellSet {
    let mut cells = grid.bivalue_cells();
    for digit in pair {
        cells &= grid.cells_with(digit);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cells::Cell;

    #[test]
    fn bivalue_cells_of_a_pair() {
        let mut grid = Grid::new();
        let cell = Cell::at(3, 3);
        for digit in [1, 2, 4, 5, 6, 8, 9] {
            grid.eliminate(cell, digit);
        }
        let pair = grid.candidates(cell);
        assert_eq!(pair.to_string(), "37");
        assert_eq!(bivalue_cells_with(&grid, pair), CellSet::single(cell));
        assert!(bivalue_cells_with(&grid, DigitSet::from_bits(0b11)).is_empty());
    }
}
