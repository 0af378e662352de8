//! Fixture candidates for the extended unique rectangle and BUG+n, from positions met while
//! solving the shared puzzle sets with configs/default.toml (where the next step is not a
//! single). Run by hand:
//! `SCAN=../shared/puzzles/top1465.txt cargo test -p kaidoku-techniques scan_uniqueness -- --ignored --nocapture`
//! (`SCAN_STEP=n` takes every n-th line; a tsv takes its first column).

use crate::testing::run;
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
}
