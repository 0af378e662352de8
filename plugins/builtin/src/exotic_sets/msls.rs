//! Multi-sector locked set (MSLS): the empty cells S where some rows meet some columns, with,
//! for each digit, the fewest row and column sectors covering its candidates in S. Digit by
//! digit that fewest is a smallest vertex cover of the bipartite graph rows × columns (an edge
//! per cell of S holding the digit), as large as its largest matching (König). When the
//! digits together need exactly |S| sectors, the set is locked (rank 0, see
//! [`crate::exotic_sets`]): every smallest cover's digit leaves the rest of its lines, and a
//! candidate of S whose row and column both cover its digit is false. SK loops are the
//! special case with boxes among the sectors (`sk-loop`).

use crate::exotic_sets::{cover_eliminations, sector_step};
use kaidoku_engine::prelude::*;

pub struct Msls {
    max_lines: usize,
    max_cells: usize,
}

const KIND: StepKind = StepKind::new("msls", "Multi-Sector Locked Set");

/// The size of a largest matching of rows to columns: `adjacent[r]` is the column mask of
/// row `r` (Kuhn's augmenting paths; at most nine rows).
fn largest_matching(adjacent: &[u16; 9], rows: u16) -> u32 {
    fn augment(row: usize, adjacent: &[u16; 9], seen: &mut u16, owner: &mut [u8; 9]) -> bool {
        let mut options = adjacent[row] & !*seen;
        while options != 0 {
            let col = options.trailing_zeros() as usize;
            options &= options - 1;
            *seen |= 1 << col;
            if owner[col] == u8::MAX || augment(owner[col] as usize, adjacent, seen, owner) {
                owner[col] = row as u8;
                return true;
            }
        }
        false
    }
    let mut owner = [u8::MAX; 9];
    let mut size = 0;
    let mut left = rows;
    while left != 0 {
        let row = left.trailing_zeros() as usize;
        left &= left - 1;
        let mut seen = 0;
        size += u32::from(augment(row, adjacent, &mut seen, &mut owner));
    }
    size
}

fn line_subsets(max: usize) -> Vec<u16> {
    (0..512u16)
        .filter(|m| (2..=max as u32).contains(&m.count_ones()))
        .collect()
}

impl Msls {
    fn check(&self, grid: &Grid, rows: u16, cells: CellSet, sink: &mut StepSink) -> Flow {
        let n = cells.len();
        let mut adjacency = [[0u16; 9]; 9];
        let mut needed = 0;
        for digit in 1..=9u8 {
            let adjacent = &mut adjacency[digit as usize - 1];
            for cell in cells & grid.cells_with(digit) {
                adjacent[cell.row()] |= 1 << cell.col();
            }
            needed += largest_matching(adjacent, rows);
            if needed > n {
                return ControlFlow::Continue(());
            }
        }
        if needed != n {
            return ControlFlow::Continue(());
        }
        // Rank 0: every smallest cover of each digit (a row set X, and the columns of the
        // digit's cells outside X) gives eliminations.
        let mut eliminations = Candidates::EMPTY;
        let mut covers = [(0, HouseSet::EMPTY); 9];
        for (slot, digit) in covers.iter_mut().zip(1..=9u8) {
            *slot = (digit, HouseSet::EMPTY);
            let adjacent = &adjacency[digit as usize - 1];
            let used_rows = (0..9)
                .filter(|&r| adjacent[r] != 0)
                .fold(0u16, |m, r| m | 1 << r);
            if used_rows == 0 {
                continue;
            }
            let best = largest_matching(adjacent, rows);
            let mut x = used_rows;
            loop {
                // x runs over the subsets of the rows holding the digit.
                let needed_cols = (0..9)
                    .filter(|&r| used_rows >> r & 1 != 0 && x >> r & 1 == 0)
                    .fold(0u16, |m, r| m | adjacent[r]);
                if x.count_ones() + needed_cols.count_ones() == best {
                    let cover = HouseSet::from_bits(u32::from(x) | u32::from(needed_cols) << 9);
                    if slot.1.is_empty() {
                        slot.1 = cover;
                    }
                    cover_eliminations(grid, cells, digit, cover, &mut eliminations);
                }
                if x == 0 {
                    break;
                }
                x = (x - 1) & used_rows;
            }
        }
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink.push(sector_step(
            grid,
            KIND,
            "msls",
            cells,
            &covers,
            eliminations,
        ))
    }
}

impl Technique for Msls {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let subsets = line_subsets(self.max_lines);
        let empty = grid.empty_cells();
        let mut row_cells = [CellSet::EMPTY; 512];
        let mut col_cells = [CellSet::EMPTY; 512];
        for &m in &subsets {
            for i in 0..9 {
                if m >> i & 1 != 0 {
                    row_cells[m as usize] |= House::row(i).cells();
                    col_cells[m as usize] |= House::column(i).cells();
                }
            }
        }
        for &rows in &subsets {
            for &cols in &subsets {
                let cells = row_cells[rows as usize] & col_cells[cols as usize] & empty;
                let n = cells.len() as usize;
                if n > self.max_cells || n < 4 {
                    continue;
                }
                // Every line holds two cells of the set at least: a line with one would
                // only restate that cell (and smaller sets are found on their own).
                let thin = (0..9).any(|i| {
                    (rows >> i & 1 != 0 && (cells & House::row(i).cells()).len() < 2)
                        || (cols >> i & 1 != 0 && (cells & House::column(i).cells()).len() < 2)
                });
                if thin {
                    continue;
                }
                self.check(grid, rows, cells, sink)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "msls",
    name: "Multi-Sector Locked Set",
    summary: "cells where rows meet columns whose candidates need exactly as many line sectors as cells",
    params: &[
        ParamSpec::int(
            "max_lines",
            "most rows, and most columns, in the set",
            4,
            2,
            8
        ),
        ParamSpec::int("max_cells", "most cells in the set", 16, 4, 64),
    ],
    build: |params| {
        Ok(Box::new(Msls {
            max_lines: params.int("max_lines") as usize,
            max_cells: params.int("max_cells") as usize,
        }))
    },
});

register_fixtures!("msls", "msls.fixtures");
