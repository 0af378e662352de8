//! Template Set: a digit goes into every empty cell that all its fitting templates use.

use super::verdicts;
use kaidoku_engine::prelude::*;

pub struct TemplateSet {
    combine: bool,
}

const KIND: StepKind = StepKind::new("template-set", "Template Set");

impl Technique for TemplateSet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for (i, verdict) in verdicts(grid, self.combine).iter().enumerate() {
            if verdict.sure.is_empty() {
                continue;
            }
            let digit = i as Digit + 1;
            let mut step = Step::new(KIND).part(Part::Digit(digit));
            let mut pattern = Candidates::EMPTY;
            pattern.insert_cells(verdict.sure, digit);
            for cell in verdict.sure {
                step = step.place(cell, digit);
            }
            sink.push(step.pattern("in every template", pattern))?;
        }
        ControlFlow::Continue(())
    }
}

pub(super) const PARAMS: &[ParamSpec] = &[ParamSpec::bool(
    "combine",
    "drop templates that use a cell another digit's templates all use",
    true,
)];

register_technique!(TechniqueInfo {
    id: "template-set",
    name: "Template Set",
    summary: "a digit goes where every placement of all nine of it that fits the grid puts it",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(TemplateSet {
            combine: params.bool("combine"),
        }))
    },
});

register_fixtures!("template-set", "template_set.fixtures");
