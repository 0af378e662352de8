//! The link graph of a position: nodes and their strong and weak links, built once.

use super::graph_als::add_als;
pub use super::ids::{LinkVia, NodeId, candidate_id};
use super::shared_reach::SharedReach;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, intersection};
use crate::patterns::als::AlsPair;
use crate::patterns::als::{Als, MAX_ALS_CELLS, find_als, rcc_pairs};
use crate::step::{ChainNode, NodeKind};
use std::cell::OnceCell;

/// Where a search finds nodes and links: a [`LinkGraph`] built once, or [`CandidateLinks`],
/// which reads the links of plain candidates straight off the grid's bitboards.
pub trait Links {
    /// How many nodes there are (ids are `0..node_count()`).
    fn node_count(&self) -> usize;
    /// The node of `id`.
    fn node(&self, id: NodeId) -> ChainNode;
    /// Whether the node exists in the position.
    fn is_live(&self, grid: &Grid, id: NodeId) -> bool;
    /// Call `visit(next, via)` for each strong (or else weak) link of `id`.
    fn for_each_link(&self, id: NodeId, strong: bool, visit: &mut dyn FnMut(NodeId, LinkVia));
    /// The strong (or else weak) links of `id` as a list, when the graph keeps them so (then
    /// the same as [`Links::for_each_link`] visits).
    fn link_list(&self, _id: NodeId, _strong: bool) -> Option<&[(NodeId, LinkVia)]> {
        None
    }
    /// Whether the nodes are the grid's candidates alone and the links exactly theirs (no
    /// group or ALS nodes), so that a search may follow them on the grid's bitboards instead.
    fn grid_candidates_only(&self) -> bool {
        false
    }
    /// Where the graph keeps the reach of its starts for the searches over it, if it does.
    fn shared_reach(&self) -> Option<&SharedReach> {
        None
    }
    /// The same links told apart, when the graph keeps them so: those between two candidates
    /// are then the grid's, every other one is listed.
    fn split_links(&self) -> Option<SplitLinks<'_>> {
        None
    }
}

impl Links for LinkGraph {
    fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, id: NodeId) -> ChainNode {
        self.nodes[id as usize]
    }

    fn is_live(&self, grid: &Grid, id: NodeId) -> bool {
        LinkGraph::is_live(self, grid, id)
    }

    fn for_each_link(&self, id: NodeId, strong: bool, visit: &mut dyn FnMut(NodeId, LinkVia)) {
        let links = if strong {
            self.strong_links(id)
        } else {
            self.weak_links(id)
        };
        for &(next, via) in links {
            visit(next, via);
        }
    }

    fn link_list(&self, id: NodeId, strong: bool) -> Option<&[(NodeId, LinkVia)]> {
        Some(match strong {
            true => self.strong_links(id),
            false => self.weak_links(id),
        })
    }

    fn grid_candidates_only(&self) -> bool {
        self.nodes.len() == 81 * 9
    }

    fn shared_reach(&self) -> Option<&SharedReach> {
        Some(&self.reach)
    }

    fn split_links(&self) -> Option<SplitLinks<'_>> {
        Some(SplitLinks { graph: self })
    }
}

/// The links of plain candidates, read off the grid as a search asks for them: nothing to
/// build, so the cheap choice when no group or ALS node is wanted.
pub struct CandidateLinks<'g> {
    grid: &'g Grid,
    reach: SharedReach,
}

impl<'g> CandidateLinks<'g> {
    /// The links of `grid`'s candidates.
    pub fn new(grid: &'g Grid) -> CandidateLinks<'g> {
        CandidateLinks {
            grid,
            reach: SharedReach::default(),
        }
    }
}

impl Links for CandidateLinks<'_> {
    fn node_count(&self) -> usize {
        81 * 9
    }

    fn node(&self, id: NodeId) -> ChainNode {
        ChainNode::candidate(Cell::new(id as usize / 9), (id % 9) as Digit + 1)
    }

    fn is_live(&self, grid: &Grid, id: NodeId) -> bool {
        grid.has_candidate(Cell::new(id as usize / 9), (id % 9) as Digit + 1)
    }

    fn for_each_link(&self, id: NodeId, strong: bool, visit: &mut dyn FnMut(NodeId, LinkVia)) {
        let (cell, digit) = (Cell::new(id as usize / 9), (id % 9) as Digit + 1);
        let grid = self.grid;
        if !grid.has_candidate(cell, digit) {
            return;
        }
        let others = grid.candidates(cell) - crate::board::digits::DigitSet::single(digit);
        if !strong || others.len() == 1 {
            for other in others {
                visit(candidate_id(cell, other), LinkVia::Cell);
            }
        }
        for house in crate::board::house::houses_of(cell) {
            let places = grid.house_cells_with(house, digit) - CellSet::single(cell);
            if !strong || places.len() == 1 {
                for other in places {
                    visit(candidate_id(other, digit), LinkVia::House(house));
                }
            }
        }
    }

    fn grid_candidates_only(&self) -> bool {
        true
    }

    fn shared_reach(&self) -> Option<&SharedReach> {
        Some(&self.reach)
    }
}

/// Which nodes besides plain candidates the graph holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphOptions {
    /// Group nodes: a digit in the cells of a box-line intersection.
    pub groups: bool,
    /// ALS nodes: "the almost locked set holds this digit", for every ALS of two or more cells.
    pub als: bool,
}

/// Nodes with their strong and weak links, in compressed adjacency lists. A strong link between
/// two candidates is also listed as weak (a conjugate pair or a bivalue cell holds exactly one of
/// the two): a chain may use it either way. The strong links inside an ALS are strong only.
pub struct LinkGraph {
    nodes: Vec<ChainNode>,
    /// The position, whose candidates' links the lists read off.
    grid: Grid,
    /// The links with a group or ALS node at one end or both, strong and weak.
    beyond: (Adjacency, Adjacency),
    /// Every link, strong and weak, listed when first asked for: the reach of the starts
    /// needs only the two above, and rules out every start of most searches.
    lists: OnceCell<(Adjacency, Adjacency)>,
    reach: SharedReach,
}

/// A graph's links told apart: the candidates' links to each other, on the grid's bitboards,
/// and the rest, listed (see [`Links::split_links`]).
pub struct SplitLinks<'a> {
    graph: &'a LinkGraph,
}

impl<'a> SplitLinks<'a> {
    /// The position the candidates' links are read off.
    pub fn grid(&self) -> &'a Grid {
        &self.graph.grid
    }

    /// The strong (or else weak) links of `id` with a group or ALS node at one end or both.
    pub fn beyond_candidates(&self, id: NodeId, strong: bool) -> &'a [(NodeId, LinkVia)] {
        match strong {
            true => self.graph.beyond.0.of(id),
            false => self.graph.beyond.1.of(id),
        }
    }
}

#[derive(Default)]
struct Adjacency {
    start: Vec<u32>,
    links: Vec<(NodeId, LinkVia)>,
}

impl Adjacency {
    /// Each node's links in the order of the nodes they lead to, each once. A candidate's links
    /// to other candidates are read off the grid already in that order. `extra` holds the
    /// links with a group or ALS node at one end or both ([`Adjacency::from_edges`]); of those
    /// a candidate leaves, all lead past the candidates, so they follow its candidate links.
    fn build(grid: &Grid, strong: bool, node_count: usize, extra: &Adjacency) -> Adjacency {
        let places = DigitPlaces::new(grid);
        let mut start = Vec::with_capacity(node_count + 1);
        let mut links =
            Vec::with_capacity(extra.links.len() + 81 * 9 * if strong { 4 } else { 20 });
        for node in 0..node_count {
            start.push(links.len() as u32);
            if node < 81 * 9 {
                let (cell, digit) = (Cell::new(node / 9), (node % 9) as Digit + 1);
                if grid.empty_cells().contains(cell) && grid.has_candidate(cell, digit) {
                    push_candidate_links(grid, &places, cell, digit, strong, &mut links);
                }
            }
            links.extend_from_slice(extra.of(node as NodeId));
        }
        start.push(links.len() as u32);
        Adjacency { start, links }
    }

    /// The edges bucketed by the node they leave (a counting sort), each node's few links then
    /// ordered by the node they lead to, the first listed kept of each.
    fn from_edges(node_count: usize, edges: Vec<(NodeId, NodeId, LinkVia)>) -> Adjacency {
        let mut start = vec![0u32; node_count + 1];
        if edges.is_empty() {
            return Adjacency {
                start,
                links: Vec::new(),
            };
        }
        for &(from, _, _) in &edges {
            start[from as usize + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut links = vec![(0, LinkVia::Cell); edges.len()];
        for (from, to, via) in edges {
            let at = &mut fill[from as usize];
            links[*at as usize] = (to, via);
            *at += 1;
        }
        // Most nodes have no such link or one: only longer lists are sorted (stably, so the
        // first listed of a pair stays first), and compacted only when one repeats a node.
        let mut repeats = false;
        for node in 0..node_count {
            let (first, end) = (start[node] as usize, start[node + 1] as usize);
            if end - first >= 2 {
                let list = &mut links[first..end];
                list.sort_by_key(|&(to, _)| to);
                repeats |= list.windows(2).any(|pair| pair[0].0 == pair[1].0);
            }
        }
        if repeats {
            let mut kept = 0;
            for node in 0..node_count {
                let (first, end) = (start[node] as usize, start[node + 1] as usize);
                start[node] = kept as u32;
                for i in first..end {
                    if i == first || links[i].0 != links[i - 1].0 {
                        links[kept] = links[i];
                        kept += 1;
                    }
                }
            }
            start[node_count] = kept as u32;
            links.truncate(kept);
        }
        Adjacency { start, links }
    }

    fn of(&self, node: NodeId) -> &[(NodeId, LinkVia)] {
        let node = node as usize;
        &self.links[self.start[node] as usize..self.start[node + 1] as usize]
    }
}

/// Each digit's places in each house, read once per graph rather than once per candidate.
struct DigitPlaces([[CellSet; 27]; 9]);

impl DigitPlaces {
    fn new(grid: &Grid) -> DigitPlaces {
        let mut places = [[CellSet::EMPTY; 27]; 9];
        for (digit, houses) in (1..=9).zip(places.iter_mut()) {
            for (house, cells) in House::all().zip(houses.iter_mut()) {
                *cells = grid.house_cells_with(house, digit);
            }
        }
        DigitPlaces(places)
    }

    fn of(&self, house: House, digit: Digit) -> CellSet {
        self.0[digit as usize - 1][house.index()]
    }
}

/// The strong (or else weak) links of a live candidate to other candidates, in the order of
/// the nodes they lead to: its cell's other candidates, and the digit's places in its row,
/// column and box. A place in two of those houses is linked through the first (rows, then
/// columns, then boxes), as listing every house's links in that order and keeping the first
/// would. A strong link needs a bivalue cell, or a house with the digit in two places only.
fn push_candidate_links(
    grid: &Grid,
    places: &DigitPlaces,
    cell: Cell,
    digit: Digit,
    strong: bool,
    links: &mut Vec<(NodeId, LinkVia)>,
) {
    let others = grid.candidates(cell) - crate::board::digits::DigitSet::single(digit);
    let [row, column, bx] = crate::board::house::houses_of(cell);
    let linking = |house: House| {
        let cells = places.of(house, digit);
        match !strong || cells.len() == 2 {
            true => cells,
            false => CellSet::EMPTY,
        }
    };
    let (in_row, in_column, in_box) = (linking(row), linking(column), linking(bx));
    for other in in_row | in_column | in_box | CellSet::single(cell) {
        if other == cell {
            if !strong || others.len() == 1 {
                links.extend(
                    others
                        .iter()
                        .map(|d| (candidate_id(cell, d), LinkVia::Cell)),
                );
            }
            continue;
        }
        let house = if in_row.contains(other) {
            row
        } else if in_column.contains(other) {
            column
        } else {
            bx
        };
        links.push((candidate_id(other, digit), LinkVia::House(house)));
    }
}

impl LinkGraph {
    /// The graph of `grid`'s candidates (and groups and ALSs, when asked for).
    pub fn build(grid: &Grid, options: GraphOptions) -> LinkGraph {
        if options.als {
            LinkGraph::build_with_als(grid, options, &find_als(grid, MAX_ALS_CELLS))
        } else {
            LinkGraph::build_with_als(grid, options, &[])
        }
    }

    /// [`LinkGraph::build`] with the position's ALS list already at hand (used when
    /// `options.als`).
    pub fn build_with_als(grid: &Grid, options: GraphOptions, alses: &[Als]) -> LinkGraph {
        let pairs = match options.als {
            true => rcc_pairs(grid, alses),
            false => Vec::new(),
        };
        LinkGraph::build_with_als_pairs(grid, options, alses, &pairs)
    }

    /// [`LinkGraph::build_with_als`] with the sets' restricted-common pairs ([`rcc_pairs`] of
    /// `alses`) also at hand, as [`crate::Analysis`] shares them.
    pub fn build_with_als_pairs(
        grid: &Grid,
        options: GraphOptions,
        alses: &[Als],
        pairs: &[AlsPair],
    ) -> LinkGraph {
        // Room for every node up front: growing past the candidates would copy them all.
        let most_groups = if options.groups { 9 * 54 } else { 0 };
        let als_nodes: usize = match options.als {
            true => alses
                .iter()
                .filter(|a| a.size() >= 2)
                .map(|a| a.digits.len() as usize)
                .sum(),
            false => 0,
        };
        let mut nodes: Vec<ChainNode> = Vec::with_capacity(81 * 9 + most_groups + als_nodes);
        nodes.extend(
            (0..81 * 9).map(|i| ChainNode::candidate(Cell::new(i / 9), (i % 9) as Digit + 1)),
        );
        // Links between candidates are read off the grid as the lists are filled; these hold
        // only those of group and ALS nodes.
        let mut strong = Vec::new();
        let mut weak = Vec::new();
        if options.groups {
            add_groups(grid, &mut nodes, &mut strong, &mut weak);
        }
        if options.als {
            add_als(grid, alses, pairs, &mut nodes, &mut strong, &mut weak);
        }
        let count = nodes.len();
        LinkGraph {
            nodes,
            grid: grid.clone(),
            beyond: (
                Adjacency::from_edges(count, strong),
                Adjacency::from_edges(count, weak),
            ),
            lists: OnceCell::new(),
            reach: SharedReach::default(),
        }
    }

    /// Every link, strong and weak.
    fn lists(&self) -> &(Adjacency, Adjacency) {
        self.lists.get_or_init(|| {
            let (count, grid) = (self.nodes.len(), &self.grid);
            (
                Adjacency::build(grid, true, count, &self.beyond.0),
                Adjacency::build(grid, false, count, &self.beyond.1),
            )
        })
    }

    /// The node of `id`.
    pub fn node(&self, id: NodeId) -> &ChainNode {
        &self.nodes[id as usize]
    }

    /// How many nodes the graph has.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes strongly linked to `id`.
    pub fn strong_links(&self, id: NodeId) -> &[(NodeId, LinkVia)] {
        self.lists().0.of(id)
    }

    /// The nodes weakly linked to `id` (strong links included).
    pub fn weak_links(&self, id: NodeId) -> &[(NodeId, LinkVia)] {
        self.lists().1.of(id)
    }

    /// Whether the node exists in the position (a candidate that is still there, or a group).
    pub fn is_live(&self, grid: &Grid, id: NodeId) -> bool {
        let node = self.node(id);
        match node.kind {
            NodeKind::Candidate => node
                .cells
                .first()
                .is_some_and(|c| grid.has_candidate(c, node.digit)),
            _ => true,
        }
    }
}

/// Group nodes: for every box-line intersection holding a digit in two or three cells. A group
/// is weakly linked to the digit's other places in its line and in its box; strongly linked to
/// what is left of a house when the group and that rest are the digit's only places there.
fn add_groups(
    grid: &Grid,
    nodes: &mut Vec<ChainNode>,
    strong: &mut Vec<(NodeId, NodeId, LinkVia)>,
    weak: &mut Vec<(NodeId, NodeId, LinkVia)>,
) {
    // (cells, digit, id, line, box) of every group, digit by digit.
    let mut groups: Vec<(CellSet, Digit, NodeId, House, House)> = Vec::new();
    // Per digit and house, how many groups lie in it and which (indices into `groups`, in the
    // order made; a box holds six at most, a line three): a group looks for its neighbours
    // there alone.
    let mut in_house = [[(0u8, [0u32; 6]); 27]; 9];
    for digit in 1..=9 {
        for line in House::lines() {
            for bx in House::boxes() {
                let cells = intersection(line, bx) & grid.cells_with(digit);
                if cells.len() >= 2 {
                    let id = nodes.len() as NodeId;
                    nodes.push(ChainNode::group(cells, digit));
                    for house in [line, bx] {
                        let (count, members) = &mut in_house[digit as usize - 1][house.index()];
                        members[*count as usize] = groups.len() as u32;
                        *count += 1;
                    }
                    groups.push((cells, digit, id, line, bx));
                }
            }
        }
    }
    // Room for the links up front rather than growing the lists push by push (on the first
    // 100 of top1465 a group adds about 1.5 strong and 9 weak links, at most 2.1 and 11.5).
    strong.reserve(groups.len() * 3);
    weak.reserve(groups.len() * 12);
    for &(cells, digit, id, line, bx) in &groups {
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
            let (count, members) = &in_house[digit as usize - 1][house.index()];
            for &member in &members[..*count as usize] {
                let (other_cells, _, other, _, _) = groups[member as usize];
                if other == id || other_cells.intersects(cells) {
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

#[cfg(test)]
#[path = "graph_tests.rs"]
mod tests;
