//! Sudoku Explainer's Direct Pointing and Direct Claiming: a locked candidate whose
//! eliminations leave the digit a single place in another house of the kind of its source
//! (another box for pointing, a parallel line for claiming). SE asks for these before naked
//! singles (1.7 / 1.9) and for the other locked candidates only later (2.6 / 2.8), so they are
//! a producer of their own.

use crate::intersections::locked_candidates::LockedCandidates;
use kaidoku_engine::prelude::*;
use kaidoku_engine::rating::gives_hidden_single;
use std::sync::Arc;

pub struct SeDirectPointing;

impl Technique for SeDirectPointing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut all = StepSink::all(Arc::from("se-direct-pointing"));
        LockedCandidates.find_steps(grid, &mut all)?;
        for step in all.into_steps() {
            if gives_hidden_single(&step, grid) {
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "se-direct-pointing",
    name: "Direct Pointing (Sudoku Explainer)",
    summary: "a pointing or claiming that leaves a hidden single at once in another house of its kind",
    params: &[],
    build: |_| Ok(Box::new(SeDirectPointing)),
});

register_fixtures!("se-direct-pointing", "direct_pointing.fixtures");
