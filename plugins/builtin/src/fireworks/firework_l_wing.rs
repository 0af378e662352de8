//! Firework L-Wing: a stem with strong fireworks of two digits x and y (see `fireworks`:
//! their only places in the stem's row and column are the stem and the leaves), and, at the
//! frame's corner, a strong firework of a third digit z on the same leaves (GNPX's "assist").
//! Then neither leaf is z.
//!
//! *Proof.* A strong firework puts its digit in the stem or in both leaves. The stem holds at
//! most one of x and y, so the other one fills both leaves: each leaf is x or y, never z. ∎
//!
//! The proof needs only the stem's pair; GNPX's rule asks for the assisting firework too (the
//! "L" of stem, leaves and corner), and so does this one: it names the same steps.

use crate::fireworks::{firework_step, frames, strong_digits};
use kaidoku_engine::prelude::*;

pub struct FireworkLWing;

const KIND: StepKind = StepKind::new("firework-l-wing", "Firework L-Wing");

impl Technique for FireworkLWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for frame in frames(grid) {
            let pair = strong_digits(grid, frame);
            // Three strong fireworks on one stem would need three digits in two leaves.
            if pair.len() != 2 {
                continue;
            }
            let assist = frame.opposite();
            if grid.value(assist.stem).is_some() {
                continue;
            }
            let zs = strong_digits(grid, assist) - pair;
            if zs.is_empty() {
                continue;
            }
            let mut eliminations = Candidates::EMPTY;
            let mut assisting = Candidates::EMPTY;
            for z in zs {
                eliminations.insert_cells(frame.leaves() & grid.cells_with(z), z);
                assisting.insert(assist.stem, z);
            }
            let step = firework_step(grid, KIND, frame, pair)
                .part(Part::Cells(CellSet::single(assist.stem)))
                .part(Part::Digits(zs))
                .eliminations(eliminations)
                .pattern("assist", assisting);
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-l-wing",
    name: "Firework L-Wing",
    summary: "a strong firework pair and, at its corner, a strong firework of z on the same leaves: the leaves lose z",
    params: &[],
    build: |_| Ok(Box::new(FireworkLWing)),
});

register_fixtures!("firework-l-wing", "firework_l_wing.fixtures");
