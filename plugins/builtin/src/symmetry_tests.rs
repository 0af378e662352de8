//! Every technique is blind to Sudoku's symmetries: on a transformed position (transposed,
//! rotated, mirrored, bands, stacks or rows inside a band swapped, digits relabelled) it finds
//! exactly the transformed steps. A technique that looks only along rows, or only at some
//! digits, fails here.

use crate::registry_tests::all_steps;
use crate::testing::*;
use kaidoku_engine::symmetry::SYMMETRIES;
use kaidoku_engine::{Cell, Digit, Step};
use std::collections::BTreeSet;

/// What a step does, as a set of (cell, digit) placements and eliminations.
type Effects = (BTreeSet<(usize, Digit)>, BTreeSet<(usize, Digit)>);

fn effects(step: &Step, map: impl Fn(Cell, Digit) -> (usize, Digit)) -> Effects {
    (
        step.placements.iter().map(|&(c, d)| map(c, d)).collect(),
        step.eliminations.iter().map(|(c, d)| map(c, d)).collect(),
    )
}

/// Every registered technique under each parameter set its fixtures use (the widest among
/// them), found through the registry: no hand-kept list.
fn techniques() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (entry, _, fixtures) in crate::registry_tests::techniques_with_fixtures() {
        // SE's own chaining finds what SE's search order finds (see `SEARCH_ORDER_BOUND`).
        if crate::registry_tests::SEARCH_ORDER_BOUND.contains(&entry.id.as_str()) {
            continue;
        }
        for fixture in fixtures {
            let key = (entry.id.clone(), fixture.params.clone());
            if !out.contains(&key) {
                out.push(key);
            }
        }
    }
    out
}

const SINGLES_AND_INTERSECTIONS: [&str; 4] = [
    "last-digit",
    "hidden-single",
    "naked-single",
    "locked-candidates",
];

fn positions() -> Vec<String> {
    let seeds = include_str!("../../../testdata/seeds.txt");
    let mut puzzles: Vec<String> = seeds
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' ').map(|(_, p)| p.trim().to_string()))
        .collect();
    let sample = include_str!("../../../testdata/sudoku-exchange-sample.tsv");
    puzzles.extend(
        sample
            .lines()
            .step_by(30)
            .filter_map(|l| l.split_once('\t').map(|(p, _)| p.to_string())),
    );
    puzzles
}

#[test]
fn every_technique_finds_the_transformed_steps_on_a_transformed_position() {
    let mut compared = 0;
    let techniques = techniques();
    let registry = crate::registry_tests::registry();
    for puzzle in positions() {
        // Both the position after singles and the puzzle itself (where singles fire).
        let grid = after_singles(&puzzle);
        let at_s: String = Cell::all()
            .map(|c| grid.value(c).map_or('.', |d| (b'0' + d) as char))
            .collect();
        for start in [puzzle.as_str(), at_s.as_str()] {
            let original = position(start);
            for symmetry in SYMMETRIES {
                let moved = position(&symmetry.puzzle(start));
                for (id, params) in &techniques {
                    // On the bare puzzle, only the cheap techniques: death blossoms over a
                    // near-empty grid cost minutes in a debug build; S covers the rest.
                    if start == puzzle && !SINGLES_AND_INTERSECTIONS.contains(&id.as_str()) {
                        continue;
                    }
                    let entry = registry.get(id).expect("registered");
                    let expected: BTreeSet<Effects> = all_steps(entry, params, &original)
                        .iter()
                        .map(|s| {
                            effects(s, |c, d| {
                                (symmetry.map_cell(c).index(), (symmetry.digit)(d))
                            })
                        })
                        .collect();
                    let found: BTreeSet<Effects> = all_steps(entry, params, &moved)
                        .iter()
                        .map(|s| effects(s, |c, d| (c.index(), d)))
                        .collect();
                    assert_eq!(
                        found, expected,
                        "{id} {params:?} under {}: {start}",
                        symmetry.name
                    );
                    compared += expected.len();
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} steps compared");
}
