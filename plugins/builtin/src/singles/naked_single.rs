//! Naked Single: a cell with one candidate left takes it.

use kaidoku_engine::prelude::*;
use kaidoku_engine::singles::naked_singles;

pub struct NakedSingle;

impl Technique for NakedSingle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        naked_singles(grid, |single| sink.push(single.step()))
    }
}

register_technique!(TechniqueInfo {
    id: "naked-single",
    name: "Naked Single",
    summary: "a cell with a single candidate takes it",
    params: &[],
    build: |_| Ok(Box::new(NakedSingle)),
});

register_fixtures!("naked-single", "naked_single.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn places_every_single_candidate_cell() {
        // r1c9 and r9c1 both have one candidate left.
        let grid = position(
            "12345678.........................................................................",
        );
        assert_eq!(texts(&run("naked-single", &grid)), ["Naked Single: r1c9=9"]);
        let grid = position(
            ".........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n12345678.",
        );
        assert_eq!(texts(&run("naked-single", &grid)), ["Naked Single: r9c9=9"]);
    }

    #[test]
    fn sees_singles_made_by_eliminations() {
        let mut grid = position(&".".repeat(81));
        let cell = kaidoku_engine::Cell::at(4, 4);
        for digit in 1..=8 {
            grid.eliminate(cell, digit);
        }
        assert_eq!(texts(&run("naked-single", &grid)), ["Naked Single: r5c5=9"]);
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("naked-single", &position(&".".repeat(81))).is_empty());
    }
}
