//! Nice loops: alternating chains that close on their start.
//!
//! - **Continuous**: the links alternate all the way round (`x = … = z - x`). Round a loop of
//!   n strong and n weak links, the strong links pair the nodes so that at least n are true,
//!   the weak links pair the same nodes so that at most n are: exactly one node of every pair
//!   is true, and each weak link holds as strongly as a strong one. Whatever is weakly linked
//!   to both nodes of a weak link is false.
//! - **Discontinuous**: the alternation breaks once, at the start candidate. Assumed false, it
//!   comes back true (two strong links meet there): it is true. Assumed true, it comes back
//!   false, or another candidate of its cell comes back true (a weak link meets it): it is
//!   false.

use super::aic_eliminations::aic_eliminations;
use super::bfs::{AtStart, Walk};
use super::filter::ChainFilter;
use super::graph::Links;
use super::ids::NodeId;
use super::loop_sweep::LoopSweep;
use super::search::allowed_nodes;
use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::house::{common_peers, peers};
use crate::step::{Chain, ChainNode, LinkKind, NodeKind};
use std::cell::Cell as Shared;
use std::ops::ControlFlow;

/// The most loops tried between one start and one end (all equally short); a continuous
/// loop with more ways round is not tried at all.
const MAX_WAYS: usize = 64;

/// Whether the alternation of a loop holds all the way round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopKind {
    /// Strong and weak links alternate all the way round.
    Continuous,
    /// The alternation breaks at the start node, which is then true or false.
    Discontinuous,
}

/// A nice loop and what it proves. The chain repeats its first node at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NiceLoop {
    /// The loop.
    pub chain: Chain,
    /// Whether it is continuous.
    pub kind: LoopKind,
    /// The candidates it eliminates.
    pub eliminations: Candidates,
    /// A discontinuous loop whose start comes back true places it.
    pub placement: Option<(Cell, Digit)>,
}

/// Every nice loop the filter allows that proves something: from each allowed candidate (in
/// node order), assumed false and then true, breadth first, so each loop is a shortest one
/// back to its start. The closing link counts towards the filter's length cap.
pub fn find_nice_loops<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    visit: impl FnMut(&NiceLoop) -> ControlFlow<B>,
) -> ControlFlow<B> {
    find_nice_loops_within(graph, grid, filter, &Shared::new(filter.max_links), visit)
}

/// [`find_nice_loops`] with a length cap that `visit` may lower as it goes (never above the
/// filter's): loops longer than the cap are skipped, and the walks from later starts go no
/// deeper. A caller that wants only the shortest loop lowers it below each loop it keeps, so
/// the search finds the same first loop with far less walking.
pub fn find_nice_loops_within<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    cap: &Shared<usize>,
    visit: impl FnMut(&NiceLoop) -> ControlFlow<B>,
) -> ControlFlow<B> {
    nice_loops(graph, grid, filter, cap, true, visit)
}

/// [`find_nice_loops_within`], skipping the walks a [`LoopSweep`] proves fruitless when
/// `sweep` (tests compare both ways).
pub(super) fn nice_loops<B>(
    graph: &impl Links,
    grid: &Grid,
    filter: &ChainFilter,
    cap: &Shared<usize>,
    sweep: bool,
    mut visit: impl FnMut(&NiceLoop) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // A loop passes each node once (its start aside, which closes it). A continuous loop has
    // at least four links: round two it is one conjugate pair seen twice, which says no more
    // than locked candidates.
    let mut visit = |found: &NiceLoop| {
        if is_simple(&found.chain)
            && (found.kind == LoopKind::Discontinuous || found.chain.len() >= 4)
        {
            visit(found)
        } else {
            ControlFlow::Continue(())
        }
    };
    let allowed = allowed_nodes(graph, grid, filter);
    // A continuous loop's eliminations depend on every node of it, so every shortest loop
    // is tried, not only the first found: what is found then does not depend on the order
    // links are listed in (nor on how the grid is turned).
    // Made when a start first gets past the sweep: most searches walk from none.
    let new_walk = || {
        Walk::new(graph.node_count())
            .keep_every_shortest_way()
            .following(filter)
    };
    let mut walk: Option<Walk> = None;
    // Most walks close no loop: a cheap sweep of what they reach says which can.
    let mut sweep = match sweep {
        true => LoopSweep::new(graph, grid, filter, &allowed),
        false => None,
    };
    let mut may_close = |start_state, max_links| {
        sweep
            .as_mut()
            .is_none_or(|sweep| sweep.may_close(graph, grid, &allowed, start_state, max_links))
    };
    let full_filter = filter;
    for start in 0..graph.node_count() as NodeId {
        // The walks below go no deeper than the cap (as it stands when each begins); what
        // they reach up to it does not depend on it.
        let filter = &ChainFilter {
            max_links: cap.get().min(full_filter.max_links),
            ..*full_filter
        };
        // A loop of `length` links counts only while the cap allows it.
        let within_cap = |end: &super::bfs::Reached| {
            let length = if end.node == start {
                end.depth
            } else {
                end.depth + 1
            };
            length <= cap.get()
        };
        let first = graph.node(start);
        if !allowed[start as usize] || first.kind != NodeKind::Candidate {
            continue;
        }
        let Some(cell) = first.cells.first() else {
            continue;
        };
        let closes = |end: NodeId, depth: usize| {
            depth < filter.max_links && weakly_linked(graph, filter, end, start, cell)
        };
        let in_start_cell = |node: NodeId| {
            let n = graph.node(node);
            n.kind == NodeKind::Candidate && n.cells.only() == Some(cell) && n.digit != first.digit
        };
        // The first of the shortest ways to `end` that closes into a simple loop (the way
        // found first may pass a node twice).
        let close = |walk: &Walk, end: NodeId, on: bool| {
            walk.every_chain_to(graph, end, on, MAX_WAYS)
                .into_iter()
                .map(|mut chain| {
                    if end != start {
                        chain
                            .links
                            .push(if on { LinkKind::Weak } else { LinkKind::Strong });
                        chain.nodes.push(first);
                    }
                    chain
                })
                .find(is_simple)
        };
        let only_start = {
            let mut c = Candidates::EMPTY;
            c.insert(cell, first.digit);
            c
        };
        // Assumed false (the first link strong).
        let may_close_false = may_close((start, false), filter.max_links);
        (if may_close_false {
            walk.get_or_insert_with(new_walk).run(
                graph,
                &allowed,
                filter,
                (start, false),
                AtStart::Report,
                |walk, end| {
                    if !end.on || !within_cap(&end) {
                        return ControlFlow::Continue(());
                    }
                    // Back true by a strong link: placed.
                    if end.node == start {
                        let Some(chain) = close(walk, start, true) else {
                            return ControlFlow::Continue(());
                        };
                        return visit(&NiceLoop {
                            chain,
                            kind: LoopKind::Discontinuous,
                            eliminations: Candidates::EMPTY,
                            placement: Some((cell, first.digit)),
                        });
                    }
                    // Another digit of the cell true by a strong link: one of the two is true, the
                    // cell's other digits go.
                    if in_start_cell(end.node) {
                        if end.depth >= filter.max_links {
                            return ControlFlow::Continue(());
                        }
                        let eliminations = aic_eliminations(grid, &first, &graph.node(end.node));
                        let Some(chain) = close(walk, end.node, true) else {
                            return ControlFlow::Continue(());
                        };
                        if eliminations.is_empty() {
                            return ControlFlow::Continue(());
                        }
                        return visit(&NiceLoop {
                            chain,
                            kind: LoopKind::Discontinuous,
                            eliminations,
                            placement: None,
                        });
                    }
                    // The same digit elsewhere, weakly linked back: the loop closes continuously.
                    if graph.node(end.node).digit != first.digit || !closes(end.node, end.depth) {
                        return ControlFlow::Continue(());
                    }
                    every_continuous_loop(graph, grid, walk, (end.node, true), first, &mut visit)
                },
            )
        } else {
            ControlFlow::Continue(())
        })?;
        // Assumed true (the first link weak).
        let bivalue = grid.candidates(cell).len() == 2;
        let true_filter = &ChainFilter {
            max_links: cap.get().min(full_filter.max_links),
            ..*full_filter
        };
        if !may_close((start, true), true_filter.max_links) {
            continue;
        }
        walk.get_or_insert_with(new_walk).run(
            graph,
            &allowed,
            true_filter,
            (start, true),
            AtStart::Report,
            |walk, end| {
                if !within_cap(&end) {
                    return ControlFlow::Continue(());
                }
                // Back false by a weak link, or another digit of the cell true by a strong one:
                // the start is false.
                let back_false = end.node == start && !end.on;
                let other_true = end.on && in_start_cell(end.node);
                if back_false || other_true {
                    if other_true && end.depth >= filter.max_links {
                        return ControlFlow::Continue(());
                    }
                    let Some(chain) = close(walk, end.node, end.on) else {
                        return ControlFlow::Continue(());
                    };
                    return visit(&NiceLoop {
                        chain,
                        kind: LoopKind::Discontinuous,
                        eliminations: only_start,
                        placement: None,
                    });
                }
                // The other digit of a bivalue cell false by a weak link: the cell's strong link
                // closes the loop continuously.
                if end.on || !bivalue || !in_start_cell(end.node) || end.depth >= filter.max_links {
                    return ControlFlow::Continue(());
                }
                every_continuous_loop(graph, grid, walk, (end.node, false), first, &mut visit)
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// Whether a loop passes each node once (its first node comes back at the end).
fn is_simple(chain: &Chain) -> bool {
    let nodes = &chain.nodes[1..];
    nodes
        .iter()
        .enumerate()
        .all(|(i, n)| !nodes[..i].contains(n))
}

/// Close every shortest way from the start to `end` (reached true: by a weak link back to the
/// start; reached false: by the start cell's strong link) and visit the continuous loops that
/// eliminate something.
fn every_continuous_loop<B>(
    graph: &impl Links,
    grid: &Grid,
    walk: &Walk,
    (end, on): (NodeId, bool),
    first: ChainNode,
    visit: &mut impl FnMut(&NiceLoop) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let ways = walk.every_chain_to(graph, end, on, MAX_WAYS + 1);
    // Which of too many ways came first would depend on the order links are listed in (and
    // so on how the grid is turned): beyond the cap, none is tried.
    if ways.len() > MAX_WAYS {
        return ControlFlow::Continue(());
    }
    for mut chain in ways {
        chain
            .links
            .push(if on { LinkKind::Weak } else { LinkKind::Strong });
        chain.nodes.push(first);
        let eliminations = continuous_eliminations(grid, &chain);
        if !eliminations.is_empty() {
            visit(&NiceLoop {
                chain,
                kind: LoopKind::Continuous,
                eliminations,
                placement: None,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether the filter allows a weak link from `node` to the candidate `start` (in `cell`).
fn weakly_linked(
    graph: &impl Links,
    filter: &ChainFilter,
    node: NodeId,
    start: NodeId,
    cell: Cell,
) -> bool {
    // Only nodes in the cell or among its peers can be linked to it: a cheap test first.
    let near = graph.node(node).cells;
    if !near.contains(cell) && !near.intersects(peers(cell)) {
        return false;
    }
    let mut linked = false;
    graph.for_each_link(node, false, &mut |next, via| {
        linked |= next == start && (filter.weak)(via);
    });
    linked
}

/// What a continuous loop eliminates: for each weak link, now holding both ways, whatever
/// excludes both of its nodes; for each almost locked set passed through, the digits it then
/// surely holds (see `als_eliminations`).
pub fn continuous_eliminations(grid: &Grid, chain: &Chain) -> Candidates {
    weak_link_eliminations(grid, chain).union(&als_eliminations(grid, chain))
}

/// What the weak links of a continuous loop eliminate, the cells of its groups left alone
/// (as HoDoKu does).
fn weak_link_eliminations(grid: &Grid, chain: &Chain) -> Candidates {
    let mut out = Candidates::EMPTY;
    for (i, link) in chain.links.iter().enumerate() {
        if *link == LinkKind::Weak {
            out = out.union(&aic_eliminations(
                grid,
                &chain.nodes[i],
                &chain.nodes[i + 1],
            ));
        }
    }
    for node in &chain.nodes {
        if node.kind == NodeKind::Group {
            out.remove_cells(node.cells);
        }
    }
    out
}

/// What the almost locked sets of a continuous loop eliminate. Round the loop each strong
/// link holds one way only: exactly one of its nodes is true.
/// - A set entered on one digit and left on another (a strong link between two of its
///   nodes) lacks one of the two and so holds each of its other digits.
/// - A set entered on `x` and left by forcing a cell to `v` (a strong link from "the set
///   holds `x`" to the cell's `v`, see the link graph): the set lacks `x` and the cell is
///   `v`, or it holds `x` and the cell is one of its other candidates `e`, all of them digits
///   of the set whose places the cell sees, so the set lacks that `e`. Either way it lacks
///   at most `x` or one `e`: its digits besides `x` and the cell's other candidates are held,
///   and each `e` is in the set or in the cell.
///
/// A held digit leaves every cell that sees all its places in the set; these go from the
/// loop's own cells too (HoDoKu eliminates them there as well).
pub(super) fn als_eliminations(grid: &Grid, chain: &Chain) -> Candidates {
    let mut out = Candidates::EMPTY;
    for (i, link) in chain.links.iter().enumerate() {
        if *link != LinkKind::Strong {
            continue;
        }
        let (u, v) = (&chain.nodes[i], &chain.nodes[i + 1]);
        match (u.kind, v.kind) {
            (NodeKind::Als { digits }, NodeKind::Als { .. }) if u.cells == v.cells => {
                let held = digits - DigitSet::single(u.digit) - DigitSet::single(v.digit);
                out = out.union(&held_digit_eliminations(grid, u.cells, held, None));
            }
            (NodeKind::Als { .. }, NodeKind::Candidate) => {
                out = out.union(&forcing_eliminations(grid, u, v));
            }
            (NodeKind::Candidate, NodeKind::Als { .. }) => {
                out = out.union(&forcing_eliminations(grid, v, u));
            }
            _ => {}
        }
    }
    out
}

/// The `held` digits of the set on `cells`, each in one of its places (or in `also`, when
/// given): out of every other cell that sees all of them.
fn held_digit_eliminations(
    grid: &Grid,
    cells: crate::board::cells::CellSet,
    held: DigitSet,
    also: Option<Cell>,
) -> Candidates {
    let mut out = Candidates::EMPTY;
    for digit in held {
        let mut places = cells & grid.cells_with(digit);
        if let Some(cell) = also {
            places.insert(cell);
        }
        let seen = common_peers(places) & (grid.cells_with(digit) - cells);
        out.insert_cells(seen, digit);
    }
    out
}

/// [`als_eliminations`] of a set (node "holds `als.digit`") left by forcing `forced`.
fn forcing_eliminations(grid: &Grid, als: &ChainNode, forced: &ChainNode) -> Candidates {
    let (NodeKind::Als { digits }, Some(cell)) = (als.kind, forced.cells.only()) else {
        return Candidates::EMPTY;
    };
    let entry = DigitSet::single(als.digit);
    let exits = grid.candidates(cell) - DigitSet::single(forced.digit);
    // The link holds only when the set rules out every other candidate of the cell: checked
    // again here, so a chain from elsewhere cannot make this unsound.
    let rules_out = |digit| {
        let places = als.cells & grid.cells_with(digit);
        !places.is_empty() && common_peers(places).contains(cell)
    };
    if als.cells.contains(cell)
        || !exits.is_subset_of(digits - entry)
        || !exits.iter().all(rules_out)
    {
        return Candidates::EMPTY;
    }
    let held = held_digit_eliminations(grid, als.cells, digits - entry - exits, None);
    held.union(&held_digit_eliminations(grid, als.cells, exits, Some(cell)))
}

/// [`continuous_eliminations`] as HoDoKu counts them: the loop's own cells lose only what a
/// weak link inside one of them removes (its other digits) and what an almost locked set
/// passed through removes, nothing a weak link between two cells removes (sound too, but
/// HoDoKu leaves it).
pub fn continuous_eliminations_outside(grid: &Grid, chain: &Chain) -> Candidates {
    let all = weak_link_eliminations(grid, chain);
    let mut out = all;
    out.remove_cells(super::search::chain_cells(chain));
    for (i, link) in chain.links.iter().enumerate() {
        let (u, v) = (&chain.nodes[i], &chain.nodes[i + 1]);
        let inside_a_cell = *link == LinkKind::Weak
            && u.kind == NodeKind::Candidate
            && v.kind == NodeKind::Candidate
            && u.cells == v.cells;
        if let (true, Some(cell)) = (inside_a_cell, u.cells.only()) {
            for digit in grid.candidates(cell) {
                if all.contains(cell, digit) {
                    out.insert(cell, digit);
                }
            }
        }
    }
    out.union(&als_eliminations(grid, chain))
}
