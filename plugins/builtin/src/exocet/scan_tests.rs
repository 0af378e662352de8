//! Prints fixture candidates for the Franken, Mutant and Double Exocets from a puzzle file, by
//! hand: `EXOCET_CONFIG=cfg.toml EXOCET_PUZZLES=file.txt cargo test -p kaidoku-techniques
//! print_exocet_fixtures -- --ignored --nocapture` (`EXOCET_STEP=n` takes every n-th line).

use kaidoku_engine::fixtures::library_line;
use kaidoku_engine::prelude::*;

const MINE: [(&str, &str); 3] = [
    ("franken-exocet", "1403"),
    ("mutant-exocet", "1404"),
    ("double-exocet", "1405"),
];

#[test]
#[ignore]
fn print_exocet_fixtures() {
    let (Ok(config), Ok(puzzles)) = (
        std::env::var("EXOCET_CONFIG"),
        std::env::var("EXOCET_PUZZLES"),
    ) else {
        eprintln!("SKIPPED: set EXOCET_CONFIG and EXOCET_PUZZLES");
        return;
    };
    let step_by: usize = std::env::var("EXOCET_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string(&config).unwrap();
    let config = crate::parse_config(&text, &config, "scan", std::path::Path::new(".")).unwrap();
    let solver = kaidoku_engine::Solver::new(config).unwrap();
    let registry = crate::registry_tests::registry();
    let puzzles = std::fs::read_to_string(puzzles).unwrap();
    for puzzle in puzzles.lines().step_by(step_by) {
        let start = kaidoku_engine::parse::parse(puzzle).unwrap();
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        let solution = start.solutions(1).first.expect("a solution");
        for step in &trace.steps {
            if std::env::var("EXOCET_EVERY").is_ok() {
                // Every position: where Franken or Mutant finds a step at all.
                for (id, code) in &MINE[..2] {
                    let entry = registry.get(id).unwrap();
                    let params =
                        kaidoku_engine::plugin_abi::decode_params("", &entry.params).unwrap();
                    let technique = (entry.build)(&params).unwrap();
                    let mut sink = StepSink::all(std::sync::Arc::from(*id));
                    let _ = technique.find_steps(&grid, &mut sink);
                    let hits = sink.into_steps();
                    for hit in &hits {
                        assert_eq!(hit.unsound_effect(&solution), None, "{}", hit.text());
                    }
                    if let Some(hit) = hits.first() {
                        println!("#any {}", hit.text());
                        println!("{}", library_line(code, &grid, hit));
                    }
                }
            }
            if let Some((_, code)) = MINE.iter().find(|(id, _)| *id == &*step.technique) {
                println!("# {}", step.text());
                println!("{}", library_line(code, &grid, step));
            } else if &*step.technique == "junior-exocet" {
                // A fail vector where none of them finds anything.
                for (id, code) in MINE {
                    let entry = registry.get(id).unwrap();
                    let params =
                        kaidoku_engine::plugin_abi::decode_params("", &entry.params).unwrap();
                    let technique = (entry.build)(&params).unwrap();
                    let mut sink = StepSink::all(std::sync::Arc::from(id));
                    let _ = technique.find_steps(&grid, &mut sink);
                    if sink.into_steps().is_empty() {
                        let line = library_line(&format!("{code}-x"), &grid, step);
                        println!("#x {id} {line}");
                    }
                }
            }
            step.apply(&mut grid);
        }
    }
}
