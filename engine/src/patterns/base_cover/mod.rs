//! Base/cover set logic (Allan Barker's set logic; GNPX's "General Logic"): the engine other
//! techniques can use to find rank 0 and rank 1 patterns.
//!
//! A *set* (see [`Sector`]) is a cell's candidates or a digit's places in a row, column or box;
//! a set with candidates left holds exactly one true candidate. *Base sets* (truths) are
//! disjoint sets, so their candidates hold exactly `B` true ones, one a set. *Cover sets*
//! (links) are `C` other sets that together hold every base candidate; each holds at most one
//! true candidate. Rank is `R = C - B`.
//!
//! Why the eliminations are sound: count the true candidates of the covers, each cover
//! counted on its own. Every cover holds at most one, so the count is at most `C`. The `B`
//! true base candidates are each in one base set and in at least one cover, so a candidate `x`
//! in `m(x)` covers adds `m(x) - [x is a base candidate]` (its *weight*, never negative) to
//! the `B` the base truths give: `B + sum of weights of true candidates <= C`, that is, the
//! true candidates' weights add up to at most `R`. A candidate of weight above `R` is false:
//! at rank 0 every cover candidate outside the bases and every base candidate in two covers;
//! at rank 1 a candidate outside the bases seen by two covers, or a base candidate in three.
//!
//! The search grows connected collections of disjoint truths (each new truth shares a
//! possible cover with one already taken; every collection once, by the ESU scheme), smallest
//! first, then covers their candidates with at most `B + max_rank` sets: the first uncovered
//! candidate must be covered by one of its three non-base sets, and a lower bound on the
//! covers still needed (a cell's uncovered candidates need one cover each, a line's one per
//! box, a box's one per row or column) prunes the branch; only irredundant covers count.
//! Bitboards throughout; the search
//! allocates only its tables, once a call.

pub mod sets;
#[cfg(test)]
mod tests;

pub use sets::{Bits, Sector, SetKind, SetList};

use crate::board::cells::{Cell, CellSet};
use crate::board::grid::Grid;
use std::ops::ControlFlow;

/// The most truths a search may take.
pub const MAX_TRUTHS: usize = 8;
/// The highest rank a search may look for.
pub const MAX_RANK: usize = 1;

/// Size caps of a search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most base sets (2 to [`MAX_TRUTHS`]).
    pub max_truths: usize,
    /// Highest rank (0 or 1).
    pub max_rank: usize,
    /// Most candidates of a base set (2 to 9): big truths need many covers.
    pub max_truth_size: u32,
}

/// A pattern found: truths, links, and what they eliminate.
pub struct Logic<'a> {
    /// The base sets (truths): each holds its digit exactly once.
    pub truths: &'a [Sector],
    /// The cover sets (links): each holds its digit at most once.
    pub links: &'a [Sector],
    /// Links minus truths.
    pub rank: usize,
    /// The base candidates.
    pub base: Bits,
    /// The candidates of the cover sets.
    pub covered: Bits,
    /// The candidates the pattern proves false.
    pub eliminations: Bits,
}

/// 324 bits, one a set.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct SetMask([u64; 6]);

impl SetMask {
    #[inline]
    fn insert(&mut self, s: usize) {
        self.0[s >> 6] |= 1 << (s & 63);
    }

    #[inline]
    fn contains(&self, s: usize) -> bool {
        self.0[s >> 6] & (1 << (s & 63)) != 0
    }

    #[inline]
    fn or(self, o: SetMask) -> SetMask {
        SetMask(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    #[inline]
    fn minus(self, o: SetMask) -> SetMask {
        SetMask(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// The sets above `s`.
    #[inline]
    fn above(s: usize) -> SetMask {
        SetMask(std::array::from_fn(|i| {
            let lo = i * 64;
            if s < lo {
                !0
            } else if s + 1 >= lo + 64 {
                0
            } else {
                !0u64 << (s + 1 - lo)
            }
        }))
    }

    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        for (i, word) in self.0.iter_mut().enumerate() {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(i * 64 + bit);
            }
        }
        None
    }
}

/// Finds rank 0 and rank 1 patterns within `limits`, fewest truths first, and hands each with
/// eliminations to `found`. `unchanged(cells)` says that candidates in `cells` are as they were
/// when this search last found nothing: a collection of truths in such cells is skipped (its
/// covers can only have lost candidates since, so it eliminates nothing now either).
pub fn search<B>(
    grid: &Grid,
    limits: Limits,
    unchanged: impl Fn(CellSet) -> bool,
    mut found: impl FnMut(&Logic) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let max_truths = limits.max_truths.clamp(2, MAX_TRUTHS);
    let mut search = Search::new(grid, limits);
    for size in 2..=max_truths {
        search.size = size;
        for v in 0..Sector::COUNT {
            if !search.nodes.contains(v) {
                continue;
            }
            search.truths[0] = v as u16;
            let ext = search.neighbours[v].and_above(v);
            let mut excl = search.neighbours[v];
            excl.insert(v);
            search.grow(1, v, ext, excl, search.bits[v], &unchanged, &mut found)?;
        }
    }
    ControlFlow::Continue(())
}

trait AndAbove {
    fn and_above(self, v: usize) -> SetMask;
}

impl AndAbove for SetMask {
    #[inline]
    fn and_above(self, v: usize) -> SetMask {
        SetMask(std::array::from_fn(|i| self.0[i] & SetMask::above(v).0[i]))
    }
}

struct Search {
    limits: Limits,
    size: usize,
    /// Candidates of each set.
    bits: Vec<Bits>,
    /// Sets that may be truths.
    nodes: SetMask,
    /// For each truth candidate: the truths it shares a possible cover with.
    neighbours: Vec<SetMask>,
    truths: [u16; MAX_TRUTHS],
    links: [u16; MAX_TRUTHS + MAX_RANK],
}

impl Search {
    fn new(grid: &Grid, limits: Limits) -> Search {
        let bits: Vec<Bits> = (0..Sector::COUNT)
            .map(|s| Sector(s as u16).bits(grid))
            .collect();
        let mut nodes = SetMask::default();
        for (s, b) in bits.iter().enumerate() {
            let n = b.len();
            if n >= 2 && n <= limits.max_truth_size {
                nodes.insert(s);
            }
        }
        // What each set reaches through a possible cover: its candidates' other sets.
        let mut neighbours = vec![SetMask::default(); Sector::COUNT];
        for s in 0..Sector::COUNT {
            if !nodes.contains(s) {
                continue;
            }
            let mut reach = Bits::EMPTY;
            let mut rest = bits[s];
            while let Some((digit, index)) = rest.first() {
                rest.0[digit as usize - 1] &= !(1u128 << index);
                for other in Sector::of_candidate(Cell::new(index), digit) {
                    if other.0 as usize != s {
                        reach = reach.or(&bits[other.0 as usize]);
                    }
                }
            }
            for t in 0..Sector::COUNT {
                if t != s
                    && nodes.contains(t)
                    && !bits[t].intersects(&bits[s])
                    && bits[t].intersects(&reach)
                {
                    neighbours[s].insert(t);
                }
            }
        }
        Search {
            limits,
            size: 2,
            bits,
            nodes,
            neighbours,
            truths: [0; MAX_TRUTHS],
            links: [0; MAX_TRUTHS + MAX_RANK],
        }
    }

    /// Extends the first `n` truths (rooted at `root`) by sets of `ext`; `excl` holds the
    /// truths and every set next to one (ESU: each connected collection grown once).
    #[allow(clippy::too_many_arguments)]
    fn grow<B>(
        &mut self,
        n: usize,
        root: usize,
        mut ext: SetMask,
        excl: SetMask,
        base: Bits,
        unchanged: &impl Fn(CellSet) -> bool,
        found: &mut impl FnMut(&Logic) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // Candidates no two of which share a link need a link each, in this collection and
        // in every larger one: more than the links allowed at the target size, and no
        // collection grown from here can be covered.
        if self.independent(n, &base) > self.size + self.limits.max_rank.min(MAX_RANK) {
            return ControlFlow::Continue(());
        }
        if n == self.size {
            let cells = (1..=9).fold(CellSet::EMPTY, |acc, d| acc | base.cells_of(d));
            if unchanged(cells) {
                return ControlFlow::Continue(());
            }
            let max_links = n + self.limits.max_rank.min(MAX_RANK);
            return self.cover(
                n,
                0,
                max_links,
                base,
                base,
                [Bits::EMPTY; 3],
                SetMask::default(),
                found,
            );
        }
        while let Some(w) = ext.pop_first() {
            if self.bits[w].intersects(&base) {
                continue;
            }
            let fresh = self.neighbours[w].minus(excl).and_above(root);
            let mut next_excl = excl.or(self.neighbours[w]);
            next_excl.insert(w);
            self.truths[n] = w as u16;
            let next_base = base.or(&self.bits[w]);
            self.grow(
                n + 1,
                root,
                ext.or(fresh),
                next_excl,
                next_base,
                unchanged,
                found,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// A lower bound on the links the first `n` truths need: truth candidates taken greedily
    /// so that no two share a possible link.
    fn independent(&self, n: usize, base: &Bits) -> usize {
        let mut truths = SetMask::default();
        for &t in &self.truths[..n] {
            truths.insert(t as usize);
        }
        let mut used = SetMask::default();
        let mut count = 0;
        for digit in 1..=9 {
            let mut cells = base.0[digit as usize - 1];
            while cells != 0 {
                let index = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let sets = Sector::of_candidate(Cell::new(index), digit);
                if sets
                    .iter()
                    .all(|s| truths.contains(s.0 as usize) || !used.contains(s.0 as usize))
                {
                    count += 1;
                    for s in sets {
                        used.insert(s.0 as usize);
                    }
                }
            }
        }
        count
    }

    /// The fewest covers the uncovered base candidates still need (a lower bound).
    fn covers_needed(&self, n: usize, uncovered: &Bits) -> usize {
        let mut most = 0;
        for &t in &self.truths[..n] {
            let left = self.bits[t as usize].and(uncovered);
            let need = match Sector(t).kind() {
                SetKind::Cell => left.len() as usize,
                SetKind::Row | SetKind::Column => {
                    let cells = left.cells_of(Sector(t).digit().unwrap_or(1));
                    cells.boxes().count_ones() as usize
                }
                SetKind::Box => {
                    let cells = left.cells_of(Sector(t).digit().unwrap_or(1));
                    cells.rows().count_ones().min(cells.cols().count_ones()) as usize
                }
            };
            most = most.max(need);
        }
        most
    }

    /// Covers `uncovered` with links `depth..`, at most `max_links` in all; `layers` holds the
    /// candidates in at least one, two and three links so far; `forbidden` the links a sibling
    /// branch already tried (each cover collection once).
    #[allow(clippy::too_many_arguments)]
    fn cover<B>(
        &mut self,
        n: usize,
        depth: usize,
        max_links: usize,
        base: Bits,
        uncovered: Bits,
        layers: [Bits; 3],
        mut forbidden: SetMask,
        found: &mut impl FnMut(&Logic) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let Some((digit, index)) = uncovered.first() else {
            return self.report(n, depth, base, layers, found);
        };
        if depth == max_links || self.covers_needed(n, &uncovered) > max_links - depth {
            return ControlFlow::Continue(());
        }
        for s in Sector::of_candidate(Cell::new(index), digit) {
            let s = s.0 as usize;
            if forbidden.contains(s) || self.truths[..n].contains(&(s as u16)) {
                continue;
            }
            let b = self.bits[s];
            let next = [
                layers[0].or(&b),
                layers[1].or(&layers[0].and(&b)),
                layers[2].or(&layers[1].and(&b)),
            ];
            self.links[depth] = s as u16;
            self.cover(
                n,
                depth + 1,
                max_links,
                base,
                uncovered.minus(&b),
                next,
                forbidden,
                found,
            )?;
            forbidden.insert(s);
        }
        ControlFlow::Continue(())
    }

    fn report<B>(
        &self,
        n: usize,
        links: usize,
        base: Bits,
        [once, twice, thrice]: [Bits; 3],
        found: &mut impl FnMut(&Logic) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // Fewer links than truths cannot happen in a puzzle with a solution.
        if links < n {
            return ControlFlow::Continue(());
        }
        // Only irredundant covers (each link holds a base candidate no other link holds):
        // a link more adds no elimination to the cover without it, and the search meets
        // redundant covers in an order that depends on the grid's orientation.
        let single = once.minus(&twice).and(&base);
        if self.links[..links]
            .iter()
            .any(|&l| !self.bits[l as usize].intersects(&single))
        {
            return ControlFlow::Continue(());
        }
        let rank = links - n;
        let eliminations = match rank {
            0 => once.minus(&base).or(&twice.and(&base)),
            _ => twice.minus(&base).or(&thrice.and(&base)),
        };
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let truths: [Sector; MAX_TRUTHS] = std::array::from_fn(|i| Sector(self.truths[i]));
        let link_sets: [Sector; MAX_TRUTHS + MAX_RANK] =
            std::array::from_fn(|i| Sector(self.links[i]));
        found(&Logic {
            truths: &truths[..n],
            links: &link_sets[..links],
            rank,
            base,
            covered: once,
            eliminations,
        })
    }
}
