//! Firework W-Wing: a stem with a firework of two digits x and y (see `fireworks`), and its
//! frame's corner X, which sees both leaves. Two bivalue {x,y} wing cells: one in the corner's
//! column (it sees the row leaf and X), one in the corner's row (it sees the column leaf and
//! X). Then X holds neither x nor y.
//!
//! *Proof.* Say X is x (y alike). Both wings see X, so both are y; each leaf sees a wing, so
//! neither leaf is y, and y's firework puts y in the stem. Then x's firework puts x in a leaf,
//! but X, which is x, sees both leaves. ∎

use crate::fireworks::{firework_digits, firework_step, frames};
use kaidoku_engine::prelude::*;

pub struct FireworkWWing;

const KIND: StepKind = StepKind::new("firework-w-wing", "Firework W-Wing");

impl Technique for FireworkWWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let bivalue = grid.bivalue_cells();
        for frame in frames(grid) {
            let digits = firework_digits(grid, frame);
            if digits.len() < 2 {
                continue;
            }
            let corner = frame.corner();
            let not_wings = frame.cells() | CellSet::single(corner);
            let col_wings = (House::column(corner.col()).cells() & bivalue) - not_wings;
            let row_wings = (House::row(corner.row()).cells() & bivalue) - not_wings;
            for pair in digit_combinations(digits, 2) {
                let targets = grid.candidates(corner) & pair;
                if targets.is_empty() {
                    continue;
                }
                let with_pair = |cell: &Cell| grid.candidates(*cell) == pair;
                let (Some(a), Some(b)) = (
                    col_wings.iter().find(with_pair),
                    row_wings.iter().find(with_pair),
                ) else {
                    continue;
                };
                let mut eliminations = Candidates::EMPTY;
                eliminations.insert_digits(corner, targets);
                let mut wings = Candidates::EMPTY;
                wings.insert_digits(a, pair);
                wings.insert_digits(b, pair);
                let step = firework_step(grid, KIND, frame, pair)
                    .part(Part::Cells(CellSet::single(a) | CellSet::single(b)))
                    .eliminations(eliminations)
                    .pattern("wing", wings);
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-w-wing",
    name: "Firework W-Wing",
    summary: "a firework pair {x,y} and two {x,y} cells seeing its leaves: their meeting cell loses x and y",
    params: &[],
    build: |_| Ok(Box::new(FireworkWWing)),
});

register_fixtures!("firework-w-wing", "firework_w_wing.fixtures");
