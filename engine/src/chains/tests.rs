use super::*;
use crate::grid::Grid;
use std::ops::ControlFlow;

const PUZZLES: [&str; 3] = [
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
    ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
    "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
];

fn all_aics(grid: &Grid, graph: &LinkGraph, filter: &ChainFilter) -> Vec<Aic> {
    let mut out = Vec::new();
    let _ = find_aics(graph, grid, filter, |aic| {
        out.push(aic.clone());
        ControlFlow::<()>::Continue(())
    });
    out
}

fn check_chain(grid: &Grid, aic: &Aic) {
    let chain = &aic.chain;
    assert_eq!(chain.nodes.len(), chain.links.len() + 1);
    assert_eq!(
        chain.links.first(),
        Some(&crate::LinkKind::Strong),
        "{chain}"
    );
    assert_eq!(
        chain.links.last(),
        Some(&crate::LinkKind::Strong),
        "{chain}"
    );
    for pair in chain.links.windows(2) {
        assert_ne!(pair[0], pair[1], "links alternate: {chain}");
    }
    // A node may come twice only in its two states: false first, then true.
    for (i, node) in chain.nodes.iter().enumerate() {
        let repeats = chain.nodes[i + 1..].iter().filter(|n| *n == node).count();
        assert!(repeats <= 1, "a node three times: {chain}");
    }
    for node in &chain.nodes {
        let holds = match node.kind {
            crate::NodeKind::Als { digits } => {
                digits.contains(node.digit) && grid.candidates_of(node.cells) == digits
            }
            _ => node.cells.iter().all(|c| grid.has_candidate(c, node.digit)),
        };
        assert!(holds, "{chain}");
    }
}

#[test]
fn every_chain_is_alternating_and_sound() {
    let any = |_: LinkVia| true;
    let mut total = 0;
    for puzzle in PUZZLES {
        let grid = crate::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        for (groups, als) in [(false, false), (true, false), (true, true)] {
            let graph = LinkGraph::build(&grid, GraphOptions { groups, als });
            let filter = ChainFilter {
                node: &|_| true,
                strong: &any,
                weak: &any,
                max_links: 9,
            };
            for aic in all_aics(&grid, &graph, &filter) {
                check_chain(&grid, &aic);
                assert!(aic.chain.len() <= 9);
                for (cell, digit) in aic.eliminations.iter() {
                    assert_ne!(solution[cell.index()], digit, "{} in {puzzle}", aic.chain);
                }
                total += 1;
            }
        }
    }
    assert!(total > 300, "only {total} chains");
}

#[test]
fn filters_keep_chains_to_one_digit_or_to_bivalue_cells() {
    let grid = crate::parse::parse(PUZZLES[0]).unwrap();
    let graph = LinkGraph::build(&grid, GraphOptions::default());
    let any = |_: LinkVia| true;
    let mut x_chains = 0;
    for digit in 1..=9 {
        let found = all_aics(
            &grid,
            &graph,
            &ChainFilter {
                node: &|n| n.digit == digit,
                strong: &any,
                weak: &any,
                max_links: 7,
            },
        );
        assert!(
            found
                .iter()
                .all(|a| a.chain.nodes.iter().all(|n| n.digit == digit))
        );
        x_chains += found.len();
    }
    assert!(x_chains > 0);
    let bivalue = grid.bivalue_cells();
    let xy = all_aics(
        &grid,
        &graph,
        &ChainFilter {
            node: &|n| n.cells.is_subset_of(bivalue),
            strong: &|via| via == LinkVia::Cell,
            weak: &|via| via != LinkVia::Cell,
            max_links: 11,
        },
    );
    for aic in &xy {
        for (node, link) in aic.chain.nodes.iter().zip(&aic.chain.links) {
            assert!(bivalue.contains(node.cells.first().unwrap()));
            let _ = link;
        }
    }
}

#[test]
fn groups_link_to_the_rest_of_their_houses() {
    // Digit 1 in box 1 only at r1c12 and r2c3: the group r1c12 and r2c3 are a strong link.
    let mut grid = Grid::new();
    for (r, c) in [(0, 2), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)] {
        grid.eliminate(crate::Cell::at(r, c), 1);
    }
    let graph = LinkGraph::build(
        &grid,
        GraphOptions {
            groups: true,
            als: false,
        },
    );
    let group = (0..graph.node_count() as NodeId)
        .find(|&id| graph.node(id).cells.to_string() == "r1c12" && graph.node(id).digit == 1)
        .expect("the group r1c12");
    let partner = graph::candidate_id(crate::Cell::at(1, 2), 1);
    assert!(graph.strong_links(group).iter().any(|&(n, _)| n == partner));
    assert!(graph.strong_links(partner).iter().any(|&(n, _)| n == group));
    // Row 1's other cells exclude the group.
    let other = graph::candidate_id(crate::Cell::at(0, 5), 1);
    assert!(graph.weak_links(group).iter().any(|&(n, _)| n == other));
}

#[test]
fn als_nodes_carry_chains_soundly() {
    // Chains through almost locked sets: every one found is sound, and some exist.
    let mut through_als = 0;
    for puzzle in PUZZLES {
        let grid = crate::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        let graph = LinkGraph::build(
            &grid,
            GraphOptions {
                groups: false,
                als: true,
            },
        );
        let any = |_: LinkVia| true;
        let filter = ChainFilter {
            node: &|_| true,
            strong: &any,
            weak: &any,
            max_links: 7,
        };
        for aic in all_aics(&grid, &graph, &filter) {
            if aic
                .chain
                .nodes
                .iter()
                .any(|n| matches!(n.kind, crate::NodeKind::Als { .. }))
            {
                through_als += 1;
            }
            for (cell, digit) in aic.eliminations.iter() {
                assert_ne!(solution[cell.index()], digit, "{} in {puzzle}", aic.chain);
            }
        }
    }
    assert!(through_als > 0);
}

#[test]
fn links_read_off_the_grid_match_the_built_graph() {
    let any = |_: LinkVia| true;
    for puzzle in PUZZLES {
        let grid = crate::parse::parse(puzzle).unwrap();
        let graph = LinkGraph::build(&grid, GraphOptions::default());
        let filter = ChainFilter {
            node: &|_| true,
            strong: &any,
            weak: &any,
            max_links: 7,
        };
        let ends = |aics: Vec<Aic>| {
            let mut out: Vec<_> = aics
                .iter()
                .map(|a| {
                    (
                        *a.chain.nodes.first().unwrap(),
                        *a.chain.nodes.last().unwrap(),
                        a.chain.len(),
                    )
                })
                .collect();
            out.sort_by_key(|(a, b, n)| (a.cells, a.digit, b.cells, b.digit, *n));
            out
        };
        let built = ends(all_aics(&grid, &graph, &filter));
        let mut read = Vec::new();
        let _ = find_aics(&CandidateLinks::new(&grid), &grid, &filter, |aic| {
            read.push(aic.clone());
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(ends(read), built);
    }
}

#[test]
fn every_continuous_loop_is_sound_and_holds_the_shortest_ones() {
    let any = |_: LinkVia| true;
    let mut loops = 0;
    for puzzle in PUZZLES {
        let grid = crate::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        for groups in [false, true] {
            let graph = LinkGraph::build(&grid, GraphOptions { groups, als: false });
            let filter = ChainFilter {
                node: &|_| true,
                strong: &any,
                weak: &any,
                max_links: 8,
            };
            let mut every = std::collections::HashSet::new();
            let _ = find_every_continuous_loop(&graph, &grid, &filter, |found| {
                let chain = &found.chain;
                assert_eq!(found.kind, LoopKind::Continuous);
                assert!(chain.len() >= 4 && chain.len() <= 8 && chain.len() % 2 == 0);
                assert_eq!(chain.nodes.first(), chain.nodes.last(), "{chain}");
                let inner = &chain.nodes[1..];
                for (i, node) in inner.iter().enumerate() {
                    assert!(!inner[..i].contains(node), "a node twice: {chain}");
                }
                let outside = continuous_eliminations_outside(&grid, chain);
                for (cell, digit) in found.eliminations.iter() {
                    assert_ne!(solution[cell.index()], digit, "{chain} in {puzzle}");
                }
                assert_eq!(outside.union(&found.eliminations), found.eliminations);
                every.insert(found.eliminations);
                loops += 1;
                ControlFlow::<()>::Continue(())
            });
            // The shortest loops are among them.
            let _ = find_nice_loops(&graph, &grid, &filter, |found| {
                if found.kind == LoopKind::Continuous {
                    assert!(every.contains(&found.eliminations), "{}", found.chain);
                }
                ControlFlow::<()>::Continue(())
            });
        }
    }
    assert!(loops > 0, "no continuous loop at all");
}
