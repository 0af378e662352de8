use super::*;
use crate::patterns::chains::aic_eliminations::aic_eliminations;
use crate::patterns::chains::bfs::{AtStart, Walk};
use crate::patterns::chains::graph::{CandidateLinks, GraphOptions, LinkGraph};
use crate::patterns::chains::search::{Aic, allowed_nodes, find_aics_swept};
use crate::step::ChainNode;
use std::ops::ControlFlow;

/// Positions of a few hard puzzles, and later ones rich in bivalue cells and conjugate pairs:
/// a share of the wrong candidates removed at random (the solution's stay).
fn positions() -> Vec<Grid> {
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut out = Vec::new();
    for puzzle in puzzles {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        for share in [0, 35, 60, 80] {
            out.push(crate::patterns::chains::test_positions::thinned(
                &grid, share, &mut state,
            ));
        }
    }
    out
}

const ANY: &dyn Fn(LinkVia) -> bool = &|_| true;
const HOUSES: &dyn Fn(LinkVia) -> bool = &|via| matches!(via, LinkVia::House(_));
const CELLS: &dyn Fn(LinkVia) -> bool = &|via| via == LinkVia::Cell;

/// The filters of the AIC techniques: every link, an X-chain's (houses only), an XY-chain's
/// (bivalue cells, strong inside cells, weak inside houses), and strong links inside cells
/// alone.
fn filters(grid: &Grid, max_links: usize) -> Vec<ChainFilter<'static>> {
    let bivalue = grid.bivalue_cells();
    let xy_nodes: &'static dyn Fn(&ChainNode) -> bool =
        Box::leak(Box::new(move |node: &ChainNode| {
            node.cells.is_subset_of(bivalue)
        }));
    let any_node: &'static dyn Fn(&ChainNode) -> bool = &|_| true;
    [
        (any_node, ANY, ANY),
        (any_node, HOUSES, HOUSES),
        (xy_nodes, CELLS, HOUSES),
        (any_node, CELLS, ANY),
    ]
    .into_iter()
    .map(|(node, strong, weak)| ChainFilter {
        node,
        strong,
        weak,
        max_links,
    })
    .collect()
}

/// Whether the walk itself reports an end true whose AIC eliminates something.
fn walk_ends(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    allowed: &[bool],
    start: NodeId,
) -> bool {
    let mut walk = Walk::new(graph.node_count());
    walk.run(
        graph,
        allowed,
        filter,
        (start, false),
        AtStart::Avoid,
        |_, end| {
            let eliminates = end.on
                && !aic_eliminations(grid, &graph.node(start), &graph.node(end.node)).is_empty();
            match eliminates {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        },
    )
    .is_break()
}

/// Compare the sweep with the walk from every allowed start: how many comparisons and how
/// many starts end an AIC.
fn check_sweep_matches_walk(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
) -> (usize, usize) {
    let allowed = allowed_nodes(graph, grid, filter);
    let mut sweep = AicSweep::new(graph, grid, filter, &allowed).expect("a sweep");
    let (mut compared, mut ending) = (0, 0);
    for start in (0..graph.node_count() as NodeId).filter(|&s| allowed[s as usize]) {
        let expected = walk_ends(graph, grid, filter, &allowed, start);
        let got = sweep.may_end(graph, grid, &allowed, start, filter.max_links);
        assert_eq!(got, expected, "start {start} cap {}", filter.max_links);
        compared += 1;
        ending += expected as usize;
    }
    (compared, ending)
}

/// The sweep says a start may end an AIC exactly when the walk from it reports one: for each
/// technique's filter and length cap on both graphs of plain candidates (on bitboards), and
/// with every link on graphs with group and ALS nodes (over node bitsets).
#[test]
fn the_sweep_ends_where_the_walk_ends() {
    let (mut compared, mut ending) = (0, 0);
    let mut count = |(c, e): (usize, usize)| {
        compared += c;
        ending += e;
    };
    for (index, grid) in positions().iter().enumerate() {
        let plain = CandidateLinks::new(grid);
        for max_links in [1, 3, 5, 9, 15] {
            for filter in filters(grid, max_links) {
                count(check_sweep_matches_walk(&plain, grid, &filter));
                if index % 3 == 0 {
                    let built = LinkGraph::build(grid, GraphOptions::default());
                    count(check_sweep_matches_walk(&built, grid, &filter));
                }
            }
        }
    }
    for grid in positions().iter().step_by(4) {
        for (groups, als) in [(true, false), (true, true)] {
            let graph = LinkGraph::build(grid, GraphOptions { groups, als });
            for max_links in [3, 9] {
                count(check_sweep_matches_walk(
                    &graph,
                    grid,
                    &filters(grid, max_links)[0],
                ));
            }
        }
    }
    assert!(
        ending > 1000 && compared > 2 * ending,
        "{compared} {ending}"
    );
}

/// No sweep where it could not follow the walk: houses treated apart on bitboards, some kind
/// of link left out over node bitsets.
#[test]
fn the_sweep_declines_what_it_cannot_follow() {
    let grid = &positions()[0];
    let plain = CandidateLinks::new(grid);
    let rows_only = ChainFilter {
        node: &|_| true,
        strong: &|via| matches!(via, LinkVia::House(h) if h.index() < 9),
        weak: ANY,
        max_links: 9,
    };
    let allowed = allowed_nodes(&plain, grid, &rows_only);
    assert!(AicSweep::new(&plain, grid, &rows_only, &allowed).is_none());
    let grouped = LinkGraph::build(
        grid,
        GraphOptions {
            groups: true,
            als: false,
        },
    );
    let x_chain = &filters(grid, 9)[1];
    let allowed = allowed_nodes(&grouped, grid, x_chain);
    assert!(AicSweep::new(&grouped, grid, x_chain, &allowed).is_none());
}

fn all_aics(graph: &impl Links, grid: &Grid, filter: &ChainFilter, sweep: bool) -> Vec<Aic> {
    let mut out = Vec::new();
    let _ = find_aics_swept(graph, grid, filter, sweep, |aic| {
        out.push(aic.clone());
        ControlFlow::<()>::Continue(())
    });
    out
}

/// With and without the sweep, the search finds the same chains in the same order.
#[test]
fn the_sweep_keeps_every_chain() {
    let mut chains = 0;
    for grid in positions() {
        for max_links in [5, 15] {
            let plain = CandidateLinks::new(&grid);
            for filter in filters(&grid, max_links) {
                let expected = all_aics(&plain, &grid, &filter, false);
                assert_eq!(all_aics(&plain, &grid, &filter, true), expected);
                chains += expected.len();
            }
            let grouped = LinkGraph::build(
                &grid,
                GraphOptions {
                    groups: true,
                    als: false,
                },
            );
            let any = &filters(&grid, max_links)[0];
            let expected = all_aics(&grouped, &grid, any, false);
            assert_eq!(all_aics(&grouped, &grid, any, true), expected);
            // Again: this search uses the reach the first one kept with the graph.
            assert_eq!(all_aics(&grouped, &grid, any, true), expected);
            chains += expected.len();
        }
    }
    assert!(chains > 500, "{chains}");
}
