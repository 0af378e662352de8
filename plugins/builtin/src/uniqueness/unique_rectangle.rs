//! Unique Rectangle, types 1 to 6: four empty corners of a rectangle in two rows, two columns
//! and two boxes, where two digits a and b may still go, at least one corner holding only
//! {a, b}. If all four ended up a and b, the two could be swapped and the puzzle would have two
//! solutions; so they do not. The floor is the corners holding nothing but a and b, the roof
//! the corners with other candidates.
//!
//! - Type 1: three corners are floor: the fourth is neither a nor b.
//! - Type 2 (roof in one house) and type 5 (roof on a diagonal, or three roof cells): the roof
//!   has one other digit c: a roof cell is c, so what sees every roof cell is not c.
//! - Type 3: two roof cells in one house act as one cell holding their other digits; with
//!   other cells of the house they form a naked subset, whose digits leave the rest of it.
//! - Type 4: two roof cells in one house where a has no other place: one of them is a, so
//!   neither is b.
//! - Type 6: two roof cells on a diagonal, and a confined to the corners in both rows (or both
//!   columns): a lies on one diagonal, and not on the roof's, which would complete the pattern.
//!
//! With `missing_candidates` (HoDoKu's option) a corner need not hold a or b, as long as no
//! solved peer excludes it: the argument above never needs the candidates.

use super::rectangle::{Rectangle, unique_rectangles};
use kaidoku_engine::prelude::*;

pub struct UniqueRectangle {
    missing_candidates: bool,
}

const TYPE_1: StepKind = StepKind::new("unique-rectangle-1", "Uniqueness Test Type 1");
const TYPE_2: StepKind = StepKind::new("unique-rectangle-2", "Uniqueness Test Type 2");
const TYPE_3: StepKind = StepKind::new("unique-rectangle-3", "Uniqueness Test Type 3");
const TYPE_4: StepKind = StepKind::new("unique-rectangle-4", "Uniqueness Test Type 4");
const TYPE_5: StepKind = StepKind::new("unique-rectangle-5", "Uniqueness Test Type 5");
const TYPE_6: StepKind = StepKind::new("unique-rectangle-6", "Uniqueness Test Type 6");

impl Technique for UniqueRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        unique_rectangles(grid, self.missing_candidates, |rect| {
            match rect.floor.len() {
                3 => type_1(grid, rect, sink)?,
                1 | 2 => {
                    type_2_or_5(grid, rect, sink)?;
                    if rect.floor.len() == 2 {
                        type_3(grid, rect, sink)?;
                        type_4(grid, rect, sink)?;
                        type_6(grid, rect, sink)?;
                    }
                }
                _ => {}
            }
            ControlFlow::Continue(())
        })
    }
}

fn push(sink: &mut StepSink, step: Step) -> Flow {
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    sink.push(step)
}

fn type_1(grid: &Grid, rect: &Rectangle, sink: &mut StepSink) -> Flow {
    let mut eliminations = Candidates::EMPTY;
    for cell in rect.roof {
        eliminations.insert_digits(cell, grid.candidates(cell) & rect.pair);
    }
    push(sink, rect.step(grid, TYPE_1, eliminations))
}

fn type_2_or_5(grid: &Grid, rect: &Rectangle, sink: &mut StepSink) -> Flow {
    let Some(extra) = rect.extras(grid).only() else {
        return ControlFlow::Continue(());
    };
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(common_peers(rect.roof) & grid.cells_with(extra), extra);
    let in_one_house = common_houses(rect.roof).next().is_some();
    let kind = if rect.roof.len() == 2 && in_one_house {
        TYPE_2
    } else {
        TYPE_5
    };
    push(
        sink,
        rect.step(grid, kind, eliminations).part(Part::Digit(extra)),
    )
}

/// The roof's other digits and `k - 1` cells of a house holding the roof, without a or b, with
/// `k` digits in all: a naked subset of `k` "cells".
fn type_3(grid: &Grid, rect: &Rectangle, sink: &mut StepSink) -> Flow {
    let extras = rect.extras(grid);
    for house in common_houses(rect.roof) {
        let pool: CellSet = (grid.empty_cells_in(house) - rect.roof)
            .into_iter()
            .filter(|&c| !grid.candidates(c).intersects(rect.pair))
            .collect();
        for size in 1..=pool.len() as usize {
            for subset in combinations(pool, size) {
                let digits = extras | grid.candidates_of(subset);
                if digits.len() as usize != size + 1 {
                    continue;
                }
                let locked = rect.roof | subset;
                // A box subset inside one line was already found from that line.
                let lines = [locked.rows(), locked.cols()];
                if house.kind() == HouseKind::Box && lines.iter().any(|l| l.count_ones() == 1) {
                    continue;
                }
                // The subset's houses: this one, and its box when it lies in one.
                let mut reach = house.cells();
                if let Some(bx) = common_houses(locked).find(|h| h.kind() == HouseKind::Box) {
                    reach |= bx.cells();
                }
                let mut eliminations = Candidates::EMPTY;
                for cell in (reach & grid.empty_cells()) - locked {
                    eliminations.insert_digits(cell, grid.candidates(cell) & digits);
                }
                let step = rect
                    .step(grid, TYPE_3, eliminations)
                    .part(Part::Cells(subset))
                    .part(Part::Digits(digits));
                push(sink, step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// One of a and b has all its places of a house of the roof in the roof: the other digit
/// leaves the roof.
fn type_4(grid: &Grid, rect: &Rectangle, sink: &mut StepSink) -> Flow {
    let (a, b) = rect.digits();
    for (keep, lose) in [(a, b), (b, a)] {
        let confined = common_houses(rect.roof).any(|h| {
            let places = grid.house_cells_with(h, keep);
            !places.is_empty() && places.is_subset_of(rect.roof)
        });
        if confined {
            let mut eliminations = Candidates::EMPTY;
            eliminations.insert_cells(rect.roof & grid.cells_with(lose), lose);
            push(sink, rect.step(grid, TYPE_4, eliminations))?;
        }
    }
    ControlFlow::Continue(())
}

/// The roof on a diagonal and a digit of the pair confined to the corners in both rows or in
/// both columns: the digit leaves the roof.
fn type_6(grid: &Grid, rect: &Rectangle, sink: &mut StepSink) -> Flow {
    if common_houses(rect.roof).next().is_some() {
        return ControlFlow::Continue(());
    }
    // Corners 0 and 3 lie on a diagonal: between them, both rows and both columns.
    let (r1, r2) = (rect.corners[0].row(), rect.corners[3].row());
    let (c1, c2) = (rect.corners[0].col(), rect.corners[3].col());
    for digit in rect.pair {
        let confined = |lines: [House; 2]| {
            lines
                .iter()
                .all(|&h| grid.house_cells_with(h, digit).is_subset_of(rect.cells))
        };
        let in_rows = confined([House::row(r1), House::row(r2)]);
        let in_cols = confined([House::column(c1), House::column(c2)]);
        if in_rows || in_cols {
            let mut eliminations = Candidates::EMPTY;
            eliminations.insert_cells(rect.roof & grid.cells_with(digit), digit);
            push(sink, rect.step(grid, TYPE_6, eliminations))?;
        }
    }
    ControlFlow::Continue(())
}

const PARAMS: &[ParamSpec] = &[ParamSpec::bool(
    "missing_candidates",
    "corners may lack a digit of the pair that no solved peer excludes",
    true,
)];

register_technique!(TechniqueInfo {
    id: "unique-rectangle",
    name: "Unique Rectangle",
    summary: "uniqueness: four corners of a rectangle must not all end as the same two digits (types 1-6)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(UniqueRectangle {
            missing_candidates: params.bool("missing_candidates"),
        }))
    },
});

kaidoku_engine::register_uniqueness!("unique-rectangle");

register_fixtures!("unique-rectangle", "unique_rectangle.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{position, run_with, texts};
    use kaidoku_engine::{Cell, ParamValue::Bool};

    /// A Unique Rectangle type 1 on #15 (corners r3c4, r3c6, r7c4, r7c6), from the fixtures.
    const TYPE_1: &str = "+3....4+6+1+71+9+276+3+84+5......239+523...4+6....658+9+2+3..9+3+4+257.934...+7.+2.7.+439+1.6...8..+3.+4:";

    #[test]
    fn a_corner_may_lack_a_digit_only_with_missing_candidates() {
        let mut grid = position(TYPE_1);
        let expected = "Uniqueness Test Type 1 #15 r3c46 r7c46 => r7c6<>15";
        let strict = [("missing_candidates", Bool(false))];
        assert!(texts(&run_with("unique-rectangle", &grid, &strict)).contains(&expected.into()));
        // r3c4 loses the digit of the pair that is not its solution: no solved peer excludes
        // it, so the rectangle still counts, but only with missing candidates.
        let solution = grid.solutions(1).first.expect("one solution");
        let corner = Cell::at(2, 3);
        let wrong = if solution[corner.index()] == 1 { 5 } else { 1 };
        grid.eliminate(corner, wrong);
        let found = texts(&run_with("unique-rectangle", &grid, &strict));
        assert!(
            !found.iter().any(|t| t.contains("r3c46 r7c46")),
            "{found:?}"
        );
        let missing = [("missing_candidates", Bool(true))];
        assert!(texts(&run_with("unique-rectangle", &grid, &missing)).contains(&expected.into()));
    }
}
