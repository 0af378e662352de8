use super::*;
use crate::step::StepKind;

#[test]
fn se_length_scale() {
    let added: Vec<u16> = [3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25]
        .iter()
        .map(|&n| se_length_difficulty(n))
        .collect();
    assert_eq!(added, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
}

#[test]
fn published_values_and_sizes() {
    let table = RatingTable::default();
    let er = |id: &'static str, size: usize| table.rate_kind(&StepKind::new(id, id).sized(size)).er;
    assert_eq!(er("x-wing", 2), Er(32));
    assert_eq!(er("swordfish", 3), Er(38));
    assert_eq!(er("jellyfish", 4), Er(52));
    assert_eq!(er("naked-pair", 2), Er(30));
    assert_eq!(er("hidden-quadruple", 4), Er(54));
    assert_eq!(er("x-chain", 4), Er(66));
    assert_eq!(er("x-chain", 7), Er(68));
    assert_eq!(er("naked-set", 6), Er(58));
    let xwing = table.rate_kind(&StepKind::new("x-wing", "X-Wing"));
    assert_eq!((xwing.score, xwing.level), (140, Level::Hard));
}

#[test]
fn unknown_kinds_fall_back_by_family_then_word_then_default() {
    let table = RatingTable::default();
    assert_eq!(table.lookup("x-wing").1, Match::Exact);
    assert_eq!(
        table.lookup("unique-rectangle-9").1,
        Match::Family("unique-rectangle".into())
    );
    assert_eq!(
        table.lookup("strange-nice-loop").1,
        Match::Family("nice-loop".into())
    );
    assert_eq!(
        table.lookup("digit-forcing-chain").1,
        Match::Family("forcing-chain".into())
    );
    assert_eq!(table.lookup("zzz").1, Match::Default);
}

#[test]
fn hidden_singles_in_lines_are_harder_than_in_boxes() {
    let table = RatingTable::default();
    let single = crate::step::Step::new(StepKind::new("hidden-single", "Hidden Single"))
        .part(Part::Digit(1))
        .part(Part::House(House::row(0)));
    let boxed = crate::step::Step::new(StepKind::new("hidden-single", "Hidden Single"))
        .part(Part::Digit(1))
        .part(Part::House(House::box_(0)));
    let grid = Grid::new();
    assert_eq!(table.rate(&single, &grid).er, Er(15));
    assert_eq!(table.rate(&boxed, &grid).er, Er(12));
}

#[test]
fn path_rating_takes_the_hardest_step_and_hodoku_levels() {
    let table = RatingTable::default();
    let mut path = PathRating::default();
    for id in ["hidden-single", "x-wing", "naked-single"] {
        let step = crate::step::Step::new(StepKind::new(id, id));
        path.add(&step, table.rate(&step, &Grid::new()));
    }
    let path = path.finish(true);
    assert_eq!(path.er, Er(32));
    assert_eq!(path.hardest.as_deref(), Some("x-wing"));
    assert_eq!(path.score, 14 + 140 + 4);
    assert_eq!(path.level, Some(Level::Hard));
    assert_eq!(path.er_text(), "3.2");
    // Many medium steps pass the medium bound (1000) and make the puzzle hard.
    let mut long = PathRating::default();
    for _ in 0..25 {
        let step = crate::step::Step::new(StepKind::new("naked-pair", "Naked Pair"));
        long.add(&step, table.rate(&step, &Grid::new()));
    }
    assert_eq!(long.finish(true).level, Some(Level::Hard));
    let stuck = PathRating::default().finish(false);
    assert_eq!(
        (stuck.er_text(), stuck.level),
        (">0.0".to_string(), Some(Level::Extreme))
    );
}

/// A grid whose only candidates of 1 are at `cells` (row, column, 0-based).
fn ones_at(cells: &[(usize, usize)]) -> Grid {
    let mut grid = Grid::new();
    for cell in crate::board::cells::Cell::all() {
        if !cells.contains(&(cell.row(), cell.col())) {
            grid.eliminate(cell, 1);
        }
    }
    grid
}

#[test]
fn a_pointing_that_leaves_a_hidden_single_is_direct() {
    // Box 1 holds 1 only in row 1, so r1c9 loses 1.
    let table = RatingTable::default();
    let pointing = crate::step::Step::new(StepKind::new("locked-candidates-pointing", "LC1"))
        .part(Part::House(House::box_(0)))
        .eliminate(crate::board::cells::Cell::at(0, 8), 1);
    // Box 3 keeps 1 in r2c8 alone once r1c9 loses it: SE's direct pointing, 1.7.
    let direct = ones_at(&[(0, 0), (0, 1), (0, 8), (1, 7), (5, 8), (8, 8)]);
    assert_eq!(table.rate(&pointing, &direct).er, Er(17));
    // Column 9 alone keeps one place (r9c9): not a box, so the ordinary 2.6.
    let in_a_line = ones_at(&[(0, 0), (0, 1), (0, 8), (1, 7), (2, 7), (8, 8)]);
    assert_eq!(table.rate(&pointing, &in_a_line).er, Er(26));
}

/// Leave `digit` in `house` only at `keep` (row, column, 0-based).
fn only_at(grid: &mut Grid, house: House, digit: u8, keep: &[(usize, usize)]) {
    for cell in house.cells().iter() {
        if !keep.contains(&(cell.row(), cell.col())) {
            grid.eliminate(cell, digit);
        }
    }
}

#[test]
fn a_hidden_pair_is_direct_only_for_a_single_in_its_own_house() {
    use crate::board::cells::{Cell, CellSet};
    // #12 hidden in row 1 at r1c12 (not in box 1: 1 is also at r2c3). Removing 3 from r1c1
    // leaves box 1 one 3 (r2c2), which SE does not count, and row 1 two (r1c56).
    let mut grid = Grid::new();
    for digit in [1, 2] {
        only_at(&mut grid, House::row(0), digit, &[(0, 0), (0, 1)]);
    }
    only_at(&mut grid, House::box_(0), 1, &[(0, 0), (0, 1), (1, 2)]);
    only_at(&mut grid, House::row(0), 3, &[(0, 0), (0, 4), (0, 5)]);
    only_at(&mut grid, House::box_(0), 3, &[(0, 0), (1, 1)]);
    let cells: CellSet = [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect();
    let pair = crate::step::Step::new(StepKind::new("hidden-pair", "Hidden Pair").sized(2))
        .part(Part::Cells(cells))
        .part(Part::Digits(crate::board::digits::DigitSet::from_iter([
            1, 2,
        ])))
        .eliminate(Cell::at(0, 0), 3);
    let table = RatingTable::default();
    assert_eq!(table.rate(&pair, &grid).er, Er(34));
    // With 3 at r1c5 alone besides r1c1, row 1 is left one place: direct, 2.0.
    grid.eliminate(Cell::at(0, 5), 3);
    assert_eq!(table.rate(&pair, &grid).er, Er(20));
}
