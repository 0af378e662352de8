//! Last Digit (Full House): a house with one empty cell; that cell takes the house's missing
//! digit.
//!
//! From the seed: "In a house with one indeterminate cell, that cell is determined to the
//! remaining digit."

use kaidoku_engine::prelude::*;
use kaidoku_engine::singles::last_digits;

pub struct LastDigit;

impl Technique for LastDigit {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        last_digits(grid, |single| sink.push(single.step()))
    }
}

register_technique!(TechniqueInfo {
    id: "last-digit",
    name: "Last Digit",
    summary: "the one empty cell of a house takes the missing digit (Full House)",
    params: &[],
    build: |_| Ok(Box::new(LastDigit)),
});

register_fixtures!("last-digit", "last_digit.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn fills_the_last_cell_of_a_house() {
        let grid = position(
            "12345678.........................................................................",
        );
        assert_eq!(
            texts(&run("last-digit", &grid)),
            ["Last Digit in r1 => r1c9=9"]
        );
    }

    #[test]
    fn one_step_per_cell_even_when_two_houses_agree() {
        // r1c9 is the last empty cell of row 1 and of column 9.
        let mut line = String::from("12345678.");
        for digit in 1..=8 {
            line.push_str(&format!("........{digit}"));
        }
        let steps = run("last-digit", &position(&line));
        assert_eq!(texts(&steps), ["Last Digit in r1 => r1c9=9"]);
    }

    #[test]
    fn seed_example_places_r3c3_6() {
        // The seed's puzzle, singles in until a house of r3c3 is down to that one cell.
        let r3c3 = kaidoku_engine::Cell::at(2, 2);
        let grid = solve_until(&["hidden-single", "naked-single"], SEED_LAST_DIGIT, |g| {
            kaidoku_engine::houses_of(r3c3)
                .iter()
                .any(|&h| g.empty_cells_in(h).len() == 1)
        });
        assert_eq!(grid.value(r3c3), None);
        let texts = texts(&run("last-digit", &grid));
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Last Digit in ") && t.ends_with("=> r3c3=6")),
            "{texts:?}"
        );
    }

    #[test]
    fn nothing_when_every_house_has_two_empty_cells() {
        assert!(run("last-digit", &position(SEED_LAST_DIGIT)).is_empty());
    }
}
