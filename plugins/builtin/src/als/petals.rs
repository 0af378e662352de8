//! The petals of a death blossom: for every (cell, digit), the almost locked sets that can
//! force the cell off the digit, and the search that picks one petal per link. Shared by
//! `death-blossom` and `death-blossom-extended`.

use kaidoku_engine::prelude::*;
use std::collections::HashSet;

/// The most petals of one blossom.
pub const MAX_PETALS: usize = 5;

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

/// Picks one petal per (cell, digit) link, keeping for every digit z still possible the cells
/// that see every picked petal's z cells: a pick that leaves no z with a target is dropped at
/// once, as is (without `overlap`) a petal sharing cells with one already picked.
pub struct PetalPicker<'a> {
    alses: &'a [Als],
    petals: &'a PetalIndex,
    overlap: bool,
    /// The links to cover, the rarest-linked first so the search narrows early.
    links: [(Cell, Digit); MAX_PETALS],
    link_count: usize,
    /// The ALS picked for each link.
    chosen: [u32; MAX_PETALS],
    /// Petal sets and eliminations already reported: a hash set, since listing every step
    /// can report tens of thousands (a list scan made that quadratic).
    reported: HashSet<([u32; MAX_PETALS], Candidates)>,
}

impl<'a> PetalPicker<'a> {
    pub fn new(alses: &'a [Als], petals: &'a PetalIndex, overlap: bool) -> PetalPicker<'a> {
        PetalPicker {
            alses,
            petals,
            overlap,
            links: [(Cell::default(), 0); MAX_PETALS],
            link_count: 0,
            chosen: [0; MAX_PETALS],
            reported: HashSet::new(),
        }
    }

    /// [`PetalPicker::pick_all`], calling `report(picker, eliminations)` with what each full
    /// pick removes (every z from its targets), once per petal set and eliminations: the same
    /// petals linked in another order, or to another stem, remove the same.
    pub fn pick_blossoms(
        &mut self,
        links: impl IntoIterator<Item = (Cell, Digit)>,
        zs: DigitSet,
        targets: &[CellSet; 9],
        report: &mut impl FnMut(&PetalPicker, Candidates) -> Flow,
    ) -> Flow {
        let mut reported = std::mem::take(&mut self.reported);
        let flow = self.pick_all(links, zs, targets, &mut |picker, zs, targets| {
            let mut eliminations = Candidates::EMPTY;
            for z in zs {
                eliminations.insert_cells(targets[z as usize - 1], z);
            }
            if !reported.insert((picker.petal_set(), eliminations)) {
                return ControlFlow::Continue(());
            }
            report(picker, eliminations)
        });
        self.reported = reported;
        flow
    }

    /// Pick a petal for every link (at most [`MAX_PETALS`]) with z among `zs` and its targets
    /// within `targets`, calling `report(picker, zs, targets)` for each full pick. Nothing
    /// when a link has no petal.
    pub fn pick_all(
        &mut self,
        links: impl IntoIterator<Item = (Cell, Digit)>,
        zs: DigitSet,
        targets: &[CellSet; 9],
        report: &mut impl FnMut(&PetalPicker, DigitSet, &[CellSet; 9]) -> Flow,
    ) -> Flow {
        let mut count = 0;
        for link in links {
            self.links[count] = link;
            count += 1;
        }
        let petals = self.petals;
        let links = &mut self.links[..count];
        if zs.is_empty() || links.iter().any(|&(c, d)| petals.of(c, d).is_empty()) {
            return ControlFlow::Continue(());
        }
        links.sort_by_key(|&(c, d)| petals.of(c, d).len());
        self.link_count = count;
        self.pick(0, CellSet::EMPTY, zs, targets, report)
    }

    /// Pick the petal for link `level`, given the petal cells so far (`used`), the digits that
    /// may still be z and, per z, the cells that see every petal `z` so far.
    fn pick(
        &mut self,
        level: usize,
        used: CellSet,
        zs: DigitSet,
        targets: &[CellSet; 9],
        report: &mut impl FnMut(&PetalPicker, DigitSet, &[CellSet; 9]) -> Flow,
    ) -> Flow {
        if level == self.link_count {
            return report(self, zs, targets);
        }
        let (cell, digit) = self.links[level];
        for &index in self.petals.of(cell, digit) {
            let petal = &self.alses[index as usize];
            if !self.overlap && petal.cells.intersects(used) {
                continue;
            }
            let mut next_zs = DigitSet::EMPTY;
            let mut next_targets = [CellSet::EMPTY; 9];
            for z in zs & petal.digits {
                // `peers_of_digit` leaves out the petal's own cells, so targets never lie in
                // a petal.
                let seen = targets[z as usize - 1] & petal.peers_of_digit(z);
                if !seen.is_empty() {
                    next_targets[z as usize - 1] = seen;
                    next_zs.insert(z);
                }
            }
            if next_zs.is_empty() {
                continue;
            }
            self.chosen[level] = index;
            self.pick(
                level + 1,
                used | petal.cells,
                next_zs,
                &next_targets,
                report,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// The links covered, in search order.
    pub fn links(&self) -> &[(Cell, Digit)] {
        &self.links[..self.link_count]
    }

    /// The petal picked for `link`, if it is one of the links.
    pub fn petal_of(&self, link: (Cell, Digit)) -> Option<&'a Als> {
        let level = self.links().iter().position(|&l| l == link)?;
        Some(&self.alses[self.chosen[level] as usize])
    }

    /// The petals picked, as a sorted set of ALS indices (unused places `u32::MAX`): the same
    /// petals linked in another order remove the same.
    pub fn petal_set(&self) -> [u32; MAX_PETALS] {
        let count = self.link_count;
        let mut set = [u32::MAX; MAX_PETALS];
        set[..count].copy_from_slice(&self.chosen[..count]);
        set[..count].sort_unstable();
        set
    }
}
