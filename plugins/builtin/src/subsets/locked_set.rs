//! Locked Set (naked and hidden subsets), after the seed's LockedSet.
//!
//! Naked: n cells of a house whose candidates are exactly n digits. Those digits are locked in
//! those cells, so every other cell of the house (and of any other house holding all n cells)
//! loses them. Hidden: n digits of a house that fit in only n cells. Those cells hold those
//! digits, so they lose every other candidate. A hidden set of n cells is the complement of a
//! naked set of the house's other cells; the seed lists both, and so do we.
//!
//! Sizes run from `min_size` to `max_size` (pairs, triples, quadruples, then `Naked Set (5)`
//! …), always smaller than the house's empty cells. A set found in two houses is one step.

use kaidoku_engine::prelude::*;
use kaidoku_engine::subsets_of_size;

pub struct LockedSet {
    min_size: usize,
    max_size: usize,
    naked: bool,
    hidden: bool,
}

impl LockedSet {
    /// Sets of `min_size..=max_size` cells, naked and/or hidden.
    pub const fn new(min_size: usize, max_size: usize, naked: bool, hidden: bool) -> LockedSet {
        LockedSet {
            min_size,
            max_size,
            naked,
            hidden,
        }
    }
}

impl Technique for LockedSet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    /// A house whose cells are as they were when this search last found nothing (S1) gives
    /// nothing now (S2) either. Its sets are the same: a set depends only on its cells'
    /// candidates, and the house has the same empty cells. A hidden set removes other digits
    /// from its own cells: the same removals as at S1. A naked set removes its digits from
    /// the other cells of every house holding it (a box and a line for a set in both): a
    /// subset of what it removed at S1, as candidates only go. At S1 each of these sets was
    /// found in its first house with more empty cells than its size (this house or an
    /// earlier one) and removed nothing, so it removes nothing now.
    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let changes = analysis.changes_since_last_miss();
        let houses = || House::all().filter(|&house| changes.house_changed(house));
        for size in self.min_size..=self.max_size {
            if self.naked {
                for house in houses() {
                    self.naked_sets(grid, house, size, sink)?;
                }
            }
            if self.hidden {
                for house in houses() {
                    self.hidden_sets(grid, house, size, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl LockedSet {
    /// Naked sets of `size` cells in `house`, found by growing cell sets whose candidates stay
    /// within `size` digits.
    fn naked_sets(&self, grid: &Grid, house: House, size: usize, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells_in(house);
        if empty.len() as usize <= size {
            return ControlFlow::Continue(());
        }
        let mut cells = [Cell::default(); 9];
        let n = fill(&mut cells, empty);
        // Grow cell sets whose candidates stay within `size` digits.
        subsets_of_size(
            &cells[..n],
            size,
            (CellSet::EMPTY, DigitSet::EMPTY),
            |(set, digits), cell| (set | CellSet::single(cell), digits | grid.candidates(cell)),
            |(_, digits), _| digits.len() as usize <= size,
            |(_, digits)| digits.len() as usize == size,
            |_, (set, digits)| {
                if reported_elsewhere(house, set, |h| grid.empty_cells_in(h).len() as usize > size)
                {
                    return ControlFlow::Continue(());
                }
                let mut eliminations = Candidates::EMPTY;
                for other in common_houses(set) {
                    for cell in grid.empty_cells_in(other) - set {
                        eliminations.insert_digits(cell, grid.candidates(cell) & digits);
                    }
                }
                push(sink, grid, set, digits, false, eliminations)
            },
        )
    }

    /// Hidden sets of `size` digits in `house`, found by growing digit sets whose places stay
    /// within `size` cells.
    fn hidden_sets(&self, grid: &Grid, house: House, size: usize, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells_in(house);
        if empty.len() as usize <= size {
            return ControlFlow::Continue(());
        }
        let digits: Vec<Digit> = (!grid.placed_in(house))
            .iter()
            .filter(|&d| !grid.house_cells_with(house, d).is_empty())
            .collect();
        let mut places = [CellSet::EMPTY; 10];
        for &d in &digits {
            places[d as usize] = grid.house_cells_with(house, d);
        }
        // Grow digit sets whose places stay within `size` cells.
        subsets_of_size(
            &digits,
            size,
            (DigitSet::EMPTY, CellSet::EMPTY),
            |(set, cells), digit| {
                (
                    set | DigitSet::single(digit),
                    cells | places[digit as usize],
                )
            },
            |(_, cells), _| cells.len() as usize <= size,
            |(_, cells)| cells.len() as usize == size,
            |_, (set, cells)| {
                let is_hidden_in = |h: House| {
                    grid.empty_cells_in(h).len() as usize > size
                        && set
                            .iter()
                            .all(|d| grid.house_cells_with(h, d).is_subset_of(cells))
                };
                if reported_elsewhere(house, cells, is_hidden_in) {
                    return ControlFlow::Continue(());
                }
                let mut eliminations = Candidates::EMPTY;
                for cell in cells {
                    eliminations.insert_digits(cell, grid.candidates(cell) - set);
                }
                push(sink, grid, cells, set, true, eliminations)
            },
        )
    }
}

/// Copy a cell set into a slice, returning how many cells there are.
fn fill(slots: &mut [Cell; 9], cells: CellSet) -> usize {
    let mut n = 0;
    for cell in cells {
        slots[n] = cell;
        n += 1;
    }
    n
}

/// Whether a house before `house` (in house order) also holds the set, so that the set is
/// reported there and not here.
fn reported_elsewhere(house: House, cells: CellSet, holds_set: impl Fn(House) -> bool) -> bool {
    common_houses(cells)
        .take_while(|h| *h != house)
        .any(holds_set)
}

fn push(
    sink: &mut StepSink,
    grid: &Grid,
    cells: CellSet,
    digits: DigitSet,
    hidden: bool,
    eliminations: Candidates,
) -> Flow {
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut pattern = Candidates::EMPTY;
    for cell in cells {
        pattern.insert_digits(cell, grid.candidates(cell) & digits);
    }
    let step = Step::new(set_kind(digits.len() as usize, hidden, cells))
        .part(Part::Cells(cells))
        .part(Part::Digits(digits));
    sink.push(step.eliminations(eliminations).pattern("set", pattern))
}

/// Kinds `naked-pair` … `hidden-set` (sized), with HoDoKu's and Sudoku Explainer's names:
/// `Naked Pair`, `Hidden Triple`, `Naked Quadruple`, `Naked Set (5)` …, and `Locked Pair` /
/// `Locked Triple` for a naked pair or triple inside one box and one line (it eliminates from
/// both, as HoDoKu names it). `[solver] names = "gnpx"` turns them into the seed's names
/// (`kaidoku_engine::gnpx_set_name`).
fn set_kind(size: usize, hidden: bool, cells: CellSet) -> StepKind {
    let (word, name) = kaidoku_engine::subset_size_name(size);
    let locked = !hidden && size <= 3 && in_box_and_line(cells);
    let (id, name) = match (hidden, size) {
        (true, 2..=4) => (format!("hidden-{word}"), format!("Hidden {name}")),
        (true, n) => (format!("hidden-{word}"), format!("Hidden Set ({n})")),
        (false, _) if locked => (format!("naked-{word}"), format!("Locked {name}")),
        (false, 2..=4) => (format!("naked-{word}"), format!("Naked {name}")),
        (false, n) => (format!("naked-{word}"), format!("Naked Set ({n})")),
    };
    StepKind::owned(id, name).sized(size)
}

/// Whether the cells lie in one box and in one row or column.
fn in_box_and_line(cells: CellSet) -> bool {
    let mut iter = cells.iter();
    let Some(first) = iter.next() else {
        return false;
    };
    let (mut same_row, mut same_col, mut same_box) = (true, true, true);
    for cell in iter {
        same_row &= cell.row() == first.row();
        same_col &= cell.col() == first.col();
        same_box &= cell.box_index() == first.box_index();
    }
    same_box && (same_row || same_col)
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("min_size", "smallest set, in cells", 2, 2, 7),
    ParamSpec::int("max_size", "largest set, in cells", 4, 2, 7),
    ParamSpec::bool("naked", "look for naked sets", true),
    ParamSpec::bool("hidden", "look for hidden sets", true),
];

register_technique!(TechniqueInfo {
    id: "locked-set",
    name: "Locked Set",
    summary: "n cells of a house holding exactly n digits (naked), or n digits fitting in n cells (hidden)",
    params: PARAMS,
    build: |params| {
        let (min_size, max_size) = params.size_range("min_size", "max_size")?;
        let (naked, hidden) = (params.bool("naked"), params.bool("hidden"));
        Ok(Box::new(LockedSet {
            min_size,
            max_size,
            naked,
            hidden,
        }))
    },
});

register_fixtures!("locked-set", "locked_set.fixtures");

#[cfg(test)]
mod tests;
