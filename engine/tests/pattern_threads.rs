//! A pattern run's puzzles whatever the threads: fewer puzzles than threads put every thread
//! on one index's tries (`generate::run`), and the puzzle, its tries and the reasons the
//! tries before it were turned down are those of one thread running the tries in turn.

use kaidoku_engine::Er;
use kaidoku_engine::backtrack::count_values;
use kaidoku_engine::generate::filter::{Filters, Judge, Rejection};
use kaidoku_engine::generate::run::{Limits, Next, run};
use kaidoku_engine::generate::{Options, parse_pattern};
use std::collections::BTreeMap;

/// The 24-cell mask of a top1465 puzzle.
const MASK: &str =
    "x.....x...x..x..x...x..x..x...x..x...x..x..x...x..x..x...x..x...x..x..x...x..x..x";

fn rating_config() -> kaidoku_engine::Config {
    kaidoku_techniques::link();
    let text = kaidoku_techniques::shipped_config("rating").unwrap();
    kaidoku_techniques::parse_config(text, "rating", "rating", std::path::Path::new(".")).unwrap()
}

type Seen = (String, u64, BTreeMap<Rejection, u64>);

fn puzzles(options: &Options, judge: &Judge, count: u64, threads: usize) -> Vec<Seen> {
    let mut out = Vec::new();
    let end = run(
        options,
        Some(judge),
        count,
        threads,
        Limits::default(),
        |g| {
            out.push((g.line(), g.tries, g.rejected.clone()));
            Next::Continue
        },
        |_| {},
    );
    assert_eq!(end.found, count, "{threads} threads");
    out
}

#[test]
fn a_pattern_puzzle_is_the_same_on_one_thread_and_on_several_sharing_its_tries() {
    // An ER band most of the mask's puzzles miss, so an index takes several tries.
    let filters = Filters {
        er: Some(Er(10)..=Er(40)),
        ..Filters::default()
    };
    let judge = Judge::new(filters, rating_config(), None).unwrap();
    let options = Options {
        seed: 4,
        pattern: Some(parse_pattern(MASK).unwrap()),
        minimal: false,
        ..Options::default()
    };
    let alone = puzzles(&options, &judge, 2, 1);
    assert!(
        alone.iter().any(|(_, tries, _)| *tries > 1),
        "no index took more than one try: {alone:?}"
    );
    for (line, tries, rejected) in &alone {
        let values: Vec<u8> = line.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let values: [u8; 81] = values.try_into().unwrap();
        assert_eq!(count_values(&values, 2), 1, "{line}");
        let cells: String = line
            .chars()
            .map(|c| if c == '.' { '.' } else { 'x' })
            .collect();
        assert_eq!(cells, MASK);
        assert_eq!(rejected.values().sum::<u64>(), tries - 1, "{line}");
    }
    // Every thread on index 0, then on index 1; and two indices on two threads side by side.
    assert_eq!(puzzles(&options, &judge, 1, 2), alone[..1]);
    assert_eq!(puzzles(&options, &judge, 2, 3), alone);
    assert_eq!(puzzles(&options, &judge, 2, 2), alone);
}
