use crate::testing::*;
use kaidoku_engine::ParamValue::{Bool, Int};
use kaidoku_engine::{CellSet, DigitSet, Step};

const SEED_004: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

fn digits(text: &str) -> DigitSet {
    text.bytes().map(|b| b - b'0').collect()
}

/// The step under GNPX's names (`[solver] names = "gnpx"`), as the seed documents list them.
fn gnpx(step: &Step) -> Step {
    let mut step = step.clone();
    if let Some(name) = kaidoku_engine::gnpx_set_name(&step.kind) {
        step.kind.name = name.into();
    }
    step
}

fn signature(step: &Step) -> (String, CellSet, DigitSet) {
    let (cells, digits) = pattern_of(step, "set");
    (gnpx(step).name().to_string(), cells, digits)
}

/// The 25 locked sets seed 004 lists at S (after singles) of its first puzzle.
const SEED_SETS: &[(&str, &str, &str)] = &[
    ("Locked Pair", "r6c45", "38"),
    ("Locked Pair", "r38c3", "39"),
    ("Locked Pair", "r45c7", "58"),
    ("Locked Pair", "r89c8", "28"),
    ("Locked Pair", "r4c1 r5c2", "38"),
    ("Locked Pair (hidden)", "r8c79", "57"),
    ("Locked Pair (hidden)", "r46c3", "45"),
    ("Locked Pair (hidden)", "r45c6", "45"),
    ("Locked Pair (hidden)", "r68c7", "27"),
    ("Locked Pair (hidden)", "r56c8", "34"),
    ("Locked Triple", "r238c6", "238"),
    ("Locked Triple", "r389c8", "289"),
    ("Locked Triple", "r4c7 r5c79", "589"),
    ("Locked Triple", "r45c7 r6c9", "578"),
    ("Locked Triple (hidden)", "r356c8", "349"),
    ("Locked Triple (hidden)", "r5c89 r6c8", "349"),
    ("Locked Triple (hidden)", "r5c8 r6c78", "234"),
    ("Locked Quartet", "r8c1368", "2389"),
    ("Locked Quartet", "r4c7 r5c79 r6c9", "5789"),
    ("Locked Quartet", "r4c7 r5c7 r6c79", "2578"),
    ("Locked Quartet (hidden)", "r6c3789", "2457"),
    ("Locked Quartet (hidden)", "r5c89 r6c78", "2349"),
    ("Locked Quartet (hidden)", "r5c8 r6c789", "2347"),
    ("Locked Set[5D]", "r4c7 r5c79 r6c79", "25789"),
    ("Locked Set[5D] (hidden)", "r5c89 r6c789", "23479"),
];

#[test]
fn seed_004_lists_exactly_its_25_locked_sets() {
    let grid = after_singles(SEED_004);
    assert_eq!(
        grid.to_line(),
        "278916354.56.4.17.41.57.6.2.2.79..617.162....69...1...5.24.7916.4.16....167.594.3"
    );
    let steps = run_with("locked-set", &grid, &[("max_size", Int(7))]);
    let mut found: Vec<_> = steps.iter().map(signature).collect();
    let mut expected: Vec<_> = SEED_SETS
        .iter()
        .map(|(n, c, d)| (n.to_string(), cells(c), digits(d)))
        .collect();
    found.sort();
    expected.sort();
    assert_eq!(found, expected, "texts: {:#?}", texts(&steps));
}

#[test]
fn the_first_step_is_the_seeds_locked_pair_with_both_houses_eliminations() {
    let grid = after_singles(SEED_004);
    let steps = run("locked-set", &grid);
    // r6c45 #38 lies in row 6 and box 5: one step, eliminations from both houses.
    assert!(
        steps[0].text().starts_with("Locked Pair r6c45 #38 => "),
        "{}",
        steps[0].text()
    );
    let (mut in_row, mut in_box) = (false, false);
    for (cell, digit) in steps[0].eliminations.iter() {
        assert!([3, 8].contains(&digit));
        in_row |= cell.row() == 5;
        in_box |= cell.row() != 5 && cell.box_index() == 4;
    }
    assert!(in_row && in_box, "{}", steps[0].text());
}

#[test]
fn max_size_limits_the_sets() {
    let grid = after_singles(SEED_004);
    let steps = run_with("locked-set", &grid, &[("max_size", Int(2))]);
    assert_eq!(steps.len(), 10);
    assert!(
        steps
            .iter()
            .all(|s| gnpx(s).name().starts_with("Locked Pair"))
    );
    // HoDoKu's names by default: naked, hidden, and locked when in one box and one line.
    let names: std::collections::BTreeSet<_> = steps.iter().map(|s| s.name().to_string()).collect();
    assert_eq!(
        names.into_iter().collect::<Vec<_>>(),
        ["Hidden Pair", "Locked Pair", "Naked Pair"]
    );
    let steps = run_with("locked-set", &grid, &[("max_size", Int(4))]);
    assert_eq!(steps.len(), 23);
}

#[test]
fn naked_and_hidden_can_be_switched_off() {
    let grid = after_singles(SEED_004);
    let naked = run_with(
        "locked-set",
        &grid,
        &[("max_size", Int(7)), ("hidden", Bool(false))],
    );
    assert_eq!(naked.len(), 13);
    assert!(naked.iter().all(|s| !s.name().contains("Hidden")));
    let hidden = run_with(
        "locked-set",
        &grid,
        &[("max_size", Int(7)), ("naked", Bool(false))],
    );
    assert_eq!(hidden.len(), 12);
    assert!(hidden.iter().all(|s| s.name().starts_with("Hidden ")));
}

#[test]
fn hidden_pair_of_the_seed_figure() {
    // Seed 004's second puzzle: #16 only in r19c8, so those cells lose #349.
    let grid = after_singles(
        "...857.....736.2...6...48..142..86..57......26.35..47..216.3........1.......2....",
    );
    let steps = run_with(
        "locked-set",
        &grid,
        &[("naked", Bool(false)), ("max_size", Int(2))],
    );
    let texts = texts(&steps);
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Hidden Pair r19c8 #16 => ")),
        "{texts:#?}"
    );
}

#[test]
fn nothing_in_an_empty_grid_or_when_sets_fill_the_house() {
    assert!(run("locked-set", &position(&".".repeat(81))).is_empty());
    // A solved grid has no empty cells at all.
    let solution = position(SEED_004).solutions(2).first.unwrap();
    let solved: String = solution.iter().map(|d| (b'0' + d) as char).collect();
    assert!(run_with("locked-set", &position(&solved), &[("max_size", Int(7))]).is_empty());
}

#[test]
fn min_size_skips_small_sets() {
    let grid = after_singles(SEED_004);
    let steps = run_with(
        "locked-set",
        &grid,
        &[("min_size", Int(5)), ("max_size", Int(7))],
    );
    let names: Vec<_> = steps.iter().map(|s| s.name().to_string()).collect();
    assert_eq!(names, ["Naked Set (5)", "Hidden Set (5)"]);
    let names: Vec<_> = steps.iter().map(|s| gnpx(s).name().to_string()).collect();
    assert_eq!(names, ["Locked Set[5D]", "Locked Set[5D] (hidden)"]);
}
