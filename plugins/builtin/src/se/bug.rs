//! Sudoku Explainer's Bivalue Universal Grave, types 1-4. Take away a few "extra" candidates
//! and every empty cell holds two, every digit two places in every house: a pattern with two
//! solutions. So at least one extra candidate is true.
//!
//! SE finds the extras house by house (boxes, rows, columns): a digit with neither zero nor two
//! places in a house must have exactly one of them in a cell with three or more candidates, the
//! BUG cell of that digit. Then:
//!
//! - Type 1 (5.6): one BUG cell: it keeps only its extras (is one of them).
//! - Type 2 (5.7): one extra digit in all BUG cells: cells seeing them all lose it.
//! - Type 4 (5.7): two BUG cells in a house sharing one pattern digit v (v's only two places
//!   there): one of them is v and the other its extra, so neither keeps its other pattern
//!   digit.
//! - Type 3 (5.7 + 0.1 per digit of the set beyond the first): the BUG cells, seen together as
//!   one cell holding the extras, make a naked set with other cells of a house they share.
//!
//! The first hint in that order wins (type 4 before type 3).

use kaidoku_engine::prelude::*;

pub struct SeBug;

const KINDS: [StepKind; 4] = [
    StepKind::new("se-bug-1", "BUG Type 1"),
    StepKind::new("se-bug-2", "BUG Type 2"),
    StepKind::new("se-bug-3", "BUG Type 3"),
    StepKind::new("se-bug-4", "BUG Type 4"),
];

const ORDER: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

fn houses(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |i| match kind {
        HouseKind::Row => House::row(i),
        HouseKind::Column => House::column(i),
        HouseKind::Box => House::box_(i),
    })
}

fn house_of(cell: Cell, kind: HouseKind) -> House {
    match kind {
        HouseKind::Box => House::box_(cell.box_index()),
        HouseKind::Row => House::row(cell.row()),
        HouseKind::Column => House::column(cell.col()),
    }
}

/// The BUG cells (in the order found) with their extra digits, and the cells seeing them all.
struct Bug {
    cells: Vec<(Cell, DigitSet)>,
    all: DigitSet,
    common: CellSet,
}

fn find(grid: &Grid) -> Option<Bug> {
    let mut cells: Vec<(Cell, DigitSet)> = Vec::new();
    let mut all = DigitSet::EMPTY;
    let mut common: Option<CellSet> = None;
    let mut removed = Candidates::EMPTY;
    for kind in ORDER {
        for house in houses(kind) {
            for digit in 1..=9 {
                let places = grid.house_cells_with(house, digit);
                let n = places.len();
                if n == 0 || n == 2 {
                    continue;
                }
                let wide: Vec<Cell> = places
                    .iter()
                    .filter(|&c| grid.candidates(c).len() >= 3)
                    .collect();
                match wide.len() {
                    0 => return None,
                    1 => {
                        let cell = wide[0];
                        match cells.iter_mut().find(|(c, _)| *c == cell) {
                            Some((_, d)) => d.insert(digit),
                            None => cells.push((cell, DigitSet::single(digit))),
                        }
                        all.insert(digit);
                        removed.insert(cell, digit);
                        let seen = common.map_or(peers(cell), |c| c & peers(cell));
                        let seen = cells.iter().fold(seen, |s, (c, _)| s - CellSet::single(*c));
                        common = Some(seen);
                        if cells.len() > 1 && all.len() > 1 && seen.is_empty() {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if cells.is_empty() {
        return None;
    }
    // Without the extras: every empty cell bivalue, every digit twice (or not at all) a house.
    let left = |c: Cell| {
        let mut d = grid.candidates(c);
        for x in removed.iter().filter(|(rc, _)| *rc == c).map(|(_, x)| x) {
            d.remove(x);
        }
        d
    };
    if grid.empty_cells().iter().any(|c| left(c).len() != 2) {
        return None;
    }
    for house in House::all() {
        for digit in 1..=9 {
            let n = grid
                .house_cells_with(house, digit)
                .iter()
                .filter(|&c| !removed.contains(c, digit))
                .count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    Some(Bug {
        cells,
        all,
        common: common.unwrap_or(CellSet::EMPTY),
    })
}

impl Technique for SeBug {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let Some(bug) = find(grid) else {
            return ControlFlow::Continue(());
        };
        let bug_cells: CellSet = bug.cells.iter().map(|(c, _)| *c).collect();
        let step = |kind: usize, size: usize, eliminations: Candidates| {
            let mut pattern = Candidates::EMPTY;
            for (c, extra) in &bug.cells {
                pattern.insert_digits(*c, *extra);
            }
            Step::new(KINDS[kind - 1].clone().sized(size))
                .part(Part::Cells(bug_cells))
                .part(Part::Digits(bug.all))
                .eliminations(eliminations)
                .pattern("extra", pattern)
        };
        if bug.cells.len() == 1 {
            let (cell, _) = bug.cells[0];
            let mut e = Candidates::EMPTY;
            e.insert_digits(cell, grid.candidates(cell) - bug.all);
            if !e.is_empty() {
                sink.push(step(1, 0, e))?;
            }
            return ControlFlow::Continue(());
        }
        if bug.all.len() == 1 {
            let digit = bug.all.iter().next().unwrap_or(1);
            let mut e = Candidates::EMPTY;
            e.insert_cells(bug.common & grid.cells_with(digit), digit);
            if !e.is_empty() {
                sink.push(step(2, 0, e))?;
            }
            if bug.cells.len() == 2 {
                type4(grid, &bug, &|e| step(4, 0, e), sink)?;
            }
        } else if !bug.common.is_empty() {
            if bug.cells.len() == 2 {
                type4(grid, &bug, &|e| step(4, 0, e), sink)?;
            }
            type3(grid, &bug, bug_cells, &|n, e| step(3, n, e), sink)?;
        }
        ControlFlow::Continue(())
    }
}

fn type4(grid: &Grid, bug: &Bug, step: &dyn Fn(Candidates) -> Step, sink: &mut StepSink) -> Flow {
    let ((c1, x1), (c2, x2)) = (bug.cells[0], bug.cells[1]);
    let shared = (grid.candidates(c1) & grid.candidates(c2)) - bug.all;
    let Some(value) = shared.only() else {
        return ControlFlow::Continue(());
    };
    for kind in ORDER {
        if house_of(c1, kind) != house_of(c2, kind) {
            continue;
        }
        let mut e = Candidates::EMPTY;
        let mut keep_v = DigitSet::single(value);
        e.insert_digits(c1, grid.candidates(c1) - x1 - keep_v);
        keep_v = DigitSet::single(value);
        e.insert_digits(c2, grid.candidates(c2) - x2 - keep_v);
        if !e.is_empty() {
            sink.push(step(e))?;
        }
    }
    ControlFlow::Continue(())
}

fn type3(
    grid: &Grid,
    bug: &Bug,
    bug_cells: CellSet,
    step: &dyn Fn(usize, Candidates) -> Step,
    sink: &mut StepSink,
) -> Flow {
    for kind in ORDER {
        let house = house_of(bug.cells[0].0, kind);
        if !bug_cells.is_subset_of(house.cells()) {
            continue;
        }
        let others: Vec<Cell> = (bug.common & house.cells()).iter().collect();
        for degree in 2..=6usize {
            if others.len() < degree {
                continue;
            }
            let mut pick = Vec::with_capacity(degree);
            let mut found = Vec::new();
            subsets(&others, degree - 1, 0, &mut pick, &mut |set: &[Cell]| {
                let mut union = DigitSet::EMPTY;
                for &c in set {
                    union |= grid.candidates(c);
                }
                if union.len() as usize != degree || !bug.all.is_subset_of(union) {
                    return;
                }
                if set.iter().any(|&c| grid.candidates(c).is_empty()) {
                    return;
                }
                let naked: CellSet = set.iter().copied().collect();
                let mut e = Candidates::EMPTY;
                for c in (bug.common & house.cells()) - naked - bug_cells {
                    e.insert_digits(c, grid.candidates(c) & union);
                }
                if !e.is_empty() {
                    found.push((union.len() as usize - 1, e));
                }
            });
            for (extra, e) in found {
                sink.push(step(extra, e))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn subsets(
    cells: &[Cell],
    k: usize,
    from: usize,
    pick: &mut Vec<Cell>,
    visit: &mut dyn FnMut(&[Cell]),
) {
    if pick.len() == k {
        visit(pick);
        return;
    }
    for i in from..cells.len() {
        pick.push(cells[i]);
        subsets(cells, k, i + 1, pick, visit);
        pick.pop();
    }
}

register_technique!(TechniqueInfo {
    id: "se-bug",
    name: "Bivalue Universal Grave (Sudoku Explainer)",
    summary: "uniqueness: SE's BUG types 1-4",
    params: &[],
    build: |_| Ok(Box::new(SeBug)),
});

kaidoku_engine::register_uniqueness!("se-bug");

register_fixtures!("se-bug", "bug.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn no_grave_while_a_cell_has_many_candidates_everywhere() {
        // The empty grid: every digit has nine places in every house and no cell is the one.
        assert!(run("se-bug", &position(&".".repeat(81))).is_empty());
    }
}
