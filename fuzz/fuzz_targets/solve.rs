//! Parse, then solve with the default config in verify mode: a panic, a failing technique or
//! an unsound step (both reported as status `error`) is a crash.
//!
//! Input starting with 0xFF is a position built around a known solution (see `position`), so
//! the fuzzer reaches the techniques on odd pencil marks; anything else is read as text.
#![no_main]

use kaidoku_engine::{Config, Solver, Status};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;

const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

const SOLUTIONS: [&str; 2] = [
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483",
];

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(|| {
        kaidoku_techniques::link();
        let config = Config::parse(DEFAULT_CONFIG, "default", "default", Path::new("."))
            .expect("the default config parses");
        let mut solver = Solver::new(config).expect("the default config builds");
        solver.set_verify(true);
        solver
    })
}

/// A 729-character candidate string that keeps a solution's digit in every cell: byte
/// `2i` says whether cell `i` is a given (its low bit), byte `2i + 1` which wrong digits it
/// keeps (one bit each). Missing bytes read as 0: a given.
fn position(data: &[u8]) -> String {
    let (&which, data) = data.split_first().unwrap_or((&0, &[]));
    let solution = SOLUTIONS[which as usize % SOLUTIONS.len()].as_bytes();
    let byte = |k: usize| data.get(k).copied().unwrap_or(0);
    let mut text = String::with_capacity(729);
    for (i, &s) in solution.iter().enumerate() {
        let digit = s - b'0';
        let given = byte(2 * i) & 1 == 0;
        let mut wrong = byte(2 * i + 1);
        for d in 1..=9u8 {
            let keep = if d == digit {
                true
            } else {
                let bit = wrong & 1 == 1;
                wrong >>= 1;
                !given && bit
            };
            text.push(if keep { (b'0' + d) as char } else { '.' });
        }
    }
    text
}

fuzz_target!(|data: &[u8]| {
    let text = match data.split_first() {
        Some((&0xFF, rest)) => position(rest),
        _ => match std::str::from_utf8(data) {
            Ok(text) => text.to_string(),
            Err(_) => return,
        },
    };
    let Ok(grid) = kaidoku_engine::parse::parse(&text) else {
        return;
    };
    let trace = solver().solve(&grid);
    assert!(
        trace.status != Status::Error,
        "{text:?}: {}",
        trace.error.unwrap_or_default()
    );
});
