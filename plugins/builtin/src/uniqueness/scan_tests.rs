//! Fixture candidates for the extended unique rectangle and BUG+n, from positions met while
//! solving the shared puzzle sets with configs/default.toml (where the next step is not a
//! single). Run by hand:
//! `SCAN=../shared/puzzles/top1465.txt cargo test -p kaidoku-techniques scan_uniqueness -- --ignored --nocapture`
//! (`SCAN_STEP=n` takes every n-th line; a tsv takes its first column).

use crate::testing::run;
use kaidoku_engine::Candidates;
use kaidoku_engine::fixtures::library_line;

#[test]
#[ignore]
fn scan_uniqueness() {
    let Ok(file) = std::env::var("SCAN") else {
        eprintln!("SKIPPED: set SCAN to a puzzle file");
        return;
    };
    let every: usize = std::env::var("SCAN_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string(&file).unwrap();
    let solver = kaidoku_engine::Solver::new(
        crate::parse_config(
            include_str!("../../../../configs/default.toml"),
            "default.toml",
            "default",
            std::path::Path::new("."),
        )
        .unwrap(),
    )
    .unwrap();
    let codes = [
        ("extended-unique-rectangle-1", "eur1"),
        ("extended-unique-rectangle-2", "eur2"),
        ("extended-unique-rectangle-3", "eur3"),
        ("extended-unique-rectangle-4", "eur4"),
        ("bug-plus-n", "bugn"),
    ];
    let mut found = [0usize; 5];
    let mut puzzles = 0;
    let mut se_bug = [0usize; 2];
    for line in text.lines().step_by(every) {
        let puzzle = line.split('\t').next().unwrap_or("").trim();
        let Ok(start) = kaidoku_engine::parse::parse(puzzle) else {
            continue;
        };
        puzzles += 1;
        let trace = solver.solve(&start);
        let solution = start.solutions(1).first.expect("a solution");
        let mut grid = start.clone();
        let mut shown = [false; 5];
        for step in &trace.steps {
            let single = matches!(
                &*step.kind.id,
                "last-digit" | "hidden-single" | "naked-single"
            );
            if !single {
                // SE's BUG types 1 and 2 (extras in one cell, or one extra digit) with two
                // extras or more: BUG+n finds their eliminations too.
                let n: u32 = (grid.empty_cells() - grid.bivalue_cells())
                    .into_iter()
                    .map(|c| grid.candidates(c).len().saturating_sub(2))
                    .sum();
                for se in run("se-bug", &grid) {
                    let id = &*se.kind.id;
                    if !(2..=6).contains(&n) || !(id == "se-bug-1" || id == "se-bug-2") {
                        continue;
                    }
                    let mut ours = Candidates::EMPTY;
                    for step in run("bug-plus-n", &grid) {
                        ours = ours.union(&step.eliminations);
                    }
                    let covered = se.eliminations.iter().all(|(c, d)| ours.contains(c, d));
                    se_bug[usize::from(!covered)] += 1;
                    if !covered {
                        println!("# not covered: {} at {}", se.text(), grid.to_line());
                    }
                }
                for id in ["extended-unique-rectangle", "bug-plus-n"] {
                    for hit in run(id, &grid) {
                        let i = codes.iter().position(|c| c.0 == hit.kind.id).unwrap();
                        found[i] += 1;
                        let wrong = hit
                            .eliminations
                            .iter()
                            .any(|(c, d)| solution[c.index()] == d);
                        assert!(!wrong, "unsound: {} at {}", hit.text(), grid.to_line());
                        if found[i] <= 12 && !shown[i] {
                            shown[i] = true;
                            println!("# {}", hit.text());
                            println!("{}", library_line(codes[i].1, &grid, &hit));
                        }
                    }
                }
            }
            step.apply(&mut grid);
        }
    }
    println!(
        "# {puzzles} puzzles: {:?}",
        codes.iter().zip(found).collect::<Vec<_>>()
    );
    println!("# SE BUG types 1-2 with n >= 2, covered by BUG+n (yes, no): {se_bug:?}");
}

/// Both techniques at every position of HoDoKu's regression library (its puzzles have one
/// solution): steps found, and none may remove a solution digit. Run by hand:
/// `REGLIB=../shared/puzzles/hodoku-reglib-1.3.txt cargo test -p kaidoku-techniques scan_reglib -- --ignored --nocapture`
#[test]
#[ignore]
fn scan_reglib() {
    let Ok(file) = std::env::var("REGLIB") else {
        eprintln!("SKIPPED: set REGLIB to the library file");
        return;
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let mut positions = 0;
    let mut found = [0usize; 2];
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let Ok(grid) = kaidoku_engine::parse::parse(line) else {
            continue;
        };
        let solutions = grid.solutions(2);
        let (1, Some(solution)) = (solutions.count, solutions.first) else {
            continue;
        };
        positions += 1;
        for (i, id) in ["extended-unique-rectangle", "bug-plus-n"]
            .iter()
            .enumerate()
        {
            for hit in run(id, &grid) {
                found[i] += 1;
                let wrong = hit
                    .eliminations
                    .iter()
                    .any(|(c, d)| solution[c.index()] == d);
                assert!(!wrong, "unsound: {} at {line}", hit.text());
                if found[i] <= 3 {
                    println!("# {}\n# {line}", hit.text());
                }
            }
        }
    }
    println!(
        "# {positions} positions: extended-unique-rectangle {}, bug-plus-n {}",
        found[0], found[1]
    );
}
