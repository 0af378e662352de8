use super::*;
use crate::cells::Cell;

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
    assert_eq!(fish[0].base.to_string(), "R19");
    assert_eq!(fish[0].cover.to_string(), "C19");
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
        .filter(|f| f.cover.to_string() == "C19")
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
        let grid = crate::parse::parse(puzzle).unwrap();
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
