//! The solve loop settles whether a puzzle has one solution as late as it can: while the
//! techniques at the top of the pipeline hold in any position (singles, locked candidates,
//! locked sets, basic fish), it runs them first and classifies the position they leave. Verify
//! mode classifies the puzzle before the first step. Both must give the same trace.

use kaidoku_engine::{Config, Grid, Solver, Status};
use std::path::Path;

fn solver(config: &str, verify: bool) -> Solver {
    kaidoku_techniques::link();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../configs")
        .join(config);
    let mut solver = Solver::new(Config::from_file(&path).unwrap()).unwrap();
    solver.set_verify(verify);
    solver
}

fn grid(line: &str) -> Grid {
    kaidoku_engine::parse::parse(line).unwrap()
}

/// The in-repo puzzles: the seeds and the Sudoku Exchange sample.
fn puzzles() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let seeds = std::fs::read_to_string(dir.join("seeds.txt")).unwrap();
    let sample = std::fs::read_to_string(dir.join("sudoku-exchange-sample.tsv")).unwrap();
    let seeds = seeds
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1));
    let sample = sample.lines().filter_map(|l| l.split('\t').next());
    seeds.chain(sample).map(str::to_string).collect()
}

#[test]
fn a_late_check_gives_the_traces_of_an_early_one() {
    // peer.toml holds in any position throughout; basic.toml goes on to techniques that do
    // not, so its check comes before the first of them.
    for config in ["peer.toml", "basic.toml"] {
        let (late, early) = (solver(config, false), solver(config, true));
        let mut statuses = std::collections::BTreeSet::new();
        for line in puzzles() {
            let puzzle = grid(&line);
            let trace = late.solve(&puzzle);
            assert_eq!(
                trace.to_json(),
                early.solve(&puzzle).to_json(),
                "{config}: {line}"
            );
            statuses.insert(trace.status);
        }
        assert!(statuses.contains(&Status::Solved), "{config}: {statuses:?}");
        assert!(statuses.contains(&Status::Stuck), "{config}: {statuses:?}");
    }
}

#[test]
fn puzzles_without_one_solution_are_classified_with_no_steps() {
    let seed = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    // Two givens fewer: several solutions, though singles still place digits.
    let several = format!(".{}.{}", &seed[1..40], &seed[41..]);
    // A 3 where the solution has a 5, in no conflict with the givens: no solution.
    let none = format!("{}3{}", &seed[..1], &seed[2..]);
    let one_given = format!("1{}", ".".repeat(80));
    let expected = [
        (several.as_str(), Status::MultipleSolutions),
        (none.as_str(), Status::NoSolution),
        (one_given.as_str(), Status::MultipleSolutions),
    ];
    for config in ["peer.toml", "basic.toml", "default.toml"] {
        for verify in [false, true] {
            let solver = solver(config, verify);
            for (line, status) in expected {
                let trace = solver.solve(&grid(line));
                assert_eq!(trace.status, status, "{config} {verify}: {line}");
                assert!(trace.steps.is_empty(), "{config} {verify}: {line}");
                assert!(trace.rating.is_none(), "{config} {verify}: {line}");
            }
        }
    }
}
