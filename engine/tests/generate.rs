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
