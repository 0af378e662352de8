use super::*;
use crate::board::grid::Grid;
use std::ops::ControlFlow;

/// Whether a node's link list reaches `to`.
fn links_to(links: &[(NodeId, LinkVia)], to: NodeId) -> bool {
    links.iter().any(|&(n, _)| n == to)
}

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
        let grid = crate::text::parse::parse(puzzle).unwrap();
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
    let grid = crate::text::parse::parse(PUZZLES[0]).unwrap();
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
    assert!(links_to(graph.strong_links(group), partner));
    assert!(links_to(graph.strong_links(partner), group));
    // Row 1's other cells exclude the group.
    let other = graph::candidate_id(crate::Cell::at(0, 5), 1);
    assert!(links_to(graph.weak_links(group), other));
}

#[test]
fn als_nodes_carry_chains_soundly() {
    // Chains through almost locked sets: every one found is sound, and some exist.
    let mut through_als = 0;
    for puzzle in PUZZLES {
        let grid = crate::text::parse::parse(puzzle).unwrap();
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
        let grid = crate::text::parse::parse(puzzle).unwrap();
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
        let grid = crate::text::parse::parse(puzzle).unwrap();
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

/// The empty grid with a few cells cut down to the given candidates (1-based rows, columns).
fn with_candidates(cells: &[(usize, usize, &str)]) -> Grid {
    let mut grid = Grid::new();
    for &(r, c, digits) in cells {
        let keep: crate::DigitSet = digits.bytes().map(|b| b - b'0').collect();
        for digit in !keep {
            grid.eliminate(crate::Cell::at(r - 1, c - 1), digit);
        }
    }
    grid
}

/// The cells at 1-based (row, column)s.
fn cells(at: &[(usize, usize)]) -> crate::CellSet {
    at.iter()
        .map(|&(r, c)| crate::Cell::at(r - 1, c - 1))
        .collect()
}

/// The node "the set on `at` holds `digit`".
fn als_node(graph: &LinkGraph, at: &[(usize, usize)], digit: crate::Digit) -> NodeId {
    (0..graph.node_count() as NodeId)
        .find(|&id| {
            let node = graph.node(id);
            matches!(node.kind, crate::NodeKind::Als { .. })
                && node.cells == cells(at)
                && node.digit == digit
        })
        .unwrap_or_else(|| panic!("no node {digit} of the set {}", cells(at)))
}

/// The set r1c12 #123 and the set r2c23 #145; cells r1c5 #137, r1c6 #17, r2c5 #137.
fn forcing_position() -> Grid {
    with_candidates(&[
        (1, 1, "12"),
        (1, 2, "23"),
        (2, 2, "14"),
        (2, 3, "45"),
        (1, 5, "137"),
        (1, 6, "17"),
        (2, 5, "137"),
    ])
}

#[test]
fn a_set_lacking_a_digit_forces_a_cell_it_sees() {
    let grid = forcing_position();
    let graph = LinkGraph::build(
        &grid,
        GraphOptions {
            groups: true,
            als: true,
        },
    );
    let holds_2 = als_node(&graph, &[(1, 1), (1, 2)], 2);
    let seven = |r: usize, c: usize| graph::candidate_id(crate::Cell::at(r - 1, c - 1), 7);
    // Without 2 the set holds 1 (in r1c1) and 3 (in r1c2): r1c5 is left with 7.
    assert!(links_to(graph.strong_links(holds_2), seven(1, 5)));
    assert!(links_to(graph.strong_links(seven(1, 5)), holds_2));
    // Strong only: the set may hold 2 while r1c5 is 7.
    assert!(!links_to(graph.weak_links(holds_2), seven(1, 5)));
    // r1c6 has two candidates (its own strong link carries the same), r2c5 misses r1c1.
    for id in [seven(1, 6), seven(2, 5)] {
        assert!(!links_to(graph.strong_links(id), holds_2));
    }
}

#[test]
fn sets_that_cannot_share_a_digit_are_weakly_linked() {
    let grid = forcing_position();
    let graph = LinkGraph::build(
        &grid,
        GraphOptions {
            groups: false,
            als: true,
        },
    );
    // r2c2, the only 1 of the second set, sees r1c1, the only 1 of the first.
    let (first, second) = (
        als_node(&graph, &[(1, 1), (1, 2)], 1),
        als_node(&graph, &[(2, 2), (2, 3)], 1),
    );
    assert!(links_to(graph.weak_links(first), second));
    assert!(links_to(graph.weak_links(second), first));
    // Never strongly: both sets may lack 1.
    assert!(!links_to(graph.strong_links(first), second));
    // A set sharing a cell with the first is left apart.
    let overlapping = als_node(&graph, &[(1, 1), (1, 2), (2, 2)], 1);
    assert!(!links_to(graph.weak_links(first), overlapping));
}

#[test]
fn a_forcing_set_in_a_continuous_loop_places_its_digits_or_the_cells() {
    let grid = forcing_position();
    let set = crate::ChainNode {
        digit: 2,
        cells: cells(&[(1, 1), (1, 2)]),
        kind: crate::NodeKind::Als {
            digits: crate::DigitSet::from_bits(0b111),
        },
    };
    let forced = |r: usize, c: usize| crate::ChainNode::candidate(crate::Cell::at(r - 1, c - 1), 7);
    let chain = |to| crate::Chain {
        nodes: vec![set, to],
        links: vec![crate::LinkKind::Strong],
    };
    // The set lacks 2 and r1c5 is 7, or it holds 2 and r1c5 is 1 or 3 (which the set then
    // lacks): 1 is in r1c1 or r1c5, 3 in r1c2 or r1c5. The rest of row 1 loses both.
    let found = loops::als_eliminations(&grid, &chain(forced(1, 5)));
    let mut expected = crate::Candidates::EMPTY;
    for c in [3, 4, 6, 7, 8, 9] {
        let cell = crate::Cell::at(0, c - 1);
        for digit in [1, 3] {
            if grid.has_candidate(cell, digit) {
                expected.insert(cell, digit);
            }
        }
    }
    assert_eq!(found, expected);
    // r2c5 does not see r1c1: that strong link does not hold, and nothing follows from it.
    assert!(loops::als_eliminations(&grid, &chain(forced(2, 5))).is_empty());
}

#[test]
fn nice_loops_through_forcing_and_paired_sets_are_sound() {
    let any = |_: LinkVia| true;
    let (mut forcing, mut paired) = (0, 0);
    for puzzle in PUZZLES {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        let graph = LinkGraph::build(
            &grid,
            GraphOptions {
                groups: true,
                als: true,
            },
        );
        let filter = ChainFilter {
            node: &|_| true,
            strong: &any,
            weak: &any,
            max_links: 10,
        };
        let _ = find_nice_loops(&graph, &grid, &filter, |found| {
            let chain = &found.chain;
            for (i, link) in chain.links.iter().enumerate() {
                let (u, v) = (&chain.nodes[i], &chain.nodes[i + 1]);
                let sets = [u, v]
                    .iter()
                    .filter(|n| matches!(n.kind, crate::NodeKind::Als { .. }))
                    .count();
                match link {
                    crate::LinkKind::Strong if sets == 1 => forcing += 1,
                    crate::LinkKind::Weak if sets == 2 && u.cells != v.cells => paired += 1,
                    _ => {}
                }
            }
            for (cell, digit) in found.eliminations.iter() {
                assert_ne!(solution[cell.index()], digit, "{chain} in {puzzle}");
            }
            if let Some((cell, digit)) = found.placement {
                assert_eq!(solution[cell.index()], digit, "{chain} in {puzzle}");
            }
            ControlFlow::<()>::Continue(())
        });
    }
    assert!(
        forcing > 0 && paired > 0,
        "{forcing} forcing, {paired} paired"
    );
}
