use crate::testing::*;
use kaidoku_engine::ParamValue::{Bool, Int};
use kaidoku_engine::{NodeKind, Part, peers};

const FIXTURES: &str = include_str!("../death_blossom_extended.fixtures");

fn fixture_positions(code: &str) -> Vec<kaidoku_engine::Grid> {
    FIXTURES
        .lines()
        .filter(|l| l.starts_with(code))
        .map(position)
        .collect()
}

#[test]
fn every_step_at_the_fixtures_keeps_the_solution() {
    let steps = fixture_steps_keep_the_solution("death-blossom-extended", FIXTURES);
    assert!(steps >= 9, "{steps}");
}

/// The petal steps at the fixture positions have two petals or more, and (connected) remove
/// only the stem's z from the stem's peers.
#[test]
fn petal_steps_have_their_shape() {
    for (code, kind) in [
        (":dbc:", "death-blossom-connected"),
        (":dbh:", "death-blossom-house"),
    ] {
        let positions = fixture_positions(code);
        assert_eq!(positions.len(), 3);
        for grid in &positions {
            let steps = run("death-blossom-extended", grid);
            assert!(steps.iter().any(|s| s.kind.id == kind));
            for step in steps
                .iter()
                .filter(|s| s.kind.id != "death-blossom-network")
            {
                let petals = step
                    .parts
                    .iter()
                    .filter(|p| matches!(p, Part::Als { .. }))
                    .count();
                assert!(petals >= 2, "{}", step.text());
                if let Some(Part::Stem { cell, digits }) = step.parts.first() {
                    assert_eq!(digits.len() as usize, petals + 1, "{}", step.text());
                    for (target, z) in step.eliminations.iter() {
                        assert!(peers(*cell).contains(target) && digits.contains(z));
                    }
                }
            }
        }
    }
}

/// A network step: a chain from each stem candidate (true) to the one target (false), an ALS
/// or a group in one of them, one longer than a single-set petal, none longer than
/// `max_length`.
#[test]
fn network_steps_have_their_shape() {
    let positions = fixture_positions(":dbn:");
    assert_eq!(positions.len(), 3);
    for grid in &positions {
        let steps = run("death-blossom-extended", grid);
        let network: Vec<_> = steps
            .iter()
            .filter(|s| s.kind.id == "death-blossom-network")
            .collect();
        assert!(!network.is_empty());
        for step in network {
            let text = step.text();
            let Some(Part::Stem { cell, digits }) = step.parts.first() else {
                panic!("no stem: {text}");
            };
            let chains: Vec<_> = step
                .parts
                .iter()
                .filter_map(|p| match p {
                    Part::Chain(chain) => Some(chain),
                    _ => None,
                })
                .collect();
            assert_eq!(chains.len(), digits.len() as usize, "{text}");
            let targets: Vec<_> = step.eliminations.iter().collect();
            assert_eq!(targets.len(), 1, "{text}");
            let (target, z) = targets[0];
            for (chain, d) in chains.iter().zip(*digits) {
                let first = chain.nodes.first().expect("a node");
                let last = chain.nodes.last().expect("a node");
                assert!(first.cells.contains(*cell) && first.digit == d, "{text}");
                assert!(last.cells.contains(target) && last.digit == z, "{text}");
                // From a true start, weak and strong links alternate to a false end.
                assert!(chain.len() % 2 == 1 && chain.len() <= 7, "{text}");
            }
            let beyond_candidates = chains
                .iter()
                .any(|c| c.nodes.iter().any(|n| n.kind != NodeKind::Candidate));
            assert!(beyond_candidates, "{text}");
            assert!(chains.iter().any(|c| c.len() > 3), "{text}");
        }
    }
}

#[test]
fn switches_and_caps_leave_out_their_forms() {
    for grid in &fixture_positions(":dbh:") {
        let off = [("houses", Bool(false)), ("networks", Bool(false))];
        let steps = run_with("death-blossom-extended", grid, &off);
        assert!(steps.iter().all(|s| s.kind.id == "death-blossom-connected"));
    }
    for grid in &fixture_positions(":dbn:") {
        let steps = run_with("death-blossom-extended", grid, &[("max_length", Int(5))]);
        for step in &steps {
            for part in &step.parts {
                if let Part::Chain(chain) = part {
                    assert!(chain.len() <= 5, "{}", step.text());
                }
            }
        }
    }
}
