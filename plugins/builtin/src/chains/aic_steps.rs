//! Steps from the chain engine's AICs, shared by the chain techniques: shortest chains first,
//! one step per set of eliminations.

use kaidoku_engine::RatingTable;
use kaidoku_engine::chains::Aic;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;
use std::sync::LazyLock;

/// The kinds of step the chain techniques write.
pub const X_CHAIN: StepKind = StepKind::new("x-chain", "X-Chain");
pub const XY_CHAIN: StepKind = StepKind::new("xy-chain", "XY-Chain");
pub const AIC: StepKind = StepKind::new("aic", "AIC");
pub const GROUPED_AIC: StepKind = StepKind::new("grouped-aic", "Grouped AIC");
pub const ALS_AIC: StepKind = StepKind::new("als-aic", "AIC with ALS nodes");
pub const W_WING: StepKind = StepKind::new("w-wing", "W-Wing");
pub const XY_WING: StepKind = StepKind::new("xy-wing", "XY-Wing");
pub const SKYSCRAPER: StepKind = StepKind::new("skyscraper", "Skyscraper");
pub const TWO_STRING_KITE: StepKind = StepKind::new("two-string-kite", "2-String Kite");
pub const TURBOT_FISH: StepKind = StepKind::new("turbot-fish", "Turbot Fish");
pub const CONTINUOUS_NICE_LOOP: StepKind =
    StepKind::new("continuous-nice-loop", "Continuous Nice Loop");
pub const DISCONTINUOUS_NICE_LOOP: StepKind =
    StepKind::new("discontinuous-nice-loop", "Discontinuous Nice Loop");
pub const GROUPED_CONTINUOUS_NICE_LOOP: StepKind = StepKind::new(
    "grouped-continuous-nice-loop",
    "Grouped Continuous Nice Loop",
);
pub const GROUPED_DISCONTINUOUS_NICE_LOOP: StepKind = StepKind::new(
    "grouped-discontinuous-nice-loop",
    "Grouped Discontinuous Nice Loop",
);

/// Push the chains' steps, shortest first (then the easiest kind by the default ratings, then
/// in search order), skipping chains whose eliminations an earlier step already made. `name_of`
/// may give a chain a more specific kind (a skyscraper is an X-chain of three links): where a
/// Skyscraper and a 2-String Kite make the same eliminations, the Skyscraper is told, whichever
/// the search meets first, so the step does not depend on how the grid is turned.
pub fn push_shortest_first(
    found: Vec<Aic>,
    kind: StepKind,
    name_of: impl Fn(&Chain) -> Option<StepKind>,
    sink: &mut StepSink,
) -> Flow {
    static RATINGS: LazyLock<RatingTable> = LazyLock::new(RatingTable::default);
    let mut named: Vec<(Aic, StepKind)> = found
        .into_iter()
        .map(|aic| {
            let named = name_of(&aic.chain).unwrap_or_else(|| kind.clone());
            let sized = named.sized(aic.chain.len());
            (aic, sized)
        })
        .collect();
    named.sort_by_cached_key(|(aic, kind)| {
        (aic.chain.len(), RATINGS.rate_kind(kind).er, kind.id.clone())
    });
    let mut seen: HashSet<Candidates> = HashSet::new();
    for (aic, named) in named {
        if !seen.insert(aic.eliminations) {
            continue;
        }
        let pattern = aic.chain.candidates();
        let step = Step::new(named)
            .part(Part::Chain(aic.chain))
            .eliminations(aic.eliminations)
            .pattern("chain", pattern);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}
