//! The fish engine: every fish of one digit, basic, finned, sashimi, Franken and Mutant, with
//! base and cover sets over any of the 27 houses.
//!
//! n base sets whose candidates of a digit are disjoint must each hold the digit once: n
//! placements. When n cover sets hold every base candidate, those n placements lie in the
//! covers, one per cover, so the covers' other candidates of the digit go. Base candidates
//! outside the covers are fins: if one of them is true the fish says nothing, so a
//! finned fish eliminates only what also sees every fin. A candidate in two base sets (an endo
//! fin) would fill two bases at once, so it is a fin too. A base candidate in two cover sets
//! would fill two covers with one placement, leaving n - 1 bases for n - 2 covers: it goes
//! (cannibalism), under the same condition on fins.
//!
//! Kinds follow HoDoKu: rows covered by columns (or the reverse) is a basic fish; a box among
//! the sets, with the lines of the base all one kind and those of the cover the other, makes a
//! Franken fish; anything else (rows and columns in one set) is a Mutant fish. A finned fish is
//! sashimi when some base set keeps at most one candidate besides the fins.

use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, HouseKind, common_peers};
use crate::board::house_set::HouseSet;
use crate::board::subsets::subsets_of_size;
use covers::{CoverSearch, house_order};
use std::ops::ControlFlow;

/// Which kinds of house a base or cover set may use: bit 0 rows, 1 columns, 2 boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseKinds(u8);

impl HouseKinds {
    /// Rows only.
    pub const ROWS: HouseKinds = HouseKinds(1);
    /// Columns only.
    pub const COLUMNS: HouseKinds = HouseKinds(2);
    /// Boxes only.
    pub const BOXES: HouseKinds = HouseKinds(4);
    /// Rows and columns.
    pub const LINES: HouseKinds = HouseKinds(3);
    /// Rows, columns and boxes.
    pub const ALL: HouseKinds = HouseKinds(7);

    /// The kinds of both.
    pub const fn union(self, other: HouseKinds) -> HouseKinds {
        HouseKinds(self.0 | other.0)
    }

    /// Whether houses of `kind` may be used.
    pub const fn contains(self, kind: HouseKind) -> bool {
        self.0 & Self::bit(kind) != 0
    }

    const fn bit(kind: HouseKind) -> u8 {
        match kind {
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            HouseKind::Box => 4,
        }
    }

    /// The only kind, when there is exactly one.
    fn single(self) -> Option<HouseKind> {
        match self.0 {
            1 => Some(HouseKind::Row),
            2 => Some(HouseKind::Column),
            4 => Some(HouseKind::Box),
            _ => None,
        }
    }
}

/// What fish to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FishSpec {
    /// The number of base (and cover) sets.
    pub size: usize,
    /// The kinds of house the base sets may use.
    pub base: HouseKinds,
    /// The kinds of house the cover sets may use.
    pub cover: HouseKinds,
    /// The most fins (endo fins included); 0 for unfinned fish only.
    pub max_fins: usize,
    /// Whether base sets may share candidates (as endo fins).
    pub endo_fins: bool,
    /// Whether base candidates in two cover sets are eliminated.
    pub cannibalism: bool,
}

impl FishSpec {
    /// Basic fish of `size` on rows and on columns, no fins.
    pub fn basic(size: usize) -> FishSpec {
        FishSpec {
            size,
            base: HouseKinds::ROWS,
            cover: HouseKinds::COLUMNS,
            max_fins: 0,
            endo_fins: false,
            cannibalism: false,
        }
    }

    /// The same fish with rows and columns swapped (base rows ↔ base columns).
    pub fn transposed(self) -> FishSpec {
        let swap = |k: HouseKinds| HouseKinds((k.0 & 4) | (k.0 & 1) << 1 | (k.0 & 2) >> 1);
        FishSpec {
            base: swap(self.base),
            cover: swap(self.cover),
            ..self
        }
    }
}

/// The family of a fish, after its sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FishFamily {
    /// Rows against columns (or columns against rows).
    Basic,
    /// Boxes among the sets, the lines of each side all rows or all columns.
    Franken,
    /// Any houses: rows and columns mixed on one side.
    Mutant,
}

/// A fish found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fish {
    /// The fish's digit.
    pub digit: Digit,
    /// The base sets.
    pub base: HouseSet,
    /// The cover sets.
    pub cover: HouseSet,
    /// Base candidates outside the cover sets, endo fins included.
    pub fins: CellSet,
    /// Base candidates in two base sets.
    pub endo_fins: CellSet,
    /// Base candidates in two cover sets, eliminated.
    pub cannibals: CellSet,
    /// Every candidate the fish removes (cannibals included).
    pub eliminations: CellSet,
    /// The base candidates.
    pub body: CellSet,
}

impl Fish {
    /// The number of base sets (2 for an X-Wing).
    pub fn size(&self) -> usize {
        self.base.len() as usize
    }

    /// Whether the fish has fins.
    pub fn is_finned(&self) -> bool {
        !self.fins.is_empty()
    }

    /// The fish's family, after the kinds of its base and cover sets.
    pub fn family(&self) -> FishFamily {
        let line_kinds = |set: HouseSet| {
            (
                set.mask_of(HouseKind::Row) != 0,
                set.mask_of(HouseKind::Column) != 0,
                set.mask_of(HouseKind::Box) != 0,
            )
        };
        let (base_rows, base_cols, base_boxes) = line_kinds(self.base);
        let (cover_rows, cover_cols, cover_boxes) = line_kinds(self.cover);
        // Rows and columns in one set, or lines of one kind on both sides.
        let mixed = (base_rows && base_cols) || (cover_rows && cover_cols);
        let same_side = (base_rows && cover_rows) || (base_cols && cover_cols);
        if mixed || same_side {
            FishFamily::Mutant
        } else if base_boxes || cover_boxes {
            FishFamily::Franken
        } else {
            FishFamily::Basic
        }
    }

    /// Finned, and some base set holds at most one candidate besides the fins.
    pub fn is_sashimi(&self, grid: &Grid) -> bool {
        self.is_finned()
            && self
                .base
                .iter()
                .any(|house| (grid.house_cells_with(house, self.digit) - self.fins).len() <= 1)
    }
}

/// Every fish of `digit` that `spec` allows and that eliminates something, in a fixed order
/// (base sets in house order, then cover sets); `visit` may stop the search.
pub fn find_fish<B>(
    grid: &Grid,
    digit: Digit,
    spec: &FishSpec,
    mut visit: impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = spec.size;
    let candidates = grid.cells_with(digit);
    if n == 0 || candidates.is_empty() {
        return ControlFlow::Continue(());
    }
    let cover_kind = spec.cover.single();
    if spec.max_fins > 0
        && let Some(base_kind) = spec.base.single()
        && base_kind != HouseKind::Box
        && cover_kind.is_some_and(|kind| kind != base_kind && kind != HouseKind::Box)
    {
        return lines::line_fish(grid, digit, spec, base_kind, &mut visit);
    }
    // Each fin may leave one cover unneeded.
    let slack = spec.max_fins;
    // Each possible base with its candidates and, with one cover kind, the covers it needs.
    let mut bases = [(House::new(0), CellSet::EMPTY, HouseSet::EMPTY); 27];
    let mut count = 0;
    for house in House::all() {
        if !spec.base.contains(house.kind()) {
            continue;
        }
        let cells = grid.house_cells_with(house, digit);
        let needed = cover_kind.map_or(HouseSet::EMPTY, |kind| covers_of(cells, kind));
        let useful = match (cover_kind, spec.max_fins) {
            // Unfinned on one cover kind: a base needs at most n covers.
            (Some(_), 0) => !cells.is_empty() && needed.len() as usize <= n,
            // A base with one candidate may be the sashimi remnant of a fin.
            _ => !cells.is_empty(),
        };
        if useful {
            bases[count] = (house, cells, needed);
            count += 1;
        }
    }
    if cover_kind.is_some() && spec.max_fins == 0 && spec.base.single().is_some() {
        return basic(&bases[..count], n, digit, candidates, &mut visit);
    }
    let mut found = Vec::new();
    #[derive(Clone, Copy)]
    struct Union {
        houses: HouseSet,
        body: CellSet,
        overlap: CellSet,
        /// With one cover kind: the covers the body needs (each cell lies in one of them).
        needed: HouseSet,
    }
    let empty = Union {
        houses: HouseSet::EMPTY,
        body: CellSet::EMPTY,
        overlap: CellSet::EMPTY,
        needed: HouseSet::EMPTY,
    };
    subsets_of_size(
        &bases[..count],
        n,
        empty,
        |u, (house, cells, needed)| Union {
            houses: u.houses.union(HouseSet::single(house)),
            body: u.body | cells,
            overlap: u.overlap | (u.body & cells),
            needed: u.needed.union(needed),
        },
        |u, _| {
            (spec.endo_fins || u.overlap.is_empty())
                && u.overlap.len() as usize <= spec.max_fins
                // Endo fins that see no candidate leave nothing to remove.
                && (u.overlap.is_empty() || common_peers(u.overlap).intersects(candidates))
                && (cover_kind.is_none() || u.needed.len() as usize <= n + slack)
        },
        |_| true,
        |chosen, u| {
            if chosen.len() != n {
                return ControlFlow::Continue(());
            }
            if cover_kind.is_some() && spec.max_fins == 0 {
                // Each base candidate lies in one house of the cover kind: the covers are
                // exactly the houses needed.
                return exact_cover(digit, candidates, u.houses, u.needed, u.body, &mut visit);
            }
            covers(
                digit, spec, candidates, u.houses, u.body, u.overlap, &mut found, &mut visit,
            )
        },
    )
}

/// Unfinned fish with bases of one kind and covers of one kind (rows by columns, say): bases
/// never overlap and each base candidate lies in one cover, so the search only tracks which
/// covers the bases need, as small house masks, and looks at cells once it has n bases needing
/// n covers.
fn basic<B>(
    bases: &[(House, CellSet, HouseSet)],
    n: usize,
    digit: Digit,
    candidates: CellSet,
    visit: &mut impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    subsets_of_size(
        bases,
        n,
        (HouseSet::EMPTY, HouseSet::EMPTY),
        |(houses, needed), (house, _, covers)| {
            (houses.union(HouseSet::single(house)), needed.union(covers))
        },
        |(_, needed), _| needed.len() as usize <= n,
        |(_, needed)| needed.len() as usize == n,
        |chosen, (houses, needed)| {
            let body = chosen
                .iter()
                .fold(CellSet::EMPTY, |acc, &(_, cells, _)| acc | cells);
            exact_cover(digit, candidates, houses, needed, body, visit)
        },
    )
}

/// The unfinned fish whose covers are `cover` (already known to hold the whole body).
fn exact_cover<B>(
    digit: Digit,
    candidates: CellSet,
    base: HouseSet,
    cover: HouseSet,
    body: CellSet,
    visit: &mut impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if cover.len() != base.len() || cover.intersects(base) {
        return ControlFlow::Continue(());
    }
    let eliminations = (cover.cells() & candidates) - body;
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    visit(&Fish {
        digit,
        base,
        cover,
        fins: CellSet::EMPTY,
        endo_fins: CellSet::EMPTY,
        cannibals: CellSet::EMPTY,
        eliminations,
        body,
    })
}

/// The houses of `kind` holding some of `cells`.
fn covers_of(cells: CellSet, kind: HouseKind) -> HouseSet {
    match kind {
        HouseKind::Row => HouseSet::of_kind(kind, cells.rows()),
        HouseKind::Column => HouseSet::of_kind(kind, cells.cols()),
        HouseKind::Box => HouseSet::of_kind(kind, cells.boxes()),
    }
}

/// Every fish on one choice of base sets, in the order of their cover sets (as n-subsets of
/// the houses in index order). `found` is scratch space, reused from base to base.
#[allow(clippy::too_many_arguments)]
fn covers<B>(
    digit: Digit,
    spec: &FishSpec,
    candidates: CellSet,
    base: HouseSet,
    body: CellSet,
    endo_fins: CellSet,
    found: &mut Vec<Fish>,
    visit: &mut impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut allowed = HouseSet::EMPTY;
    for house in House::all() {
        if spec.cover.contains(house.kind())
            && !base.contains(house)
            && house.cells().intersects(body)
        {
            allowed.insert(house);
        }
    }
    if (allowed.len() as usize) < spec.size {
        return ControlFlow::Continue(());
    }
    found.clear();
    CoverSearch {
        digit,
        spec,
        candidates,
        base,
        body,
        endo_fins,
        allowed,
        found,
    }
    .run();
    found.sort_unstable_by(|a, b| house_order(a.cover, b.cover));
    for fish in found.iter() {
        visit(fish)?;
    }
    ControlFlow::Continue(())
}

mod covers;
mod lines;
mod shapes;
pub use shapes::find_fish_shapes;

#[cfg(test)]
mod tests;
