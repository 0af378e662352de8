//! Fish, on the engine's fish search: X-Wing (2), Swordfish (3), Jellyfish (4), Squirmbag (5),
//! Whale (6), Leviathan (7); with fins (finned and sashimi), Franken (boxes among the sets) and
//! Mutant (rows and columns mixed) as the parameters allow.
//!
//! Take n base sets (rows, say) in which a digit's candidates all lie in n cover sets
//! (columns). Each base holds the digit once, in a cover, and no two in the same one; so the n
//! bases place the digit in all n covers, and the covers' other cells lose it. Base candidates
//! outside the covers are fins: then only cells that also see every fin lose the digit (see
//! `kaidoku_engine::fish` for endo fins and cannibalism).
//!
//! Siamese fish (HoDoKu's name): two finned fish of one digit and family on the same base
//! sets, with other covers and fins, each removing something the other does not. Each fish
//! holds on its own, so one step may take both sets of eliminations; it names both cover sets,
//! each followed by its fins.

use kaidoku_engine::prelude::*;
use kaidoku_engine::{
    Fish as FoundFish, FishFamily, FishSpec, HouseKinds, find_fish, fish_size_name,
};

pub struct Fish {
    min_size: usize,
    max_size: usize,
    /// The searches to run per size and digit: base and cover kinds.
    shapes: Vec<(HouseKinds, HouseKinds)>,
    max_fins: usize,
    cannibalism: bool,
    siamese: bool,
}

impl Technique for Fish {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // A digit's fish (their steps, names and Siamese twins included) depend only on the
        // digit's cells: a digit whose cells are as they were when this search last found
        // nothing has none now either.
        let changes = analysis.changes_since_last_miss();
        for size in self.min_size..=self.max_size {
            for digit in (1..=9).filter(|&digit| changes.digit_changed(digit)) {
                for &(base, cover) in &self.shapes {
                    let spec = FishSpec {
                        size,
                        base,
                        cover,
                        max_fins: self.max_fins,
                        endo_fins: self.max_fins > 0,
                        cannibalism: self.cannibalism,
                    };
                    if self.siamese {
                        siamese_and_single(grid, digit, &spec, sink)?;
                    } else {
                        find_fish(grid, digit, &spec, |fish| sink.push(step(grid, fish)))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The fish of one search, each Siamese pair first (they remove more), then each fish alone.
fn siamese_and_single(grid: &Grid, digit: Digit, spec: &FishSpec, sink: &mut StepSink) -> Flow {
    let mut found = Vec::new();
    let _ = find_fish(grid, digit, spec, |fish| {
        found.push(*fish);
        ControlFlow::<()>::Continue(())
    });
    // The search lists fish base by base, so twins on one base stand together.
    for same_base in found.chunk_by(|a, b| a.base == b.base) {
        for (i, first) in same_base.iter().enumerate() {
            for second in &same_base[i + 1..] {
                if are_siamese(first, second) {
                    sink.push(siamese_step(grid, first, second))?;
                }
            }
        }
    }
    for fish in &found {
        sink.push(step(grid, fish))?;
    }
    ControlFlow::Continue(())
}

/// Two finned fish of one family on one base, each removing a candidate the other keeps.
fn are_siamese(first: &FoundFish, second: &FoundFish) -> bool {
    first.base == second.base
        && first.cover != second.cover
        && first.is_finned()
        && second.is_finned()
        && first.family() == second.family()
        && !first.eliminations.is_subset_of(second.eliminations)
        && !second.eliminations.is_subset_of(first.eliminations)
}

/// `Siamese Finned Swordfish #5 r249 c268 fr2c3 c238 fr9c3
/// => …`: named after the first fish, with each fish's covers and fins in turn.
fn siamese_step(grid: &Grid, first: &FoundFish, second: &FoundFish) -> Step {
    let (id, name) = kind_names(grid, first);
    let kind =
        StepKind::owned(format!("siamese-{id}"), format!("Siamese {name}")).sized(first.size());
    let mut step = Step::new(kind)
        .part(Part::Digit(first.digit))
        .part(Part::Base(first.base));
    for fish in [first, second] {
        step = step.part(Part::Cover(fish.cover));
        let plain_fins = fish.fins - fish.endo_fins;
        if !plain_fins.is_empty() {
            step = step.part(Part::Fins(plain_fins));
        }
        if !fish.cannibals.is_empty() {
            step = step.part(Part::Cannibals(fish.cannibals));
        }
    }
    // One base, so one set of endo fins.
    if !first.endo_fins.is_empty() {
        step = step.part(Part::EndoFins(first.endo_fins));
    }
    let fins = first.fins | second.fins;
    step.eliminations(digit_candidates(
        first.digit,
        first.eliminations | second.eliminations,
    ))
    .pattern("fish", digit_candidates(first.digit, first.body - fins))
    .pattern("fins", digit_candidates(first.digit, fins))
}

fn digit_candidates(digit: Digit, cells: CellSet) -> Candidates {
    let mut out = Candidates::EMPTY;
    out.insert_cells(cells, digit);
    out
}

/// The kind's id and name: `sashimi-franken-swordfish`, `Sashimi Franken Swordfish`.
pub(crate) fn kind_names(grid: &Grid, fish: &FoundFish) -> (String, String) {
    let (size_id, size_name) = fish_size_name(fish.size());
    let (fin_id, fin_name) = match (fish.is_finned(), fish.is_sashimi(grid)) {
        (false, _) => ("", ""),
        (true, false) => ("finned-", "Finned "),
        (true, true) => ("sashimi-", "Sashimi "),
    };
    let (family_id, family_name) = match fish.family() {
        FishFamily::Basic => ("", ""),
        FishFamily::Franken => ("franken-", "Franken "),
        FishFamily::Mutant => ("mutant-", "Mutant "),
    };
    (
        format!("{fin_id}{family_id}{size_id}"),
        format!("{fin_name}{family_name}{size_name}"),
    )
}

/// `Finned Franken Swordfish #3 r34b5 c136 fr5c4 => …`
fn step(grid: &Grid, fish: &FoundFish) -> Step {
    let (id, name) = kind_names(grid, fish);
    let kind = StepKind::owned(id, name).sized(fish.size());
    let mut step = Step::new(kind)
        .part(Part::Digit(fish.digit))
        .part(Part::Base(fish.base))
        .part(Part::Cover(fish.cover));
    let candidates = |cells: CellSet| digit_candidates(fish.digit, cells);
    let plain_fins = fish.fins - fish.endo_fins;
    if !plain_fins.is_empty() {
        step = step.part(Part::Fins(plain_fins));
    }
    if !fish.endo_fins.is_empty() {
        step = step.part(Part::EndoFins(fish.endo_fins));
    }
    if !fish.cannibals.is_empty() {
        step = step.part(Part::Cannibals(fish.cannibals));
    }
    step = step
        .eliminations(candidates(fish.eliminations))
        .pattern("fish", candidates(fish.body - fish.fins));
    if fish.is_finned() {
        step = step.pattern("fins", candidates(fish.fins));
    }
    step
}

/// The (base, cover) house kinds of a fish family: rows against columns and back; Franken
/// fish add boxes on both sides; Mutant fish take any houses.
pub(crate) fn shapes(franken: bool, mutant: bool) -> Vec<(HouseKinds, HouseKinds)> {
    let (rows, columns, boxes) = (HouseKinds::ROWS, HouseKinds::COLUMNS, HouseKinds::BOXES);
    if mutant {
        vec![(HouseKinds::ALL, HouseKinds::ALL)]
    } else if franken {
        vec![
            (rows.union(boxes), columns.union(boxes)),
            (columns.union(boxes), rows.union(boxes)),
        ]
    } else {
        vec![(rows, columns), (columns, rows)]
    }
}

/// The fish families beyond the basic ones, shared with the Kraken fish.
pub const FRANKEN: ParamSpec = ParamSpec::bool(
    "franken",
    "boxes may join the base and cover sets (Franken fish)",
    false,
);
pub const MUTANT: ParamSpec = ParamSpec::bool(
    "mutant",
    "any houses in base and cover sets, rows and columns mixed (Mutant fish)",
    false,
);

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("min_size", "smallest fish (2 = X-Wing)", 2, 2, 7),
    ParamSpec::int(
        "max_size",
        "largest fish (4 = Jellyfish, 7 = Leviathan)",
        4,
        2,
        7,
    ),
    ParamSpec::int(
        "max_fins",
        "most fins (0: unfinned fish only; finned and sashimi fish above)",
        0,
        0,
        5,
    ),
    FRANKEN,
    MUTANT,
    ParamSpec::bool(
        "cannibalism",
        "also remove base candidates that lie in two cover sets",
        false,
    ),
    ParamSpec::bool(
        "siamese",
        "also two finned fish on the same base sets as one step with both their eliminations (Siamese fish)",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "fish",
    name: "Fish",
    summary: "n rows (columns) whose candidates of a digit lie in n columns (rows): X-Wing, Swordfish, Jellyfish …; finned, Franken and Mutant by parameter",
    params: PARAMS,
    build: |params| {
        let (min_size, max_size) = params.size_range("min_size", "max_size")?;
        let shapes = shapes(params.bool("franken"), params.bool("mutant"));
        Ok(Box::new(Fish {
            min_size,
            max_size,
            shapes,
            max_fins: params.int("max_fins") as usize,
            cannibalism: params.bool("cannibalism"),
            siamese: params.bool("siamese"),
        }))
    },
});

register_fixtures!("fish", "fish.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;
    use kaidoku_engine::ParamValue::{self, Bool, Int};

    const SEED_004: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

    #[test]
    fn seed_004_swordfish_and_jellyfish() {
        let grid = after_singles(SEED_004);
        let texts = texts(&run("fish", &grid));
        assert!(
            texts.contains(&"Swordfish #3 r348 c136 => r2c16,r5c6,r6c3<>3".to_string()),
            "{texts:#?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Jellyfish #3 r2348 c1346 => ")),
            "{texts:#?}"
        );
    }

    #[test]
    fn x_wing() {
        // Digit 1 in rows 1 and 9 only in columns 1 and 9: the rest of those columns loses it.
        let mut grid = position(&".".repeat(81));
        for row in [0, 8] {
            for col in 1..8 {
                grid.eliminate(kaidoku_engine::Cell::at(row, col), 1);
            }
        }
        let steps = run_with("fish", &grid, &[("max_size", Int(2))]);
        assert_eq!(steps.len(), 1, "{:?}", texts(&steps));
        assert!(steps[0].text().starts_with("X-Wing #1 r19 c19 => "));
        assert_eq!(steps[0].eliminations.len(), 14);
        assert!(
            steps[0]
                .eliminations
                .iter()
                .all(|(cell, _)| cell.col() == 0 || cell.col() == 8)
        );
    }

    #[test]
    fn size_limits() {
        let grid = after_singles(SEED_004);
        let small = run_with("fish", &grid, &[("max_size", Int(3))]);
        assert!(small.iter().all(|s| s.name() != "Jellyfish"));
        let only_jelly = run_with("fish", &grid, &[("min_size", Int(4)), ("max_size", Int(4))]);
        assert!(!only_jelly.is_empty() && only_jelly.iter().all(|s| s.name() == "Jellyfish"));
    }

    #[test]
    fn siamese_franken_and_mutant_steps_keep_the_solution() {
        // Where singles and intersections stop on the harder public-domain sample puzzles,
        // every step of the widest searches keeps each solution digit.
        let sample = include_str!("../../../../testdata/sudoku-exchange-sample.tsv");
        let widest: [&[(&str, ParamValue)]; 3] = [
            &[
                ("max_size", Int(4)),
                ("max_fins", Int(5)),
                ("siamese", Bool(true)),
            ],
            &[
                ("max_size", Int(4)),
                ("max_fins", Int(5)),
                ("franken", Bool(true)),
                ("cannibalism", Bool(true)),
                ("siamese", Bool(true)),
            ],
            &[
                ("max_size", Int(4)),
                ("max_fins", Int(5)),
                ("mutant", Bool(true)),
                ("cannibalism", Bool(true)),
                ("siamese", Bool(true)),
            ],
        ];
        let (mut checked, mut siamese) = (0, 0);
        // A spread of 15 of them: a Mutant Jellyfish search takes a while on an open grid.
        let harder: Vec<&str> = sample
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .filter(|(_, rating)| rating.parse::<f32>().unwrap_or(0.0) >= 3.0)
            .map(|(puzzle, _)| puzzle)
            .collect();
        for &puzzle in harder.iter().step_by((harder.len() / 15).max(1)) {
            let solution = position(puzzle).solutions(2).first.unwrap();
            let basic = ["naked-single", "hidden-single", "locked-candidates"];
            let grid = solve_until(&basic, puzzle, |_| false);
            for changes in widest {
                for step in run_with("fish", &grid, changes) {
                    checked += 1;
                    siamese += step.kind.id.starts_with("siamese-") as usize;
                    for (cell, digit) in step.eliminations.iter() {
                        assert_ne!(solution[cell.index()], digit, "{}", step.text());
                    }
                }
            }
        }
        assert!(
            checked > 1000 && siamese > 10,
            "{checked} steps, {siamese} siamese"
        );
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run_with("fish", &position(&".".repeat(81)), &[("max_size", Int(7))]).is_empty());
    }
}
