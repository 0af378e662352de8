//! The graph builder against the straightforward one it replaced: every pair of linked
//! candidates pushed as an edge, then all edges bucketed by node, ordered and deduplicated.
//! Walks read link lists in order, so the two must agree node for node and link for link.

use super::*;
use crate::patterns::chains::test_positions::thinned;

/// Edges (from, to, via), both directions of every link.
type Edges = Vec<(NodeId, NodeId, LinkVia)>;
/// Each node's links.
type Lists = Vec<Vec<(NodeId, LinkVia)>>;

/// Each node's links in the order of the nodes they lead to, the first listed kept of each.
fn reference_adjacency(node_count: usize, edges: &Edges) -> Lists {
    let mut lists = vec![Vec::new(); node_count];
    for &(from, to, via) in edges {
        lists[from as usize].push((to, via));
    }
    for list in &mut lists {
        list.sort_by_key(|&(to, _)| to);
        list.dedup_by_key(|&mut (to, _)| to);
    }
    lists
}

/// The graph by its definition: (nodes, strong lists, weak lists).
fn reference_graph(grid: &Grid, options: GraphOptions) -> (Vec<ChainNode>, Lists, Lists) {
    let alses = match options.als {
        true => find_als(grid, MAX_ALS_CELLS),
        false => Vec::new(),
    };
    let pairs = rcc_pairs(grid, &alses);
    let mut nodes: Vec<ChainNode> = (0..81 * 9)
        .map(|i| ChainNode::candidate(Cell::new(i / 9), (i % 9) as Digit + 1))
        .collect();
    let (mut strong, mut weak) = (Edges::new(), Edges::new());
    let mut link_all = |ids: &[NodeId], via: LinkVia| {
        for (i, &a) in ids.iter().enumerate() {
            for &b in &ids[i + 1..] {
                weak.extend([(a, b, via), (b, a, via)]);
                if ids.len() == 2 {
                    strong.extend([(a, b, via), (b, a, via)]);
                }
            }
        }
    };
    for cell in grid.empty_cells() {
        let ids: Vec<NodeId> = grid
            .candidates(cell)
            .iter()
            .map(|d| candidate_id(cell, d))
            .collect();
        link_all(&ids, LinkVia::Cell);
    }
    for house in House::all() {
        for digit in 1..=9 {
            let cells = grid.house_cells_with(house, digit);
            let ids: Vec<NodeId> = cells.iter().map(|c| candidate_id(c, digit)).collect();
            link_all(&ids, LinkVia::House(house));
        }
    }
    if options.groups {
        reference_groups(grid, &mut nodes, &mut strong, &mut weak);
    }
    if options.als {
        add_als(grid, &alses, &pairs, &mut nodes, &mut strong, &mut weak);
    }
    let count = nodes.len();
    let strong = reference_adjacency(count, &strong);
    let weak = reference_adjacency(count, &weak);
    (nodes, strong, weak)
}

fn assert_same_graph(grid: &Grid, options: GraphOptions) {
    let graph = LinkGraph::build(grid, options);
    let (nodes, strong, weak) = reference_graph(grid, options);
    assert_eq!(graph.nodes, nodes, "{options:?}");
    for id in 0..nodes.len() {
        let node = id as NodeId;
        assert_eq!(
            graph.strong_links(node),
            &strong[id][..],
            "{options:?} node {id}"
        );
        assert_eq!(
            graph.weak_links(node),
            &weak[id][..],
            "{options:?} node {id}"
        );
    }
}

#[test]
fn built_graph_matches_the_reference_on_many_positions() {
    let puzzles = [
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
        "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        "........1.......23..4..5......1.........3.6....7...58.....67....1...4...52.......",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut positions = 0;
    for puzzle in puzzles {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        for share in [0, 20, 40, 60, 80, 95] {
            let position = thinned(&grid, share, &mut state);
            for (groups, als) in [(false, false), (true, false), (false, true), (true, true)] {
                assert_same_graph(&position, GraphOptions { groups, als });
            }
            positions += 1;
        }
    }
    assert_eq!(positions, 42);
}

/// Group nodes and their links as first written: every group scanned for each group's
/// neighbours.
fn reference_groups(
    grid: &Grid,
    nodes: &mut Vec<ChainNode>,
    strong: &mut Vec<(NodeId, NodeId, LinkVia)>,
    weak: &mut Vec<(NodeId, NodeId, LinkVia)>,
) {
    // (cells, digit, id) of every group.
    let mut groups: Vec<(CellSet, Digit, NodeId)> = Vec::new();
    for digit in 1..=9 {
        for line in House::lines() {
            for bx in House::boxes() {
                let cells = intersection(line, bx) & grid.cells_with(digit);
                if cells.len() >= 2 {
                    let id = nodes.len() as NodeId;
                    nodes.push(ChainNode::group(cells, digit));
                    groups.push((cells, digit, id));
                }
            }
        }
    }
    for &(cells, digit, id) in &groups {
        let first = cells.first().expect("a group has cells");
        let line = if cells.is_subset_of(House::row(first.row()).cells()) {
            House::row(first.row())
        } else {
            House::column(first.col())
        };
        let bx = House::box_(first.box_index());
        for house in [line, bx] {
            let rest = grid.house_cells_with(house, digit) - cells;
            // Single candidates of the rest.
            for cell in rest {
                let other = candidate_id(cell, digit);
                weak.push((id, other, LinkVia::House(house)));
                weak.push((other, id, LinkVia::House(house)));
                if rest.len() == 1 {
                    strong.push((id, other, LinkVia::House(house)));
                    strong.push((other, id, LinkVia::House(house)));
                }
            }
            // Other groups of the same house, apart from this one.
            for &(other_cells, other_digit, other) in &groups {
                if other_digit != digit
                    || other == id
                    || other_cells.intersects(cells)
                    || !other_cells.is_subset_of(house.cells())
                {
                    continue;
                }
                weak.push((id, other, LinkVia::House(house)));
                if rest == other_cells {
                    strong.push((id, other, LinkVia::House(house)));
                }
            }
        }
    }
}

/// The link lists from edges, with and without a node listed twice in one list: both the
/// sorted lists and the compacted ones match the reference.
#[test]
fn lists_from_edges_match_the_reference_with_and_without_repeats() {
    let (row, column) = (LinkVia::House(House::new(0)), LinkVia::House(House::new(9)));
    let without: Edges = vec![
        (3, 7, row),
        (3, 1, column),
        (0, 5, row),
        (3, 4, LinkVia::Cell),
    ];
    let mut with = without.clone();
    with.extend([(3, 1, row), (0, 5, column), (6, 2, row)]);
    for edges in [without, with] {
        let built = Adjacency::from_edges(8, edges.clone());
        let reference = reference_adjacency(8, &edges);
        for node in 0..8 {
            assert_eq!(built.of(node), reference[node as usize].as_slice());
        }
    }
}
