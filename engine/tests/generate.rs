//! Property tests of the generator: for any seed, symmetry and clue range, a puzzle has one
//! solution, the asked symmetry and clue count, no removable orbit when minimal, and comes
//! back the same from the same seed and index.

use kaidoku_engine::backtrack::count_values;
use kaidoku_engine::generate::canon::minlex;
use kaidoku_engine::generate::removal::Clues;
use kaidoku_engine::generate::{ClueSymmetry, Options, SymmetryChoice, generate_one};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_puzzles_have_the_asked_shape(
        seed in any::<u64>(),
        index in 0u64..1000,
        symmetry in 0usize..10,
        minimal in any::<bool>(),
    ) {
        let symmetry = ClueSymmetry::ALL[symmetry];
        let options = Options {
            seed,
            symmetry: SymmetryChoice::Fixed(symmetry),
            minimal,
            clues: 17..=45,
            ..Options::default()
        };
        let found = generate_one(&options, None, index, Some(200), &|| false);
        let Ok(puzzle) = found else {
            // Tight shapes may need more tries; nothing was printed then.
            return Ok(());
        };
        let values = *puzzle.grid.values();
        prop_assert_eq!(count_values(&values, 2), 1);
        let clues = puzzle.grid.givens();
        prop_assert!(symmetry.keeps(clues));
        prop_assert!((17..=45).contains(&(clues.len() as usize)));
        if minimal {
            let kept = Clues::from_solution(&puzzle.solution, clues);
            prop_assert!(kept.is_minimal(&symmetry.orbits(), &puzzle.solution));
        }
        let again = generate_one(&options, None, index, Some(200), &|| false).unwrap();
        prop_assert_eq!(again.grid.values(), &values);
        // Its canonical form is a fixed point.
        prop_assert_eq!(minlex(&minlex(&values)), minlex(&values));
    }
}

fn rating_config() -> kaidoku_engine::Config {
    kaidoku_techniques::link();
    let text = kaidoku_techniques::shipped_config("rating").unwrap();
    kaidoku_techniques::parse_config(text, "rating", "rating", std::path::Path::new(".")).unwrap()
}

/// The judge's quick checks (singles' closure for practice, the cheap pass below an ER band)
/// turn down exactly what the full rating path turns down.
#[test]
fn quick_checks_agree_with_the_full_rating_path() {
    use kaidoku_engine::generate::filter::{Filters, Judge, StepMatch};
    use kaidoku_engine::{Er, Solver, Status};
    let rating = Solver::new(rating_config()).unwrap();
    let puzzles: Vec<_> = (0..150)
        .map(|i| {
            generate_one(&Options::default(), None, i, None, &|| false)
                .unwrap()
                .grid
        })
        .collect();
    for id in ["x-wing", "skyscraper", "locked-candidates", "fish"] {
        let m = StepMatch(id.to_string());
        let filters = Filters {
            practice: Some(m.clone()),
            logic: true,
            ..Filters::default()
        };
        let judge = Judge::new(filters, rating_config(), None).unwrap();
        for grid in &puzzles {
            let trace = rating.solve_easiest(grid);
            let expected = trace.status == Status::Solved && m.is_practice_path(&trace.steps);
            assert_eq!(
                judge.judge(grid).is_ok(),
                expected,
                "{id}: {}",
                grid.givens_line()
            );
        }
    }
    for (lo, hi) in [(25, 44), (62, 74), (75, 200)] {
        let filters = Filters {
            er: Some(Er(lo)..=Er(hi)),
            logic: true,
            ..Filters::default()
        };
        let judge = Judge::new(filters, rating_config(), None).unwrap();
        for grid in &puzzles {
            let r = rating.solve_easiest(grid).rating.unwrap();
            let expected = r.complete && (Er(lo)..=Er(hi)).contains(&r.er);
            assert_eq!(
                judge.judge(grid).is_ok(),
                expected,
                "{lo}..{hi}: {}",
                grid.givens_line()
            );
        }
    }
}
