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
