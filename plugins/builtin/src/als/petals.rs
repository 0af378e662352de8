//! The petals of a death blossom: for every (cell, digit), the almost locked sets that can
//! force the cell off the digit. Shared by `death-blossom` and `death-blossom-extended`.

use kaidoku_engine::prelude::*;

/// For every (stem cell, link digit), the ALSs that can be its petal: they hold the digit, do
/// not contain the cell, and all their cells holding the digit see it. Stored flat, sorted by
/// (cell, digit), with one offset per pair.
pub struct PetalIndex {
    start: [u32; 81 * 9 + 1],
    alses: Vec<u32>,
}

impl PetalIndex {
    pub fn build(grid: &Grid, alses: &[Als], stems: CellSet) -> PetalIndex {
        // The links in one pass, then sorted by slot (counting, so each slot keeps its ALSs
        // in index order).
        let mut links = Vec::new();
        for_each_link(grid, alses, stems, |slot, als| {
            links.push((slot as u16, als))
        });
        let mut start = [0u32; 81 * 9 + 1];
        for &(slot, _) in &links {
            start[slot as usize + 1] += 1;
        }
        for slot in 1..start.len() {
            start[slot] += start[slot - 1];
        }
        let mut alses_of = vec![0u32; links.len()];
        let mut next = start;
        for &(slot, als) in &links {
            alses_of[next[slot as usize] as usize] = als;
            next[slot as usize] += 1;
        }
        PetalIndex {
            start,
            alses: alses_of,
        }
    }

    /// The petals for `stem` linked by `digit`, as indices into the ALS list.
    pub fn of(&self, stem: Cell, digit: Digit) -> &[u32] {
        let slot = link_slot(stem, digit);
        &self.alses[self.start[slot] as usize..self.start[slot + 1] as usize]
    }
}

#[inline]
fn link_slot(stem: Cell, digit: Digit) -> usize {
    stem.index() * 9 + digit as usize - 1
}

/// Call `visit(slot, als index)` for every stem-petal link (see [`rcc_cell_als`]).
fn for_each_link(grid: &Grid, alses: &[Als], stems: CellSet, mut visit: impl FnMut(usize, u32)) {
    let mut stems_with = [CellSet::EMPTY; 9];
    for digit in DigitSet::ALL {
        stems_with[digit as usize - 1] = grid.cells_with(digit) & stems;
    }
    for (index, als) in alses.iter().enumerate() {
        for digit in als.digits {
            for stem in als.peers_of_digit(digit) & stems_with[digit as usize - 1] {
                visit(link_slot(stem, digit), index as u32);
            }
        }
    }
}
