//! Sukaku Explainer's VWXYZ-Wing: the WXYZ-Wing of `se-wxyz-wing` with four mutually visible
//! cells holding five digits. SE rates it 6.2 and up: 6.2 + 0.1 × (2 − |3 − k|), where k is the
//! candidate count of the set's fullest cell (6.3, 6.4, 6.3, 6.2 for k = 2..5).

use super::wxyz_wing::{als_wings, rank};
use kaidoku_engine::prelude::*;

pub struct SeVwxyzWing {
    sorted: bool,
}

/// The kinds by the candidate count of the set's fullest cell (index 2..=5).
const KINDS: [StepKind; 4] = [
    StepKind::new("se-vwxyz-wing-2", "VWXYZ-Wing"),
    StepKind::new("se-vwxyz-wing-3", "VWXYZ-Wing"),
    StepKind::new("se-vwxyz-wing-4", "VWXYZ-Wing"),
    StepKind::new("se-vwxyz-wing-5", "VWXYZ-Wing"),
];

impl Technique for SeVwxyzWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        als_wings(
            grid,
            4,
            self.sorted,
            &|big| (KINDS[big - 2].clone(), rank(4, big)),
            sink,
        )
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec::bool(
    "sorted",
    "offer the easiest wing first, then the one with most eliminations (newer Sukaku Explainers); else the first in scan order",
    true,
)];

register_technique!(TechniqueInfo {
    id: "se-vwxyz-wing",
    name: "VWXYZ-Wing (Sudoku Explainer)",
    summary: "SE's VWXYZ-Wing: four mutually visible cells with five digits and a bivalue cell, as ALS-XZ",
    params: PARAMS,
    build: |params| Ok(Box::new(SeVwxyzWing {
        sorted: params.bool("sorted")
    })),
});

register_fixtures!("se-vwxyz-wing", "vwxyz_wing.fixtures");
