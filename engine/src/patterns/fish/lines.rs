//! Finned fish whose base sets are lines of one kind and whose cover sets are lines of the
//! other (rows covered by columns, or the reverse): every finned X-Wing, Swordfish and
//! Jellyfish, and the fish search that runs most.
//!
//! Such a fish keeps its fins in one box. A candidate it eliminates lies in a cover line and
//! outside the base lines (else it would be a base candidate), so it can only see a fin, which
//! lies in a base line and outside the covers, through their common box. So the base
//! candidates outside that box must all lie in covers: at most n cover lines. The search keeps,
//! per band of base lines, the cross lines its bases use; it cuts a choice of bases as soon as
//! no box leaves at most n cross lines outside it, and for a full choice takes the covers box
//! by box: the lines the cells outside the box need, and the box's own lines to make up n.
//! For one set of covers the fins are fixed (the base candidates outside them), so each fish
//! is met once, in the box of its fins.

use super::covers::house_order;
use super::{Fish, FishSpec};
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, HouseKind, common_peers};
use crate::board::house_set::HouseSet;
use crate::board::subsets::subsets_of_size;
use std::ops::ControlFlow;

/// The cross lines of each stack (of columns across rows, or of rows across columns).
const STACKS: [u16; 3] = [0o7, 0o70, 0o700];

/// The chosen base lines and, per band of three base lines, the cross lines they hold the
/// digit in.
#[derive(Clone, Copy)]
struct Bases {
    lines: u16,
    bands: [u16; 3],
}

impl Bases {
    /// The cross lines of the bases in the two bands other than `band`.
    fn other_bands(&self, band: usize) -> u16 {
        let [a, b, c] = self.bands;
        [b | c, a | c, a | b][band]
    }

    /// Whether some box leaves at most `n` cross lines needed outside it (unions only grow, so
    /// a choice that fails has no extension that passes).
    fn may_fit(&self, n: usize) -> bool {
        (0..3).any(|band| {
            let others = self.other_bands(band);
            STACKS
                .iter()
                .any(|&stack| (others | (self.bands[band] & !stack)).count_ones() as usize <= n)
        })
    }
}

/// Every fish of `digit` with base lines of `base_kind` and cover lines of the other kind, in
/// the order of [`super::find_fish`].
pub(super) fn line_fish<B>(
    grid: &Grid,
    digit: Digit,
    spec: &FishSpec,
    base_kind: HouseKind,
    visit: &mut impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = spec.size;
    let cover_kind = match base_kind {
        HouseKind::Row => HouseKind::Column,
        _ => HouseKind::Row,
    };
    let candidates = grid.cells_with(digit);
    // Each base line holding the digit, with the cross lines it holds it in.
    let mut lines = [(0usize, 0u16); 9];
    let mut count = 0;
    for index in 0..9 {
        let cells = candidates & line(base_kind, index).cells();
        let cross = match base_kind {
            HouseKind::Row => cells.cols(),
            _ => cells.rows(),
        };
        if cross != 0 {
            lines[count] = (index, cross);
            count += 1;
        }
    }
    let empty = Bases {
        lines: 0,
        bands: [0; 3],
    };
    let mut found = Vec::new();
    subsets_of_size(
        &lines[..count],
        n,
        empty,
        |mut u, (index, cross)| {
            u.lines |= 1 << index;
            u.bands[index / 3] |= cross;
            u
        },
        |u, _| u.may_fit(n),
        |_| true,
        |_, u| {
            let search = Covers {
                digit,
                spec,
                candidates,
                base_kind,
                cover_kind,
                bases: u,
                body: candidates & HouseSet::of_kind(base_kind, u.lines).cells(),
            };
            found.clear();
            search.collect(&mut found);
            found.sort_unstable_by(|a: &Fish, b: &Fish| house_order(a.cover, b.cover));
            found.iter().try_for_each(&mut *visit)
        },
    )
}

fn line(kind: HouseKind, index: usize) -> House {
    match kind {
        HouseKind::Row => House::row(index),
        _ => House::column(index),
    }
}

/// The covers of one full choice of base lines.
struct Covers<'a> {
    digit: Digit,
    spec: &'a FishSpec,
    candidates: CellSet,
    base_kind: HouseKind,
    cover_kind: HouseKind,
    bases: Bases,
    body: CellSet,
}

impl Covers<'_> {
    fn collect(&self, found: &mut Vec<Fish>) {
        let n = self.spec.size;
        let all = self.bases.bands.iter().fold(0, |acc, &b| acc | b);
        if all.count_ones() as usize == n {
            self.push(all, CellSet::EMPTY, found);
        }
        for band in 0..3 {
            for (stack, stack_lines) in STACKS.into_iter().enumerate() {
                // The cross lines the base candidates outside the box need.
                let needed = self.bases.other_bands(band) | (self.bases.bands[band] & !stack_lines);
                let Some(missing) = n.checked_sub(needed.count_ones() as usize) else {
                    continue;
                };
                // The box's own cross lines (those holding base candidates only in the box).
                let own = self.bases.bands[band] & stack_lines & !needed;
                let box_cells = self.box_of(band, stack).cells();
                let mut extra = own;
                loop {
                    if extra.count_ones() as usize == missing {
                        let cover = needed | extra;
                        let fins = (self.body & box_cells) - self.cover_cells(cover);
                        if !fins.is_empty() && fins.len() as usize <= self.spec.max_fins {
                            self.push(cover, fins, found);
                        }
                    }
                    if extra == 0 {
                        break;
                    }
                    extra = (extra - 1) & own;
                }
            }
        }
    }

    /// The box where base band `band` meets cross stack `stack`.
    fn box_of(&self, band: usize, stack: usize) -> House {
        match self.base_kind {
            HouseKind::Row => House::box_(band * 3 + stack),
            _ => House::box_(stack * 3 + band),
        }
    }

    fn cover_cells(&self, cover: u16) -> CellSet {
        HouseSet::of_kind(self.cover_kind, cover).cells()
    }

    /// The fish with these covers and fins, when it eliminates something. Cover lines never
    /// share a base candidate, so there are no cannibals.
    fn push(&self, cover: u16, fins: CellSet, found: &mut Vec<Fish>) {
        let seen = common_peers(fins);
        let eliminations = ((self.candidates & self.cover_cells(cover)) - self.body) & seen;
        if eliminations.is_empty() {
            return;
        }
        found.push(Fish {
            digit: self.digit,
            base: HouseSet::of_kind(self.base_kind, self.bases.lines),
            cover: HouseSet::of_kind(self.cover_kind, cover),
            fins,
            endo_fins: CellSet::EMPTY,
            cannibals: CellSet::EMPTY,
            eliminations,
            body: self.body,
        });
    }
}
