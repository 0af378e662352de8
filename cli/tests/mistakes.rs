//! A position with a mistake, in any format: `hint`, `solve` and `steps` name the cell(s) to
//! blame, the same way. Pencil-mark grids and the 729 candidates cannot tell givens from placed
//! digits, so a wrong digit there is found as the one whose removal leaves one solution.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};
use kaidoku_engine::{Cell, Grid, peers};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const SOLUTION: &str =
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483";

/// The position after the first `n` steps of the default solve.
fn played(n: usize) -> Grid {
    kaidoku_techniques::link();
    let text = stdout(&kaidoku(&[
        "solve",
        PUZZLE,
        "--until",
        &n.to_string(),
        "--position",
        "library",
    ]));
    kaidoku_engine::parse::parse(text.lines().last().unwrap()).unwrap()
}

/// `grid` with a wrong digit that no peer's value contradicts, every way there is (at most
/// `n`): the grid, the cell, the digit.
fn with_wrong_digit(grid: &Grid, n: usize) -> Vec<(Grid, Cell, u8)> {
    let mut out = Vec::new();
    for cell in Cell::all() {
        let Some(right) = grid.value(cell) else {
            continue;
        };
        if PUZZLE.as_bytes()[cell.index()] != b'.' {
            continue;
        }
        for digit in 1..=9u8 {
            // No peer may hold the digit, nor be left with one candidate without it (a
            // pencil-mark cell with one digit reads as solved).
            let free = peers(cell).iter().all(|p| match grid.value(p) {
                Some(value) => value != digit,
                None => {
                    let candidates = grid.candidates(p);
                    !candidates.contains(digit) || candidates.len() > 2
                }
            });
            if digit == right || !free {
                continue;
            }
            let mut values = *grid.values();
            values[cell.index()] = digit;
            let mut masks = [0u16; 81];
            for c in Cell::all() {
                if values[c.index()] == 0 {
                    let mut set = grid.candidates(c);
                    if peers(cell).contains(c) {
                        set.remove(digit);
                    }
                    masks[c.index()] = set.bits();
                }
            }
            out.push((Grid::from_state(&values, &masks, 0).unwrap(), cell, digit));
            if out.len() == n {
                return out;
            }
        }
    }
    out
}

#[test]
fn a_wrong_digit_in_a_pencil_mark_grid_is_blamed_by_hint_solve_and_steps() {
    let spoiled = with_wrong_digit(&played(10), 6);
    assert!(spoiled.len() >= 3);
    let mut unique = 0;
    for (wrong, cell, digit) in spoiled {
        let right = SOLUTION.as_bytes()[cell.index()] - b'0';
        let pencil = kaidoku_engine::render::pencil_marks(&wrong);
        let alone = format!(
            "the position has mistakes:\n  {cell} holds {digit}, but the solution has {right} there"
        );
        let among = format!("{cell}={right}");
        let mut messages = Vec::new();
        for command in [&["hint", "-"][..], &["solve", "-"], &["steps", "-"]] {
            let out = kaidoku_with_stdin(command, &pencil);
            assert_eq!(out.status.code(), Some(1), "{command:?}: {}", stdout(&out));
            let message = stderr(&out);
            // Blamed alone, or among the ways to mend the digits when the grid cannot tell.
            assert!(
                message.contains(&alone)
                    || message.contains("ways to mend") && message.contains(&among),
                "{command:?}: {message} ({cell}={digit})\n{pencil}"
            );
            messages.push(message);
        }
        // The three commands say the same.
        assert!(messages.iter().all(|m| *m == messages[0]), "{messages:?}");
        if messages[0].contains(&alone) {
            unique += 1;
            assert!(
                messages[0].contains(&format!("without {cell} they have exactly one")),
                "{}",
                messages[0]
            );
        }
    }
    assert!(unique > 0, "no wrong digit was blamed alone");
}

#[test]
fn a_removed_solution_candidate_in_729_characters_is_named_by_solve_as_by_hint() {
    let grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
    let mut text: Vec<u8> = grid.to_candidate_string().into_bytes();
    // r2c3 is 6 in the solution, with candidates 3569: without the 6 it stays unsolved (a
    // cell left with one candidate would read as a solved cell).
    let cell = Cell::at(1, 2);
    assert_eq!(grid.candidates(cell).to_string(), "3569");
    text[cell.index() * 9 + 5] = b'.';
    let text = String::from_utf8(text).unwrap();
    let expected = "r2c3: candidate 6 was removed, but it is the solution";
    for command in ["hint", "solve", "steps"] {
        let out = kaidoku(&[command, &text]);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stdout(&out));
        assert!(
            stderr(&out).contains(&format!("the position has mistakes:\n  {expected}")),
            "{command}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_puzzle_without_a_solution_and_no_digit_to_blame_says_so_plainly() {
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    for command in ["hint", "solve", "steps"] {
        let out = kaidoku(&[command, &none]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("no solution: "),
            "{command}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn one_wrong_digit_is_named_alone_not_the_candidates_it_took_from_its_peers() {
    // r1c2 is 7 in the solution. A 3 placed there takes 3 from the cells it sees, some of
    // whose solution is 3: the player removed none of those, so only the digit is named, in
    // a plain line (which holds no removed candidates) and in a library state alike.
    let grid = played(0);
    let mut wrong = grid.clone();
    wrong.place(Cell::at(0, 1), 3);
    let expected =
        "error: the position has mistakes:\n  r1c2 holds 3, but the solution has 7 there";
    for text in [
        wrong.to_line(),
        kaidoku_api::position::library_state(&wrong),
    ] {
        for command in ["hint", "solve", "steps"] {
            let out = kaidoku(&[command, &text]);
            assert_eq!(out.status.code(), Some(1), "{command}: {}", stdout(&out));
            let message = stderr(&out);
            assert!(message.starts_with(expected), "{command} {text}: {message}");
            assert!(
                !message.contains("candidate"),
                "{command} {text}: {message}"
            );
        }
    }
}
