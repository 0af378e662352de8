//! Why a position has no solution, when a glance shows it: a cell with no candidate left, or
//! a digit with no place in a house. Deeper reasons take a search and are not named.

use crate::board::cells::Cell;
use crate::board::digits::DIGITS;
use crate::board::grid::Grid;
use crate::board::house::House;

/// The first obvious contradiction, in words (`r1c2 has no candidate left`,
/// `digit 1 has no place in row 1`), or `None` when none shows without searching.
pub fn obvious_contradiction(grid: &Grid) -> Option<String> {
    if let Some(cell) = grid
        .empty_cells()
        .iter()
        .find(|&cell: &Cell| grid.candidates(cell).is_empty())
    {
        return Some(format!("{cell} has no candidate left"));
    }
    for house in House::all() {
        let placed = grid.placed_in(house);
        for digit in DIGITS {
            if !placed.contains(digit) && grid.house_cells_with(house, digit).is_empty() {
                return Some(format!(
                    "digit {digit} has no place in {}",
                    house.long_name()
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        crate::text::parse::parse(text).unwrap()
    }

    #[test]
    fn names_a_digit_without_a_place() {
        // r1c1 and r1c2 are the only free cells of row 1, and box 1 already holds 1.
        let g = grid(&format!("..3456789..1......{}", ".".repeat(63)));
        assert_eq!(
            obvious_contradiction(&g).as_deref(),
            Some("digit 1 has no place in row 1")
        );
    }

    #[test]
    fn names_a_cell_without_candidates() {
        // r1c9 sees 1-8 in its row and 9 in its column.
        let g = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
        assert_eq!(
            obvious_contradiction(&g).as_deref(),
            Some("r1c9 has no candidate left")
        );
    }

    #[test]
    fn says_nothing_about_a_solvable_position() {
        assert_eq!(obvious_contradiction(&Grid::new()), None);
    }
}
