//! Colouring: the places of one digit linked by conjugate pairs (a house where the digit has
//! exactly two places: one of them holds it). Following the pairs splits the linked places
//! into a cluster of two colours: either every place of one colour holds the digit, or every
//! place of the other does.

pub mod medusa;
pub mod multi_colors;
pub mod simple_colors;

use kaidoku_engine::prelude::*;

/// A cluster of places of one digit, two-coloured along conjugate pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// The places of each colour; one colour holds the digit everywhere, the other nowhere.
    pub colors: [CellSet; 2],
}

impl Cluster {
    pub fn cells(&self) -> CellSet {
        self.colors[0] | self.colors[1]
    }

    /// The cells that see some place of `color`.
    pub fn seen_by(&self, color: usize) -> CellSet {
        seen_by(self.colors[color])
    }

    /// The cluster's places as candidates of `digit`, by colour.
    pub fn pattern(&self, digit: Digit, color: usize) -> Candidates {
        let mut pattern = Candidates::EMPTY;
        pattern.insert_cells(self.colors[color], digit);
        pattern
    }
}

/// The cells that see some cell of `cells`.
fn seen_by(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |seen, cell| seen | peers(cell))
}

/// The clusters of `digit`, in the order of their first cell. A cluster whose pairs cannot be
/// two-coloured (an odd loop: the position has no solution) is left out, so that no step
/// rests on it.
pub fn clusters(grid: &Grid, digit: Digit) -> Vec<Cluster> {
    // partners[i]: the cells forming a conjugate pair with cell i.
    let mut partners = [CellSet::EMPTY; 81];
    let mut linked = CellSet::EMPTY;
    for house in House::all() {
        let places = grid.house_cells_with(house, digit);
        if places.len() == 2 {
            let mut pair = places.iter();
            let (Some(a), Some(b)) = (pair.next(), pair.next()) else {
                continue;
            };
            partners[a.index()].insert(b);
            partners[b.index()].insert(a);
            linked |= places;
        }
    }
    let mut out = Vec::new();
    let mut done = CellSet::EMPTY;
    for start in linked {
        if done.contains(start) {
            continue;
        }
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut stack = vec![(start, 0usize)];
        let mut consistent = true;
        while let Some((cell, color)) = stack.pop() {
            for next in partners[cell.index()] {
                if colors[color].contains(next) {
                    consistent = false;
                } else if !colors[1 - color].contains(next) {
                    colors[1 - color].insert(next);
                    stack.push((next, 1 - color));
                }
            }
        }
        let cluster = Cluster { colors };
        done |= cluster.cells();
        if consistent {
            out.push(cluster);
        }
    }
    out
}

/// The text parts of a cluster: its two colours, `r1c4 r5c6 / r8c9`.
pub fn cluster_parts(cluster: &Cluster) -> [Part; 3] {
    [
        Part::Cells(cluster.colors[0]),
        Part::Text("/".into()),
        Part::Cells(cluster.colors[1]),
    ]
}
