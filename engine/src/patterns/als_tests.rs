//! Tests of the ALS list and its restricted commons.

use super::*;
use crate::board::house::common_peers;

fn position(text: &str) -> Grid {
    crate::text::parse::parse(text).expect("test position")
}

/// The empty grid with a few cells cut down to the given candidates.
fn with_candidates(cells: &[(usize, usize, &str)]) -> Grid {
    let mut grid = Grid::new();
    for &(r, c, digits) in cells {
        let keep: DigitSet = digits.bytes().map(|b| b - b'0').collect();
        for digit in !keep {
            grid.eliminate(Cell::at(r - 1, c - 1), digit);
        }
    }
    grid
}

fn set(cells: &[(usize, usize)]) -> CellSet {
    cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
}

/// Every ALS by brute force: all subsets of every house, deduplicated by cell set.
fn brute_force(grid: &Grid, max_cells: usize) -> Vec<CellSet> {
    let mut found = Vec::new();
    for house in House::all() {
        let empty: Vec<Cell> = grid.empty_cells_in(house).iter().collect();
        for mask in 1u32..1 << empty.len() {
            let cells: CellSet = (0..empty.len())
                .filter(|i| mask >> i & 1 != 0)
                .map(|i| empty[i])
                .collect();
            let size = cells.len() as usize;
            if size <= max_cells
                && grid.candidates_of(cells).len() as usize == size + 1
                && !found.contains(&cells)
            {
                found.push(cells);
            }
        }
    }
    found.sort();
    found
}

const SEED_DB: &str =
    "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18..";

#[test]
fn enumeration_matches_brute_force_once_per_cell_set() {
    let positions = [
        SEED_DB,
        "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316..",
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".................................................................................",
    ];
    for text in positions {
        let grid = position(text);
        for max_cells in [1, 2, 3, 5, 7, 8] {
            let mut sets: Vec<CellSet> =
                find_als(&grid, max_cells).iter().map(|a| a.cells).collect();
            sets.sort();
            assert_eq!(
                sets,
                brute_force(&grid, max_cells),
                "{text} size {max_cells}"
            );
        }
    }
    let grid = position(SEED_DB);
    for max_cells in [1, 2, 4, 8] {
        let als = find_als(&grid, max_cells);
        let mut sets: Vec<CellSet> = als.iter().map(|a| a.cells).collect();
        sets.sort();
        let before = sets.len();
        sets.dedup();
        assert_eq!(before, sets.len(), "a cell set twice at size {max_cells}");
        assert_eq!(sets, brute_force(&grid, max_cells), "size {max_cells}");
    }
    // The count on this position, pinned so a change in the enumeration shows.
    assert_eq!(find_als(&grid, 8).len(), 252);
}

/// [`find_als`] as the generic subset walk finds them: the order the list had first, which
/// steps depend on (the first pair found is the step taken).
fn by_generic_walk(grid: &Grid, max_cells: usize) -> Vec<Als> {
    let mut out = Vec::new();
    for house in House::all() {
        let cells: Vec<(Cell, u16)> = grid
            .empty_cells_in(house)
            .iter()
            .map(|cell| (cell, grid.candidates(cell).bits()))
            .filter(|&(_, mask)| mask != 0)
            .collect();
        let _ = crate::board::subsets::grow_subsets(
            &cells,
            max_cells,
            (CellSet::EMPTY, 0u16),
            |(set, union), (cell, mask)| (set | CellSet::single(cell), union | mask),
            |(_, union), _| union.count_ones() as usize <= max_cells + 1,
            |chosen, (set, union)| {
                if union.count_ones() as usize == chosen.len() + 1
                    && !found_in_earlier_house(house, set)
                {
                    out.push(Als::new(grid, set, house).expect("an ALS"));
                }
                std::ops::ControlFlow::<()>::Continue(())
            },
        );
    }
    out
}

/// Positions with candidates taken out at random (seeded), down to broken ones with a cell
/// left without candidates.
fn thinned_positions() -> Vec<Grid> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let mut out = Vec::new();
    for text in [
        SEED_DB,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".................................................................................",
    ] {
        let mut grid = position(text);
        for round in 0..40 {
            for _ in 0..6 {
                let cell = Cell::new(random(81));
                let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
                if grid.empty_cells().contains(cell)
                    && (digits.len() > 1 || round > 35 && digits.len() == 1)
                {
                    grid.eliminate(cell, digits[random(digits.len())]);
                }
            }
            out.push(grid.clone());
        }
    }
    out
}

#[test]
fn the_list_is_in_the_generic_walks_order() {
    let mut sets = 0;
    for grid in thinned_positions() {
        for max_cells in [1, 2, 4, MAX_ALS_CELLS] {
            let found = find_als(&grid, max_cells);
            assert_eq!(
                found,
                by_generic_walk(&grid, max_cells),
                "{grid:?} {max_cells}"
            );
            sets += found.len();
        }
    }
    assert!(sets > 10_000, "only {sets} sets");
}

#[test]
fn rcc_pairs_are_every_pair_with_restricted_commons_in_index_order() {
    let positions = [
        SEED_DB,
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ];
    let mut pairs = 0;
    for text in positions {
        let grid = position(text);
        let alses = find_als(&grid, MAX_ALS_CELLS);
        let mut expected = Vec::new();
        for (i, a) in alses.iter().enumerate() {
            for (j, b) in alses.iter().enumerate().skip(i + 1) {
                let common = rccs(a, b);
                if !common.is_empty() {
                    expected.push(AlsPair {
                        first: i as u32,
                        second: j as u32,
                        rccs: common,
                    });
                }
            }
        }
        assert_eq!(rcc_pairs(&grid, &alses), expected, "{text}");
        pairs += expected.len();
    }
    assert!(pairs > 1000, "only {pairs} pairs");
}

#[test]
fn one_cell_alses_are_the_bivalue_cells() {
    let grid = position(SEED_DB);
    let singles = find_als(&grid, 1)
        .iter()
        .fold(CellSet::EMPTY, |acc, a| acc | a.cells);
    assert_eq!(find_als(&grid, 1).len() as u32, singles.len());
    assert_eq!(singles, grid.bivalue_cells());
    assert!(find_als(&grid, 1).iter().all(|a| a.house.is_line()));
}

#[test]
fn a_set_in_a_row_and_a_box_is_one_als_reported_with_the_row() {
    // r1c1 #12 and r1c2 #13: an ALS #123 in row 1 and box 1.
    let grid = with_candidates(&[(1, 1, "12"), (1, 2, "13")]);
    let pair = set(&[(1, 1), (1, 2)]);
    let found: Vec<Als> = find_als(&grid, 2)
        .into_iter()
        .filter(|a| a.cells == pair)
        .collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].house, House::row(0));
    assert_eq!(found[0].to_string(), "r1c12 #123");
    assert_eq!(found[0].cells_with(1), pair);
    assert_eq!(found[0].cells_with(2), set(&[(1, 1)]));
    assert!(found[0].cells_with(9).is_empty());
}

#[test]
fn peers_of_digit_are_the_cells_outside_seeing_every_holder() {
    let grid = position(SEED_DB);
    for als in find_als(&grid, 8) {
        for digit in 1..=9 {
            let expected = if als.digits.contains(digit) {
                common_peers(als.cells_with(digit)) - als.cells
            } else {
                CellSet::EMPTY
            };
            assert_eq!(als.peers_of_digit(digit), expected, "{als:?} #{digit}");
        }
        assert_eq!(Als::new(&grid, als.cells, als.house), Some(als));
    }
}

#[test]
fn new_refuses_what_is_not_an_als() {
    let grid = with_candidates(&[(1, 1, "12"), (1, 2, "34")]);
    assert!(Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).is_none());
    assert!(Als::new(&grid, set(&[(1, 1)]), House::column(1)).is_none());
    assert!(Als::new(&grid, CellSet::EMPTY, House::row(0)).is_none());
    assert!(Als::new(&grid, set(&[(1, 1)]), House::row(0)).is_some());
}

#[test]
fn cell_to_als_rcc() {
    // ALS r1c12 #123 (1 in both cells, 2 in r1c1, 3 in r1c2).
    let grid = with_candidates(&[(1, 1, "12"), (1, 2, "13"), (5, 1, "24"), (2, 3, "1239")]);
    let als = Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).unwrap();
    // r5c1 sees the only 2 (r1c1): an RCC; it holds no 1 or 3.
    assert_eq!(rcc_cell_als(&grid, Cell::at(4, 0), &als).to_string(), "2");
    // r2c3 sees both cells (box 1): 1, 2 and 3 are RCCs; 9 is not in the ALS.
    assert_eq!(rcc_cell_als(&grid, Cell::at(1, 2), &als).to_string(), "123");
    // r5c2 sees r1c2 but not r1c1: 3 counts, 1 does not (r1c1 holds it too).
    assert_eq!(rcc_cell_als(&grid, Cell::at(4, 1), &als).to_string(), "3");
    // A cell of the ALS has no RCC with it.
    assert!(rcc_cell_als(&grid, Cell::at(0, 0), &als).is_empty());
}

#[test]
fn als_to_als_rcc() {
    let grid = with_candidates(&[
        (1, 1, "12"),
        (1, 2, "13"),
        (2, 1, "14"),
        (3, 5, "15"),
        (3, 6, "56"),
        (2, 3, "23"),
    ]);
    let a = Als::new(&grid, set(&[(1, 1), (1, 2)]), House::row(0)).unwrap();
    // A bivalue cell in the same box: every 1 of one sees every 1 of the other.
    let b = Als::new(&grid, set(&[(2, 1)]), House::row(1)).unwrap();
    assert_eq!(rccs(&a, &b).to_string(), "1");
    assert_eq!(rccs(&b, &a).to_string(), "1");
    // r3c56 #156: its 1 (r3c5) sees neither r1c1 nor r1c2: no RCC.
    let c = Als::new(&grid, set(&[(3, 5), (3, 6)]), House::row(2)).unwrap();
    assert!(rccs(&a, &c).is_empty());
    // An ALS shares its every cell with itself: nothing is restricted.
    assert!(rccs(&a, &a).is_empty());
    // Overlapping sets: r1c12 #123 and r12c1 ... share r1c1, which holds 1 and 2.
    let d = Als::new(&grid, set(&[(1, 1), (2, 1)]), House::column(0)).unwrap();
    assert_eq!(d.digits.to_string(), "124");
    assert!(rccs(&a, &d).is_empty());
    // r1c2 #13 and r2c3 #23 share r1c2 with `a`, but 2 lies outside the shared cell, in
    // r1c1 and r2c3, which see each other: 2 is an RCC; 1 and 3 sit in the shared cell.
    let e = Als::new(&grid, set(&[(1, 2), (2, 3)]), House::box_(0)).unwrap();
    assert_eq!(rccs(&a, &e).to_string(), "2");
}
