//! Practice puzzles made in clusters (`generate::practice`): the same puzzles on one thread
//! and two, and each one checked again without the generator: unique and minimal by the
//! backtracker, and in the practice shape on a fresh rating path.

use kaidoku_engine::backtrack::count_values;
use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::practice::PER_ROOT;
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{Generator, Options};
use kaidoku_engine::{Solver, Status};
use std::collections::HashSet;

fn config(name: &str) -> kaidoku_engine::Config {
    kaidoku_techniques::link();
    let text = kaidoku_techniques::shipped_config(name).unwrap();
    kaidoku_techniques::parse_config(text, name, name, std::path::Path::new(".")).unwrap()
}

fn judge(id: &str) -> Judge {
    let filters = Filters {
        practice: Some(StepMatch(id.to_string())),
        logic: true,
        ..Filters::default()
    };
    Judge::with_technique_rating(filters, config("se"), config("rating")).unwrap()
}

fn lines(options: &Options, judge: &Judge, count: u64, threads: usize) -> Vec<String> {
    let mut out = Vec::new();
    let end = run(
        options,
        Some(judge),
        count,
        threads,
        Limits::default(),
        |g| {
            out.push(g.line());
            Next::Continue
        },
        |_| {},
    );
    assert_eq!(end.found, count);
    out
}

#[test]
fn clustered_practice_puzzles_repeat_and_hold_when_checked_again() {
    let id = "skyscraper";
    let judge = judge(id);
    let options = Options {
        seed: 5,
        ..Options::default()
    };
    // More than a block, so the second root is there too.
    let count = PER_ROOT + 6;
    let one = lines(&options, &judge, count, 1);
    assert_eq!(
        one,
        lines(&options, &judge, count, 2),
        "threads changed the run"
    );
    let by_iterator: Vec<String> = Generator::new(options.clone(), Some(judge))
        .unwrap()
        .take(count as usize)
        .map(|g| g.unwrap().line())
        .collect();
    assert_eq!(one, by_iterator, "the iterator and the run differ");
    let rating = Solver::new(config("rating")).unwrap();
    let m = StepMatch(id.to_string());
    let mut forms = HashSet::new();
    for line in &one {
        let values: [u8; 81] = std::array::from_fn(|i| match line.as_bytes()[i] {
            b'1'..=b'9' => line.as_bytes()[i] - b'0',
            _ => 0,
        });
        assert_eq!(count_values(&values, 2), 1, "not unique: {line}");
        for cell in (0..81).filter(|&c| values[c] != 0) {
            let mut fewer = values;
            fewer[cell] = 0;
            assert!(count_values(&fewer, 2) > 1, "not minimal at {cell}: {line}");
        }
        let grid = kaidoku_engine::parse::parse(line).unwrap();
        let trace = rating.rate(&grid);
        assert_eq!(trace.status, Status::Solved, "{line}");
        assert!(m.is_practice_path(&trace.steps), "not practice: {line}");
        forms.insert(kaidoku_engine::generate::canon::minlex(&values));
    }
    // No two puzzles of a block are isomorphic (blocks are drawn apart, so the run's are not
    // either here).
    assert_eq!(forms.len(), one.len());
}
