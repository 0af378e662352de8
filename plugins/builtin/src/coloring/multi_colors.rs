//! Multi Colors: two clusters of one digit (see [`super`]), A with colours a and a', B with b
//! and b'. Places of different clusters that see each other cannot both hold the digit:
//! - Type 1: some place of colour a sees some place of colour b. Then a and b are not both
//!   true, so a' or b' is: a place that sees both a' and b' loses the digit (a place of the
//!   clusters too: it sees a' and b', so it is false whichever of them holds the digit).
//! - Type 2: colour a sees both colours of B (through any of its places). One of b and b'
//!   holds the digit, so a cannot: every place of colour a loses it.

use super::{Cluster, cluster_parts, clusters};
use kaidoku_engine::prelude::*;

pub struct MultiColors;

const TYPE_1: StepKind = StepKind::new("multi-colors-1", "Multi Colors 1");
const TYPE_2: StepKind = StepKind::new("multi-colors-2", "Multi Colors 2");

impl Technique for MultiColors {
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
            let clusters = clusters(grid, digit);
            for (i, a) in clusters.iter().enumerate() {
                for (j, b) in clusters.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    // Type 1 is symmetric in the two clusters: take each unordered pair once.
                    if i < j {
                        type_1(sink, digit, places, a, b)?;
                    }
                    for color in 0..2 {
                        let seen = a.seen_by(color);
                        if seen.intersects(b.colors[0]) && seen.intersects(b.colors[1]) {
                            push(sink, TYPE_2, digit, a, b, a.colors[color])?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Every bridge between a colour of `a` and a colour of `b`: what sees both other colours
/// loses the digit; one step for the two clusters, as HoDoKu reports it.
fn type_1(sink: &mut StepSink, digit: Digit, places: CellSet, a: &Cluster, b: &Cluster) -> Flow {
    let mut targets = CellSet::EMPTY;
    for ca in 0..2 {
        for cb in 0..2 {
            if a.seen_by(ca).intersects(b.colors[cb]) {
                targets |= places & a.seen_by(1 - ca) & b.seen_by(1 - cb);
            }
        }
    }
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    push(sink, TYPE_1, digit, a, b, targets)
}

fn push(
    sink: &mut StepSink,
    kind: StepKind,
    digit: Digit,
    a: &Cluster,
    b: &Cluster,
    targets: CellSet,
) -> Flow {
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, digit);
    let mut step = Step::new(kind).part(Part::Digit(digit));
    for part in cluster_parts(a) {
        step = step.part(part);
    }
    step = step.part(Part::Text(",".into()));
    for part in cluster_parts(b) {
        step = step.part(part);
    }
    sink.push(
        step.eliminations(eliminations)
            .pattern("cluster 1 color 1", a.pattern(digit, 0))
            .pattern("cluster 1 color 2", a.pattern(digit, 1))
            .pattern("cluster 2 color 1", b.pattern(digit, 0))
            .pattern("cluster 2 color 2", b.pattern(digit, 1)),
    )
}

register_technique!(TechniqueInfo {
    id: "multi-colors",
    name: "Multi Colors",
    summary: "two clusters of one digit's conjugate pairs: a bridge between colours eliminates what sees both other colours; a colour seeing both colours of the other cluster is false",
    params: &[],
    build: |_| Ok(Box::new(MultiColors)),
});

register_fixtures!("multi-colors", "multi_colors.fixtures");
