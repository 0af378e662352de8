//! Tests of SE's chaining: every hint is sound against the solution, and SE's length scale.

use super::cycles::forcing_chains_and_cycles;
use super::hint::{Rule, SeHint, length_difficulty, sort_hints};
use super::multiple::multiple_chains;
use super::nested::dynamic_chains;
use crate::board::grid::Grid;
use crate::text::parse::parse;

/// Puzzles of the Sudoku Exchange bank SE rates 6.6, 7.3, 8.3 and 8.9 (chains at their first
/// position).
const PUZZLES: &[&str] = &[
    ".........56.....3223..4..79....6.....7.5.1.9....7.8....53...92...98.65..7.......4",
    ".3...4......8...2.9...264..1......5..49.5.17..6......3..374...9.2...1......5...6.",
    "7.4...9.5.1..4..7..89.5.31.....1.......7.8...3..6.4..1.7.....9..32...45.4...3...7",
    "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
];

fn check_sound(grid: &Grid, hints: &[SeHint]) {
    let solution = grid.solutions(2).first.expect("a solution");
    for hint in hints {
        for (cell, digit) in hint.eliminations.iter() {
            assert_ne!(
                solution[cell.index()],
                digit,
                "{hint:?} removes the solution's {digit}"
            );
        }
        if let Some((cell, digit)) = hint.placement {
            assert_eq!(
                solution[cell.index()],
                digit,
                "{hint:?} places a wrong digit"
            );
        }
    }
}

#[test]
fn length_difficulty_follows_se_scale() {
    let tenths = |c: u32| (length_difficulty(c) * 10.0 + 0.5) as u32;
    assert_eq!(tenths(4), 0);
    assert_eq!(tenths(6), 0);
    assert_eq!(tenths(7), 1);
    assert_eq!(tenths(8), 1);
    assert_eq!(tenths(9), 2);
    assert_eq!(tenths(10), 2);
    assert_eq!(tenths(11), 3);
    assert_eq!(tenths(14), 3);
    assert_eq!(tenths(15), 4);
}

#[test]
fn every_hint_is_sound() {
    for line in PUZZLES {
        let grid = parse(line).expect("a puzzle");
        let mut hints = forcing_chains_and_cycles(&grid);
        sort_hints(&mut hints);
        check_sound(&grid, &hints);
        for rule in [Rule::Nishio, Rule::Multiple, Rule::Dynamic(0)] {
            let hints = multiple_chains(&grid, rule);
            check_sound(&grid, &hints);
        }
    }
}

/// The first puzzle of the forum's hardest list (`forum_hardest_1106.txt`), which SE solves
/// with its nested level 2.
const HARDEST: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn nested_levels_are_rated_from_their_base_and_sound() {
    let grid = parse(HARDEST).expect("a puzzle");
    let plus = dynamic_chains(&grid, 1, 0);
    check_sound(&grid, &plus);
    assert!(plus.iter().all(|h| h.difficulty() >= 9.0));
    let mut nested = dynamic_chains(&grid, 2, 0);
    assert!(!nested.is_empty(), "level 2 finds the first step");
    check_sound(&grid, &nested);
    sort_hints(&mut nested);
    // 9.5 and the length of the chains, nested ones included.
    assert!(nested[0].difficulty() >= 9.5);
    assert!(nested.iter().all(|h| h.rule == Rule::Dynamic(2)));
}

#[test]
fn dynamic_plus_is_sound_where_it_finds_steps() {
    // AI Escargot: SE needs its nested levels; the plus level finds steps on the way.
    let grid =
        parse("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
            .expect("a puzzle");
    let hints = dynamic_chains(&grid, 1, 0);
    check_sound(&grid, &hints);
    for line in PUZZLES {
        let grid = parse(line).expect("a puzzle");
        check_sound(&grid, &dynamic_chains(&grid, 1, 0));
    }
}
