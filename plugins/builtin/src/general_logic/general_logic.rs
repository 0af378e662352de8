//! General logic (Allan Barker's set logic, GNPX's "General Logic"): disjoint truths (a cell's
//! candidates, a digit's places in a row, column or box) covered by as many links (sets of the
//! same four kinds) is rank 0 logic: every link candidate outside the truths is false, and so
//! is a truth candidate in two links. With one link more (rank 1) a candidate outside the
//! truths that two links share is false. It holds fish, locked sets, wings and many exotic
//! patterns as special cases; the search and its soundness proof are in
//! `kaidoku_engine::patterns::base_cover`.

use kaidoku_engine::patterns::base_cover::{self, Bits, Limits, Logic, SetList};
use kaidoku_engine::prelude::*;

pub struct GeneralLogic {
    limits: Limits,
}

const RANK_0: StepKind = StepKind::new("rank-0-logic", "Rank 0 logic");
const RANK_1: StepKind = StepKind::new("rank-1-logic", "Rank 1 logic");

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_truths",
        "most base sets (truths)",
        3,
        2,
        base_cover::MAX_TRUTHS as i64,
    ),
    ParamSpec::int(
        "max_rank",
        "highest rank: links minus truths (0 or 1)",
        1,
        0,
        base_cover::MAX_RANK as i64,
    ),
    ParamSpec::int("max_truth_size", "most candidates of a truth", 3, 2, 9),
];

impl Technique for GeneralLogic {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    /// Truths whose cells are as they were when this search last found nothing give nothing
    /// now: their candidates are the same, so are the links that may cover them, and each link
    /// can only have lost candidates, so what the links eliminate can only have shrunk from
    /// nothing (see `base_cover::search`).
    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let changes = analysis.changes_since_last_miss();
        // The search goes fewest truths first: a pattern that removes nothing a smaller one
        // did not already remove only adds noise to the list. (Patterns of one size are all
        // kept, so the list does not depend on the order the search meets them in.)
        let mut shown: Vec<(usize, Bits)> = Vec::new();
        base_cover::search(
            grid,
            self.limits,
            |cells| !changes.cells_changed(cells),
            |logic| {
                let size = logic.truths.len();
                if shown.iter().any(|(smaller, earlier)| {
                    *smaller < size && logic.eliminations.minus(earlier).is_empty()
                }) {
                    return Flow::Continue(());
                }
                shown.push((size, logic.eliminations));
                sink.push(step(logic))
            },
        )
    }
}

/// `Rank 0 logic 4 truths {5r14 r2c3 r2c7} 4 links {5c27 3r2 8r2} => …`: truths are drawn as
/// the base, the links' other candidates as the cover.
fn step(logic: &Logic) -> Step {
    let kind = if logic.rank == 0 { RANK_0 } else { RANK_1 };
    let base = logic.base.to_candidates();
    let eliminations = logic.eliminations.to_candidates();
    let cover = logic.covered.minus(&logic.base).minus(&logic.eliminations);
    Step::new(kind.sized(logic.truths.len()))
        .part(Part::Text(format!(
            "{} truths {{{}}}",
            logic.truths.len(),
            SetList(logic.truths)
        )))
        .part(Part::Text(format!(
            "{} links {{{}}}",
            logic.links.len(),
            SetList(logic.links)
        )))
        .eliminations(eliminations)
        .pattern("base", base)
        .pattern("cover", cover.to_candidates())
}

register_technique!(TechniqueInfo {
    id: "general-logic",
    name: "General Logic",
    summary: "disjoint truths covered by as many links (rank 0) or one more (rank 1): link candidates outside the truths, or seen by two links, are false",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(GeneralLogic {
            limits: Limits {
                max_truths: params.int("max_truths") as usize,
                max_rank: params.int("max_rank") as usize,
                max_truth_size: params.int("max_truth_size") as u32,
            },
        }))
    },
});

register_fixtures!("general-logic", "general_logic.fixtures");

#[cfg(test)]
mod tests;
