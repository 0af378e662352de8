//! Franken Exocet: a Junior or Senior Exocet whose base cross-line x0 is replaced by a box,
//! the three cross houses being a box and the targets' two cross-lines, the S-cells covered
//! by any two houses. The argument and its eliminations are in [`super::cross_houses`]: the
//! box, like x0, must hold each base value once outside the escape cells, and with the two
//! cross-lines needs it three times in the S-cells unless a target holds it.

use super::cross_houses::{Replacement, find};
use kaidoku_engine::prelude::*;

pub struct FrankenExocet;

const KIND: StepKind = StepKind::new("franken-exocet", "Franken Exocet");

impl Technique for FrankenExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        find(grid, sink, Replacement::Box, &KIND)
    }
}

register_technique!(TechniqueInfo {
    id: "franken-exocet",
    name: "Franken Exocet",
    summary: "an exocet whose third cross house is a box: the base digits, too few times in \
              the S-cells of the box and the targets' cross-lines, reappear in the targets",
    params: &[],
    build: |_| Ok(Box::new(FrankenExocet)),
});

register_fixtures!("franken-exocet", "franken_exocet.fixtures");
