//! XYZ-Wing: a pivot holding exactly {x, y, z} and two bivalue pincers that see it, one {x, z}
//! and one {y, z}. Whatever the pivot holds, z lands in the pivot or in a pincer: if the pivot
//! is x, the {x, z} pincer is z; if y, the {y, z} pincer is z. So a cell seeing the pivot and
//! both pincers cannot be z.

use crate::wings::wing_step;
use kaidoku_engine::prelude::*;

pub struct XyzWing;

const KIND: StepKind = StepKind::new("xyz-wing", "XYZ-Wing");

impl Technique for XyzWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let bivalue = grid.bivalue_cells();
        for pivot in grid.empty_cells() {
            let digits = grid.candidates(pivot);
            if digits.len() != 3 {
                continue;
            }
            // Bivalue peers whose pair lies within the pivot's digits.
            let pincers: Vec<Cell> = (peers(pivot) & bivalue)
                .iter()
                .filter(|&c| grid.candidates(c).is_subset_of(digits))
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (pa, pb) = (grid.candidates(a), grid.candidates(b));
                    if pa == pb {
                        continue;
                    }
                    let Some(z) = (pa & pb).only() else {
                        continue;
                    };
                    let wing = CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b);
                    let targets = common_peers(wing) & grid.cells_with(z);
                    if targets.is_empty() {
                        continue;
                    }
                    let kind = KIND;
                    let step = wing_step(grid, kind, (pivot, digits), (a, b), z, targets);
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "xyz-wing",
    name: "XYZ-Wing",
    summary: "a pivot {x,y,z} and pincers {x,z} and {y,z}: what sees all three loses z",
    params: &[],
    build: |_| Ok(Box::new(XyzWing)),
});

register_fixtures!("xyz-wing", "xyz_wing.fixtures");
