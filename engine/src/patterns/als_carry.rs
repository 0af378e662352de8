//! The ALS list and its restricted-common pairs, carried from one position of the solve loop
//! to the next.
//!
//! An ALS and its tables depend only on its cells' candidates, and [`find_als`] lists house by
//! house. A house whose cells hold the candidates they held at the last build has the same
//! sets, in the same order; after a step usually only a few houses changed, and only those are
//! walked again. A pair of two carried sets keeps its restricted commons ([`rccs`] reads only
//! the two sets), and carried sets keep their order, so the pair list is the old one renumbered
//! plus the pairs of the new sets. Both come out exactly as a fresh build gives them (checked in
//! debug builds). Only the solve loop carries; hints, `steps` and ratings build afresh.
//!
//! [`rccs`]: crate::patterns::als::rccs
//! [`find_als`]: crate::patterns::als::find_als

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;
use crate::board::house::House;
use crate::patterns::als::AlsPair;
use crate::patterns::als::{Als, MAX_ALS_CELLS, PairSweep, RccIndex, house_als, rcc_pairs};

/// What the solve loop carries between positions; empty while a position's
/// [`crate::Analysis`] holds the lists.
#[derive(Debug, Default)]
pub struct AlsCarry {
    carried: Option<Carried>,
    /// The position whose lists an analysis holds now, and how they came from the carried ones.
    pending: Option<Pending>,
}

/// The lists of one position.
#[derive(Debug)]
struct Carried {
    /// Per cell, its candidates at that position (none for a filled cell).
    cells: [u16; 81],
    alses: Vec<Als>,
    /// The sets of house h (in [`House::all`] order) end at `house_ends[h]`.
    house_ends: [u32; 27],
    /// The pairs of `alses`, when they were asked for.
    pairs: Option<Vec<AlsPair>>,
}

#[derive(Debug)]
struct Pending {
    cells: [u16; 81],
    house_ends: [u32; 27],
    /// The pairs of the sets carried from, with each old set's new index (`None` for a set of a
    /// house that changed); none when the list was built afresh or had no pairs.
    renumbered: Option<(Vec<AlsPair>, Vec<Option<u32>>)>,
    /// Per set of the new list: whether it is new (its house changed).
    new_sets: Vec<bool>,
}

/// The candidates of every cell of `grid`, a filled cell's as none.
fn cell_candidates(grid: &Grid) -> [u16; 81] {
    let mut out = [0u16; 81];
    for cell in grid.empty_cells() {
        out[cell.index()] = grid.candidates(cell).bits();
    }
    out
}

impl AlsCarry {
    /// The ALS list of `grid` ([`crate::patterns::als::find_als`] of up to [`MAX_ALS_CELLS`] cells), from the carried
    /// one where houses did not change. Hand it back with [`AlsCarry::hand_back`].
    pub fn als_for(&mut self, grid: &Grid) -> Vec<Als> {
        let cells = cell_candidates(grid);
        let old = self.carried.take();
        let mut house_ends = [0u32; 27];
        // Sets are a few hundred bytes each: room for them all at once.
        let mut alses = Vec::with_capacity(old.as_ref().map_or(256, |old| old.alses.len() + 32));
        let mut new_sets = Vec::with_capacity(alses.capacity());
        let mut new_index = vec![None; old.as_ref().map_or(0, |old| old.alses.len())];
        let mut found = Vec::new();
        let mut old_start = 0;
        for (h, house) in House::all().enumerate() {
            let old_end = old.as_ref().map_or(0, |old| old.house_ends[h] as usize);
            let unchanged = old.as_ref().is_some_and(|old| {
                house
                    .cells()
                    .iter()
                    .all(|cell| cells[cell.index()] == old.cells[cell.index()])
            });
            if let Some(old) = old.as_ref().filter(|_| unchanged) {
                for (slot, als) in new_index[old_start..old_end]
                    .iter_mut()
                    .zip(&old.alses[old_start..old_end])
                {
                    *slot = Some(alses.len() as u32);
                    alses.push(*als);
                    new_sets.push(false);
                }
            } else {
                found.clear();
                house_als(grid, house, MAX_ALS_CELLS, &mut found);
                for &(set, digits, house) in &found {
                    alses.push(Als::build(grid, set, digits, house));
                    new_sets.push(true);
                }
            }
            house_ends[h] = alses.len() as u32;
            old_start = old_end;
        }
        let renumbered = old
            .and_then(|old| old.pairs)
            .map(|pairs| (pairs, new_index));
        debug_assert_eq!(house_ends[26] as usize, alses.len());
        debug_assert_eq!(alses, crate::patterns::als::find_als(grid, MAX_ALS_CELLS));
        self.pending = Some(Pending {
            cells,
            house_ends,
            renumbered,
            new_sets,
        });
        alses
    }

    /// The pairs of `alses` ([`rcc_pairs`]), the list [`AlsCarry::als_for`] gave for `grid`.
    pub fn pairs_for(&mut self, grid: &Grid, alses: &[Als]) -> Vec<AlsPair> {
        let pending = self.pending.as_mut().expect("the ALS list first");
        let pairs = match pending.renumbered.take() {
            Some((old_pairs, new_index)) => {
                carried_pairs(grid, alses, &pending.new_sets, &old_pairs, &new_index)
            }
            None => rcc_pairs(grid, alses),
        };
        debug_assert_eq!(pairs, rcc_pairs(grid, alses));
        pairs
    }

    /// Takes back the lists of the position [`AlsCarry::als_for`] was last asked about, to
    /// carry to the next (nothing changes when it was not asked).
    pub fn hand_back(&mut self, alses: Option<Vec<Als>>, pairs: Option<Vec<AlsPair>>) {
        if let (Some(alses), Some(pending)) = (alses, self.pending.take()) {
            self.carried = Some(Carried {
                cells: pending.cells,
                alses,
                house_ends: pending.house_ends,
                pairs,
            });
        }
    }
}

/// [`rcc_pairs`] of `alses`, given the pairs of the list they were carried from and each old
/// set's new index: the old pairs of two carried sets renumbered, the pairs of a carried set
/// with a later new one found from the new one (restricted commons are symmetric), and the
/// pairs of a new set with every later one as [`rcc_pairs`] finds them, merged in index order.
fn carried_pairs(
    grid: &Grid,
    alses: &[Als],
    new_sets: &[bool],
    old_pairs: &[AlsPair],
    new_index: &[Option<u32>],
) -> Vec<AlsPair> {
    let index = RccIndex::new(alses);
    let mut sweep = PairSweep::new(alses.len());
    // (carried set, later new set): found per new set in index order, so each carried set's
    // partners come in order.
    let mut to_new = Vec::new();
    for (second, b) in alses.iter().enumerate() {
        if !new_sets[second] {
            continue;
        }
        let start = to_new.len();
        for digit in b.digits {
            let seen = b.peers_of_digit(digit);
            for cell in seen & grid.cells_with(digit) {
                for &first in index.bucket(digit, cell) {
                    if first as usize >= second {
                        break;
                    }
                    if !new_sets[first as usize]
                        && alses[first as usize].cells_with(digit).is_subset_of(seen)
                    {
                        sweep.mark(first, digit);
                    }
                }
            }
        }
        sweep.take_found(second as u32, 0, &mut to_new);
        // `take_found` names the new set first: swap to (carried, new).
        for pair in &mut to_new[start..] {
            std::mem::swap(&mut pair.first, &mut pair.second);
        }
    }
    // Stable counting sort by the carried set.
    let mut start = vec![0u32; alses.len() + 1];
    for pair in &to_new {
        start[pair.first as usize + 1] += 1;
    }
    for i in 0..alses.len() {
        start[i + 1] += start[i];
    }
    let mut by_first = vec![
        AlsPair {
            first: 0,
            second: 0,
            rccs: DigitSet::EMPTY,
        };
        to_new.len()
    ];
    let mut next = start.clone();
    for pair in to_new {
        by_first[next[pair.first as usize] as usize] = pair;
        next[pair.first as usize] += 1;
    }
    // The old pairs of two carried sets, renumbered: still in index order.
    let mut kept = old_pairs
        .iter()
        .filter_map(|pair| {
            let first = new_index[pair.first as usize]?;
            let second = new_index[pair.second as usize]?;
            Some(AlsPair {
                first,
                second,
                rccs: pair.rccs,
            })
        })
        .peekable();
    let mut out = Vec::with_capacity(old_pairs.len() + by_first.len());
    for first in 0..alses.len() {
        if new_sets[first] {
            sweep.pairs_from(grid, alses, &index, first, &mut out);
            continue;
        }
        let mut to_new = by_first[start[first] as usize..start[first + 1] as usize]
            .iter()
            .peekable();
        loop {
            let old = kept.peek().filter(|pair| pair.first as usize == first);
            match (old, to_new.peek()) {
                (Some(old), Some(new)) if old.second < new.second => {
                    out.push(*old);
                    kept.next();
                }
                (_, Some(&&new)) => {
                    out.push(new);
                    to_new.next();
                }
                (Some(&old), None) => {
                    out.push(old);
                    kept.next();
                }
                (None, None) => break,
            }
        }
    }
    out
}
