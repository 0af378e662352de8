//! ALS-XZ: two almost locked sets A and B with a restricted common candidate x (every x of A
//! sees every x of B, so at most one of them holds x).
//!
//! Singly linked: a cell seeing every z of A and of B, for a digit z both hold (z ≠ x), cannot
//! be z: if it were, A and B would both lose z and lock, each then holding x, which they
//! cannot both do. Doubly linked (two restricted commons x and y): A and B cannot lose either
//! without the other taking both, so both are locked sets as they stand: every digit of A
//! leaves the cells seeing all its places in A, likewise for B, and each of x and y leaves the
//! cells seeing all its places in both.

use kaidoku_engine::prelude::*;
use kaidoku_engine::{AlsPair, MAX_ALS_CELLS};

pub struct AlsXz {
    max_als_cells: usize,
    overlap: bool,
}

const SINGLY: StepKind = StepKind::new("als-xz", "ALS-XZ");
const DOUBLY: StepKind = StepKind::new("als-xz-doubly-linked", "ALS-XZ (doubly linked)");

impl Technique for AlsXz {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als();
        // Two sets whose cells are as they were when this search last found nothing (S1)
        // give nothing now (S2). They were sets at S1 too, with the same candidates, so the
        // same restricted commons (those depend on the sets' cells only); what they remove is
        // cells holding a digit that see its places in the sets: a subset of what they
        // removed at S1, as candidates only go. At S1 the pair was tried and removed nothing.
        let changes = analysis.changes_since_last_miss();
        // Sizes are counts of bits: not counted per pair when every size is allowed.
        let any_size = self.max_als_cells >= MAX_ALS_CELLS;
        for &AlsPair {
            first,
            second,
            rccs,
        } in analysis.als_rccs()
        {
            let (a, b) = (&alses[first as usize], &alses[second as usize]);
            if !changes.cells_changed(a.cells | b.cells) {
                continue;
            }
            if !any_size && (a.size() > self.max_als_cells || b.size() > self.max_als_cells) {
                continue;
            }
            let overlapping = a.cells.intersects(b.cells);
            if overlapping && (!self.overlap || rccs.len() > 1) {
                continue;
            }
            let mut eliminations = Candidates::EMPTY;
            let both = a.cells | b.cells;
            if rccs.len() == 1 {
                // The cells holding z that see its every place in A and in B (so outside both).
                let seen =
                    |z: Digit| a.peers_of_digit(z) & b.peers_of_digit(z) & grid.cells_with(z);
                let common = (a.digits & b.digits) - rccs;
                // Most pairs clear nothing: tell that before building anything.
                if common.iter().all(|z| seen(z).is_empty()) {
                    continue;
                }
                for z in common {
                    eliminations.insert_cells(seen(z) - both, z);
                }
            } else {
                for x in rccs {
                    let seen = a.peers_of_digit(x) & b.peers_of_digit(x) & grid.cells_with(x);
                    eliminations.insert_cells(seen - both, x);
                }
                for (als, other) in [(a, b), (b, a)] {
                    for d in als.digits - rccs {
                        let seen = als.peers_of_digit(d) & grid.cells_with(d);
                        eliminations.insert_cells(seen - other.cells, d);
                    }
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            let kind = if rccs.len() == 1 { SINGLY } else { DOUBLY };
            let step = Step::new(kind)
                .part(Part::Als {
                    cells: a.cells,
                    digits: a.digits,
                    link: None,
                })
                .part(Part::Als {
                    cells: b.cells,
                    digits: b.digits,
                    link: None,
                })
                .part(Part::Rcc(rccs))
                .eliminations(eliminations)
                .pattern("ALS A", a.candidates())
                .pattern("ALS B", b.candidates());
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_als_cells",
        "most cells of an ALS (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
    ParamSpec::bool(
        "overlap",
        "singly linked sets may share cells (not their restricted common)",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "als-xz",
    name: "ALS-XZ",
    summary: "two almost locked sets with a restricted common candidate: a digit both hold leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(AlsXz {
            max_als_cells: params.int("max_als_cells") as usize,
            overlap: params.bool("overlap"),
        }))
    },
});

register_fixtures!("als-xz", "als_xz.fixtures");
