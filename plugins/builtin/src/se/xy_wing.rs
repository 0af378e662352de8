//! Sudoku Explainer's XY-Wing (4.2) and XYZ-Wing (4.4, with `xyz`), found in SE's order: the
//! pivot by cell index, then the two pincers by index among the pivot's peers. SE applies the
//! first one found, so which wing is taken (and what it removes) follows that order, which can
//! change the rest of the path.
//!
//! XY-Wing: a bivalue pivot {x, y} and bivalue pincers {x, z} and {y, z} seeing it: one pincer
//! is z, so cells seeing both lose z. XYZ-Wing: the pivot holds {x, y, z}, and the cells must
//! also see the pivot.

use crate::wings::wing_step;
use kaidoku_engine::prelude::*;

pub struct SeXyWing {
    xyz: bool,
}

const XY: StepKind = StepKind::new("xy-wing", "XY-Wing");
const XYZ: StepKind = StepKind::new("xyz-wing", "XYZ-Wing");

impl Technique for SeXyWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let size = if self.xyz { 3 } else { 2 };
        let bivalue = grid.bivalue_cells();
        for pivot in grid.empty_cells() {
            let p = grid.candidates(pivot);
            if p.len() != size {
                continue;
            }
            for a in peers(pivot) & bivalue {
                let pa = grid.candidates(a);
                if (p - pa).len() != 1 {
                    continue;
                }
                for b in peers(pivot) & bivalue {
                    let pb = grid.candidates(b);
                    let union = p | pa | pb;
                    let common = p & pa & pb;
                    let shape = if self.xyz {
                        union.len() == 3 && common.len() == 1
                    } else {
                        union.len() == 3 && common.is_empty()
                    };
                    if !shape {
                        continue;
                    }
                    let Some(z) = (pa & pb).only() else {
                        continue;
                    };
                    let mut seen = peers(a) & peers(b);
                    if self.xyz {
                        seen &= peers(pivot);
                    }
                    let wing = CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b);
                    let targets = (seen - wing) & grid.cells_with(z);
                    if targets.is_empty() {
                        continue;
                    }
                    let kind = if self.xyz { XYZ } else { XY };
                    let step = wing_step(grid, kind, (pivot, p), (a, b), z, targets);
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "se-xy-wing",
    name: "XY-Wing / XYZ-Wing (Sudoku Explainer)",
    summary: "SE's XY-Wing (or XYZ-Wing with `xyz`), the first in SE's scan order",
    params: &[ParamSpec::bool(
        "xyz",
        "XYZ-Wings (a trivalue pivot) instead of XY-Wings",
        false
    )],
    build: |params| Ok(Box::new(SeXyWing {
        xyz: params.bool("xyz")
    })),
});

register_fixtures!("se-xy-wing", "xy_wing.fixtures");
