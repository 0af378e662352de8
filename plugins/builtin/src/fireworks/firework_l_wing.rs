//! Firework L-Wing (GNPX v6): a stem S with fireworks of two digits x and y (see `fireworks`),
//! and, at its frame's corner X, a *strong* firework of a third digit z on the same leaves
//! (GNPX's "assist": z's only places in X's row and column are X and the leaves). Then X is z,
//! and neither leaf is z.
//!
//! *Proof.* The strong firework of z puts z in X or in both leaves. Were both leaves z, x and y
//! would both have to lie in S (each lies in S or a leaf): S cannot hold two digits. So X is z,
//! and the leaves, which see X, are not z. ∎
//!
//! GNPX asks for strong fireworks of x and y too. Those make x and y a hidden pair in the
//! stem's row (S and the row leaf) and in its column (S and the column leaf), which takes z
//! from the leaves first, assist or not; the proof needs only plain fireworks, so this rule
//! takes any (as `firework_alp` does), and finds GNPX's steps as well as the ones hidden
//! pairs do not give. The eliminations are GNPX's: z leaves the leaves (X is then a hidden
//! single of its row).

use crate::fireworks::{firework_digits, firework_step, frames, strong_digits};
use kaidoku_engine::prelude::*;

pub struct FireworkLWing;

const KIND: StepKind = StepKind::new("firework-l-wing", "Firework L-Wing");

impl Technique for FireworkLWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for frame in frames(grid) {
            let assist = frame.opposite();
            if grid.value(assist.stem).is_some() {
                continue;
            }
            // A strong firework has its digit in both leaves, so z can still go from them.
            let zs = strong_digits(grid, assist);
            if zs.is_empty() {
                continue;
            }
            let digits = firework_digits(grid, frame);
            if digits.len() < 2 {
                continue;
            }
            for z in zs {
                // Two digits besides z are enough; any more are named too.
                let others = digits - DigitSet::single(z);
                if others.len() < 2 {
                    continue;
                }
                let mut eliminations = Candidates::EMPTY;
                eliminations.insert_cells(frame.leaves() & grid.cells_with(z), z);
                let mut assisting = Candidates::EMPTY;
                assisting.insert(assist.stem, z);
                let step = firework_step(grid, KIND, frame, others)
                    .part(Part::Cells(CellSet::single(assist.stem)))
                    .part(Part::Digits(DigitSet::single(z)))
                    .eliminations(eliminations)
                    .pattern("assist", assisting);
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-l-wing",
    name: "Firework L-Wing",
    summary: "a firework pair on a stem and, at its corner, a strong firework of z on the same leaves: the corner is z, the leaves lose z",
    params: &[],
    build: |_| Ok(Box::new(FireworkLWing)),
});

register_fixtures!("firework-l-wing", "firework_l_wing.fixtures");
