//! Tests of the grid: both candidate views, conflicts, rebuilding a position.

use super::*;

fn grid(line: &str) -> Grid {
    let mut values = [0u8; 81];
    for (i, ch) in line.bytes().enumerate() {
        if ch.is_ascii_digit() {
            values[i] = ch - b'0';
        }
    }
    Grid::from_givens(&values).expect("valid puzzle")
}

#[test]
fn placement_removes_digit_from_peers_in_both_views() {
    let mut g = Grid::new();
    let cell = Cell::at(0, 0);
    g.place(cell, 5);
    assert_eq!(g.value(cell), Some(5));
    assert!(g.candidates(cell).is_empty());
    for peer in peers(cell) {
        assert!(!g.has_candidate(peer, 5));
        assert!(!g.cells_with(5).contains(peer));
    }
    assert_eq!(g.cells_with(5).len(), 81 - 21);
    assert_eq!(g.cells_with(1).len(), 80);
    assert!(!g.empty_cells().contains(cell));
}

#[test]
fn elimination_updates_both_views() {
    let mut g = Grid::new();
    let cell = Cell::at(4, 4);
    assert!(g.eliminate(cell, 7));
    assert!(!g.eliminate(cell, 7));
    assert!(!g.has_candidate(cell, 7));
    assert!(!g.cells_with(7).contains(cell));
}

#[test]
fn givens_line_and_conflicts() {
    let line = ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.";
    let g = grid(line);
    assert_eq!(g.to_line(), line);
    assert_eq!(g.givens_line(), line);
    assert_eq!(g.givens().len(), 33);
    let mut values = [0u8; 81];
    values[0] = 3;
    values[8] = 3;
    let err = Grid::from_givens(&values).unwrap_err();
    assert_eq!(err.to_string(), "r1c1 and r1c9 both hold 3 in row 1");
}

#[test]
fn from_state_rebuilds_a_position_and_refuses_impossible_ones() {
    let mut g =
        grid(".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.");
    g.eliminate(Cell::at(0, 0), 1);
    g.place(Cell::at(0, 0), 8);
    let masks: [u16; 81] = std::array::from_fn(|i| g.candidates(Cell::new(i)).bits());
    let rebuilt = Grid::from_state(g.values(), &masks, g.givens().bits()).unwrap();
    assert_eq!(rebuilt, g);
    assert!(!rebuilt.is_given(Cell::at(0, 0)));

    let mut values = *g.values();
    values[1] = 10;
    assert_eq!(
        Grid::from_state(&values, &masks, 0).unwrap_err(),
        "r1c2 holds 10, not a digit"
    );
    let mut bad = masks;
    bad[0] = 1;
    assert_eq!(
        Grid::from_state(g.values(), &bad, 0).unwrap_err(),
        "r1c1 holds 8 but still has candidates 1"
    );
    let mut bad = masks;
    let empty = g.empty_cells().first().unwrap();
    bad[empty.index()] |= 1 << (8 - 1);
    let err = Grid::from_state(g.values(), &bad, 0).unwrap_err();
    assert!(err.contains("has candidate 8, but"), "{err}");
    bad[empty.index()] = 0x400;
    assert!(
        Grid::from_state(g.values(), &bad, 0)
            .unwrap_err()
            .contains("above digit 9")
    );
    let err = Grid::from_state(g.values(), &masks, 1 << empty.index()).unwrap_err();
    assert!(err.ends_with("is a given but has no value"), "{err}");
    assert!(Grid::from_state(g.values(), &masks, 1 << 100).is_err());
    values = *g.values();
    values[2] = 9;
    assert!(
        Grid::from_state(&values, &masks, 0)
            .unwrap_err()
            .contains("both hold 9")
    );
}

#[test]
fn bivalue_and_single_cells() {
    let mut g = Grid::new();
    let cell = Cell::at(2, 2);
    for d in 3..=9 {
        g.eliminate(cell, d);
    }
    assert_eq!(g.bivalue_cells(), CellSet::single(cell));
    g.eliminate(cell, 2);
    assert_eq!(g.single_candidate_cells(), CellSet::single(cell));
    assert!(g.bivalue_cells().is_empty());
}

#[test]
fn house_masks_match_the_cell_by_cell_definitions() {
    let mut g =
        grid(".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.");
    g.eliminate(Cell::at(0, 0), 1);
    g.eliminate(Cell::at(0, 3), 6);
    for house in House::all() {
        let placed: DigitSet = house
            .cells()
            .into_iter()
            .filter_map(|c| g.value(c))
            .collect();
        assert_eq!(g.placed_in(house), placed, "{house}");
        let hidden: DigitSet = (1..=9)
            .filter(|&d| g.house_cells_with(house, d).len() == 1)
            .collect();
        assert_eq!(g.hidden_singles_in(house), hidden, "{house}");
    }
    // The house order of the cells: box 2 starts at r1c4, column 3 ends at r9c3.
    assert_eq!(HOUSE_CELL_INDICES[19][0], 3);
    assert_eq!(HOUSE_CELL_INDICES[11][8], 74);
}

#[test]
fn conflicts_found_by_the_quick_pass_are_named_in_house_order() {
    let mut values = [0u8; 81];
    values[Cell::at(4, 4).index()] = 7;
    values[Cell::at(3, 3).index()] = 7;
    assert_eq!(
        find_conflict(&values).unwrap().to_string(),
        "r4c4 and r5c5 both hold 7 in box 5"
    );
    values[Cell::at(8, 3).index()] = 7;
    assert_eq!(find_conflict(&values).unwrap().house, House::column(3));
    assert!(find_conflict(&[0; 81]).is_none());
    // What is not a digit is no value: no conflict, and no panic.
    values = [0; 81];
    values[0] = 12;
    values[1] = 12;
    assert!(find_conflict(&values).is_none());
    assert_eq!(Grid::from_givens(&values).unwrap(), Grid::new());
}

#[test]
fn from_values_is_placing_the_values_one_by_one() {
    let line = ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.";
    let values: [Digit; 81] = std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0'));
    let placed: CellSet = [Cell::at(0, 1), Cell::at(8, 7)].into_iter().collect();
    let mut by_one = Grid::new();
    for cell in Cell::all() {
        match values[cell.index()] {
            0 => {}
            digit if placed.contains(cell) => by_one.place(cell, digit),
            digit => by_one.place_given(cell, digit),
        }
    }
    assert_eq!(Grid::from_values(&values, placed).unwrap(), by_one);
    assert_eq!(by_one.givens().len(), 31);
}
