//! Sudoku Explainer's nested forcing chains: dynamic forcing chains whose implications also
//! come from SE's basic rules and from whole chaining producers run on the chain's grid.
//! Level 2 (9.5) nests "Forcing Chains & Cycles", level 3 (10.0) also multiple forcing chains,
//! level 4 (10.5) dynamic forcing chains of level `limit` (SE's experimental producers run it
//! with limits 0, 1 and 2 in turn). A nested chain's complexity adds to the step's length.

use super::emit;
use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::nested::dynamic_chains;

pub struct SeNestedForcing {
    level: u8,
    limit: u8,
}

impl Technique for SeNestedForcing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        emit(dynamic_chains(grid, self.level, self.limit), sink)
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "level",
        "SE's nesting level: 2 forcing chains, 3 multiple forcing chains, 4 dynamic forcing chains",
        2,
        2,
        4,
    ),
    ParamSpec::int(
        "limit",
        "level 4 only: the level of the nested dynamic chains (SE's nestingLimit)",
        0,
        0,
        2,
    ),
];

register_technique!(TechniqueInfo {
    id: "se-nested-forcing",
    name: "Nested Forcing Chains (SE)",
    summary: "Sudoku Explainer's nested forcing chains, levels 2–4, in SE's order (9.5+)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(SeNestedForcing {
            level: params.int("level") as u8,
            limit: params.int("limit") as u8,
        }))
    },
});

register_fixtures!("se-nested-forcing", "se_nested_forcing.fixtures");
