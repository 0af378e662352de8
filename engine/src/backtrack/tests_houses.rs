//! Positions whose only flaw is a house that cannot seat its digits (Hall's condition): the
//! search must fail them at its first guess point, however open the rest of the grid is.
//! Before the house check, several of these ran for minutes.

use super::solve_candidates_with_guesses;
use crate::text::parse::parse;

/// Every digit everywhere, less `deleted` (digit, row, column; 1-based).
fn open_less(deleted: &[(u8, usize, usize)]) -> [u16; 81] {
    let mut masks = [0x1FF; 81];
    for &(d, r, c) in deleted {
        masks[(r - 1) * 9 + c - 1] &= !(1 << (d - 1));
    }
    masks
}

/// Deletes `digits` from the cells of `cells` (row, column).
fn delete(digits: &[u8], cells: &[(usize, usize)]) -> Vec<(u8, usize, usize)> {
    let mut out = Vec::new();
    for &d in digits {
        for &(r, c) in cells {
            out.push((d, r, c));
        }
    }
    out
}

fn transpose(masks: &[u16; 81]) -> [u16; 81] {
    std::array::from_fn(|i| masks[i % 9 * 9 + i / 9])
}

/// No solution, found at the first guess point at the latest.
fn assert_fails_fast(masks: &[u16; 81], what: &str) {
    let (solutions, guesses) = solve_candidates_with_guesses(masks, 2);
    assert_eq!(solutions.count, 0, "{what}");
    assert!(guesses <= 1, "{what}: {guesses} guess points");
}

/// Issue 11's position: row 7 must fit 4, 7, 8 and 9 into r7c1, r7c3 and r7c8.
const ISSUE_11: &str = "549 749 656 357 657 365 665 767 867 967 468 768 868 968 472 772 872 972 \
                        474 774 874 974 475 775 875 975 476 776 876 976 477 777 877 977 479 779 \
                        879 979";

fn row_cells(r: usize, cols: &[usize]) -> Vec<(usize, usize)> {
    cols.iter().map(|&c| (r, c)).collect()
}

#[test]
fn issue_11_position_fails_fast() {
    let grid = parse(&format!("{}:{ISSUE_11}", ".".repeat(81))).unwrap();
    let masks = grid.solver_masks();
    assert_fails_fast(&masks, "row 7");
    assert_fails_fast(&transpose(&masks), "column 7");
    assert_eq!(grid.solutions(2).count, 0);
}

#[test]
fn broken_rows_columns_and_boxes_fail_fast() {
    // Few deletions: three digits kept to two cells of a box.
    let box5: Vec<_> = (4..=6)
        .flat_map(|r| (4..=6).map(move |c| (r, c)))
        .filter(|&cell| cell != (5, 5) && cell != (6, 6))
        .collect();
    let few = open_less(&delete(&[1, 2, 3], &box5));
    assert_fails_fast(&few, "box 5, three digits in two cells");
    // The same seen from the cells: four cells of a row holding only three digits.
    let naked = open_less(&delete(&[1, 2, 3, 4, 8, 9], &row_cells(2, &[1, 4, 6, 9])));
    assert_fails_fast(&naked, "row 2, four cells with three digits");
    assert_fails_fast(&transpose(&naked), "column 2, four cells with three digits");
    // Larger sets: six digits in five cells of a row, five digits in four cells of a box.
    let row9 = open_less(&delete(&[1, 2, 3, 4, 5, 6], &row_cells(9, &[6, 7, 8, 9])));
    assert_fails_fast(&row9, "row 9, six digits in five cells");
    assert_fails_fast(&transpose(&row9), "column 9, six digits in five cells");
    let box1: Vec<_> = [(1, 3), (2, 3), (3, 1), (3, 2), (3, 3)].to_vec();
    let box1 = open_less(&delete(&[1, 2, 3, 4, 5], &box1));
    assert_fails_fast(&box1, "box 1, five digits in four cells");
    // A digit with no place in a box.
    let nowhere: Vec<_> = (7..=9).flat_map(|r| (7..=9).map(move |c| (r, c))).collect();
    assert_fails_fast(&open_less(&delete(&[7], &nowhere)), "box 9 without 7");
}

#[test]
fn a_house_broken_by_propagation_fails_fast() {
    // Row 7's 4, 7, 8 and 9 have four cells, r7c9 among them; but 5 has no other place in
    // column 9, so r7c9 is 5 and the four digits are left with three cells.
    let mut deleted = delete(&[4, 7, 8, 9], &row_cells(7, &[2, 4, 5, 6, 7]));
    deleted.extend(delete(
        &[5],
        &(1..=9)
            .filter(|&r| r != 7)
            .map(|r| (r, 9))
            .collect::<Vec<_>>(),
    ));
    assert_fails_fast(&open_less(&deleted), "row 7 after a hidden single");
}

#[test]
fn a_broken_house_in_a_dense_position_fails_fast() {
    // A solved grid with up to two wrong candidates a cell kept, then row 5 broken: its 1, 2
    // and 3 (whatever the solution says) are deleted from all but two cells.
    let solution =
        "953168742862734951417952836746893125281645397395271468138529674574386219629417583";
    let mut masks = [0u16; 81];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for (i, ch) in solution.bytes().enumerate() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        masks[i] = 1 << (ch - b'1') | (seed as u16 & 0x1FF & (seed >> 16) as u16);
    }
    for c in 3..=9 {
        masks[4 * 9 + c - 1] &= !0b111;
    }
    // Keep the rest of row 5 open to other digits, so no cell is left empty.
    for c in 3..=9 {
        masks[4 * 9 + c - 1] |= 0b1_1111_1000;
    }
    assert_fails_fast(&masks, "dense position, row 5");
    // Sanity: the same position without the break has the solution.
    let mut whole = masks;
    for (i, ch) in solution.bytes().enumerate() {
        whole[i] |= 1 << (ch - b'1');
    }
    assert!(solve_candidates_with_guesses(&whole, 2).0.count >= 1);
}

#[test]
fn without_the_first_check_the_search_is_still_bounded() {
    // Past `UNCHECKED_GUESSES` every guess point is checked: a house broken at any depth ends
    // its subtree there, so the search stops soon after.
    let grid = parse(&format!("{}:{ISSUE_11}", ".".repeat(81))).unwrap();
    let state = super::search::State::from_candidates(&grid.solver_masks());
    let (solutions, guesses) = super::run(state, 2, super::Entry::VALUES, super::search::search);
    assert_eq!(solutions.count, 0);
    assert!(
        guesses <= super::search::UNCHECKED_GUESSES + 100,
        "{guesses} guess points"
    );
}
