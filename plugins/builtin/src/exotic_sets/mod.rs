//! Exotic sets: patterns that crack the forum's hardest puzzles without nesting. Tridagons
//! (four boxes whose diagonals three digits cannot fill), SK loops and multi-sector locked sets
//! (cells whose candidates need exactly as many house-digit sectors as there are cells).
//!
//! Sector covers (SK loops, MSLS). Take a set S of empty cells and, for each digit d, a set of
//! houses covering every candidate d in S (a "sector" is a house and a digit). Each house
//! holds d once, so the cover of d needs at least as many houses as S has cells solved to d;
//! summed over the digits, the smallest covers need at least |S| sectors. When they need
//! exactly |S| (rank 0), every house of every smallest cover holds its digit exactly once
//! inside S: the digit leaves the rest of the house, and a candidate of S in two houses of a
//! cover is false (it would fill two sectors at once, leaving one empty). Every smallest cover
//! of each digit gives these eliminations, so their union is sound.

pub mod msls;
pub mod sk_loop;
pub mod tridagon;

use kaidoku_engine::prelude::*;

/// Add the eliminations of one smallest cover `cover` of `digit` in `cells` (see the module).
pub(crate) fn cover_eliminations(
    grid: &Grid,
    cells: CellSet,
    digit: Digit,
    cover: HouseSet,
    out: &mut Candidates,
) {
    let with = grid.cells_with(digit);
    let mut once = CellSet::EMPTY;
    let mut twice = CellSet::EMPTY;
    let mut all = CellSet::EMPTY;
    for house in cover.iter() {
        let inside = house.cells() & cells & with;
        twice |= once & inside;
        once |= inside;
        all |= house.cells();
    }
    let outside = CellSet::from_bits(all.bits() & !cells.bits() & with.bits());
    out.insert_cells(outside | twice, digit);
}

/// The step of a rank-0 sector cover of `cells`: one smallest cover per digit for the text.
pub(crate) fn sector_step(
    grid: &Grid,
    kind: StepKind,
    role: &'static str,
    cells: CellSet,
    covers: &[(Digit, HouseSet)],
    eliminations: Candidates,
) -> Step {
    let mut pattern = Candidates::EMPTY;
    for cell in cells {
        pattern.insert_digits(cell, grid.candidates(cell));
    }
    let text: Vec<String> = covers
        .iter()
        .filter(|(_, houses)| !houses.is_empty())
        .map(|(digit, houses)| format!("{digit}:{}", sector_houses(*houses)))
        .collect();
    Step::new(kind)
        .part(Part::Cells(cells))
        .part(Part::Text(format!("sectors {}", text.join(" "))))
        .eliminations(eliminations)
        .pattern(role, pattern)
}

/// A digit's sector houses by kind, `+` between the kinds (`r28+c2`), so that rows and
/// columns together do not read as cells.
fn sector_houses(houses: HouseSet) -> String {
    [HouseKind::Row, HouseKind::Column, HouseKind::Box]
        .into_iter()
        .map(|kind| HouseSet::of_kind(kind, houses.mask_of(kind)))
        .filter(|set| !set.is_empty())
        .map(|set| set.to_string())
        .collect::<Vec<_>>()
        .join("+")
}
