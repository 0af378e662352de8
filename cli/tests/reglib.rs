//! HoDoKu's regression library (`../shared/puzzles/hodoku-reglib-1.3.txt`, GPL data, never
//! copied into the repo): every case of the codes we cover passes. Skipped, and says so,
//! when `../shared` is not beside the checkout.

mod common;

/// code → number of cases in reglib 1.3, all of which must pass.
const PINNED: &[(&str, usize)] = &[
    ("0000", 37),   // Full House
    ("0002", 36),   // Hidden Single
    ("0003", 35),   // Naked Single
    ("0100", 36),   // Locked Candidates Type 1
    ("0101", 36),   // Locked Candidates Type 2
    ("0110", 18),   // Locked Pair
    ("0111", 14),   // Locked Triple
    ("0200", 27),   // Naked Pair
    ("0201", 27),   // Naked Triple
    ("0202", 11),   // Naked Quadruple
    ("0210", 27),   // Hidden Pair
    ("0211", 27),   // Hidden Triple
    ("0212", 17),   // Hidden Quadruple
    ("0300", 11),   // X-Wing
    ("0301", 11),   // Swordfish
    ("0302", 12),   // Jellyfish
    ("0310", 10),   // Finned X-Wing
    ("0311", 11),   // Finned Swordfish
    ("0312", 10),   // Finned Jellyfish
    ("0320", 9),    // Sashimi X-Wing
    ("0321", 9),    // Sashimi Swordfish
    ("0322", 7),    // Sashimi Jellyfish
    ("0331", 3),    // Franken Swordfish
    ("0332", 4),    // Franken Jellyfish
    ("0340", 4),    // Finned Franken X-Wing
    ("0341", 6),    // Finned Franken Swordfish
    ("0342", 10),   // Finned Franken Jellyfish
    ("0362", 3),    // Finned Mutant Jellyfish
    ("0363", 1),    // Finned Mutant Squirmbag
    ("0364", 1),    // Finned Mutant Whale
    ("03111", 3),   // Siamese Finned Swordfish
    ("03121", 4),   // Siamese Finned Jellyfish
    ("03211", 8),   // Siamese Sashimi Swordfish
    ("03221", 2),   // Siamese Sashimi Jellyfish
    ("03411", 2),   // Siamese Finned Franken Swordfish
    ("03421", 3),   // Siamese Finned Franken Jellyfish
    ("03621", 4),   // Siamese Finned Mutant Jellyfish
    ("0701", 14),   // X-Chain
    ("0702", 23),   // XY-Chain
    ("0703", 20),   // Remote Pairs
    ("0400", 10),   // Skyscraper
    ("0401", 12),   // 2-String Kite
    ("0403", 9),    // Turbot Fish
    ("0404", 9),    // Dual 2-String Kite
    ("0405", 8),    // Dual Empty Rectangle
    ("0500", 7),    // Simple Colors Trap
    ("0501", 3),    // Simple Colors Wrap
    ("0502", 3),    // Multi Colors 1
    ("0503", 1),    // Multi Colors 2
    ("0708", 34),   // AIC
    ("0706", 18),   // Continuous Nice Loop
    ("0707", 27),   // Discontinuous Nice Loop
    ("0709-1", 8),  // Grouped Continuous Nice Loop
    ("0709-2", 8),  // … with ALS nodes
    ("0710-1", 11), // Grouped Discontinuous Nice Loop
    ("0710-2", 10), // Grouped Discontinuous Nice Loop
    ("0710-3", 8),  // … with ALS nodes, placing
    ("0710-4", 9),  // … with ALS nodes, eliminating
    ("0711-1", 10), // Grouped AIC, one digit
    ("0711-2", 11), // … two digits
    ("0711-3", 11), // … one digit, with ALS nodes
    ("0711-4", 10), // … two digits, with ALS nodes
    ("0800", 9),    // XY-Wing
    ("0803", 14),   // W-Wing
    ("0901", 17),   // ALS-XZ, singly and doubly linked
    ("0801", 16),   // XYZ-Wing
    ("0902-1", 9),  // ALS-XY-Wing, sets apart
    ("0902-2", 5),  // ALS-XY-Wing, overlapping sets
    ("0600-1", 8),  // Uniqueness Test Type 1
    ("0600-2", 9),  // … with missing candidates
    ("0601-1", 18), // Uniqueness Test Type 2
    ("0601-2", 2),
    ("0602-1", 12), // Uniqueness Test Type 3
    ("0602-2", 1),
    ("0603-1", 11), // Uniqueness Test Type 4
    ("0603-2", 10),
    ("0604-1", 7), // Uniqueness Test Type 5
    ("0604-2", 1),
    ("0605-1", 11), // Uniqueness Test Type 6
    ("0605-2", 1),
    ("0606", 1), // Hidden Rectangle: the `-x` case
    ("0606-1", 12),
    ("0606-2", 10),
    ("0607", 10),  // Avoidable Rectangle Type 1
    ("0608", 15),  // Avoidable Rectangle Type 2
    ("0610", 15),  // BUG+1
    ("0402", 18),  // Empty Rectangle
    ("0904-1", 8), // Death Blossom, disjoint petals
    ("0904-2", 9), // Death Blossom, overlapping petals
    ("1101", 30),  // Sue de Coq
    ("0903", 15),  // ALS Chain (0903 and 0903-1)
    ("1201", 9),   // Template Set
    ("1202", 9),   // Template Delete
];

#[test]
fn hodoku_reglib_cases_pass() {
    check_reglib("hodoku_reglib_cases_pass", false);
}

/// The same cases moved by seven of Sudoku's symmetries: each must pass in all eight positions.
#[test]
fn hodoku_reglib_cases_pass_under_symmetries() {
    check_reglib("hodoku_reglib_cases_pass_under_symmetries", true);
}

fn check_reglib(test: &str, symmetries: bool) {
    let Some(dir) = common::shared_puzzles(test, &["hodoku-reglib-1.3.txt"]) else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("hodoku-reglib-1.3.txt")).expect("reglib");
    kaidoku_techniques::link();
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let report = kaidoku_engine::reglib::run_with(
        &text,
        &registry,
        kaidoku_techniques::REGLIB_CODES,
        None,
        symmetries,
    );
    assert!(report.unreadable.is_empty(), "{:?}", report.unreadable);
    let mut problems = Vec::new();
    for (code, expected) in PINNED {
        let Some(tally) = report.codes.get(*code) else {
            problems.push(format!("{code}: not run"));
            continue;
        };
        if tally.passed != *expected || !tally.failures.is_empty() {
            problems.push(format!("{code}: {}/{expected} passed", tally.passed));
            for f in &tally.failures {
                problems.push(format!("  line {}: {}", f.line_number, f.reason));
            }
        }
    }
    for code in report.codes.keys() {
        if !PINNED.iter().any(|(c, _)| c == code) {
            problems.push(format!("{code}: run but not pinned here"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
