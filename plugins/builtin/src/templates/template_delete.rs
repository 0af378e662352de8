//! Template Delete: a digit leaves every candidate that none of its fitting templates uses.

use super::template_set::PARAMS;
use super::verdicts;
use kaidoku_engine::prelude::*;

pub struct TemplateDelete {
    combine: bool,
}

const KIND: StepKind = StepKind::new("template-delete", "Template Delete");

impl Technique for TemplateDelete {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for (i, verdict) in verdicts(grid, self.combine).iter().enumerate() {
            if verdict.impossible.is_empty() {
                continue;
            }
            let digit = i as Digit + 1;
            let mut eliminations = Candidates::EMPTY;
            eliminations.insert_cells(verdict.impossible, digit);
            sink.push(
                Step::new(KIND)
                    .part(Part::Digit(digit))
                    .eliminations(eliminations),
            )?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "template-delete",
    name: "Template Delete",
    summary: "a digit leaves the candidates that no placement of all nine of it fitting the grid uses",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(TemplateDelete {
            combine: params.bool("combine"),
        }))
    },
});

register_fixtures!("template-delete", "template_delete.fixtures");
