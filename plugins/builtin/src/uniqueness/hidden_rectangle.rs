//! Hidden Rectangle: a possible deadly pattern on {a, b} (see `super::rectangle`) with a
//! corner C holding nothing but a and b. Take the row and the column through the opposite
//! corner D: if a has no place in either outside the rectangle, D is not b. Were D b, a would
//! sit in the other corner of that row and the other corner of that column, both peers of C,
//! which would then be b: the four corners would be the deadly pattern.

use super::rectangle::{diagonal, unique_rectangles};
use kaidoku_engine::prelude::*;

pub struct HiddenRectangle {
    missing_candidates: bool,
}

const KIND: StepKind = StepKind::new("hidden-rectangle", "Hidden Rectangle");

impl Technique for HiddenRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        unique_rectangles(grid, self.missing_candidates, |rect| {
            // Three floor corners make a Unique Rectangle type 1, which takes more.
            if rect.floor.len() > 2 {
                return ControlFlow::Continue(());
            }
            for corner in rect.floor {
                let opposite = diagonal(&rect.corners, corner);
                let lines = [House::row(opposite.row()), House::column(opposite.col())];
                let (a, b) = rect.digits();
                for (kept, lost) in [(a, b), (b, a)] {
                    let confined = lines
                        .iter()
                        .all(|&h| grid.house_cells_with(h, kept).is_subset_of(rect.cells));
                    if !confined || !grid.has_candidate(opposite, lost) {
                        continue;
                    }
                    let step = rect
                        .step(grid, KIND, Candidates::EMPTY)
                        .part(Part::Digit(kept))
                        .eliminate(opposite, lost);
                    sink.push(step)?;
                }
            }
            ControlFlow::Continue(())
        })
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec::bool(
    "missing_candidates",
    "corners may lack a digit of the pair that no solved peer excludes",
    true,
)];

register_technique!(TechniqueInfo {
    id: "hidden-rectangle",
    name: "Hidden Rectangle",
    summary: "uniqueness: a rectangle with a bivalue corner and one digit confined to the corners in the opposite row and column",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(HiddenRectangle {
            missing_candidates: params.bool("missing_candidates"),
        }))
    },
});

kaidoku_engine::register_uniqueness!("hidden-rectangle");

register_fixtures!("hidden-rectangle", "hidden_rectangle.fixtures");
