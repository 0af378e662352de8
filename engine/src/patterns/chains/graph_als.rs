//! The almost locked sets of a link graph: their nodes and links (see [`add_als`]).

use super::ids::{LinkVia, NodeId, candidate_id};
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::patterns::als::Als;
use crate::patterns::als::AlsPair;
use crate::step::{ChainNode, NodeKind};

/// ALS nodes: one per (ALS, digit), meaning "the set holds the digit". An ALS of n cells has
/// n + 1 digits, so it lacks at most one: any two of its digits are strongly linked. A digit it
/// holds sits in one of its cells with that digit, so every candidate of the digit that sees
/// all those cells is weakly linked to it. Sets are also linked to each other
/// ([`add_als_pairs`]) and to the cells they force ([`add_als_forcings`]).
pub(super) fn add_als(
    grid: &Grid,
    alses: &[Als],
    pairs: &[AlsPair],
    nodes: &mut Vec<ChainNode>,
    strong: &mut Vec<(NodeId, NodeId, LinkVia)>,
    weak: &mut Vec<(NodeId, NodeId, LinkVia)>,
) {
    // The group nodes already made, by digit: a group whose cells all see every cell of an
    // ALS holding the digit excludes the ALS holding it, as a single candidate would.
    let mut groups_of: [Vec<(NodeId, CellSet)>; 9] = Default::default();
    for (id, node) in nodes.iter().enumerate() {
        if node.kind == NodeKind::Group {
            groups_of[node.digit as usize - 1].push((id as NodeId, node.cells));
        }
    }
    // Per set of `alses`, the id of its first node (sets of one cell get none).
    let mut first_node: Vec<Option<NodeId>> = vec![None; alses.len()];
    for (index, als) in alses.iter().enumerate().filter(|(_, a)| a.size() >= 2) {
        let first = nodes.len() as NodeId;
        first_node[index] = Some(first);
        let digits: Vec<Digit> = als.digits.iter().collect();
        for &digit in &digits {
            nodes.push(ChainNode {
                digit,
                cells: als.cells,
                kind: NodeKind::Als { digits: als.digits },
            });
        }
        for i in 0..digits.len() {
            let a = first + i as NodeId;
            for j in i + 1..digits.len() {
                let b = first + j as NodeId;
                // Strong only: the set may hold both digits (it usually does), so they do not
                // exclude each other.
                for (x, y) in [(a, b), (b, a)] {
                    strong.push((x, y, LinkVia::Als));
                }
            }
            let digit = digits[i];
            for cell in als.peers_of_digit(digit) & grid.cells_with(digit) {
                let other = candidate_id(cell, digit);
                weak.push((a, other, LinkVia::Als));
                weak.push((other, a, LinkVia::Als));
            }
            let peers = als.peers_of_digit(digit);
            for &(group, cells) in &groups_of[digit as usize - 1] {
                if cells.is_subset_of(peers) {
                    weak.push((a, group, LinkVia::Als));
                    weak.push((group, a, LinkVia::Als));
                }
            }
        }
        add_als_forcings(grid, als, first, strong);
    }
    add_als_pairs(alses, pairs, &first_node, weak);
}

/// The node of `digit` of the set whose first node is `first`.
fn als_node(first: NodeId, als: &Als, digit: Digit) -> NodeId {
    let below = als.digits.iter().take_while(|&d| d < digit).count();
    first + below as NodeId
}

/// Weak links between two sets that cannot both hold a digit: apart, and every cell of one
/// holding it sees every cell of the other holding it (a restricted common digit). A true
/// digit in one set then rules out all its places in the other.
fn add_als_pairs(
    alses: &[Als],
    pairs: &[AlsPair],
    first_node: &[Option<NodeId>],
    weak: &mut Vec<(NodeId, NodeId, LinkVia)>,
) {
    for pair in pairs {
        let (i, j) = (pair.first as usize, pair.second as usize);
        let (Some(first_a), Some(first_b)) = (first_node[i], first_node[j]) else {
            continue;
        };
        let (a, b) = (&alses[i], &alses[j]);
        // Sets that share cells are left apart, as HoDoKu does.
        if a.cells.intersects(b.cells) {
            continue;
        }
        for digit in pair.rccs {
            let (x, y) = (als_node(first_a, a, digit), als_node(first_b, b, digit));
            weak.push((x, y, LinkVia::Als));
            weak.push((y, x, LinkVia::Als));
        }
    }
}

/// Strong links from a node "`als` holds `x`" to a candidate it forces: when the set lacks
/// `x` it holds all its other digits, and a cell outside it that sees every place of each of
/// its own candidates but one (`v`) among those digits is left with `v`. So the set holds `x`
/// or the cell is `v`. Strong only: both may be true. Cells of two candidates are left out:
/// there the same follows over the set's other digit and the cell's own strong link, as
/// HoDoKu chains it. `first` is the id of the set's first node.
fn add_als_forcings(
    grid: &Grid,
    als: &Als,
    first: NodeId,
    strong: &mut Vec<(NodeId, NodeId, LinkVia)>,
) {
    let mut reached = CellSet::EMPTY;
    for digit in als.digits {
        reached |= als.peers_of_digit(digit);
    }
    for cell in reached & grid.empty_cells() {
        let candidates = grid.candidates(cell);
        if candidates.len() <= 2 {
            continue;
        }
        // The cell's candidates whose every place in the set it sees, and the rest.
        let seen: crate::board::digits::DigitSet = (candidates & als.digits)
            .iter()
            .filter(|&digit| als.peers_of_digit(digit).contains(cell))
            .collect();
        let rest = candidates - seen;
        // Lacking `x` rules out all of `seen` but `x`: one candidate must be left.
        let mut link = |x: Digit, value: Digit| {
            let (node, forced) = (als_node(first, als, x), candidate_id(cell, value));
            strong.push((node, forced, LinkVia::Als));
            strong.push((forced, node, LinkVia::Als));
        };
        match rest.only() {
            Some(value) => (als.digits - seen).iter().for_each(|x| link(x, value)),
            None if rest.is_empty() => seen.iter().for_each(|x| link(x, x)),
            None => {}
        }
    }
}
