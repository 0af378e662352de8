//! What every start of the nice-loop search implies at any length, found for all starts at once.
//!
//! The walk's links are implications: a false node makes its strong partners true, a true one
//! makes its weak partners false. What the walk from a (node, state) reaches within its length
//! cap is part of what that (node, state) implies through any number of links, and those are
//! the same for every (node, state) of one strongly connected part of the graph of links.
//! Tarjan's algorithm finds the parts sinks first, so each part's reach is its own true nodes
//! and the reach of the parts its links lead to, all known by then: the reach of every start,
//! as a bitset of the nodes it makes true, in one pass over the links (about the cost of a few
//! walks).
//!
//! A start whose reach holds none of the nodes the loop search could close on cannot close
//! within any cap: [`LoopReach::may_close`] then answers `false` and its exact sweep is
//! skipped. The walk reaches less than the reach (it stops at its cap and does not go on from
//! the start come back), so the test only ever lets through more starts than can close.

use super::graph::{Links, SplitLinks};
use super::ids::{CANDIDATE_NODES, NodeId, candidate_id};
use super::reach_table::LoopReach;
use super::shared_reach::Kept;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use crate::board::grid::Grid;
use crate::board::house::{houses_of, peers};
use std::borrow::Cow;

const NONE: u32 = u32::MAX;
/// The strongly connected part that makes nothing true (see [`parts_and_reach`]).
const NOTHING: u32 = 0;

/// The links between (node, state)s: from a false node strong links lead to true nodes,
/// from a true one weak links to false nodes.
struct Implications {
    /// Per node (by rank), its allowed strong partners' true (node, state)s.
    strong_first: Vec<u32>,
    strong: Vec<u32>,
    /// Per node, its allowed weak partners' false (node, state)s, but for partners with no
    /// strong link: false, they make nothing true, and a part of its own adds nothing.
    weak_first: Vec<u32>,
    weak: Vec<u32>,
    /// Per node, its bit in the bitsets of nodes made true (`NONE` for a node with no strong
    /// link: nothing makes it true).
    bit: Vec<u32>,
}

impl Implications {
    fn count(&self) -> usize {
        (self.strong_first.len() - 1) * 2
    }

    fn of(&self, vertex: u32) -> &[u32] {
        let node = vertex as usize / 2;
        let (first, links) = match vertex % 2 {
            0 => (&self.strong_first, &self.strong),
            _ => (&self.weak_first, &self.weak),
        };
        &links[first[node] as usize..first[node + 1] as usize]
    }

    /// Where the links of `vertex` sit in its list ([`Implications::target`]): `start..end`.
    #[inline]
    fn span(&self, vertex: u32) -> (u32, u32) {
        let node = vertex as usize / 2;
        let first = match vertex % 2 {
            0 => &self.strong_first,
            _ => &self.weak_first,
        };
        (first[node], first[node + 1])
    }

    /// The vertex the link at `at` of `vertex`'s list leads to.
    #[inline]
    fn target(&self, vertex: u32, at: u32) -> u32 {
        match vertex % 2 {
            0 => self.strong[at as usize],
            _ => self.weak[at as usize],
        }
    }
}

/// The links the reach follows: the graph's, or, when the graph holds the grid's candidates
/// alone, the same links read off the grid's bitboards (far cheaper than link by link).
trait LinkSource {
    fn each(&self, node: NodeId, strong: bool, visit: impl FnMut(NodeId));
    fn digit(&self, node: NodeId) -> Digit;
    /// The weak links of `node`, in the order [`LinkSource::each`] lists them, to at least
    /// every candidate in `wanted` (per digit, its cells) and to any node of another kind; a
    /// source may list others too. The reach needs only the partners that have a strong link.
    fn each_weak_among(&self, node: NodeId, _wanted: &[u128; 9], visit: impl FnMut(NodeId)) {
        self.each(node, false, visit);
    }
}

struct GraphLinks<'a, L: Links>(&'a L);

impl<L: Links> LinkSource for GraphLinks<'_, L> {
    fn each(&self, node: NodeId, strong: bool, mut visit: impl FnMut(NodeId)) {
        match self.0.link_list(node, strong) {
            Some(list) => list.iter().for_each(|&(to, _)| visit(to)),
            None => self.0.for_each_link(node, strong, &mut |to, _| visit(to)),
        }
    }

    fn digit(&self, node: NodeId) -> Digit {
        self.0.node(node).digit
    }
}

/// A live candidate's links on the grid (each once): weak to the cell's other candidates and
/// to the digit in every peer; strong to the other candidate of a bivalue cell and to the
/// other place of each house where the digit has two.
struct GridLinks<'g>(&'g Grid);

impl LinkSource for GridLinks<'_> {
    fn each(&self, node: NodeId, strong: bool, mut visit: impl FnMut(NodeId)) {
        let (cell, digit) = (Cell::new(node as usize / 9), self.digit(node));
        let others = self.0.candidates(cell) - DigitSet::single(digit);
        if !strong || others.len() == 1 {
            others
                .iter()
                .for_each(|other| visit(candidate_id(cell, other)));
        }
        let places = self.0.cells_with(digit);
        let mut partners = match strong {
            true => houses_of(cell)
                .into_iter()
                .map(|house| house.cells() & places)
                .filter(|cells| cells.len() == 2)
                .fold(CellSet::EMPTY, |acc, cells| acc | cells),
            false => peers(cell) & places,
        };
        partners.remove(cell);
        partners
            .iter()
            .for_each(|other| visit(candidate_id(other, digit)));
    }

    fn digit(&self, node: NodeId) -> Digit {
        (node % 9) as Digit + 1
    }

    /// [`LinkSource::each`]'s weak links, less the candidates outside `wanted`: most of a
    /// candidate's twenty or so peers are never made true, and are left out on the bitboards.
    fn each_weak_among(&self, node: NodeId, wanted: &[u128; 9], mut visit: impl FnMut(NodeId)) {
        let (cell, digit) = (Cell::new(node as usize / 9), self.digit(node));
        let others = self.0.candidates(cell) - DigitSet::single(digit);
        others
            .iter()
            .filter(|&other| wanted[other as usize - 1] >> cell.index() & 1 != 0)
            .for_each(|other| visit(candidate_id(cell, other)));
        let wanted_places =
            self.0.cells_with(digit) & CellSet::from_bits(wanted[digit as usize - 1]);
        let mut partners = peers(cell) & wanted_places;
        partners.remove(cell);
        partners
            .iter()
            .for_each(|other| visit(candidate_id(other, digit)));
    }
}

/// A graph's links told apart ([`SplitLinks`]): a candidate's links to other candidates off
/// its grid's bitboards, as [`GridLinks`] reads them, then the listed ones; so the graph need
/// not list the rest.
struct SplitSource<'a> {
    split: SplitLinks<'a>,
    node_digits: &'a dyn Fn(NodeId) -> Digit,
}

impl SplitSource<'_> {
    /// The grid's links of `node` when it is a live candidate there (the graph lists them so).
    fn candidate(&self, node: NodeId) -> Option<GridLinks<'_>> {
        if node >= CANDIDATE_NODES {
            return None;
        }
        let grid = self.split.grid();
        let (cell, digit) = (Cell::new(node as usize / 9), (node % 9) as Digit + 1);
        (grid.empty_cells().contains(cell) && grid.has_candidate(cell, digit))
            .then_some(GridLinks(grid))
    }
}

impl LinkSource for SplitSource<'_> {
    fn each(&self, node: NodeId, strong: bool, mut visit: impl FnMut(NodeId)) {
        if let Some(grid) = self.candidate(node) {
            grid.each(node, strong, &mut visit);
        }
        for &(to, _) in self.split.beyond_candidates(node, strong) {
            visit(to);
        }
    }

    fn digit(&self, node: NodeId) -> Digit {
        (self.node_digits)(node)
    }

    fn each_weak_among(&self, node: NodeId, wanted: &[u128; 9], mut visit: impl FnMut(NodeId)) {
        if let Some(grid) = self.candidate(node) {
            grid.each_weak_among(node, wanted, &mut visit);
        }
        for &(to, _) in self.split.beyond_candidates(node, false) {
            visit(to);
        }
    }
}

impl LoopReach {
    /// The reach of every (node, state) over the nodes `allowed`, through every link of
    /// `graph`.
    pub fn new(graph: &impl Links, grid: &Grid, allowed: &[bool]) -> LoopReach {
        let count = graph.node_count();
        if graph.grid_candidates_only() {
            return LoopReach::over(&GridLinks(grid), count, grid, allowed);
        }
        match graph.split_links() {
            Some(split) => {
                let node_digits = |node: NodeId| graph.node(node).digit;
                let source = SplitSource {
                    split,
                    node_digits: &node_digits,
                };
                LoopReach::over(&source, count, grid, allowed)
            }
            None => LoopReach::over(&GraphLinks(graph), count, grid, allowed),
        }
    }

    fn over(
        graph: &impl LinkSource,
        node_count: usize,
        grid: &Grid,
        allowed: &[bool],
    ) -> LoopReach {
        let mut rank = vec![NONE; node_count];
        let mut nodes: Vec<NodeId> = Vec::with_capacity(node_count);
        for (node, _) in allowed.iter().enumerate().filter(|(_, allowed)| **allowed) {
            rank[node] = nodes.len() as u32;
            nodes.push(node as NodeId);
        }
        // Room reserved up front: these lists grow by thousands of links per position.
        let mut links = Implications {
            strong_first: Vec::with_capacity(nodes.len() + 1),
            strong: Vec::with_capacity(nodes.len() * 4),
            weak_first: vec![0],
            weak: Vec::new(),
            bit: Vec::new(),
        };
        links.strong_first.push(0);
        for &node in &nodes {
            graph.each(node, true, |to| {
                if rank[to as usize] != NONE {
                    links.strong.push(rank[to as usize] * 2 + 1);
                }
            });
            links.strong_first.push(links.strong.len() as u32);
        }
        let has_strong =
            |r: u32| links.strong_first[r as usize + 1] > links.strong_first[r as usize];
        // Only a node with a strong link can be made true: the others get no bit.
        let mut strong_nodes = 0;
        links.bit = (0..nodes.len() as u32)
            .map(|r| match has_strong(r) {
                true => {
                    strong_nodes += 1;
                    strong_nodes - 1
                }
                false => NONE,
            })
            .collect();
        let words = (strong_nodes as usize).div_ceil(64).max(1);
        let node_of_bit = (0..nodes.len())
            .filter(|&r| links.bit[r] != NONE)
            .map(|r| nodes[r])
            .collect();
        let bit = &links.bit;
        let candidates = nodes
            .iter()
            .take_while(|&&node| node < CANDIDATE_NODES)
            .count();
        // Per digit, the cells whose candidate has a strong link: the only weak partners that
        // count below.
        let mut with_strong = [0u128; 9];
        for (r, &node) in nodes[..candidates].iter().enumerate() {
            if has_strong(r as u32) {
                with_strong[node as usize % 9] |= 1 << (node as usize / 9);
            }
        }
        let mut ends = vec![0u64; candidates * 2 * words];
        let mut weak = Vec::with_capacity(nodes.len() * 8);
        let mut weak_first = Vec::with_capacity(nodes.len() + 1);
        weak_first.push(0);
        // A node's weak partners, gathered first and then gone through in this loop: handing
        // the work below to the link source as a callback kept it out of line, at a call a link.
        let mut partners: Vec<NodeId> = Vec::with_capacity(32);
        for (r, &node) in nodes.iter().enumerate() {
            let is_candidate = r < candidates;
            let (cell, digit) = (node as usize / 9, graph.digit(node));
            let many = is_candidate && grid.candidates(Cell::new(cell)).len() >= 3;
            let strong =
                &links.strong[links.strong_first[r] as usize..links.strong_first[r + 1] as usize];
            let (off_ends, on_ends) = match is_candidate {
                true => ends[r * 2 * words..(r + 1) * 2 * words].split_at_mut(words),
                false => (&mut [][..], &mut [][..]),
            };
            set(off_ends, bit[r]);
            partners.clear();
            graph.each_weak_among(node, &with_strong, |to| partners.push(to));
            for &to in &partners {
                let t = rank[to as usize];
                // A partner with no strong link is made true by nothing, has no bit, and makes
                // nothing true when false: it adds nothing.
                if t == NONE || !has_strong(t) {
                    continue;
                }
                weak.push(t * 2);
                if is_candidate {
                    set(on_ends, bit[t as usize]);
                    let in_cell = to < CANDIDATE_NODES && to as usize / 9 == cell;
                    let same_digit = !in_cell && digit_of(graph, to) == digit;
                    if (in_cell && many) || (same_digit && !strong.contains(&(t * 2 + 1))) {
                        set(off_ends, bit[t as usize]);
                    }
                }
            }
            weak_first.push(weak.len() as u32);
        }
        links.weak = weak;
        links.weak_first = weak_first;
        let (part, reach) = parts_and_reach(&links, words);
        LoopReach {
            rank,
            part,
            reach,
            ends,
            words,
            node_of_bit,
        }
    }
}

/// The reach of every (node, state) of `graph` over the nodes `allowed` in `grid`: the one the
/// graph keeps when it keeps one for them, else a new one.
pub(super) fn reach_of<'a>(
    graph: &'a impl Links,
    grid: &Grid,
    allowed: &[bool],
) -> Cow<'a, LoopReach> {
    let Some(shared) = graph.shared_reach() else {
        return Cow::Owned(LoopReach::new(graph, grid, allowed));
    };
    let kept = shared.0.get_or_init(|| Kept {
        grid: grid.clone(),
        allowed: allowed.to_vec(),
        reach: LoopReach::new(graph, grid, allowed),
    });
    if kept.grid == *grid && kept.allowed == allowed {
        Cow::Borrowed(&kept.reach)
    } else {
        Cow::Owned(LoopReach::new(graph, grid, allowed))
    }
}

/// The digit of `node`: a candidate's read off its id (`cell * 9 + digit - 1`), sparing the
/// source a lookup.
#[inline]
fn digit_of(graph: &impl LinkSource, node: NodeId) -> Digit {
    match node < CANDIDATE_NODES {
        true => (node % 9) as Digit + 1,
        false => graph.digit(node),
    }
}

/// Set bit `index` (none for `NONE`; none in an empty slice).
fn set(bits: &mut [u64], index: u32) {
    if index == NONE {
        return;
    }
    if let Some(word) = bits.get_mut(index as usize / 64) {
        *word |= 1 << (index % 64);
    }
}

/// Tarjan's strongly connected parts of the graph of `links` (an odd vertex is a node true),
/// and each part's reach: per vertex its part, per part `words` words of the nodes made true.
fn parts_and_reach(links: &Implications, words: usize) -> (Vec<u32>, Vec<u64>) {
    let count = links.count();
    let mut walk = DepthFirst {
        index: vec![NONE; count],
        low: vec![0; count],
        visited: 0,
        stack: Vec::with_capacity(count),
        calls: Vec::with_capacity(count),
    };
    let mut part = vec![NONE; count];
    // A part per vertex at most, each row zeroed as its part closes.
    let mut reach: Vec<u64> = Vec::with_capacity((count + 1) * words);
    // Part `NOTHING`: a vertex with no links that makes no node true (a node false with no
    // strong link, or true with no bit) is put there and left off the walk: about a third of
    // the vertices, each of which would close a part of its own.
    reach.resize(words, 0);
    let mut parts = NOTHING + 1;
    for v in 0..count as u32 {
        let (start, end) = links.span(v);
        if start == end && (v % 2 == 0 || links.bit[v as usize / 2] == NONE) {
            part[v as usize] = NOTHING;
            // Entered and closed: the walk never goes into it.
            walk.index[v as usize] = 0;
        }
    }
    for root in 0..count as u32 {
        if walk.index[root as usize] != NONE {
            continue;
        }
        walk.enter(root, links.span(root));
        while let Some(call) = walk.calls.last_mut() {
            let (v, at, end) = *call;
            if at < end {
                call.1 += 1;
                let w = links.target(v, at);
                if walk.index[w as usize] == NONE {
                    walk.enter(w, links.span(w));
                } else if part[w as usize] == NONE {
                    // On the stack: in a part not closed yet.
                    walk.low[v as usize] = walk.low[v as usize].min(walk.index[w as usize]);
                }
                continue;
            }
            walk.calls.pop();
            if let Some(&(caller, _, _)) = walk.calls.last() {
                walk.low[caller as usize] = walk.low[caller as usize].min(walk.low[v as usize]);
            }
            if walk.low[v as usize] != walk.index[v as usize] {
                continue;
            }
            // `v` roots a part: the stack from it up. Every link from the part leads inside
            // it or to a part closed before, whose reach is known.
            let this = parts;
            parts += 1;
            let from = walk
                .stack
                .iter()
                .rposition(|&u| u == v)
                .expect("v is on the stack");
            let members = &walk.stack[from..];
            reach.resize((this as usize + 1) * words, 0);
            let (done, row) = reach.split_at_mut(this as usize * words);
            for &u in members {
                part[u as usize] = this;
                if u % 2 == 1 {
                    set(row, links.bit[u as usize / 2]);
                }
            }
            let mut last = NONE;
            for &u in members {
                for &w in links.of(u) {
                    let other = part[w as usize];
                    if other != this && other != last && other != NOTHING {
                        last = other;
                        let other = &done[other as usize * words..(other as usize + 1) * words];
                        row.iter_mut().zip(other).for_each(|(a, b)| *a |= b);
                    }
                }
            }
            walk.stack.truncate(from);
        }
    }
    (part, reach)
}

/// The depth-first walk of Tarjan's algorithm, without recursion.
struct DepthFirst {
    /// Per vertex: when it was entered (`NONE`: not yet), and the earliest vertex still on
    /// the stack it leads back to.
    index: Vec<u32>,
    low: Vec<u32>,
    visited: u32,
    /// Vertices entered whose part is not closed yet.
    stack: Vec<u32>,
    /// The vertices being walked from, each with where its next link and its last sit.
    calls: Vec<(u32, u32, u32)>,
}

impl DepthFirst {
    /// Enter `v`, whose links sit at `start..end` ([`Implications::span`]).
    #[inline]
    fn enter(&mut self, v: u32, (start, end): (u32, u32)) {
        self.index[v as usize] = self.visited;
        self.low[v as usize] = self.visited;
        self.visited += 1;
        self.stack.push(v);
        self.calls.push((v, start, end));
    }
}

#[cfg(test)]
#[path = "loop_reach_tests.rs"]
mod tests;
