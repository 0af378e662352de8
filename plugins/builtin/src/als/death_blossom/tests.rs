use crate::testing::*;
use kaidoku_engine::ParamValue::{Bool, Int};
use kaidoku_engine::Step;

/// Seed 002, first example: a two-petal blossom with disjoint petals.
const SEED_DISJOINT: &str =
    "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18..";
/// Seed 002, second example: the two petals share r2c9 (an overlap).
const SEED_OVERLAP: &str =
    "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316..";

fn blossoms(grid: &kaidoku_engine::Grid, overlap: bool, max_petals: i64) -> Vec<Step> {
    run_with(
        "death-blossom",
        grid,
        &[("overlap", Bool(overlap)), ("max_petals", Int(max_petals))],
    )
}

/// The step whose stem is `stem` and whose petals (roles `petal 1`, `petal 2`, … in stem-digit
/// order) have exactly these cells.
fn find<'s>(steps: &'s [Step], stem: &str, petals: &[&str]) -> Option<&'s Step> {
    steps.iter().find(|step| {
        pattern_of(step, "stem").0 == cells(stem)
            && petals
                .iter()
                .enumerate()
                .all(|(i, petal)| pattern_of(step, &format!("petal {}", i + 1)).0 == cells(petal))
    })
}

#[test]
fn seed_002_disjoint_petals() {
    let grid = after_singles(SEED_DISJOINT);
    for overlap in [true, false] {
        let steps = blossoms(&grid, overlap, 3);
        let step = find(&steps, "r2c3", &["r27c7", "r12368c2"])
            .unwrap_or_else(|| panic!("overlap {overlap}: not found in {:#?}", texts(&steps)));
        assert_eq!(step.effects(), "r7c2<>7");
        assert_eq!(
            step.text(),
            "ALS Death Blossom Stem r2c3 #69, #6-ALS r27c7 #567, #9-ALS r12368c2 #345679 => r7c2<>7"
        );
        let (_, digits) = pattern_of(step, "petal 2");
        assert_eq!(digits.to_string(), "345679");
    }
}

#[test]
fn seed_002_overlapping_petals_need_overlap() {
    let grid = after_singles(SEED_OVERLAP);
    let with = blossoms(&grid, true, 3);
    let step = find(&with, "r1c7", &["r234c9", "r2c459"])
        .unwrap_or_else(|| panic!("not found in {:#?}", texts(&with)));
    assert_eq!(step.effects(), "r4c5<>4");
    assert!(
        step.text().contains("#3-ALS r234c9 #1347"),
        "{}",
        step.text()
    );
    assert!(
        step.text().contains("#7-ALS r2c459 #1347"),
        "{}",
        step.text()
    );
    // The petals share r2c9: without overlap the blossom is not there.
    let without = blossoms(&grid, false, 3);
    assert!(
        find(&without, "r1c7", &["r234c9", "r2c459"]).is_none(),
        "{:#?}",
        texts(&without)
    );
    for step in &without {
        let petals: Vec<_> = step
            .pattern
            .iter()
            .filter(|p| p.role.starts_with("petal"))
            .map(|p| p.candidates.cells())
            .collect();
        for (i, a) in petals.iter().enumerate() {
            for b in &petals[i + 1..] {
                assert!(!a.intersects(*b), "overlapping petals: {}", step.text());
            }
        }
    }
}

#[test]
fn max_petals_bounds_the_stem() {
    let grid = after_singles(SEED_DISJOINT);
    for max_petals in 2..=5 {
        for step in blossoms(&grid, true, max_petals) {
            let (stem, digits) = pattern_of(&step, "stem");
            assert_eq!(stem.len(), 1);
            assert!(digits.len() as i64 <= max_petals, "{}", step.text());
            let petals = step.pattern.iter().filter(|p| p.role.starts_with("petal"));
            assert_eq!(petals.count(), digits.len() as usize, "{}", step.text());
        }
    }
    // A 3-candidate stem needs max_petals 3.
    let line = ":0904-2:1:7..+6.98.36+3..589...+9+8...+6..+45+9+8+67..1+8+63+51+24..2+7+13+9+4+56+8.....+6.....698.+7.49.72....6:218 418 738 178 188 198:112::";
    let grid = kaidoku_engine::parse::parse_library_case(line)
        .unwrap()
        .grid;
    assert!(blossoms(&grid, true, 2).is_empty());
    let steps = blossoms(&grid, true, 3);
    assert!(
        steps.iter().any(|s| s.effects() == "r1c2<>1"),
        "{:#?}",
        texts(&steps)
    );
}

#[test]
fn hodoku_case_with_one_als_petal_of_two_stem_digits() {
    // Reglib 0904-2: the ALS r3c124 is the petal of both #5 and #9 of the stem r2c1.
    let line = ":0904-2:4:2.......3.38........7.3.182+32.9.+15....57.23...+71+3+56+24.789+51+36+2+4..+2...93.4.+3...+8.5:612 415 815 618 718 621 624 425 625 725 728 729 632 659 684 485 885 786:436::";
    let grid = kaidoku_engine::parse::parse_library_case(line)
        .unwrap()
        .grid;
    let steps = blossoms(&grid, true, 5);
    let step = find(&steps, "r2c1", &["r239c4", "r3c124", "r3c124"])
        .unwrap_or_else(|| panic!("not found in {:#?}", texts(&steps)));
    assert_eq!(step.effects(), "r3c6<>4");
    // Shared petal cells are an overlap.
    assert!(
        find(
            &blossoms(&grid, false, 5),
            "r2c1",
            &["r239c4", "r3c124", "r3c124"]
        )
        .is_none()
    );
}

#[test]
fn nothing_in_an_empty_grid_or_a_solved_one() {
    let empty = position(&".".repeat(81));
    assert!(blossoms(&empty, true, 5).is_empty());
    let solved = position(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    );
    assert!(blossoms(&solved, true, 5).is_empty());
}

#[test]
fn eliminations_are_true_against_the_solution() {
    // Every blossom the seeds offer, in any mode, removes only digits the solution lacks.
    for puzzle in [SEED_DISJOINT, SEED_OVERLAP] {
        let grid = after_singles(puzzle);
        let solution = grid.solutions(2).first.expect("unique");
        for overlap in [true, false] {
            for step in blossoms(&grid, overlap, 5) {
                for (cell, digit) in step.eliminations.iter() {
                    assert_ne!(solution[cell.index()], digit, "unsound: {}", step.text());
                }
            }
        }
    }
}
