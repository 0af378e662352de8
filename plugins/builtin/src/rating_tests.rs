//! Registry-driven rating tests: every step kind that any registered technique writes at its
//! fixtures has a rating of its own in the table (not a fallback), and no step rates below its
//! technique's floor (the easiest-step search relies on the floors). Adding a technique
//! needs its kinds in `kaidoku_engine::rating`'s table, and no edit here.

use crate::registry_tests::{all_steps, techniques_with_fixtures};
use kaidoku_engine::RatingTable;
use std::collections::BTreeSet;

#[test]
fn every_step_kind_at_the_fixtures_has_a_rating_and_respects_its_floor() {
    let table = RatingTable::default();
    let mut unrated = BTreeSet::new();
    let mut below_floor = Vec::new();
    let mut kinds = BTreeSet::new();
    for (entry, _, fixtures) in techniques_with_fixtures() {
        let floor = table.floor(&entry.id);
        for fixture in &fixtures {
            for step in all_steps(&entry, &fixture.params, &fixture.case.grid) {
                kinds.insert(step.kind.id.to_string());
                if !table.lists(&step.kind.id) {
                    unrated.insert(format!("{} (technique {})", step.kind.id, entry.id));
                }
                let er = table.rate(&step, &fixture.case.grid).er;
                if er < floor {
                    below_floor.push(format!(
                        "{}: {} rates {er}, below the floor {floor} of `{}`",
                        fixture.line,
                        step.text(),
                        entry.id
                    ));
                }
            }
        }
    }
    assert!(
        unrated.is_empty(),
        "step kinds without a rating in kaidoku_engine::rating's table: {unrated:?}"
    );
    assert!(below_floor.is_empty(), "{}", below_floor.join("\n"));
    assert!(
        kinds.len() > 20,
        "only {} kinds seen: {kinds:?}",
        kinds.len()
    );
}

/// `[solver] rate = "in-order"` rates along config order (SE's producers), the default along
/// the easiest step; EP and ED follow serate: ED is the first step's ER, EP the hardest up to
/// the first placement.
#[test]
fn rating_order_follows_the_config_and_ep_ed_follow_serate() {
    let puzzle =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    let grid = kaidoku_engine::parse::parse(puzzle).unwrap();
    let techniques = "[[technique]]\nid = \"locked-set\"\n[[technique]]\nid = \"naked-single\"\n\
                      [[technique]]\nid = \"hidden-single\"\n";
    let rate = |order: &str| {
        let text = format!("[solver]\nrate = \"{order}\"\n{techniques}");
        let config = crate::parse_config(&text, "test.toml", "test", std::path::Path::new("."));
        let solver = kaidoku_engine::Solver::new(config.unwrap()).unwrap();
        solver.rate(&grid).rating.expect("a rating")
    };
    let easiest = rate("easiest");
    let in_order = rate("in-order");
    // Easiest first: hidden singles (1.2) until the hidden pair (2.0) is needed.
    assert_eq!(
        (easiest.er.0, easiest.ed, easiest.ep),
        (
            20,
            Some(kaidoku_engine::rating::Er(12)),
            Some(kaidoku_engine::rating::Er(12))
        )
    );
    // In order: the locked set first, whatever else there is: its first easiest step (a
    // direct hidden pair, 2.0) comes first, so ED is 2.0; a naked pair (3.0) comes before the first
    // placement, so EP is 3.0.
    assert!(in_order.complete && easiest.complete);
    assert_eq!(in_order.ed.map(|e| e.0), Some(20), "{in_order:?}");
    assert_eq!(in_order.ep.map(|e| e.0), Some(30), "{in_order:?}");
    assert!(in_order.er >= easiest.er);
}
