//! Guess: the last resort. When nothing else in the config finds a step, set a cell to its
//! digit in the solution, found by backtracking, so that every valid puzzle finishes. It is no
//! logic: the step says so, and traces count guesses apart (`guesses` in the JSON, "with N
//! guesses" in the text), so a puzzle that needed one is never taken for solved by logic.
//! A config that does not list `guess` never guesses.
//!
//! The cells guessed are those with the fewest candidates, as a player would pick them: the
//! first of them in the config's run, every one when all steps are listed.

use kaidoku_engine::prelude::*;
use kaidoku_engine::technique::Halt;

pub struct Guess;

impl Technique for Guess {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let solutions = grid.solutions(2);
        let solution = match (solutions.count, solutions.first) {
            (1, Some(solution)) => solution,
            (0, _) => {
                return ControlFlow::Break(Halt::Failed(
                    "the position has no solution: nothing to guess".into(),
                ));
            }
            _ => {
                return ControlFlow::Break(Halt::Failed(
                    "the position has several solutions: a guess would pick one".into(),
                ));
            }
        };
        let Some(fewest) = grid
            .empty_cells()
            .iter()
            .map(|c| grid.candidates(c).len())
            .min()
        else {
            return ControlFlow::Continue(());
        };
        for cell in grid.empty_cells() {
            let digits = grid.candidates(cell);
            if digits.len() != fewest {
                continue;
            }
            let digit = solution[cell.index()];
            let mut pattern = Candidates::EMPTY;
            pattern.insert_digits(cell, digits);
            let step = Step::new(StepKind::GUESS)
                .part(Part::Cells(CellSet::single(cell)))
                .part(Part::Digits(digits))
                .part(Part::Text(
                    "(no logic: the solution's digit, found by backtracking)".into(),
                ))
                .place(cell, digit)
                .pattern("guess", pattern);
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "guess",
    name: "Guess",
    summary: "last resort, no logic: set a cell with the fewest candidates to its digit in the solution (backtracking)",
    params: &[],
    build: |_| Ok(Box::new(Guess)),
});

register_fixtures!("guess", "guess.fixtures");
