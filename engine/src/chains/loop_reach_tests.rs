use super::*;
use crate::chains::graph::CandidateLinks;
use std::collections::BTreeSet;

/// The links a source lists for a node, as a set (order and repeats aside).
fn links_of(source: &impl LinkSource, node: NodeId, strong: bool) -> BTreeSet<NodeId> {
    let mut out = BTreeSet::new();
    source.each(node, strong, |to| {
        out.insert(to);
    });
    out
}

/// The grid's bitboards give every live candidate the same links as the candidate graph.
#[test]
fn grid_links_are_the_candidate_graphs() {
    let mut compared = 0;
    for grid in crate::chains::test_positions::thinned_hard(&[0, 40, 80], 0x2545_F491_4F6C_DD1Du64)
    {
        let graph = GraphLinks(&CandidateLinks::new(&grid));
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                let node = candidate_id(cell, digit);
                assert_eq!(GridLinks(&grid).digit(node), graph.digit(node));
                for strong in [false, true] {
                    let expected = links_of(&graph, node, strong);
                    assert_eq!(links_of(&GridLinks(&grid), node, strong), expected);
                    compared += expected.len();
                }
            }
        }
    }
    assert!(compared > 1000, "{compared}");
}

/// On the bitboards, the weak links among some candidates are exactly the weak links to them.
#[test]
fn grid_weak_links_among_keep_exactly_the_wanted_ones() {
    let mut compared = 0;
    for grid in crate::chains::test_positions::thinned_hard(&[0, 50], 0x9E37_79B9_7F4A_7C15u64) {
        // Every other candidate, by a simple pattern over cells and digits.
        let wanted: [u128; 9] = std::array::from_fn(|d| {
            (0..81)
                .filter(|cell| (cell + d) % 3 != 0)
                .fold(0u128, |bits, cell| bits | 1 << cell)
        });
        let source = GridLinks(&grid);
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                let node = candidate_id(cell, digit);
                let mut among = Vec::new();
                source.each_weak_among(node, &wanted, |to| among.push(to));
                let mut expected = Vec::new();
                source.each(node, false, |to| {
                    if wanted[to as usize % 9] >> (to as usize / 9) & 1 != 0 {
                        expected.push(to);
                    }
                });
                assert_eq!(among, expected);
                compared += expected.len();
            }
        }
    }
    assert!(compared > 500, "{compared}");
}

/// A graph with group and ALS nodes gives the reach the same links told apart as listed.
#[test]
fn split_links_are_the_graphs() {
    use crate::chains::graph::{GraphOptions, LinkGraph};
    let mut compared = 0;
    for grid in crate::chains::test_positions::thinned_hard(&[0, 50], 0x0123_4567_89AB_CDEFu64) {
        for als in [false, true] {
            let graph = LinkGraph::build(&grid, GraphOptions { groups: true, als });
            let node_digits = |node: NodeId| Links::node(&graph, node).digit;
            let split = SplitSource {
                split: graph
                    .split_links()
                    .expect("a built graph tells its links apart"),
                node_digits: &node_digits,
            };
            let listed = GraphLinks(&graph);
            for node in 0..graph.node_count() as NodeId {
                if !graph.is_live(&grid, node) {
                    continue;
                }
                assert_eq!(split.digit(node), listed.digit(node));
                for strong in [false, true] {
                    let expected = links_of(&listed, node, strong);
                    assert_eq!(links_of(&split, node, strong), expected);
                    compared += expected.len();
                }
            }
        }
    }
    assert!(compared > 5000, "{compared}");
}
