//! Hidden Single: a digit with one place left in a house goes there. Boxes are searched
//! first, then rows, then columns (the order in which people spot them).

use kaidoku_engine::prelude::*;
use kaidoku_engine::singles::hidden_singles;

pub struct HiddenSingle;

impl Technique for HiddenSingle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        hidden_singles(grid, |single| sink.push(single.step()))
    }
}

register_technique!(TechniqueInfo {
    id: "hidden-single",
    name: "Hidden Single",
    summary: "a digit with one place left in a house goes there",
    params: &[],
    build: |_| Ok(Box::new(HiddenSingle)),
});

register_fixtures!("hidden-single", "hidden_single.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn finds_the_only_place_of_a_digit_in_a_box() {
        // The 1s in r1, r2, c1 and c2 leave r3c3 as the only place for 1 in box 1.
        let grid = position(
            "...1.....\n......1..\n.........\n.1.......\n.........\n.........\n1........\n.........\n.........",
        );
        let texts = texts(&run("hidden-single", &grid));
        assert_eq!(
            texts.first().map(String::as_str),
            Some("Hidden Single #1 in b1 => r3c3=1")
        );
        assert_eq!(
            texts.iter().filter(|t| t.ends_with("r3c3=1")).count(),
            1,
            "one step per candidate"
        );
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("hidden-single", &position(&".".repeat(81))).is_empty());
    }
}
