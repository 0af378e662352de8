//! Every fish shape of a digit, whether or not it eliminates anything by itself: Kraken fish
//! look for fish whose covers hold candidates the fins keep alive, and prove with chains what
//! the fins cannot save.

use super::{Fish, FishSpec};
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use crate::board::house::{House, common_peers};
use crate::board::house_set::HouseSet;
use crate::board::subsets::subsets_of_size;
use std::ops::ControlFlow;

/// Every fish of `digit` that `spec` allows (at most `spec.max_fins` fins, endo fins
/// included), each base set and each cover set holding base candidates, reported whether or
/// not it eliminates anything: `eliminations` is what it removes by itself (what sees every
/// fin), possibly nothing. Base sets in house order, then cover sets; `visit` may stop it.
pub fn find_fish_shapes<B>(
    grid: &Grid,
    digit: Digit,
    spec: &FishSpec,
    mut visit: impl FnMut(&Fish) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = spec.size;
    let candidates = grid.cells_with(digit);
    let mut bases = [(House::new(0), CellSet::EMPTY); 27];
    let mut count = 0;
    for house in House::all() {
        let cells = grid.house_cells_with(house, digit);
        if spec.base.contains(house.kind()) && !cells.is_empty() {
            bases[count] = (house, cells);
            count += 1;
        }
    }
    #[derive(Clone, Copy)]
    struct Bases {
        houses: HouseSet,
        body: CellSet,
        overlap: CellSet,
    }
    let empty = Bases {
        houses: HouseSet::EMPTY,
        body: CellSet::EMPTY,
        overlap: CellSet::EMPTY,
    };
    subsets_of_size(
        &bases[..count],
        n,
        empty,
        |u, (house, cells)| Bases {
            houses: u.houses.union(HouseSet::single(house)),
            body: u.body | cells,
            overlap: u.overlap | (u.body & cells),
        },
        |u, _| {
            (spec.endo_fins || u.overlap.is_empty()) && u.overlap.len() as usize <= spec.max_fins
        },
        |_| true,
        |_, u| {
            let base = Shape {
                digit,
                candidates,
                houses: u.houses,
                body: u.body,
                endo_fins: u.overlap,
            };
            base.covers(spec, &mut visit)
        },
    )
}

/// A chosen base: its houses, candidates and endo fins.
struct Shape {
    digit: Digit,
    candidates: CellSet,
    houses: HouseSet,
    body: CellSet,
    endo_fins: CellSet,
}

impl Shape {
    /// Every n cover sets leaving at most `max_fins` fins.
    fn covers<B>(
        &self,
        spec: &FishSpec,
        visit: &mut impl FnMut(&Fish) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let n = spec.size;
        let mut options = [(House::new(0), 0usize); 27];
        let mut count = 0;
        for house in House::all() {
            if spec.cover.contains(house.kind())
                && !self.houses.contains(house)
                && house.cells().intersects(self.body)
            {
                options[count] = (house, count);
                count += 1;
            }
        }
        // What the options from index i on can still cover: a body cell none of them holds
        // is a fin for sure, so a branch with too many of those is cut.
        let mut reach = [CellSet::EMPTY; 28];
        for i in (0..count).rev() {
            reach[i] = reach[i + 1] | (options[i].0.cells() & self.body);
        }
        let fin_budget = spec.max_fins.saturating_sub(self.endo_fins.len() as usize);
        #[derive(Clone, Copy)]
        struct Covers {
            houses: HouseSet,
            covered: CellSet,
            twice: CellSet,
            next: usize,
        }
        let empty = Covers {
            houses: HouseSet::EMPTY,
            covered: CellSet::EMPTY,
            twice: CellSet::EMPTY,
            next: 0,
        };
        subsets_of_size(
            &options[..count],
            n,
            empty,
            |u, (house, index)| {
                let cells = house.cells() & self.candidates;
                Covers {
                    houses: u.houses.union(HouseSet::single(house)),
                    covered: u.covered | cells,
                    twice: u.twice | (u.covered & cells),
                    next: index + 1,
                }
            },
            |u, _| {
                let sure_fins = (self.body - u.covered - reach[u.next]) - self.endo_fins;
                sure_fins.len() as usize <= fin_budget
            },
            |_| true,
            |_, u| {
                let fins = (self.body - u.covered) | self.endo_fins;
                if fins.len() as usize > spec.max_fins {
                    return ControlFlow::Continue(());
                }
                let seen = if fins.is_empty() {
                    CellSet::ALL
                } else {
                    common_peers(fins)
                };
                let cannibals = if spec.cannibalism {
                    (u.twice & self.body & seen) - fins
                } else {
                    CellSet::EMPTY
                };
                visit(&Fish {
                    digit: self.digit,
                    base: self.houses,
                    cover: u.houses,
                    fins,
                    endo_fins: self.endo_fins,
                    cannibals,
                    eliminations: ((u.covered - self.body) & seen) | cannibals,
                    body: self.body,
                })
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cells::Cell;
    use crate::patterns::fish::{HouseKinds, find_fish};

    fn shapes(grid: &Grid, digit: Digit, spec: &FishSpec) -> Vec<Fish> {
        let mut out = Vec::new();
        let _ = find_fish_shapes(grid, digit, spec, |fish| {
            out.push(*fish);
            ControlFlow::<()>::Continue(())
        });
        out
    }

    #[test]
    fn every_fish_that_eliminates_is_a_shape_too() {
        let grid = crate::text::parse::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let mut compared = 0;
        for (base, cover) in [
            (HouseKinds::ROWS, HouseKinds::COLUMNS),
            (HouseKinds::LINES.union(HouseKinds::BOXES), HouseKinds::ALL),
        ] {
            for size in 2..=3 {
                let spec = FishSpec {
                    size,
                    base,
                    cover,
                    max_fins: 2,
                    endo_fins: true,
                    cannibalism: true,
                };
                for digit in 1..=9 {
                    let all = shapes(&grid, digit, &spec);
                    assert!(all.iter().all(|f| f.fins.len() <= 2));
                    let _ = find_fish(&grid, digit, &spec, |fish| {
                        assert!(all.contains(fish), "{fish:?}");
                        compared += 1;
                        ControlFlow::<()>::Continue(())
                    });
                }
            }
        }
        assert!(compared > 10, "only {compared} fish");
    }

    #[test]
    fn a_kraken_shape_with_no_eliminations_of_its_own() {
        // Rows 1 and 9 hold #1 at c1, c9 and a fin far away at r9c5: nothing sees the fin and
        // the covers, so the fish removes nothing, but it is a shape.
        let mut grid = Grid::new();
        for row in [0, 8] {
            for col in 1..8 {
                if (row, col) != (8, 4) {
                    grid.eliminate(Cell::at(row, col), 1);
                }
            }
        }
        let spec = FishSpec {
            max_fins: 1,
            ..FishSpec::basic(2)
        };
        let all = shapes(&grid, 1, &spec);
        let wing = all
            .iter()
            .find(|f| f.cover.to_string() == "c19")
            .expect("the finned x-wing");
        assert_eq!(wing.fins, CellSet::single(Cell::at(8, 4)));
        assert!(wing.eliminations.is_empty());
    }
}
