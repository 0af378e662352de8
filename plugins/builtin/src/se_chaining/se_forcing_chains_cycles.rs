//! Sudoku Explainer's "Forcing Chains & Cycles": bidirectional cycles (X-cycles of one digit
//! 6.5, Y-cycles through bivalue cells 6.5, cycles with both 7.0) and forcing chains that lead
//! from a candidate to its own negation (forcing X-chains 6.6, forcing chains 7.0), plus SE's
//! length tenths. SE's first hint is the easiest, then the shortest.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::cycles::forcing_chains_and_cycles;

pub struct SeForcingChainsCycles;

impl Technique for SeForcingChainsCycles {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(forcing_chains_and_cycles(grid), sink)
    }
}

register_technique!(TechniqueInfo {
    id: "se-forcing-chains-cycles",
    name: "Forcing Chains & Cycles (SE)",
    summary: "Sudoku Explainer's X-, Y- and XY-cycles and forcing chains, in SE's order (6.5+)",
    params: &[],
    build: |_| Ok(Box::new(SeForcingChainsCycles)),
});

register_fixtures!(
    "se-forcing-chains-cycles",
    "se_forcing_chains_cycles.fixtures"
);
