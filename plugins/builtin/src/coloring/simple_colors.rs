//! Simple Colors: one cluster of one digit (see [`super`]). Either colour holds the digit
//! everywhere, so
//! - Trap: a place outside the cluster that sees both colours loses the digit (one of the two
//!   places it sees holds it);
//! - Wrap: when two places of one colour see each other, that colour cannot hold the digit
//!   everywhere, so it holds it nowhere: every place of that colour loses the digit.

use super::{Cluster, cluster_parts, clusters};
use kaidoku_engine::prelude::*;

pub struct SimpleColors;

const TRAP: StepKind = StepKind::new("simple-colors-trap", "Simple Colors Trap");
const WRAP: StepKind = StepKind::new("simple-colors-wrap", "Simple Colors Wrap");

impl Technique for SimpleColors {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // Clusters and their targets are one digit's cells: a digit whose cells are as they
        // were when this search last found nothing gives nothing now either.
        let changes = analysis.changes_since_last_miss();
        for digit in (1..=9).filter(|&digit| changes.digit_changed(digit)) {
            let places = grid.cells_with(digit);
            for cluster in clusters(grid, digit) {
                let trapped = (places & cluster.seen_by(0) & cluster.seen_by(1)) - cluster.cells();
                // A single conjugate pair traps only what locked candidates remove.
                if !trapped.is_empty() && cluster.cells().len() > 2 {
                    push(sink, TRAP, digit, &cluster, trapped)?;
                }
                for color in 0..2 {
                    let own = cluster.colors[color];
                    if own.iter().any(|cell| peers(cell).intersects(own)) {
                        push(sink, WRAP, digit, &cluster, own)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn push(
    sink: &mut StepSink,
    kind: StepKind,
    digit: Digit,
    cluster: &Cluster,
    targets: CellSet,
) -> Flow {
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, digit);
    let mut step = Step::new(kind).part(Part::Digit(digit));
    for part in cluster_parts(cluster) {
        step = step.part(part);
    }
    sink.push(
        step.eliminations(eliminations)
            .pattern("color 1", cluster.pattern(digit, 0))
            .pattern("color 2", cluster.pattern(digit, 1)),
    )
}

register_technique!(TechniqueInfo {
    id: "simple-colors",
    name: "Simple Colors",
    summary: "one digit's conjugate pairs in two colours: a place seeing both colours loses it (trap); a colour seeing itself loses it everywhere (wrap)",
    params: &[],
    build: |_| Ok(Box::new(SimpleColors)),
});

register_fixtures!("simple-colors", "simple_colors.fixtures");
