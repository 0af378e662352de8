//! Firework ALP: a stem with a firework of two digits x and y (see `fireworks`) whose frame's
//! corner X holds exactly {x,y}: the leaves and X are an almost locked pair. Then the stem is x
//! or y: its other candidates go.
//!
//! *Proof.* Were the stem neither x nor y, both fireworks would put x and y in the two leaves,
//! one each; X sees both leaves and would be left with no candidate. ∎
//!
//! GNPX asks for strong fireworks here; the proof does not need them, so this rule takes any.

use crate::fireworks::{drop_others, firework_digits, firework_step, frames};
use kaidoku_engine::prelude::*;

pub struct FireworkAlp;

const KIND: StepKind = StepKind::new("firework-alp", "Firework ALP");

impl Technique for FireworkAlp {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let bivalue = grid.bivalue_cells();
        for frame in frames(grid) {
            let corner = frame.corner();
            if !bivalue.contains(corner) {
                continue;
            }
            let pair = grid.candidates(corner);
            if !pair.is_subset_of(firework_digits(grid, frame)) {
                continue;
            }
            let mut eliminations = Candidates::EMPTY;
            drop_others(grid, frame.stem, pair, &mut eliminations);
            if eliminations.is_empty() {
                continue;
            }
            let mut locked = Candidates::EMPTY;
            locked.insert_digits(corner, pair);
            let step = firework_step(grid, KIND, frame, pair)
                .part(Part::Cells(CellSet::single(corner)))
                .eliminations(eliminations)
                .pattern("pair", locked);
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-alp",
    name: "Firework ALP",
    summary: "a firework pair {x,y} whose corner holds {x,y}: the stem is x or y",
    params: &[],
    build: |_| Ok(Box::new(FireworkAlp)),
});

register_fixtures!("firework-alp", "firework_alp.fixtures");
