//! The practice filter's quick checks, as `kaidoku generate --practice` judges (SE's
//! producers rate, techniques are read on the rating path of the `rating` config): singles
//! that fill the puzzle, and for a kind rated at one ER the easiest step looked for only among
//! the techniques that can rate that low. Each must turn down exactly what the full rating
//! path turns down.

use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
use kaidoku_engine::generate::{Options, generate_one};
use kaidoku_engine::{Grid, Solver, Status, StepKind};

fn config(name: &str) -> kaidoku_engine::Config {
    kaidoku_techniques::link();
    let text = kaidoku_techniques::shipped_config(name).unwrap();
    kaidoku_techniques::parse_config(text, name, name, std::path::Path::new(".")).unwrap()
}

fn judge(filters: Filters) -> Judge {
    Judge::with_technique_rating(filters, config("se"), config("rating")).unwrap()
}

fn practice(id: &str) -> Filters {
    Filters {
        practice: Some(StepMatch(id.to_string())),
        logic: true,
        ..Filters::default()
    }
}

/// Random minimal puzzles, and puzzles whose first step past the singles is each of `kinds`
/// (where the practice shape is common enough to be tested both ways).
fn puzzles(kinds: &[&str]) -> Vec<Grid> {
    let plain = (0..150).map(|i| {
        generate_one(&Options::default(), None, i, None, &|| false)
            .unwrap()
            .grid
    });
    let mut out: Vec<Grid> = plain.collect();
    for id in kinds {
        let first = judge(Filters {
            first: Some(StepMatch(id.to_string())),
            logic: true,
            ..Filters::default()
        });
        for i in 0..4 {
            let options = Options {
                seed: 3,
                ..Options::default()
            };
            out.push(
                generate_one(&options, Some(&first), i, None, &|| false)
                    .unwrap()
                    .grid,
            );
        }
    }
    out
}

#[test]
fn practice_quick_checks_agree_with_the_full_rating_path() {
    let rating = Solver::new(config("rating")).unwrap();
    let grids = puzzles(&["x-wing", "xy-wing", "skyscraper"]);
    for id in [
        "x-wing",
        "xy-wing",
        "skyscraper",
        "unique-rectangle",
        "hidden-pair",
    ] {
        let m = StepMatch(id.to_string());
        let judge = judge(practice(id));
        // The X-Wing (one ER) takes the shortcut; the rectangles (several types) and the
        // hidden pair (a direct variant) do not.
        let er = judge.practice_kind_er();
        eprintln!("{id}: shortcut at {er:?}");
        match id {
            "x-wing" => assert_eq!(er, Some(kaidoku_engine::Er(32))),
            "unique-rectangle" | "hidden-pair" => assert_eq!(er, None, "{id}"),
            _ => {}
        }
        let mut kept = 0;
        for grid in &grids {
            let trace = rating.rate(grid);
            let expected = trace.status == Status::Solved && m.is_practice_path(&trace.steps);
            assert_eq!(
                judge.judge(grid).is_ok(),
                expected,
                "{id}: {}",
                grid.givens_line()
            );
            kept += usize::from(expected);
        }
        eprintln!("{id}: {kept} of {} in the shape", grids.len());
    }
}

/// Singles fill a puzzle on digit masks exactly when the singles solver does, unique puzzles
/// or not (the same puzzles with clues taken away).
#[test]
fn singles_fill_as_the_singles_solver_does() {
    let mut singles = config("rating");
    for technique in &mut singles.techniques {
        technique.enabled &= StepKind::SINGLES.contains(&technique.id.as_str());
    }
    let singles = Solver::new(singles).unwrap();
    let judge = judge(practice("x-wing"));
    let (mut filled, mut not) = (0, 0);
    for i in 0..200 {
        let found = generate_one(&Options::default(), None, i, None, &|| false).unwrap();
        let mut values = *found.grid.values();
        // The puzzle, then with every third clue taken away (several solutions).
        for round in 0..2 {
            let grid = Grid::from_givens(&values).unwrap();
            let by_solver = singles.solve(&grid).status == Status::Solved;
            // The judge turns down a puzzle singles fill at once, whichever way it tells.
            if by_solver {
                assert!(judge.judge(&grid).is_err());
            }
            if round == 0 {
                if by_solver { filled += 1 } else { not += 1 }
            }
            assert_eq!(
                kaidoku_engine::generate::singles_fill::singles_fill(&values),
                by_solver,
                "{}",
                grid.givens_line()
            );
            for cell in (0..81).step_by(3) {
                values[cell] = 0;
            }
        }
    }
    assert!(filled > 20 && not > 20, "{filled} filled, {not} not");
}
