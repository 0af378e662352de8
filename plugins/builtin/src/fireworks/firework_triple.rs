//! Firework Triple: three digits with a firework on the same frame (stem, row leaf, column
//! leaf). Each of the three digits lies in at least one of the three cells (see `fireworks`),
//! and the three cells hold three values: each cell holds one of the three digits, so every
//! other candidate of the stem and the leaves goes (a locked set on three cells).
//!
//! A fourth digit on the same frame would need a fourth place: no solution, so such frames are
//! left alone.

use crate::fireworks::{Frame, drop_others, firework_digits, firework_step, frames};
use kaidoku_engine::prelude::*;

pub struct FireworkTriple;

const KIND: StepKind = StepKind::new("firework-triple", "Firework Triple");

impl Technique for FireworkTriple {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for frame in frames(grid) {
            let digits = firework_digits(grid, frame);
            if digits.len() != 3 {
                continue;
            }
            let eliminations = locked_frame(grid, frame, digits);
            if eliminations.is_empty() {
                continue;
            }
            sink.push(firework_step(grid, KIND, frame, digits).eliminations(eliminations))?;
        }
        ControlFlow::Continue(())
    }
}

/// The candidates of the frame's three cells outside `digits`.
fn locked_frame(grid: &Grid, frame: Frame, digits: DigitSet) -> Candidates {
    let mut out = Candidates::EMPTY;
    for cell in frame.cells() {
        drop_others(grid, cell, digits, &mut out);
    }
    out
}

register_technique!(TechniqueInfo {
    id: "firework-triple",
    name: "Firework Triple",
    summary: "three digits each in a stem or its two leaves: the three cells hold only them",
    params: &[],
    build: |_| Ok(Box::new(FireworkTriple)),
});

register_fixtures!("firework-triple", "firework_triple.fixtures");
