//! Basic fish on rows or columns: X-Wing (2), Swordfish (3), Jellyfish (4), Squirmbag (5),
//! Whale (6), Leviathan (7).
//!
//! Take n base lines (rows, say) in which a digit's candidates all lie in the same n cover
//! lines (columns). Each base line holds the digit once, in a cover line, and no two in the
//! same one; so the n base lines place the digit in all n cover lines, and the cover lines'
//! other cells lose it.

use kaidoku_engine::prelude::*;
use kaidoku_engine::{DigitLines, LineKind, digit_lines};

pub struct Fish {
    min_size: usize,
    max_size: usize,
}

impl Technique for Fish {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for size in self.min_size..=self.max_size {
            for digit in 1..=9 {
                for kind in [LineKind::Rows, LineKind::Columns] {
                    let lines = digit_lines(grid, digit, kind);
                    // A base line holds between 2 and `size` candidates: one is a hidden
                    // single, more than `size` can never be covered.
                    let mut bases = [0usize; 9];
                    let mut count = 0;
                    for (i, &crossing) in lines.crossing.iter().enumerate() {
                        if (2..=size as u32).contains(&crossing.count_ones()) {
                            bases[count] = i;
                            count += 1;
                        }
                    }
                    let search = Search {
                        grid,
                        digit,
                        lines: &lines,
                        size,
                    };
                    search.grow(&bases[..count], 0, 0, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

struct Search<'a> {
    grid: &'a Grid,
    digit: Digit,
    lines: &'a DigitLines,
    size: usize,
}

impl Search<'_> {
    /// Choose base lines from `candidates`; `base` and `cover` are masks of the lines chosen
    /// so far and of the crossing lines they need. A branch needing more cover lines than the
    /// fish's size is cut.
    fn grow(&self, candidates: &[usize], base: u16, cover: u16, sink: &mut StepSink) -> Flow {
        if base.count_ones() as usize == self.size {
            return if cover.count_ones() as usize == self.size {
                self.found(base, cover, sink)
            } else {
                ControlFlow::Continue(())
            };
        }
        let needed = self.size - base.count_ones() as usize;
        for (i, &line) in candidates.iter().enumerate() {
            if candidates.len() - i < needed {
                break;
            }
            let union = cover | self.lines.crossing[line];
            if union.count_ones() as usize <= self.size {
                self.grow(&candidates[i + 1..], base | 1 << line, union, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn found(&self, base: u16, cover: u16, sink: &mut StepSink) -> Flow {
        let kind = self.lines.kind;
        let fish_cells = kind.cells_of(base) & self.grid.cells_with(self.digit);
        let targets =
            (kind.crossing().cells_of(cover) & self.grid.cells_with(self.digit)) - fish_cells;
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut eliminations = Candidates::EMPTY;
        eliminations.insert_cells(targets, self.digit);
        let mut pattern = Candidates::EMPTY;
        pattern.insert_cells(fish_cells, self.digit);
        let description = format!(
            "#{} BaseSet:{} CoverSet:{}",
            self.digit,
            kind.name_set(base),
            kind.crossing().name_set(cover)
        );
        sink.push(
            Step::new(fish_name(self.size), description)
                .eliminations(eliminations)
                .pattern("fish", pattern),
        )
    }
}

fn fish_name(size: usize) -> &'static str {
    match size {
        2 => "X-Wing",
        3 => "Swordfish",
        4 => "Jellyfish",
        5 => "Squirmbag",
        6 => "Whale",
        _ => "Leviathan",
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int("min_size", "smallest fish (2 = X-Wing)", 2, 2, 7),
    ParamSpec::int(
        "max_size",
        "largest fish (4 = Jellyfish, 7 = Leviathan)",
        4,
        2,
        7,
    ),
];

register_technique!(TechniqueInfo {
    id: "fish",
    name: "Fish",
    summary: "n rows (columns) whose candidates of a digit lie in n columns (rows): X-Wing, Swordfish, Jellyfish …",
    params: PARAMS,
    build: |params| {
        let (min_size, max_size) = params.size_range("min_size", "max_size")?;
        Ok(Box::new(Fish { min_size, max_size }))
    },
});

#[cfg(test)]
mod tests {
    use crate::testing::*;
    use kaidoku_engine::ParamValue::Int;

    const SEED_004: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

    #[test]
    fn seed_004_swordfish_and_jellyfish() {
        let grid = after_singles(SEED_004);
        let texts = texts(&run("fish", &grid));
        assert!(
            texts.contains(
                &"Swordfish #3 BaseSet:R348 CoverSet:C136 => r2c16,r5c6,r6c3<>3".to_string()
            ),
            "{texts:#?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Jellyfish #3 BaseSet:R2348 CoverSet:C1346 => ")),
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
        assert!(
            steps[0]
                .text()
                .starts_with("X-Wing #1 BaseSet:R19 CoverSet:C19 => ")
        );
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
        assert!(small.iter().all(|s| s.name != "Jellyfish"));
        let only_jelly = run_with("fish", &grid, &[("min_size", Int(4)), ("max_size", Int(4))]);
        assert!(!only_jelly.is_empty() && only_jelly.iter().all(|s| s.name == "Jellyfish"));
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run_with("fish", &position(&".".repeat(81)), &[("max_size", Int(7))]).is_empty());
    }
}
