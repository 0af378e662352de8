//! A quick test, per start, of whether the AIC walk from it can report a chain at all.
//!
//! Most starts end no AIC, yet the walk (`bfs.rs`) records a parent for each (node, state) it
//! reaches. Which (node, state)s it reaches, and at which depth, does not depend on the order
//! it follows links in: a depth is the distance from the start over the allowed nodes (the
//! walk reaches each (node, state) once, by a shortest way, never comes back to the start in
//! either state, and follows no link from a (node, state) at the length cap). So the same
//! reach is derived here a whole level at a time on bitboards (one `u128` of cells per digit),
//! without parents, for graphs of the grid's candidates alone.
//!
//! [`find_aics`](super::search::find_aics) reports an end only when it is reached true and
//! [`aic_eliminations`](super::aic_eliminations::aic_eliminations) of the start and the end is not empty.
//! For a candidate start `d` in cell `a` and a candidate end `e` in cell `b`, that happens
//! exactly when (see there):
//!
//! - `e == d`: some cell with `d` sees both `a` and `b`, i.e. `b` is a peer of a peer of `a`
//!   that holds `d`;
//! - `e != d`, `b == a`: the cell has a third candidate;
//! - `e != d`, `b` a peer of `a`: `a` holds `e` or `b` holds `d`.
//!
//! These are the sweep's targets, per digit. When no level up to the cap reaches a target
//! true, the walk reports nothing from the start and is skipped; as the reach is exact and the
//! targets are exact, no AIC is lost (tests compare the reach with the walk's and the chains
//! found with and without the sweep). One shortcut keeps that: a candidate reached false that
//! no followed strong link leaves is a dead end (nothing is reached true through it), so the
//! sweep leaves it out; what it reaches true, and at which depth, stays the walk's.

pub(super) use super::aic_node_sweep::NodeSweep;
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::{LinkVia, NodeId};
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, houses_of, peers};

/// Which kinds of link the walk may follow: the sweep needs each the same for all 27 houses.
#[derive(Clone, Copy, Debug)]
struct Followed {
    cell_strong: bool,
    cell_weak: bool,
    house_strong: bool,
    house_weak: bool,
}

impl Followed {
    /// The filter's link kinds, or `None` when it treats houses differently from each other.
    fn of(filter: &ChainFilter) -> Option<Followed> {
        let uniform = |allows: &dyn Fn(LinkVia) -> bool| {
            let first = allows(LinkVia::House(House::new(0)));
            (1..27)
                .all(|h| allows(LinkVia::House(House::new(h))) == first)
                .then_some(first)
        };
        Some(Followed {
            cell_strong: (filter.strong)(LinkVia::Cell),
            cell_weak: (filter.weak)(LinkVia::Cell),
            house_strong: uniform(filter.strong)?,
            house_weak: uniform(filter.weak)?,
        })
    }
}

/// The reach of one start, level by level, on whichever representation fits the graph.
pub(super) enum AicSweep {
    Candidates(Box<CandidateSweep>),
    Nodes(NodeSweep),
}

impl AicSweep {
    /// A sweep for AIC searches over `graph` under `filter`, through the nodes `allowed` (the
    /// same in every [`AicSweep::may_end`]); `None` when it could not follow the filter's links
    /// (then the walk runs from every start).
    pub fn new(
        graph: &impl Links,
        grid: &Grid,
        filter: &ChainFilter,
        allowed: &[bool],
    ) -> Option<AicSweep> {
        match graph.grid_candidates_only() {
            true => CandidateSweep::new(grid, filter, allowed)
                .map(|sweep| AicSweep::Candidates(Box::new(sweep))),
            false => NodeSweep::new(graph, filter).map(AicSweep::Nodes),
        }
    }

    /// Whether the walk from `start` assumed false, over the nodes `allowed` and up to
    /// `max_links` links, reaches true an end whose AIC would eliminate something. `false`
    /// proves it reports none.
    pub fn may_end(
        &mut self,
        graph: &impl Links,
        grid: &Grid,
        allowed: &[bool],
        start: NodeId,
        max_links: usize,
    ) -> bool {
        match self {
            AicSweep::Candidates(sweep) => sweep.may_end(start, max_links),
            AicSweep::Nodes(sweep) => sweep.may_end(graph, grid, allowed, start, max_links),
        }
    }
}

/// The position on bitboards, built once per search and asked once per start.
pub(super) struct CandidateSweep {
    followed: Followed,
    cells_with: [u128; 9],
    /// Per digit, the houses (bit h: house h) where it has exactly two places.
    pairs: [u32; 9],
    /// Cells with exactly two candidates.
    bivalue: u128,
    /// For each bivalue cell, the indices of its two digits added: less the one made false,
    /// the other's.
    bivalue_sum: [u8; 81],
    /// Cells with three candidates or more.
    many: u128,
    /// The allowed candidates, per digit.
    allowed: [u128; 9],
    /// Per digit, the allowed candidates worth reaching false: those a followed strong link
    /// leaves (reaching another is a dead end, as no true node ever follows from it).
    off_allowed: [u128; 9],
}

impl CandidateSweep {
    /// A sweep over the grid's candidates; `None` when the filter treats houses differently.
    fn new(grid: &Grid, filter: &ChainFilter, allowed: &[bool]) -> Option<CandidateSweep> {
        let followed = Followed::of(filter)?;
        let cells_with: [u128; 9] = std::array::from_fn(|d| grid.cells_with(d as Digit + 1).bits());
        let (mut bivalue, mut bivalue_sum, mut many) = (0u128, [0u8; 81], 0u128);
        let mut allowed_bits = [0u128; 9];
        for cell in grid.empty_cells() {
            let digits = grid.candidates(cell);
            let bit = 1u128 << cell.index();
            match digits.len() {
                2 => {
                    bivalue |= bit;
                    bivalue_sum[cell.index()] = digits.into_iter().map(|d| d - 1).sum();
                }
                3.. => many |= bit,
                _ => {}
            }
            for digit in digits {
                if allowed[cell.index() * 9 + digit as usize - 1] {
                    allowed_bits[digit as usize - 1] |= bit;
                }
            }
        }
        let mut pairs = [0u32; 9];
        let mut leave_strongly = [0u128; 9];
        for house in House::all() {
            for e in 0..9 {
                let places = cells_with[e] & house.cells().bits();
                if places.count_ones() == 2 {
                    pairs[e] |= 1 << house.index();
                    if followed.house_strong {
                        leave_strongly[e] |= places;
                    }
                }
            }
        }
        if followed.cell_strong {
            for (leave, cells) in leave_strongly.iter_mut().zip(&cells_with) {
                *leave |= bivalue & cells;
            }
        }
        Some(CandidateSweep {
            followed,
            cells_with,
            pairs,
            bivalue,
            bivalue_sum,
            many,
            allowed: allowed_bits,
            off_allowed: std::array::from_fn(|e| allowed_bits[e] & leave_strongly[e]),
        })
    }

    /// [`AicSweep::may_end`] from a candidate.
    fn may_end(&self, start: NodeId, max_links: usize) -> bool {
        let (cell, d) = (Cell::new(start as usize / 9), start as usize % 9);
        let mut targets = Targets::new(cell, d);
        if !self.followed.cell_strong && !self.followed.cell_weak {
            return self.may_end_in_digit(cell, d, max_links, &mut targets);
        }
        let bit = 1u128 << cell.index();
        // The walk never comes back to the start, in either state.
        let (mut seen_on, mut seen_off) = ([0u128; 9], [0u128; 9]);
        seen_on[d] = bit;
        seen_off[d] = bit;
        // Levels alternate: from the start false, odd depths are true and even ones false.
        let mut fresh = [0u128; 9];
        fresh[d] = bit;
        // Digits with something fresh (bit e: digit e).
        let mut active = 1u16 << d;
        for depth in 1..=max_links {
            let on = depth % 2 == 1;
            if !on && depth == max_links {
                // Nothing true can follow.
                return false;
            }
            let mut next = [0u128; 9];
            let (touched, seen) = match on {
                true => (self.strong_step(&fresh, active, &mut next), &mut seen_on),
                false => (self.weak_step(&fresh, active, &mut next), &mut seen_off),
            };
            active = 0;
            for e in digits(touched) {
                next[e] &= !seen[e];
                if on && next[e] != 0 && next[e] & targets.of(self, e) != 0 {
                    return true;
                }
                seen[e] |= next[e];
                if next[e] != 0 {
                    active |= 1 << e;
                }
            }
            if active == 0 {
                return false;
            }
            fresh = next;
        }
        false
    }

    /// [`CandidateSweep::may_end`] when only links inside houses are followed: the walk keeps the
    /// start's digit.
    fn may_end_in_digit(
        &self,
        cell: Cell,
        d: usize,
        max_links: usize,
        targets: &mut Targets,
    ) -> bool {
        let bit = 1u128 << cell.index();
        let (mut seen_on, mut seen_off) = (bit, bit);
        let (mut fresh_on, mut fresh_off) = (0u128, bit);
        for _ in 0..max_links {
            let (mut next_on, mut next_off) = (0u128, 0u128);
            if self.followed.house_weak {
                next_off = self.peers_of(fresh_on) & self.cells_with[d];
            }
            if self.followed.house_strong {
                next_on = self.conjugates_of(fresh_off, d);
            }
            next_on &= self.allowed[d] & !seen_on;
            next_off &= self.off_allowed[d] & !seen_off;
            if next_on != 0 && next_on & targets.of(self, d) != 0 {
                return true;
            }
            if next_on | next_off == 0 {
                return false;
            }
            seen_on |= next_on;
            seen_off |= next_off;
            (fresh_on, fresh_off) = (next_on, next_off);
        }
        false
    }

    /// Every peer of the cells.
    #[inline]
    fn peers_of(&self, mut cells: u128) -> u128 {
        let mut out = 0;
        while cells != 0 {
            let index = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            out |= peers(Cell::new(index)).bits();
        }
        out
    }

    /// The other place of each house where digit `e` has two, one of them among the cells.
    #[inline]
    fn conjugates_of(&self, mut cells: u128, e: usize) -> u128 {
        let mut out = 0;
        while cells != 0 {
            let index = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            for house in houses_of(Cell::new(index)) {
                if self.pairs[e] >> house.index() & 1 != 0 {
                    out |= self.cells_with[e] & house.cells().bits() & !(1 << index);
                }
            }
        }
        out
    }

    /// What the fresh candidates, false, make true over the followed strong links, within the
    /// allowed candidates, into `next` (empty); `active`: the digits with something fresh.
    /// Returns the digits it may have reached.
    #[inline]
    fn strong_step(&self, fresh: &[u128; 9], active: u16, next: &mut [u128; 9]) -> u16 {
        let mut touched = 0u16;
        for e in digits(active) {
            if self.followed.house_strong {
                // The other place of each house where the digit has two (links inside houses
                // keep the digit).
                next[e] |= self.conjugates_of(fresh[e], e);
                touched |= 1 << e;
            }
            if self.followed.cell_strong {
                // The other candidate of a bivalue cell.
                let mut bits = fresh[e] & self.bivalue;
                while bits != 0 {
                    let index = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let other = self.bivalue_sum[index] as usize - e;
                    next[other] |= 1 << index;
                    touched |= 1 << other;
                }
            }
        }
        for e in digits(touched) {
            next[e] &= self.allowed[e];
        }
        touched
    }

    /// What the fresh candidates, true, make false over the followed weak links, within the
    /// candidates worth reaching false, into `next` (empty); as [`CandidateSweep::strong_step`].
    #[inline]
    fn weak_step(&self, fresh: &[u128; 9], active: u16, next: &mut [u128; 9]) -> u16 {
        let mut touched = 0u16;
        if self.followed.cell_weak {
            // The rest of its cell: digit e loses the cells true in another digit (those true
            // in two digits lose both).
            let (mut on, mut twice) = (0u128, 0u128);
            for e in digits(active) {
                twice |= on & fresh[e];
                on |= fresh[e];
            }
            for e in 0..9 {
                next[e] = (on & !fresh[e] | twice) & self.cells_with[e];
            }
            touched = ALL_DIGITS;
        }
        if self.followed.house_weak {
            // Its digit in every peer.
            for e in digits(active) {
                next[e] |= self.peers_of(fresh[e]) & self.cells_with[e];
            }
            touched |= active;
        }
        for e in digits(touched) {
            next[e] &= self.off_allowed[e];
        }
        touched
    }
}

const ALL_DIGITS: u16 = 0x1ff;

/// The digits of a mask (bit e: digit index e).
fn digits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let e = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            e
        })
    })
}

/// Per digit, the cells where a true end would give eliminations (see the module notes),
/// worked out when first asked for: most starts reach few digits true, or none.
struct Targets {
    cell: Cell,
    d: usize,
    known: u16,
    cells: [u128; 9],
}

impl Targets {
    fn new(cell: Cell, d: usize) -> Targets {
        Targets {
            cell,
            d,
            known: 0,
            cells: [0; 9],
        }
    }

    fn of(&mut self, sweep: &CandidateSweep, e: usize) -> u128 {
        if self.known >> e & 1 == 0 {
            self.known |= 1 << e;
            self.cells[e] = self.work_out(sweep, e);
        }
        self.cells[e]
    }

    fn work_out(&self, sweep: &CandidateSweep, e: usize) -> u128 {
        let (near, bit, d) = (peers(self.cell).bits(), 1u128 << self.cell.index(), self.d);
        if e == d {
            // The peers of the start's peers that hold its digit.
            let mut same_digit = 0u128;
            let mut holders = near & sweep.cells_with[d];
            while holders != 0 {
                let index = holders.trailing_zeros() as usize;
                holders &= holders - 1;
                same_digit |= peers(Cell::new(index)).bits();
            }
            return same_digit;
        }
        let own_cell = if sweep.many & bit != 0 { bit } else { 0 };
        let start_holds_e = sweep.cells_with[e] & bit != 0;
        own_cell
            | match start_holds_e {
                true => near,
                false => near & sweep.cells_with[d],
            }
    }
}

#[cfg(test)]
#[path = "aic_sweep_tests.rs"]
mod tests;
