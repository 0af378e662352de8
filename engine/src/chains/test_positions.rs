//! Positions for the chain tests: a puzzle with a share of its wrong candidates removed at
//! random (the solution's stay, so the position stays sound), rich in bivalue cells and
//! conjugate pairs as later positions of a solve are.

use crate::grid::Grid;

/// `grid` with about `share` percent of its wrong candidates removed, drawn from `state` (an
/// xorshift generator, so the tests are repeatable).
pub(crate) fn thinned(grid: &Grid, share: u64, state: &mut u64) -> Grid {
    let solution = grid
        .solutions(2)
        .first
        .expect("a test puzzle has a solution");
    let mut thinned = grid.clone();
    for cell in grid.empty_cells() {
        for digit in grid.candidates(cell) {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            if digit != solution[cell.index()] && *state % 100 < share {
                thinned.eliminate(cell, digit);
            }
        }
    }
    thinned
}
