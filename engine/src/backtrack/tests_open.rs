//! Open candidate positions with no bivalue cell, where the search must pick a cell's digit
//! to try first: trying the digit with the fewest candidates left finds a dead branch sooner.
//! Before that choice, the position below (found by the `solve` fuzz target: digits 3 and 4
//! kept in few cells of a nearly open grid) took about 9 s to count in a release build.

use super::solve_candidates_with_guesses;

/// Digits 3 and 4 have few places; most cells hold eight or nine candidates.
const FEW_PLACES_FOR_TWO_DIGITS: [&str; 9] = [
    "12345678912345678912.45678912.456789123.5678912.456789123.5678912.45678912.456789",
    "12.45678912.45678912.456789123.5678912.456789.2..56789123.5678912.45678912.456789",
    "12.456789123.56789123.5678912.45678912.45678912.45678912.45678912.456789123.56789",
    "123.56789123.5678912.45678912.45678912.45678912.45678912.45678912.456789123.56789",
    "12.45678912.456789123.5678912.456789123.5678912.45678912.456789123.5678912.456789",
    "12.45678912.45678912.45678912.45678912345678912345678912345678912.45678912.456789",
    "12.456789123.56789123.5678912.45678912.45678912.456789123456789123456789123456789",
    ".2345678.12345678912...67.91.345.78......6...123456789123456789123456789123456789",
    "1...56.8.1234567891.....7...2...........5............9...4.....123456789123456789",
];

fn masks(rows: &[&str]) -> [u16; 81] {
    let text: String = rows.concat();
    let mut masks = [0u16; 81];
    for (mask, cell) in masks.iter_mut().zip(text.as_bytes().chunks(9)) {
        for &c in cell {
            if c.is_ascii_digit() && c != b'0' {
                *mask |= 1 << (c - b'1');
            }
        }
    }
    masks
}

#[test]
fn rare_digits_first_keeps_an_open_position_quick_to_count() {
    let (solutions, guesses) = solve_candidates_with_guesses(&masks(&FEW_PLACES_FOR_TWO_DIGITS), 2);
    assert_eq!(solutions.count, 2);
    // Deterministic: the count of guesses, not a time.
    assert!(guesses < 1_000, "{guesses} guesses");
}
