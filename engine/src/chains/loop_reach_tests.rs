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
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = crate::parse::parse(puzzle).unwrap();
    let mut compared = 0;
    for share in [0, 40, 80] {
        let grid = crate::chains::test_positions::thinned(&grid, share, &mut state);
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
