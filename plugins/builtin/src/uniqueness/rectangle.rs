//! The rectangles behind the uniqueness techniques: four cells in two rows, two columns and
//! two boxes. If none of them is a given and they end up holding two digits, one on each
//! diagonal, swapping the two digits gives a second solution (the "deadly pattern"); in a
//! puzzle with one solution they never do. Unique and hidden rectangles look at four empty
//! corners, avoidable rectangles at corners that were solved along the way.

use kaidoku_engine::prelude::*;
use std::sync::LazyLock;

/// The corners in the order `[r1c1, r1c2, r2c1, r2c2]`: `0`/`3` and `1`/`2` are diagonal.
pub type Corners = [Cell; 4];

/// Every rectangle spanning two boxes: two rows of one band with two columns of different
/// stacks, or two columns of one stack with two rows of different bands.
pub fn rectangles() -> impl Iterator<Item = Corners> {
    (0..9usize).flat_map(|r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9usize).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    two_boxes.then(|| {
                        [
                            Cell::at(r1, c1),
                            Cell::at(r1, c2),
                            Cell::at(r2, c1),
                            Cell::at(r2, c2),
                        ]
                    })
                })
            })
        })
    })
}

/// The rectangles with a corner at each cell (24 each), worked out once.
static RECTANGLES_OF: LazyLock<Vec<Vec<Corners>>> = LazyLock::new(|| {
    let mut of = vec![Vec::new(); 81];
    for corners in rectangles() {
        for cell in corners {
            of[cell.index()].push(corners);
        }
    }
    of
});

/// The corner diagonally opposite `cell`.
pub fn diagonal(corners: &Corners, cell: Cell) -> Cell {
    let i = corners.iter().position(|&c| c == cell).unwrap_or(0);
    corners[3 - i]
}

/// A possible deadly pattern on digits `pair`: four empty corners where both digits may still
/// go, at least one of them holding exactly the pair.
pub struct Rectangle {
    pub corners: Corners,
    pub cells: CellSet,
    pub pair: DigitSet,
    /// The corners without other candidates (holding both digits of the pair, or one when
    /// candidates may be missing).
    pub floor: CellSet,
    /// The corners with other candidates as well.
    pub roof: CellSet,
}

impl Rectangle {
    /// The two digits, in order.
    pub fn digits(&self) -> (Digit, Digit) {
        let mut it = self.pair.iter();
        (it.next().unwrap_or(1), it.next().unwrap_or(1))
    }

    /// The candidates of the pair in the corners, for the step's pattern.
    pub fn pattern(&self, grid: &Grid) -> Candidates {
        let mut pattern = Candidates::EMPTY;
        for cell in self.cells {
            pattern.insert_digits(cell, grid.candidates(cell) & self.pair);
        }
        pattern
    }

    /// The candidates outside the pair in the roof.
    pub fn extras(&self, grid: &Grid) -> DigitSet {
        grid.candidates_of(self.roof) - self.pair
    }

    /// A step of `kind` on this rectangle: `#ab r1c12 r2c12`, then `parts`.
    pub fn step(&self, grid: &Grid, kind: StepKind, eliminations: Candidates) -> Step {
        Step::new(kind)
            .part(Part::Digits(self.pair))
            .part(Part::Cells(self.cells))
            .eliminations(eliminations)
            .pattern("rectangle", self.pattern(grid))
    }
}

/// Per digit, the cells where it may still go as far as solved cells tell: empty cells no
/// peer of which holds it. A corner "allows" a digit it lacks when the digit was only
/// eliminated (HoDoKu's Unique Rectangles "with missing candidates").
pub fn allowed_cells(grid: &Grid) -> [CellSet; 9] {
    let mut allowed = [grid.empty_cells(); 9];
    for cell in Cell::all() {
        if let Some(d) = grid.value(cell) {
            allowed[d as usize - 1] -= peers(cell);
        }
    }
    allowed
}

/// Visit every possible deadly pattern of the position. The pairs come from corners holding
/// exactly two candidates, so the search starts from those cells. With `missing_candidates` a
/// corner need only allow both digits (see [`allowed_cells`]), else it must hold both. Four
/// corners holding only the pair would already be the deadly pattern (a puzzle with one
/// solution never shows it): skipped.
pub fn unique_rectangles(
    grid: &Grid,
    missing_candidates: bool,
    mut visit: impl FnMut(&Rectangle) -> Flow,
) -> Flow {
    let allowed = allowed_cells(grid);
    let empty = grid.empty_cells();
    for start in grid.bivalue_cells() {
        let pair = grid.candidates(start);
        for &corners in &RECTANGLES_OF[start.index()] {
            let cells: CellSet = corners.iter().copied().collect();
            // Each rectangle and pair once: from its first corner holding just the pair.
            let first = corners
                .iter()
                .find(|&&c| grid.candidates(c) == pair)
                .copied();
            if first != Some(start) || !cells.is_subset_of(empty) {
                continue;
            }
            let fits = pair.iter().all(|d| {
                let places = if missing_candidates {
                    allowed[d as usize - 1]
                } else {
                    grid.cells_with(d)
                };
                cells.is_subset_of(places)
            });
            if !fits {
                continue;
            }
            let floor: CellSet = cells
                .into_iter()
                .filter(|&c| grid.candidates(c).is_subset_of(pair))
                .collect();
            if floor.len() == 4 {
                continue;
            }
            visit(&Rectangle {
                corners,
                cells,
                pair,
                floor,
                roof: cells - floor,
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_486_rectangles_in_two_boxes() {
        let all: Vec<Corners> = rectangles().collect();
        assert_eq!(all.len(), 486);
        for corners in all {
            let boxes: std::collections::BTreeSet<usize> =
                corners.iter().map(|c| c.box_index()).collect();
            assert_eq!(boxes.len(), 2);
            assert_eq!(diagonal(&corners, corners[1]), corners[2]);
        }
    }
}
