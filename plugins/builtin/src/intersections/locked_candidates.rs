//! Locked Candidates. Type 1 (Pointing): the candidates of a digit in a box all lie on one
//! line, so the rest of that line loses the digit. Type 2 (Claiming): the candidates of a
//! digit in a line all lie in one box, so the rest of that box loses the digit.

use kaidoku_engine::prelude::*;

pub struct LockedCandidates;

const POINTING: StepKind = StepKind::new(
    "locked-candidates-pointing",
    "Locked Candidates Type 1 (Pointing)",
);
const CLAIMING: StepKind = StepKind::new(
    "locked-candidates-claiming",
    "Locked Candidates Type 2 (Claiming)",
);

impl Technique for LockedCandidates {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // Both types look at one digit's cells only: a digit whose cells are as they were
        // when this search last found nothing gives nothing now either.
        let changes = analysis.changes_since_last_miss();
        let digits = || (1..=9).filter(|&digit| changes.digit_changed(digit));
        for digit in digits() {
            for bx in House::boxes() {
                let cells = grid.house_cells_with(bx, digit);
                let Some(line) = line_holding(cells) else {
                    continue;
                };
                let targets = grid.house_cells_with(line, digit) - bx.cells();
                push(sink, POINTING, digit, cells, bx, targets)?;
            }
        }
        for digit in digits() {
            for line in House::lines() {
                let cells = grid.house_cells_with(line, digit);
                let Some(bx) = box_holding(cells) else {
                    continue;
                };
                let targets = grid.house_cells_with(bx, digit) - line.cells();
                push(sink, CLAIMING, digit, cells, line, targets)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The row or column holding all of `cells`, when there are at least two of them (one cell
/// alone is a hidden single, not a locked set).
fn line_holding(cells: CellSet) -> Option<House> {
    if cells.len() < 2 {
        return None;
    }
    let first = cells.first()?;
    [House::row(first.row()), House::column(first.col())]
        .into_iter()
        .find(|line| cells.is_subset_of(line.cells()))
}

/// The box holding all of `cells`, when there are at least two of them.
fn box_holding(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    let bx = House::box_(first.box_index());
    (cells.len() >= 2 && cells.is_subset_of(bx.cells())).then_some(bx)
}

fn push(
    sink: &mut StepSink,
    kind: StepKind,
    digit: u8,
    cells: CellSet,
    house: House,
    targets: CellSet,
) -> Flow {
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut pattern = Candidates::EMPTY;
    pattern.insert_cells(cells, digit);
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, digit);
    let step = Step::new(kind)
        .part(Part::Digit(digit))
        .part(Part::Cells(cells))
        .part(Part::House(house));
    sink.push(step.eliminations(eliminations).pattern("locked", pattern))
}

register_technique!(TechniqueInfo {
    id: "locked-candidates",
    name: "Locked Candidates",
    summary: "a digit confined to a box-line intersection leaves the rest of the line (pointing) or box (claiming)",
    params: &[],
    build: |_| Ok(Box::new(LockedCandidates)),
});

register_fixtures!("locked-candidates", "locked_candidates.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;
    use kaidoku_engine::{Cell, Grid};

    /// The empty grid with digit 1 removed from some cells.
    fn without_one(cells: &[(usize, usize)]) -> Grid {
        let mut grid = position(&".".repeat(81));
        for &(r, c) in cells {
            grid.eliminate(Cell::at(r - 1, c - 1), 1);
        }
        grid
    }

    #[test]
    fn pointing() {
        let grid = without_one(&[(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]);
        assert_eq!(
            texts(&run("locked-candidates", &grid)),
            ["Locked Candidates Type 1 (Pointing) #1 r1c123 in b1 => r1c456789<>1"]
        );
    }

    #[test]
    fn claiming() {
        let grid = without_one(&[(1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9)]);
        assert_eq!(
            texts(&run("locked-candidates", &grid)),
            ["Locked Candidates Type 2 (Claiming) #1 r1c123 in r1 => r2c123,r3c123<>1"]
        );
    }

    #[test]
    fn a_single_cell_is_not_a_locked_set() {
        // Only r1c1 keeps 1 in box 1: a hidden single, not locked candidates.
        let grid = without_one(&[
            (1, 2),
            (1, 3),
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
            (3, 3),
        ]);
        assert!(run("locked-candidates", &grid).is_empty());
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("locked-candidates", &position(&".".repeat(81))).is_empty());
    }
}
