//! Templates: the 46,656 ways to place one digit nine times, once in every row, column and box.
//! A digit's solution is one of its templates that fits the grid (covers the cells already
//! holding it, stays on its candidates), so a candidate in every fitting template is that
//! digit, and a candidate in none is not.

pub mod pom_nice_loop;
pub mod template_delete;
pub mod template_pairs;
pub mod template_set;

use kaidoku_engine::prelude::*;
use std::sync::LazyLock;

/// Every template, as cell bitboards (bit `9 * row + col`).
static TEMPLATES: LazyLock<Vec<u128>> = LazyLock::new(all_templates);

fn all_templates() -> Vec<u128> {
    fn extend(row: usize, cols_used: u16, boxes_used: u16, cells: u128, out: &mut Vec<u128>) {
        if row == 9 {
            out.push(cells);
            return;
        }
        for col in 0..9 {
            let box_bit = 1 << (row / 3 * 3 + col / 3);
            if cols_used & (1 << col) != 0 || boxes_used & box_bit != 0 {
                continue;
            }
            let cell = 1u128 << (row * 9 + col);
            extend(
                row + 1,
                cols_used | 1 << col,
                boxes_used | box_bit,
                cells | cell,
                out,
            );
        }
    }
    let mut out = Vec::with_capacity(46_656);
    extend(0, 0, 0, 0, &mut out);
    out
}

/// What the fitting templates of each digit say about it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TemplateVerdict {
    /// Empty cells in every fitting template: the digit goes there.
    pub sure: CellSet,
    /// Candidate cells in no fitting template: the digit leaves them.
    pub impossible: CellSet,
}

/// The verdict for every digit (index `digit - 1`). With `combine`, a template of one digit is
/// also dropped when it uses a cell another digit is sure of, repeated until nothing changes
/// (a digit's sure cells hold that digit in every solution, so no other digit can go there).
pub fn verdicts(grid: &Grid, combine: bool) -> [TemplateVerdict; 9] {
    let mut fitting: Vec<Vec<u128>> = (1..=9u8)
        .map(|digit| {
            let placed = placed_cells(grid, digit);
            let allowed = (grid.cells_with(digit) | placed).bits();
            TEMPLATES
                .iter()
                .copied()
                .filter(|&t| t & !allowed == 0 && t & placed.bits() == placed.bits())
                .collect()
        })
        .collect();
    loop {
        let sure: Vec<u128> = fitting
            .iter()
            // A digit without any fitting template (a broken grid) is sure of nothing.
            .map(|ts| ts.iter().copied().reduce(|acc, t| acc & t).unwrap_or(0))
            .collect();
        let mut changed = false;
        if combine {
            for (digit, templates) in fitting.iter_mut().enumerate() {
                let taken = sure
                    .iter()
                    .enumerate()
                    .filter(|&(other, _)| other != digit)
                    .fold(0u128, |acc, (_, &s)| acc | s);
                let before = templates.len();
                templates.retain(|&t| t & taken == 0);
                changed |= templates.len() != before;
            }
        }
        if !changed {
            let mut out = [TemplateVerdict::default(); 9];
            for (i, templates) in fitting.iter().enumerate() {
                let digit = i as Digit + 1;
                let anywhere = templates.iter().fold(0u128, |acc, &t| acc | t);
                if templates.is_empty() {
                    continue;
                }
                out[i] = TemplateVerdict {
                    sure: CellSet::from_bits(sure[i]) & grid.empty_cells(),
                    impossible: grid.cells_with(digit) - CellSet::from_bits(anywhere),
                };
            }
            return out;
        }
    }
}

fn placed_cells(grid: &Grid, digit: Digit) -> CellSet {
    Cell::all()
        .filter(|&cell| grid.value(cell) == Some(digit))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_46656_distinct_templates_of_nine_cells() {
        let templates = &*TEMPLATES;
        assert_eq!(templates.len(), 46_656);
        assert!(templates.iter().all(|t| t.count_ones() == 9));
        let distinct: std::collections::HashSet<_> = templates.iter().collect();
        assert_eq!(distinct.len(), 46_656);
    }

    #[test]
    fn an_empty_grid_says_nothing() {
        let grid = Grid::new();
        for verdict in verdicts(&grid, true) {
            assert!(verdict.sure.is_empty() && verdict.impossible.is_empty());
        }
    }
}
