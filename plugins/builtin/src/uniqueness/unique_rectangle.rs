//! Unique Rectangle, types 1, 2 and 4: four empty cells at the corners of a rectangle, in two
//! rows, two columns and two boxes, all holding the digits a and b. If all four ended up a
//! and b, the two could be swapped and the puzzle would have two solutions; so they do not.
//!
//! - Type 1: three corners hold only {a, b}: the fourth is not a or b.
//! - Type 2: two corners (the floor) hold only {a, b}, the other two (the roof) {a, b, c},
//!   seeing each other: one roof cell is c, so what sees both roof cells is not c.
//! - Type 4: the floor holds only {a, b}, and in a house holding both roof cells a has no
//!   other place: one roof cell is a, so neither roof cell can be b (that would complete the
//!   pattern).

use kaidoku_engine::prelude::*;

pub struct UniqueRectangle;

const TYPE_1: StepKind = StepKind::new("unique-rectangle-1", "Uniqueness Test Type 1");
const TYPE_2: StepKind = StepKind::new("unique-rectangle-2", "Uniqueness Test Type 2");
const TYPE_4: StepKind = StepKind::new("unique-rectangle-4", "Uniqueness Test Type 4");

impl Technique for UniqueRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        // Two boxes: rows in one band or columns in one stack, not both.
                        if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                            continue;
                        }
                        let corners = [
                            Cell::at(r1, c1),
                            Cell::at(r1, c2),
                            Cell::at(r2, c1),
                            Cell::at(r2, c2),
                        ];
                        rectangle(grid, corners, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn rectangle(grid: &Grid, corners: [Cell; 4], sink: &mut StepSink) -> Flow {
    if corners.iter().any(|&c| grid.value(c).is_some()) {
        return ControlFlow::Continue(());
    }
    let common = corners
        .iter()
        .fold(DigitSet::ALL, |acc, &c| acc & grid.candidates(c));
    if common.len() < 2 {
        return ControlFlow::Continue(());
    }
    let digits: Vec<Digit> = common.iter().collect();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            let pair = DigitSet::single(a) | DigitSet::single(b);
            let (floor, roof): (Vec<Cell>, Vec<Cell>) =
                corners.iter().partition(|&&c| grid.candidates(c) == pair);
            let cells: CellSet = corners.iter().copied().collect();
            match (floor.len(), roof.len()) {
                (3, 1) => {
                    let mut eliminations = Candidates::EMPTY;
                    eliminations.insert_digits(roof[0], pair);
                    push(sink, grid, TYPE_1, pair, cells, eliminations)?;
                }
                (2, 2) => {
                    let (x, y) = (roof[0], roof[1]);
                    let extra_x = grid.candidates(x) - pair;
                    if extra_x.len() == 1
                        && grid.candidates(y) - pair == extra_x
                        && peers(x).contains(y)
                    {
                        let c = extra_x.first().unwrap_or(1);
                        let targets = peers(x) & peers(y) & grid.cells_with(c);
                        let mut eliminations = Candidates::EMPTY;
                        eliminations.insert_cells(targets, c);
                        push(sink, grid, TYPE_2, pair, cells, eliminations)?;
                    }
                    // Type 4: a confined to the roof in a house holding both roof cells.
                    let both = CellSet::single(x) | CellSet::single(y);
                    for (keep, lose) in [(a, b), (b, a)] {
                        let confined =
                            common_houses(both).any(|h| grid.house_cells_with(h, keep) == both);
                        if confined {
                            let mut eliminations = Candidates::EMPTY;
                            eliminations.insert_cells(both, lose);
                            push(sink, grid, TYPE_4, pair, cells, eliminations)?;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    ControlFlow::Continue(())
}

fn push(
    sink: &mut StepSink,
    grid: &Grid,
    kind: StepKind,
    pair: DigitSet,
    cells: CellSet,
    eliminations: Candidates,
) -> Flow {
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut pattern = Candidates::EMPTY;
    for cell in cells {
        pattern.insert_digits(cell, grid.candidates(cell) & pair);
    }
    sink.push(
        Step::new(kind)
            .part(Part::Digits(pair))
            .part(Part::Cells(cells))
            .eliminations(eliminations)
            .pattern("rectangle", pattern),
    )
}

register_technique!(TechniqueInfo {
    id: "unique-rectangle",
    name: "Unique Rectangle",
    summary: "uniqueness: four corners of a rectangle must not all end as the same two digits (types 1, 2, 4)",
    params: &[],
    build: |_| Ok(Box::new(UniqueRectangle)),
});

register_fixtures!("unique-rectangle", "unique_rectangle.fixtures");
