//! Mutant Exocet: a Junior or Senior Exocet whose base cross-line x0 is replaced by a line
//! parallel to the base's (a row for a base in a row), so the cross houses mix rows and
//! columns; the row may cross the targets' cross-lines only where no base digit can be. The
//! S-cells are covered by any two houses. The argument and its eliminations are in
//! [`super::cross_houses`].

use super::cross_houses::{Replacement, find};
use kaidoku_engine::prelude::*;

pub struct MutantExocet;

const KIND: StepKind = StepKind::new("mutant-exocet", "Mutant Exocet");

impl Technique for MutantExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        find(grid, sink, Replacement::Line, &KIND)
    }
}

register_technique!(TechniqueInfo {
    id: "mutant-exocet",
    name: "Mutant Exocet",
    summary: "an exocet whose third cross house is a line crossing the targets' cross-lines: \
              the base digits, too few times in the S-cells, reappear in the targets",
    params: &[],
    build: |_| Ok(Box::new(MutantExocet)),
});

register_fixtures!("mutant-exocet", "mutant_exocet.fixtures");
