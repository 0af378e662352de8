//! Sudoku Explainer's dynamic forcing chains (8.5 plus length): chains that remove what they
//! turn off as they go, so a step may rest on several earlier ones; contradiction, double,
//! cell and region forcing chains.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::hint::Rule;
use kaidoku_engine::se_chaining::multiple::multiple_chains;

pub struct SeDynamicForcing;

impl Technique for SeDynamicForcing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(multiple_chains(grid, Rule::Dynamic(0)), sink)
    }
}

register_technique!(TechniqueInfo {
    id: "se-dynamic-forcing",
    name: "Dynamic Forcing Chains (SE)",
    summary: "Sudoku Explainer's dynamic forcing chains, in SE's order (8.5+)",
    params: &[],
    build: |_| Ok(Box::new(SeDynamicForcing)),
});

register_fixtures!("se-dynamic-forcing", "se_dynamic_forcing.fixtures");
