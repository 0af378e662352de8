//! Sudoku Explainer's Unique Rectangles and Loops, types 1-4. A unique loop is a closed path of
//! cells holding a pair {a, b}, each step through a box, row or column (never twice the same
//! kind in a row), every house it meets holding exactly two of its cells, one at an even and one
//! at an odd place. Were all its cells only {a, b}, the two ways to alternate a and b round it
//! would give two solutions: so at least one of the cells with more candidates (at most two, or
//! any number sharing one extra digit) keeps something else.
//!
//! - Type 1: one cell with more: it loses a and b.
//! - Type 2: the cells with more share a single extra digit: it lies in one of them, so cells
//!   seeing them all lose it.
//! - Type 3: two cells with more, in one house: together they act as one cell holding their
//!   extra digits, which with other cells of the house forms a naked set (or the pair's digits a
//!   hidden set).
//! - Type 4: two cells with more in one house where a (or b) has no other place: one of them is
//!   a, so neither may be b.
//!
//! SE rates a loop 4.5, plus 0.1 for 6 or 7 cells, 0.2 for 8 or 9 and 0.5 from 10, plus 0.1 for
//! each cell of a type-3 set beyond the first; it offers the easiest first, then by type.

use kaidoku_engine::prelude::*;

pub struct SeUniqueLoop;

const KINDS: [StepKind; 4] = [
    StepKind::new("se-unique-loop-1", "Unique Loop Type 1"),
    StepKind::new("se-unique-loop-2", "Unique Loop Type 2"),
    StepKind::new("se-unique-loop-3", "Unique Loop Type 3"),
    StepKind::new("se-unique-loop-4", "Unique Loop Type 4"),
];

const KIND_ORDER: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

fn house_of(cell: Cell, kind: HouseKind) -> House {
    match kind {
        HouseKind::Box => House::box_(cell.box_index()),
        HouseKind::Row => House::row(cell.row()),
        HouseKind::Column => House::column(cell.col()),
    }
}

struct Found {
    step: Step,
    /// Tenths above 4.5.
    bonus: u8,
    kind: u8,
    key: (u8, CellSet, Candidates),
}

impl Technique for SeUniqueLoop {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut found: Vec<Found> = Vec::new();
        for cell in grid.bivalue_cells() {
            let pair = grid.candidates(cell);
            let mut it = pair.iter();
            let (Some(v1), Some(v2)) = (it.next(), it.next()) else {
                continue;
            };
            let mut loops = Vec::new();
            let mut path = Vec::new();
            search(
                grid,
                cell,
                pair,
                &mut path,
                2,
                DigitSet::EMPTY,
                None,
                &mut loops,
            );
            for path in loops {
                if valid(&path) {
                    hints(grid, &path, v1, v2, &mut found);
                }
            }
        }
        // SE drops a hint equal to one it has (the same loop found from another cell).
        let mut unique: Vec<Found> = Vec::new();
        for f in found {
            if !unique.iter().any(|u| u.key == f.key) {
                unique.push(f);
            }
        }
        unique.sort_by_key(|f| (f.bonus, f.kind));
        for f in unique {
            sink.push(f.step)?;
        }
        ControlFlow::Continue(())
    }
}

/// SE's loop search, as it walks: from `cell`, through each kind of house but the last one
/// used, to cells holding both digits; cells with more may join while `allowed` lasts or while
/// the extra digits of the path's cells and the new one are a single digit. (SE's published
/// source also counts the extra digits of the siblings tried before it at the same step, which
/// hides some loops: the bank's ratings show its rater did not, e.g. a 6-cell type 2 at 4.6
/// where a sibling of one of its cells holds both digits and another.)
#[allow(clippy::too_many_arguments)]
fn search(
    grid: &Grid,
    cell: Cell,
    pair: DigitSet,
    path: &mut Vec<Cell>,
    allowed: i32,
    extra: DigitSet,
    last: Option<HouseKind>,
    loops: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    for kind in KIND_ORDER {
        if Some(kind) == last {
            continue;
        }
        for next in house_of(cell, kind).cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let digits = grid.candidates(next);
                if !pair.is_subset_of(digits) {
                    continue;
                }
                let extra = extra | (digits - pair);
                let n = digits.len();
                // A cell sharing a house with a cell of the same parity on the path can only
                // end in a loop `valid` refuses: not walked (the loops kept are the same).
                let parity = path.len() % 2;
                let clashes = path
                    .iter()
                    .skip(parity)
                    .step_by(2)
                    .any(|&c| peers(c).contains(next));
                if clashes {
                    continue;
                }
                if n == 2 || extra.len() == 1 || allowed > 0 {
                    let left = allowed - i32::from(n > 2);
                    search(grid, next, pair, path, left, extra, Some(kind), loops);
                }
            }
        }
    }
    path.pop();
}

/// Every house the loop meets holds one of its cells at an even place and one at an odd place.
fn valid(path: &[Cell]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &cell) in path.iter().enumerate() {
        for kind in KIND_ORDER {
            let bit = 1u32 << house_of(cell, kind).index();
            if seen[i % 2] & bit != 0 {
                return false;
            }
            seen[i % 2] |= bit;
        }
    }
    seen[0] == seen[1]
}

fn loop_bonus(len: usize) -> u8 {
    match len {
        10.. => 5,
        8..=9 => 2,
        6..=7 => 1,
        _ => 0,
    }
}

fn hints(grid: &Grid, path: &[Cell], v1: Digit, v2: Digit, found: &mut Vec<Found>) {
    let pair = DigitSet::from_iter([v1, v2]);
    let cells: CellSet = path.iter().copied().collect();
    let extra_cells: Vec<Cell> = path
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c).len() > 2)
        .collect();
    let base = loop_bonus(path.len());
    let mut push = |kind: u8, bonus: u8, eliminations: Candidates, extra: &[Cell]| {
        if eliminations.is_empty() {
            return;
        }
        let mut pattern = Candidates::EMPTY;
        for c in cells {
            pattern.insert_digits(c, pair);
        }
        let step = Step::new(KINDS[kind as usize - 1].clone().sized(bonus as usize))
            .part(Part::Cells(cells))
            .part(Part::Digits(pair))
            .part(Part::Cells(extra.iter().copied().collect()))
            .eliminations(eliminations)
            .pattern("loop", pattern);
        found.push(Found {
            step,
            bonus,
            kind,
            key: (kind, cells, eliminations),
        });
    };
    let extras = |list: &[Cell]| {
        let mut d = DigitSet::EMPTY;
        for &c in list {
            d |= grid.candidates(c);
        }
        d - pair
    };
    match extra_cells.len() {
        1 => {
            let mut e = Candidates::EMPTY;
            e.insert_digits(extra_cells[0], pair);
            push(1, base, e, &extra_cells);
        }
        0 => {}
        n => {
            let extra = extras(&extra_cells);
            if extra.len() == 1 {
                push(2, base, type2(grid, &extra_cells, extra), &extra_cells);
            } else if n == 2 {
                let (c1, c2) = (extra_cells[0], extra_cells[1]);
                type3(grid, c1, c2, pair, extra, base, &mut |bonus, e| {
                    push(3, bonus, e, &extra_cells)
                });
            }
            if n == 2 {
                let e = type4(grid, extra_cells[0], extra_cells[1], v1, v2);
                push(4, base, e, &extra_cells);
            }
        }
    }
}

fn type2(grid: &Grid, extra_cells: &[Cell], extra: DigitSet) -> Candidates {
    let digit = extra.iter().next().unwrap_or(1);
    let mut common = !CellSet::EMPTY;
    for &c in extra_cells {
        common &= peers(c);
    }
    let mut e = Candidates::EMPTY;
    e.insert_cells(common & grid.cells_with(digit), digit);
    e
}

fn type4(grid: &Grid, c1: Cell, c2: Cell, v1: Digit, v2: Digit) -> Candidates {
    let both = CellSet::single(c1) | CellSet::single(c2);
    let (mut r1, mut r2) = (false, false);
    for kind in KIND_ORDER {
        let house = house_of(c1, kind);
        if house != house_of(c2, kind) {
            continue;
        }
        if (grid.house_cells_with(house, v1) - both).is_empty() {
            r1 = true;
        }
        if (grid.house_cells_with(house, v2) - both).is_empty() {
            r2 = true;
        }
    }
    let mut e = Candidates::EMPTY;
    if r1 {
        e.insert_cells(both, v2);
    } else if r2 {
        e.insert_cells(both, v1);
    }
    e
}

/// Naked and hidden sets with the two cells with more as one cell, in each house they share,
/// by growing size as SE tries them.
fn type3(
    grid: &Grid,
    c1: Cell,
    c2: Cell,
    pair: DigitSet,
    extra: DigitSet,
    base: u8,
    push: &mut dyn FnMut(u8, Candidates),
) {
    let both = CellSet::single(c1) | CellSet::single(c2);
    for degree in extra.len() as usize..=7 {
        for kind in KIND_ORDER {
            let house = house_of(c1, kind);
            if house != house_of(c2, kind) {
                continue;
            }
            let empty = grid.empty_cells_in(house) - both;
            let n_empty = grid.empty_cells_in(house).len() as usize;
            if degree * 2 <= n_empty {
                // Naked: the pair as one cell holding `extra`, with degree - 1 other cells.
                let others: Vec<Cell> = empty.iter().collect();
                combinations(others.len(), degree - 1, &mut |pick| {
                    let mut union = DigitSet::EMPTY;
                    let mut set = CellSet::EMPTY;
                    for &i in pick {
                        union |= grid.candidates(others[i]);
                        set.insert(others[i]);
                    }
                    // SE asks both: the other cells with the extra digits common to the pair,
                    // and with all of them, make `degree` digits.
                    let common = extra & grid.candidates(c1) & grid.candidates(c2);
                    let digits = union | extra;
                    if digits.len() as usize != degree || (union | common).len() as usize != degree
                    {
                        return;
                    }
                    let mut e = Candidates::EMPTY;
                    for d in digits {
                        e.insert_cells(grid.house_cells_with(house, d) - set - both, d);
                    }
                    push(base + degree as u8 - 1, e);
                });
            }
            if degree * 2 < n_empty && degree >= 2 {
                // Hidden: the pair's digits and degree - 2 others have, apart from c2, only
                // degree places, c1 among them.
                let rest: Vec<Digit> = (1..=9)
                    .filter(|&d| !pair.contains(d) && !extra.contains(d))
                    .collect();
                combinations(rest.len(), degree - 2, &mut |pick| {
                    let mut values = pair;
                    for &i in pick {
                        values.insert(rest[i]);
                    }
                    let mut places = CellSet::EMPTY;
                    for d in values {
                        let at = grid.house_cells_with(house, d) - CellSet::single(c2);
                        if at.is_empty() {
                            return;
                        }
                        places |= at;
                    }
                    if places.len() as usize != degree || !places.contains(c1) {
                        return;
                    }
                    let mut e = Candidates::EMPTY;
                    for c in places - both {
                        for d in grid.candidates(c) - values {
                            e.insert(c, d);
                        }
                    }
                    let cells = (places - both).len() as u8;
                    push(base + cells.saturating_sub(1), e);
                });
            }
        }
    }
}

/// Every `k`-subset of `0..n`, ascending.
fn combinations(n: usize, k: usize, visit: &mut dyn FnMut(&[usize])) {
    fn go(n: usize, k: usize, from: usize, pick: &mut Vec<usize>, visit: &mut dyn FnMut(&[usize])) {
        if pick.len() == k {
            visit(pick);
            return;
        }
        for i in from..n {
            pick.push(i);
            go(n, k, i + 1, pick, visit);
            pick.pop();
        }
    }
    go(n, k, 0, &mut Vec::with_capacity(k), visit);
}

register_technique!(TechniqueInfo {
    id: "se-unique-loop",
    name: "Unique Rectangle / Loop (Sudoku Explainer)",
    summary: "uniqueness: SE's unique rectangles and loops, types 1-4, easiest first",
    params: &[],
    build: |_| Ok(Box::new(SeUniqueLoop)),
});

kaidoku_engine::register_uniqueness!("se-unique-loop");

register_fixtures!("se-unique-loop", "unique_loop.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_is_a_valid_loop_and_a_bent_path_is_not() {
        let rect = [
            Cell::at(0, 0),
            Cell::at(0, 3),
            Cell::at(2, 3),
            Cell::at(2, 0),
        ];
        assert!(valid(&rect));
        let bent = [
            Cell::at(0, 0),
            Cell::at(0, 3),
            Cell::at(2, 3),
            Cell::at(2, 1),
        ];
        assert!(!valid(&bent));
    }

    #[test]
    fn longer_loops_rate_higher() {
        assert_eq!([4, 6, 8, 10, 12].map(loop_bonus), [0, 1, 2, 5, 5]);
    }
}
