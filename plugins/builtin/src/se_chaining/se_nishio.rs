//! Sudoku Explainer's Nishio forcing chains (7.5 plus length): a candidate assumed on (or
//! off) whose one-digit consequences, followed dynamically, make some candidate both on and
//! off, so the assumption is false.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::hint::Rule;
use kaidoku_engine::se_chaining::multiple::multiple_chains;

pub struct SeNishio;

impl Technique for SeNishio {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(multiple_chains(grid, Rule::Nishio), sink)
    }
}

register_technique!(TechniqueInfo {
    id: "se-nishio",
    name: "Nishio Forcing Chains (SE)",
    summary: "Sudoku Explainer's Nishio forcing chains, in SE's order (7.5+)",
    params: &[],
    build: |_| Ok(Box::new(SeNishio)),
});

register_fixtures!("se-nishio", "se_nishio.fixtures");
