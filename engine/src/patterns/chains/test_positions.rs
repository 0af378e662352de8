//! Positions for the chain tests: a puzzle with a share of its wrong candidates removed at
//! random (the solution's stay, so the position stays sound), rich in bivalue cells and
//! conjugate pairs as later positions of a solve are.

use crate::board::grid::Grid;

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

/// A hard puzzle the chain tests start from.
pub(crate) const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// [`HARD`] thinned by each of `shares` in turn, from one generator seeded with `seed`.
pub(crate) fn thinned_hard(shares: &[u64], seed: u64) -> Vec<Grid> {
    let grid = crate::text::parse::parse(HARD).expect("the hard test puzzle parses");
    let mut state = seed;
    shares
        .iter()
        .map(|&share| thinned(&grid, share, &mut state))
        .collect()
}
