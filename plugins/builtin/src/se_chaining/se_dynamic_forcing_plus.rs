//! Sudoku Explainer's dynamic forcing chains (+) (9.0 plus length): dynamic forcing chains
//! that also apply SE's basic rules (pointing and claiming, hidden and naked pairs, X-Wing) on
//! the chain's grid each time its implications run dry, counting the removals those needed.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::nested::dynamic_chains;

pub struct SeDynamicForcingPlus;

impl Technique for SeDynamicForcingPlus {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(dynamic_chains(grid, 1, 0), sink)
    }
}

register_technique!(TechniqueInfo {
    id: "se-dynamic-forcing-plus",
    name: "Dynamic Forcing Chains (+) (SE)",
    summary: "Sudoku Explainer's dynamic forcing chains with its basic rules inside (9.0+)",
    params: &[],
    build: |_| Ok(Box::new(SeDynamicForcingPlus)),
});

register_fixtures!(
    "se-dynamic-forcing-plus",
    "se_dynamic_forcing_plus.fixtures"
);
