//! Sudoku Explainer's multiple forcing chains (8.0 plus length): every candidate of a cell
//! (cell forcing chains), or every place of a digit in a house (region forcing chains),
//! implies the same candidate on or off, by static chains.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::hint::Rule;
use kaidoku_engine::se_chaining::multiple::multiple_chains;

pub struct SeMultipleForcing;

impl Technique for SeMultipleForcing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(multiple_chains(grid, Rule::Multiple), sink)
    }
}

register_technique!(TechniqueInfo {
    id: "se-multiple-forcing",
    name: "Multiple Forcing Chains (SE)",
    summary: "Sudoku Explainer's cell and region forcing chains, in SE's order (8.0+)",
    params: &[],
    build: |_| Ok(Box::new(SeMultipleForcing)),
});

register_fixtures!("se-multiple-forcing", "se_multiple_forcing.fixtures");
