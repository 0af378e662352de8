use super::*;
use crate::patterns::chains::graph::CandidateLinks;
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
    for grid in crate::patterns::chains::test_positions::thinned_hard(
        &[0, 40, 80],
        0x2545_F491_4F6C_DD1Du64,
    ) {
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
    for grid in
        crate::patterns::chains::test_positions::thinned_hard(&[0, 50], 0x9E37_79B9_7F4A_7C15u64)
    {
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
    use crate::patterns::chains::graph::{GraphOptions, LinkGraph};
    let mut compared = 0;
    for grid in
        crate::patterns::chains::test_positions::thinned_hard(&[0, 50], 0x0123_4567_89AB_CDEFu64)
    {
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

/// What `vertex` makes true through any number of links, walked link by link.
fn walked_reach(links: &Implications, vertex: u32, words: usize) -> Vec<u64> {
    let mut row = vec![0; words];
    let mut seen = vec![false; links.count()];
    let mut stack = vec![vertex];
    seen[vertex as usize] = true;
    while let Some(v) = stack.pop() {
        if v % 2 == 1 {
            set(&mut row, links.bit[v as usize / 2]);
        }
        for &w in links.of(v) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    row
}

/// On random graphs of links (cycles, vertices with no links, nodes with no bit), the reach of
/// every vertex from the strongly connected parts is what a walk from it finds.
#[test]
fn parts_and_reach_match_a_walk_from_every_vertex() {
    let mut state = 0x5DEE_CE66_D1CE_B00Fu64;
    let mut next = |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let mut compared = 0;
    for _ in 0..200 {
        let nodes = 1 + next(150) as u32;
        let mut links = Implications {
            strong_first: vec![0],
            strong: Vec::new(),
            weak_first: vec![0],
            weak: Vec::new(),
            bit: Vec::new(),
        };
        let mut bits = 0;
        for _ in 0..nodes {
            for _ in 0..next(4) {
                links.strong.push(next(nodes as u64) as u32 * 2 + 1);
            }
            links.strong_first.push(links.strong.len() as u32);
            for _ in 0..next(5) {
                links.weak.push(next(nodes as u64) as u32 * 2);
            }
            links.weak_first.push(links.weak.len() as u32);
            links.bit.push(match next(4) {
                0 => NONE,
                _ => {
                    bits += 1;
                    bits - 1
                }
            });
        }
        let words = (bits as usize).div_ceil(64).max(1);
        let (part, reach) = parts_and_reach(&links, words);
        for vertex in 0..links.count() as u32 {
            let p = part[vertex as usize] as usize;
            assert_eq!(
                reach[p * words..(p + 1) * words],
                walked_reach(&links, vertex, words),
                "vertex {vertex} of {nodes} nodes"
            );
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared}");
}
