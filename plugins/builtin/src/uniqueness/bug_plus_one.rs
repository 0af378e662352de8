//! BUG+1 (Bivalue Universal Grave plus one): every empty cell holds two candidates but one,
//! which holds three. Were that cell one of its other two digits, every cell would be
//! bivalue with each digit twice in every house: such a grave has two solutions or none. So the
//! cell holds the digit that appears three times in its houses, and loses the other two.

use kaidoku_engine::prelude::*;

pub struct BugPlusOne;

const KIND: StepKind = StepKind::new("bug-plus-one", "Bivalue Universal Grave + 1");

impl Technique for BugPlusOne {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells();
        let others = empty - grid.bivalue_cells();
        let Some(cell) = others.only() else {
            return ControlFlow::Continue(());
        };
        let digits = grid.candidates(cell);
        if digits.len() != 3 {
            return ControlFlow::Continue(());
        }
        // The digit with three places in each of the cell's houses.
        let three = digits.iter().find(|&d| {
            houses_of(cell)
                .iter()
                .all(|&h| grid.house_cells_with(h, d).len() == 3)
        });
        let Some(digit) = three else {
            return ControlFlow::Continue(());
        };
        let mut pattern = Candidates::EMPTY;
        pattern.insert_digits(cell, digits);
        let mut eliminations = Candidates::EMPTY;
        eliminations.insert_digits(cell, digits - DigitSet::single(digit));
        sink.push(
            Step::new(KIND)
                .part(Part::Cells(CellSet::single(cell)))
                .part(Part::Digits(digits))
                .part(Part::Digit(digit))
                .eliminations(eliminations)
                .pattern("cell", pattern),
        )
    }
}

register_technique!(TechniqueInfo {
    id: "bug-plus-one",
    name: "BUG+1",
    summary: "uniqueness: all cells bivalue but one; that one takes the digit seen three times",
    params: &[],
    build: |_| Ok(Box::new(BugPlusOne)),
});

kaidoku_engine::register_uniqueness!("bug-plus-one");

register_fixtures!("bug-plus-one", "bug_plus_one.fixtures");
