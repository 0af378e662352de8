//! Senior Exocet: a Junior Exocet whose targets need not lie in the base's band (GNPX's
//! standard form, one cell a target). Written for a base in row rb of box b0:
//!
//! - base and cross-lines as for the Junior Exocet: x0 the column of the base mini-row's third
//!   cell, x1 and x2 one column in each other stack;
//! - targets: T1 on x1 and T2 on x2, in any rows but rb, at least one outside the band;
//! - escape cells: x0's cells in the band (box b0) and the cross-lines' cells in row rb, where
//!   no base cell's digit can be; companions: the cross-line cells in the targets' rows, off
//!   the escape cells and the targets, hold no base digit, not even placed;
//! - S-cells: the rest of the cross-lines; each base digit's lie in two houses.
//!
//! The proof is the Junior Exocet's: a base cell's digit d is once in each cross-line, never in
//! an escape cell or a companion, at most twice in the S-cells: so it is in T1 or T2, and the
//! targets hold the two base digits. Its eliminations follow as there (matching base and
//! target digits, the cross-line rule, base digits known true), all but the mirror rules,
//! which need both targets in the band.

use super::{Base, Exocet};
use kaidoku_engine::prelude::*;

pub struct SeniorExocet;

const KIND: StepKind = StepKind::new("senior-exocet", "Senior Exocet");

impl Technique for SeniorExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        super::push_steps(grid, sink, KIND, each)
    }
}

/// Every exocet of this kind in `grid`, handed to `f`.
pub fn each(grid: &Grid, placed: &[CellSet; 10], f: &mut dyn FnMut(Exocet) -> Flow) -> Flow {
    for base in Base::all(grid) {
        let axis = base.axis;
        let [s1, s2] = base.other_stacks();
        let in_band = |line: usize| line / 3 == base.band;
        for l1 in (0..9).filter(|&l| l != base.line0) {
            for x1 in 3 * s1..3 * s1 + 3 {
                let t1 = axis.cell(l1, x1);
                if grid.value(t1).is_some() || !grid.candidates(t1).intersects(base.digits) {
                    continue;
                }
                for l2 in (0..9).filter(|&l| l != base.line0) {
                    if in_band(l1) && in_band(l2) {
                        continue; // a Junior Exocet
                    }
                    for x2 in 3 * s2..3 * s2 + 3 {
                        let targets = [t1, axis.cell(l2, x2)];
                        let Some(exocet) = base.exocet(grid, placed, targets, [x1, x2], None)
                        else {
                            continue;
                        };
                        f(exocet)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

register_technique!(TechniqueInfo {
    id: "senior-exocet",
    name: "Senior Exocet",
    summary: "an exocet whose target cells lie on the cross-lines outside the base's band",
    params: &[],
    build: |_| Ok(Box::new(SeniorExocet)),
});

register_fixtures!("senior-exocet", "senior_exocet.fixtures");
