//! Wings: a pivot cell and pincer cells that see it, forcing a digit into one of the pincers
//! or the pivot. (XY-Wings and W-Wings are chains: see `chains`.)

pub mod wxyz_wing;
pub mod xyz_wing;

use kaidoku_engine::prelude::*;

/// The step of a three-cell wing: `pivot` holding `digits`, pincers `a` and `b`, and `z`
/// removed from `targets` (the cells seeing every wing cell that holds it).
pub fn wing_step(
    grid: &Grid,
    kind: StepKind,
    (pivot, digits): (Cell, DigitSet),
    (a, b): (Cell, Cell),
    z: Digit,
    targets: CellSet,
) -> Step {
    let wing = CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b);
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, z);
    let mut pattern = Candidates::EMPTY;
    for cell in wing {
        pattern.insert_digits(cell, grid.candidates(cell));
    }
    Step::new(kind)
        .part(Part::Cells(CellSet::single(pivot)))
        .part(Part::Digits(digits))
        .part(Part::Cells(CellSet::single(a) | CellSet::single(b)))
        .part(Part::Digit(z))
        .eliminations(eliminations)
        .pattern("wing", pattern)
}
