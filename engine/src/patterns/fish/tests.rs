use super::*;
use crate::board::cells::Cell;

fn empty_except(digit: Digit, keep: &[(usize, usize)], rows: &[usize]) -> Grid {
    // The empty grid where `digit` in `rows` stays only at `keep`.
    let mut grid = Grid::new();
    for &row in rows {
        for col in 0..9 {
            if !keep.contains(&(row, col)) {
                grid.eliminate(Cell::at(row, col), digit);
            }
        }
    }
    grid
}

fn all_fish(grid: &Grid, digit: Digit, spec: &FishSpec) -> Vec<Fish> {
    let mut out = Vec::new();
    let _ = find_fish(grid, digit, spec, |fish| {
        out.push(*fish);
        ControlFlow::<()>::Continue(())
    });
    out
}

#[test]
fn x_wing_on_rows_and_on_columns() {
    let grid = empty_except(1, &[(0, 0), (0, 8), (8, 0), (8, 8)], &[0, 8]);
    let fish = all_fish(&grid, 1, &FishSpec::basic(2));
    assert_eq!(fish.len(), 1);
    assert_eq!(fish[0].base.to_string(), "r19");
    assert_eq!(fish[0].cover.to_string(), "c19");
    assert_eq!(fish[0].eliminations.len(), 14);
    assert_eq!(fish[0].family(), FishFamily::Basic);
    assert!(!fish[0].is_finned());
    assert!(all_fish(&grid, 1, &FishSpec::basic(2).transposed()).is_empty());
}

#[test]
fn a_fin_narrows_the_eliminations_to_what_sees_it() {
    // Rows 1 and 9 hold #1 in columns 1 and 9, and row 9 also at r9c2 (the fin, in box 7).
    let grid = empty_except(1, &[(0, 0), (0, 8), (8, 0), (8, 8), (8, 1)], &[0, 8]);
    assert!(all_fish(&grid, 1, &FishSpec::basic(2)).is_empty());
    let spec = FishSpec {
        max_fins: 1,
        ..FishSpec::basic(2)
    };
    let fish = all_fish(&grid, 1, &spec);
    let finned: Vec<_> = fish
        .iter()
        .filter(|f| f.cover.to_string() == "c19")
        .collect();
    assert_eq!(finned.len(), 1, "{fish:?}");
    let f = finned[0];
    assert_eq!(f.fins, CellSet::single(Cell::at(8, 1)));
    // Only r7c1 and r8c1 (column 1, box 7) see the fin.
    assert_eq!(f.eliminations.to_string(), "r78c1");
    assert!(!f.is_sashimi(&grid));
}

#[test]
fn fish_never_remove_a_solution_digit() {
    // Every fish up to size 3 with every kind of set, fins, endo fins and cannibalism, on
    // fresh puzzles: what they remove is never the solution's digit.
    let puzzles = [
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
        "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
    ];
    let mut found = 0;
    for puzzle in puzzles {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        let solution = grid.solutions(2).first.unwrap();
        for size in 1..=3 {
            let spec = FishSpec {
                size,
                base: HouseKinds::ALL,
                cover: HouseKinds::ALL,
                max_fins: 2,
                endo_fins: true,
                cannibalism: true,
            };
            for digit in 1..=9 {
                for fish in all_fish(&grid, digit, &spec) {
                    found += 1;
                    for cell in fish.eliminations {
                        assert_ne!(solution[cell.index()], digit, "{fish:?} in {puzzle}");
                    }
                }
            }
        }
    }
    assert!(found > 100, "only {found} fish");
}

/// The `k`-subsets of `items`, in index order.
fn subsets(items: &[House], k: usize) -> Vec<Vec<House>> {
    let mut all = crate::board::combinations::Combinations::new(items.len(), k);
    let mut out = Vec::new();
    while let Some(indices) = all.next_indices() {
        out.push(indices.iter().map(|&i| items[i]).collect());
    }
    out
}

/// Every fish the definition allows, found the slow way: each n bases, each n covers.
fn exhaustive(grid: &Grid, digit: Digit, spec: &FishSpec) -> Vec<Fish> {
    let candidates = grid.cells_with(digit);
    let houses_with = |kinds: HouseKinds| -> Vec<House> {
        House::all()
            .filter(|h| kinds.contains(h.kind()) && h.cells().intersects(candidates))
            .collect()
    };
    let mut out = Vec::new();
    for base in subsets(&houses_with(spec.base), spec.size) {
        let mut body = CellSet::EMPTY;
        let mut endo_fins = CellSet::EMPTY;
        for house in &base {
            let cells = house.cells() & candidates;
            endo_fins |= body & cells;
            body |= cells;
        }
        if (!spec.endo_fins && !endo_fins.is_empty()) || endo_fins.len() as usize > spec.max_fins {
            continue;
        }
        let base_set: HouseSet = base.iter().copied().collect();
        let options: Vec<House> = houses_with(spec.cover)
            .into_iter()
            .filter(|h| !base_set.contains(*h) && h.cells().intersects(body))
            .collect();
        for cover in subsets(&options, spec.size) {
            let mut covered = CellSet::EMPTY;
            let mut twice = CellSet::EMPTY;
            for house in &cover {
                let cells = house.cells() & candidates;
                twice |= covered & cells;
                covered |= cells;
            }
            let fins = (body - covered) | endo_fins;
            if fins.len() as usize > spec.max_fins {
                continue;
            }
            let seen = common_peers(fins);
            let cannibals = if spec.cannibalism {
                (twice & body & seen) - fins
            } else {
                CellSet::EMPTY
            };
            let eliminations = ((covered - body) & seen) | cannibals;
            if !eliminations.is_empty() {
                out.push(Fish {
                    digit,
                    base: base_set,
                    cover: cover.iter().copied().collect(),
                    fins,
                    endo_fins,
                    cannibals,
                    eliminations,
                    body,
                });
            }
        }
    }
    out
}

#[test]
fn the_search_finds_exactly_the_fish_of_the_definition_in_the_same_order() {
    // Positions from HoDoKu's library (finned Franken and Mutant fish among them).
    let positions = [
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        "....41.2.7.95.2......36..9.32....85.9.4...2.1.81....49.3..94......7.81.5.7.15....",
    ];
    let shapes = [
        (2, HouseKinds::ALL, HouseKinds::ALL, 5),
        (
            3,
            HouseKinds::ROWS.union(HouseKinds::BOXES),
            HouseKinds::COLUMNS.union(HouseKinds::BOXES),
            3,
        ),
        (3, HouseKinds::COLUMNS, HouseKinds::ROWS, 5),
    ];
    let mut compared = 0;
    for position in positions {
        let grid = crate::text::parse::parse(position).unwrap();
        for (size, base, cover, max_fins) in shapes {
            for cannibalism in [false, true] {
                let spec = FishSpec {
                    size,
                    base,
                    cover,
                    max_fins,
                    endo_fins: true,
                    cannibalism,
                };
                for digit in 1..=9 {
                    let expected = exhaustive(&grid, digit, &spec);
                    assert_eq!(all_fish(&grid, digit, &spec), expected, "{spec:?} #{digit}");
                    compared += expected.len();
                }
            }
        }
    }
    assert!(compared > 100, "only {compared} fish compared");
}

#[test]
fn finned_line_fish_are_exactly_those_of_the_definition_in_the_same_order() {
    // The line search (rows by columns and the reverse) cuts base choices whose cells outside
    // every box need more than n covers and takes covers box by box: it must still find every
    // fish the definition allows, sashimi ones included, and no other.
    let positions = [
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        // Pencil marks from top1465 runs where finned Jellyfish were found.
        "..3.56......4...........7.9..3.5.78.1..........3..67...2.........3..6.89..3.56.89.23.56....2..56.8..2...6.8...3.5.....2.456...........91..45..........7..1.3456....23.56...1..............7.9..3.5.78..2.4567...234.6......45..89..34.6.89..3456.8912..5.....2..5.7.912..........4.......3......1...5.7.......6...12.....8912....789.......8..2...67...23..6...1.....7.9.....67.91....67..1..4..7......5.....234.....1..456.......567.91.34.6....2..............8.1...567..1.....7.91.3.....91.3...7.9......7...23..6.......5....1.3.....9.2.4....9.......8.1..4....912.4.6..912.4.6..912.4......2.....8.12.4...8......6....2.45.7.912.4..7....3......12.4...8912..5.789........9.23..6.8.12.4.6.8.1.3.5.7...2.45.7..1234..7..1...5.78.12.4.6.8.12.45678.",
        "....5...........89.......89.....6...1..........3.........4..7...2.4..7...2....7..1....6....2.......1....6......45.......4..7.....45.7..........9.......8...3........3.........4..7.....4..7.........89.2..............891.............6.......5.........6.8.1..........3456.8....45..8.........9...45678...3.5.78..2....7...2....78..2.....89...45..89.2.45..89..3.........4..7..1..45.78.....5.78.1.......9.....6.........7....3.56.89..3.56.8912..5..8.....56...12..56.8...3.5..8.1.......9...4.....1....6..9..3..67.91.3..67.91..4....9.......8.1..4.6..9.2...........5....1.....7.9...4.........56.8912..56.89......7......56...12..56..9.....6.8...3......1......8912...6.89....5678912..5678912..5...9..3......12..56..9...4.678....4..7..1.....789",
    ];
    let mut compared = 0;
    let mut sashimi = 0;
    for position in positions {
        let grid = crate::text::parse::parse(position).unwrap();
        for size in 2..=4 {
            for max_fins in [1, 2, 5] {
                for spec in [FishSpec::basic(size), FishSpec::basic(size).transposed()] {
                    let spec = FishSpec {
                        max_fins,
                        endo_fins: true,
                        cannibalism: max_fins == 2,
                        ..spec
                    };
                    for digit in 1..=9 {
                        let expected = exhaustive(&grid, digit, &spec);
                        assert_eq!(all_fish(&grid, digit, &spec), expected, "{spec:?} #{digit}");
                        compared += expected.len();
                        sashimi += expected.iter().filter(|f| f.is_sashimi(&grid)).count();
                    }
                }
            }
        }
    }
    assert!(compared > 150, "only {compared} fish compared");
    assert!(sashimi > 80, "only {sashimi} sashimi fish compared");
}
