use super::*;
use crate::patterns::chains::bfs::{AtStart, Walk};
use crate::patterns::chains::graph::LinkVia;
use crate::patterns::chains::graph::{CandidateLinks, GraphOptions, LinkGraph};
use crate::patterns::chains::loops::{NiceLoop, nice_loops};
use crate::patterns::chains::reach_table::LoopReach;
use crate::patterns::chains::search::allowed_nodes;
use std::ops::ControlFlow;

/// Positions of a few hard puzzles, and later ones rich in bivalue cells and conjugate pairs:
/// a share of the wrong candidates removed at random (the solution's stay).
fn positions() -> Vec<Grid> {
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for puzzle in puzzles {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        for share in [0, 30, 55, 75] {
            out.push(crate::patterns::chains::test_positions::thinned(
                &grid, share, &mut state,
            ));
        }
    }
    out
}

const ANY: &dyn Fn(LinkVia) -> bool = &|_| true;

fn filter(max_links: usize) -> ChainFilter<'static> {
    ChainFilter {
        node: &|_| true,
        strong: ANY,
        weak: ANY,
        max_links,
    }
}

/// Whether the walk itself reaches a (node, state) the loop search may close on.
fn walk_closes(
    graph: &impl Links,
    grid: &Grid,
    allowed: &[bool],
    (start, start_on): (NodeId, bool),
    max_links: usize,
) -> bool {
    let ends = Ends::new(grid, (start, start_on), max_links);
    let mut walk = Walk::new(graph.node_count());
    walk.run(
        graph,
        allowed,
        &filter(max_links),
        (start, start_on),
        AtStart::Report,
        |_, end| {
            let weakly_linked = || {
                let mut linked = false;
                graph.for_each_link(end.node, false, &mut |to, _| linked |= to == start);
                graph.node(end.node).digit == ends.digit && linked
            };
            match ends.closes((end.node, end.on), end.depth, weakly_linked) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        },
    )
    .is_break()
}

/// Compare the sweep with the walk on every start of a position: how many comparisons, how
/// many closing, and whether the sweep ran on bitboards.
fn check_sweep_matches_walk(graph: &impl Links, grid: &Grid) -> (usize, usize, bool) {
    let full = filter(12);
    let allowed = allowed_nodes(graph, grid, &full);
    let mut sweep = LoopSweep::new(graph, grid, &full, &allowed).expect("every link allowed");
    let on_bitboards = graph.grid_candidates_only();
    let (mut compared, mut closing) = (0, 0);
    for start in (0..CANDIDATE_NODES).filter(|&s| allowed[s as usize]) {
        for on in [false, true] {
            for max_links in [2, 3, 4, 6, 9, 12] {
                let expected = walk_closes(graph, grid, &allowed, (start, on), max_links);
                let got = sweep.may_close(graph, grid, &allowed, (start, on), max_links);
                assert_eq!(got, expected, "start {start} on {on} cap {max_links}");
                compared += 1;
                closing += expected as usize;
            }
        }
    }
    (compared, closing, on_bitboards)
}

/// The sweep says a walk may close exactly when the walk reaches a place to close, on every
/// kind of graph.
#[test]
fn the_sweep_reaches_what_the_walk_reaches() {
    let (mut compared, mut closing) = (0, 0);
    // Graphs swept on bitboards and over node bitsets, with ALS nodes.
    let mut ways = [0; 2];
    for grid in positions().iter().step_by(2) {
        let mut count = |(c, k, on_bitboards): (usize, usize, bool)| {
            compared += c;
            closing += k;
            ways[on_bitboards as usize] += 1;
        };
        count(check_sweep_matches_walk(&CandidateLinks::new(grid), grid));
        for (groups, als) in [(false, false), (true, false), (true, true)] {
            let graph = LinkGraph::build(grid, GraphOptions { groups, als });
            count(check_sweep_matches_walk(&graph, grid));
        }
    }
    assert!(
        closing > 1000 && compared > 2 * closing,
        "{compared} {closing}"
    );
}

fn all_loops(graph: &impl Links, grid: &Grid, max_links: usize, sweep: bool) -> Vec<NiceLoop> {
    let mut out = Vec::new();
    let cap = std::cell::Cell::new(max_links);
    let _ = nice_loops(graph, grid, &filter(max_links), &cap, sweep, |found| {
        out.push(found.clone());
        ControlFlow::<()>::Continue(())
    });
    out
}

/// With and without the sweep, the search finds the same loops in the same order.
#[test]
fn the_sweep_keeps_every_loop() {
    let mut loops = 0;
    for grid in positions() {
        for max_links in [6, 12] {
            let plain = CandidateLinks::new(&grid);
            let expected = all_loops(&plain, &grid, max_links, false);
            assert_eq!(all_loops(&plain, &grid, max_links, true), expected);
            loops += expected.len();
            let grouped = LinkGraph::build(
                &grid,
                GraphOptions {
                    groups: true,
                    als: false,
                },
            );
            let expected = all_loops(&grouped, &grid, max_links, false);
            assert_eq!(all_loops(&grouped, &grid, max_links, true), expected);
            loops += expected.len();
        }
    }
    assert!(loops > 500, "{loops}");
}

/// Counts of starts whose walk closes, of the others, and of those the reach leaves out.
#[derive(Default)]
struct ReachCounts {
    closing: usize,
    open: usize,
    left_out: usize,
}

/// Check that the reach lets through every start whose walk closes within `max_links`.
fn check_reach(graph: &impl Links, grid: &Grid, max_links: usize, counts: &mut ReachCounts) {
    let allowed = allowed_nodes(graph, grid, &filter(max_links));
    let reach = LoopReach::new(graph, grid, &allowed);
    for start in (0..CANDIDATE_NODES).filter(|&s| allowed[s as usize]) {
        for on in [false, true] {
            let through = reach.may_close((start, on));
            if walk_closes(graph, grid, &allowed, (start, on), max_links) {
                assert!(through, "start {start} on {on}");
                counts.closing += 1;
            } else {
                counts.open += 1;
                counts.left_out += !through as usize;
            }
        }
    }
}

/// The reach at any length lets through every start whose walk closes, at the longest cap a
/// search takes, and leaves out most of the others.
#[test]
fn the_reach_lets_through_every_start_that_closes() {
    let longest = 31;
    let mut counts = ReachCounts::default();
    for grid in positions().iter().skip(1).step_by(2) {
        check_reach(&CandidateLinks::new(grid), grid, longest, &mut counts);
        for (groups, als) in [(true, false), (true, true)] {
            let graph = LinkGraph::build(grid, GraphOptions { groups, als });
            check_reach(&graph, grid, longest, &mut counts);
        }
    }
    let ReachCounts {
        closing,
        open,
        left_out,
    } = counts;
    assert!(
        closing > 100 && left_out * 2 > open,
        "{closing} {open} {left_out}"
    );
}
