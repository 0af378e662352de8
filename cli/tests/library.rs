//! What a library user gets (issue 24, item 16): `rate(&grid)` in one call, as `kaidoku rate`
//! rates; `Step`'s `Display`; the reason a puzzle has no solution in the trace.

mod common;

use common::kaidoku_with_stdin;

#[test]
fn rate_in_one_call_agrees_with_kaidoku_rate() {
    let sample = common::exchange_sample();
    let puzzles: Vec<&str> = sample.iter().step_by(30).map(|(p, _)| p.as_str()).collect();
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let out = kaidoku_with_stdin(&["rate"], &input);
    let lines = String::from_utf8_lossy(&out.stdout).into_owned();
    for (puzzle, line) in puzzles.iter().zip(lines.lines()) {
        let grid = kaidoku_engine::parse::parse(puzzle).unwrap();
        let trace = kaidoku_techniques::rate(&grid).unwrap();
        let rating = trace.rating.expect("rated");
        // `ER EP ED LEVEL SCORE HARDEST PUZZLE`
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], rating.er_text(), "{line}");
        assert_eq!(fields[4], rating.score.to_string(), "{line}");
        assert_eq!(fields[6], *puzzle, "{line}");
    }
}

#[test]
fn a_step_displays_as_its_text_and_a_trace_says_why_there_is_no_solution() {
    let solver = kaidoku_techniques::default_solver().unwrap();
    let grid = kaidoku_engine::parse::parse(
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
    )
    .unwrap();
    let step = solver.next_step(&grid).unwrap().unwrap();
    assert_eq!(step.to_string(), step.text());
    assert_eq!(format!("{step}"), "Hidden Single #6 in b1 => r2c3=6");
    let none =
        kaidoku_engine::parse::parse(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)))
            .unwrap();
    let trace = solver.solve(&none);
    assert_eq!(trace.status, kaidoku_engine::Status::NoSolution);
    assert_eq!(
        trace.error.as_deref(),
        Some("the puzzle has no solution: r1c9 has no candidate left")
    );
    let several = kaidoku_engine::parse::parse(&".".repeat(81)).unwrap();
    assert_eq!(
        solver.solve(&several).error.as_deref(),
        Some("the puzzle has more than one solution")
    );
}
