use crate::testing::*;
use kaidoku_engine::ParamValue::{Bool, Int};
use kaidoku_engine::{Grid, Step, StepKind};

/// HoDoKu's published Type 1 example (hobiwan, on the Sudoku Players' Forum): a Sashimi
/// X-Wing on 9, rows 1 and 6 by columns 2 and 7, fins r1c5 and r6c3; r6c3 sees r4c2, and
/// r1c5 reaches it through box 2 and column 6. HoDoKu: `Kraken Fish Type 1: => r4c2<>9`.
const HODOKU_TYPE_1: &str = "
 4    159  2    | 6      159    3    | 159   7   8
 8    159  19   | 12459  7      1249 | 3     6   145
 6    3    7    | 1459   8      149  | 2     49  145
 37   19   6    | 13459  13459  149  | 1579  8   2
 37   2    8    | 1359   1359   6    | 1579  49  145
 5    4    19   | 8      2      7    | 19    3   6
 9    6    45   | 1234   134    124  | 8     15  7
 1    8    3    | 7      6      5    | 4     2   9
 2    7    45   | 149    149    8    | 6     15  3
";

fn kraken_steps(grid: &Grid, nets: bool) -> Vec<Step> {
    run_with("kraken-fish", grid, &[("nets", Bool(nets))])
}

#[test]
fn hodoku_published_type_1() {
    let grid = position(HODOKU_TYPE_1);
    // r1c5 -9- r23c6 =9= r4c6 leaves column 6 one place once both cells of box 2 are gone:
    // a grouped link, which the nets find as a single.
    let steps = kraken_steps(&grid, true);
    let hit = steps
        .iter()
        .find(|s| s.effects() == "r4c2<>9")
        .unwrap_or_else(|| panic!("{:#?}", texts(&steps)));
    assert_eq!(hit.kind.id, "kraken-fish-type-1");
    let text = hit.text();
    assert!(
        text.starts_with("Kraken Fish Type 1 (Sashimi X-Wing) #9 r16 c27 fr1c5 fr6c3"),
        "{text}"
    );
    assert!(text.contains(" 9r6c3-9r4c2 "), "{text}");
    let solution = grid.solutions(2).first.unwrap();
    for step in &steps {
        assert_eq!(step.unsound_effect(&solution), None, "{}", step.text());
    }
}

#[test]
fn every_step_on_hard_positions_is_sound_and_shows_its_chains() {
    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = position(HARD);
    let solution = grid.solutions(2).first.unwrap();
    let changes = [
        ("max_size", Int(3)),
        ("franken", Bool(true)),
        ("max_length", Int(15)),
    ];
    let steps = run_with("kraken-fish", &grid, &changes);
    assert!(!steps.is_empty());
    for step in &steps {
        assert_eq!(step.unsound_effect(&solution), None, "{}", step.text());
        assert_eq!(step.eliminations.len(), 1);
        let chains = step
            .parts
            .iter()
            .filter(|p| matches!(p, kaidoku_engine::Part::Chain(_)))
            .count();
        assert!(chains >= 1, "{}", step.text());
    }
}

/// Where the extended config (no forcing chains) stops on a sample of a puzzle set, every
/// Kraken step is checked against the solution; prints how often it fires, the first positions
/// as fixture lines, and fails on an unsound step. `KRAKEN_SET` (a file of
/// `../shared/puzzles`, default `top1465.txt`), `KRAKEN_EVERY` (every Nth puzzle, default 10),
/// `KRAKEN_MIN_ER` (rated sets: only puzzles rated at least this), `KRAKEN_PARAMS`
/// (`name = value` lines, `;`-separated). Run in release:
/// `cargo test --release -p kaidoku-techniques kraken_soundness_run -- --ignored --nocapture`.
#[test]
#[ignore]
fn kraken_soundness_run() {
    use kaidoku_engine::fixtures::library_line;
    let Some(dir) = crate::testing::shared_puzzles("kraken_soundness_run") else {
        return;
    };
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_string());
    let set = env("KRAKEN_SET", "top1465.txt");
    let every: usize = env("KRAKEN_EVERY", "10").parse().unwrap();
    let params = env("KRAKEN_PARAMS", "").replace(';', "\n");
    let text = std::fs::read_to_string(dir.join(&set)).unwrap();
    let solver = crate::testing::shipped_solver("extended");
    let registry = crate::registry_tests::registry();
    let entry = registry.get("kraken-fish").unwrap();
    let (mut puzzles, mut stuck, mut fired, mut steps, mut unsound) = (0, 0, 0, 0, 0);
    let (mut type_1, mut type_2) = (0, 0);
    let mut spent = std::time::Duration::ZERO;
    let min_er: f64 = env("KRAKEN_MIN_ER", "0").parse().unwrap();
    let rated = |line: &&str| {
        let er = line.split('\t').nth(1).and_then(|r| r.parse::<f64>().ok());
        er.unwrap_or(f64::MAX) >= min_er
    };
    for line in text.lines().filter(rated).step_by(every.max(1)) {
        let puzzle = line.split('\t').next().unwrap_or("");
        let Some((solution, stuck_at)) = crate::registry_tests::solve_to_stuck(&solver, puzzle)
        else {
            continue;
        };
        puzzles += 1;
        let Some(grid) = stuck_at else {
            continue;
        };
        stuck += 1;
        let clock = std::time::Instant::now();
        let found = crate::registry_tests::all_steps(entry, &params, &grid);
        spent += clock.elapsed();
        if found.is_empty() {
            if stuck - fired <= 2 {
                let line = library_line("0371-x", &grid, &Step::new(StepKind::GUESS));
                println!("{}", line.replacen(":0371-x::", ":0371-x:1:", 1));
            }
            continue;
        }
        fired += 1;
        for (kind, code, shown) in [
            ("kraken-fish-type-1", "0371", type_1),
            ("kraken-fish-type-2", "0372", type_2),
        ] {
            if let Some(step) = found.iter().find(|s| s.kind.id == kind)
                && shown < 3
            {
                println!("{}", library_line(code, &grid, step));
                println!("# {}", step.text());
            }
        }
        for step in &found {
            steps += 1;
            match &*step.kind.id {
                "kraken-fish-type-1" => type_1 += 1,
                _ => type_2 += 1,
            }
            if let Some(why) = step.unsound_effect(&solution) {
                unsound += 1;
                println!(
                    "UNSOUND {why}: {} at {}",
                    step.text(),
                    grid.to_candidate_string()
                );
            }
        }
    }
    println!(
        "{set} every {every}: {puzzles} puzzles, {stuck} stuck after extended, kraken fired at \
         {fired}; {steps} steps ({type_1} type 1, {type_2} type 2), {unsound} unsound; \
         {:.1} ms per stuck position",
        spent.as_secs_f64() * 1000.0 / stuck.max(1) as f64
    );
    assert_eq!(unsound, 0);
}
