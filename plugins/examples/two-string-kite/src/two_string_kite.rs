//! 2-String Kite. A digit with exactly two places in a row (one string) and exactly two in a
//! column (the other), each pair spanning two boxes, with one end of each in the same box.
//! The two ends in that box cannot both hold the digit, so one of the far ends does: any
//! cell that sees both far ends loses the digit.
//!
//! ```text
//!  row string:     A ----------- B        A, C in one box: not both true
//!                  |                      so B or D is true,
//!  column string:  C                      and X, which sees B and D, is not
//!                  |
//!                  D ----------- X
//! ```

use kaidoku_plugin_sdk::prelude::*;

pub struct TwoStringKite;

/// What Kaidoku's registry lists; `export_plugin!` in `lib.rs` exports it.
pub const TECHNIQUE: TechniqueInfo = TechniqueInfo {
    id: "two-string-kite",
    name: "2-String Kite",
    summary: "a row and a column conjugate pair joined in a box: cells seeing both far ends lose the digit",
    params: &[],
    build: |_| Ok(Box::new(TwoStringKite)),
};

/// The rating of its steps, declared to Kaidoku (`export_plugin!` in `lib.rs` passes it on):
/// Sukaku Explainer's ER and HoDoKu's score and level for the 2-String Kite. A config's
/// `[rating]` table can change it; without it, the kind would get the table's entry of that
/// name (or, for a kind the table does not know, the fallback ER 8.5).
pub const RATINGS: &[KindRating] = &[KindRating {
    kind: "two-string-kite",
    er: 4.1,
    score: 150,
    level: Level::Hard,
}];

impl Technique for TwoStringKite {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for digit in DIGITS {
            let rows: Vec<(Cell, Cell)> = House::rows()
                .filter_map(|h| string(grid, h, digit))
                .collect();
            let columns: Vec<(Cell, Cell)> = House::columns()
                .filter_map(|h| string(grid, h, digit))
                .collect();
            for &row in &rows {
                for &column in &columns {
                    if let Some(kite) = Kite::join(row, column) {
                        kite.push(grid, digit, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The two cells of `line` holding `digit`, when there are exactly two and they lie in
/// different boxes (two in one box make a locked pair of places, not a string).
fn string(grid: &Grid, line: House, digit: Digit) -> Option<(Cell, Cell)> {
    let cells = grid.house_cells_with(line, digit);
    if cells.len() != 2 {
        return None;
    }
    let mut pair = cells.iter();
    let (a, b) = (pair.next()?, pair.next()?);
    (a.box_index() != b.box_index()).then_some((a, b))
}

/// A row string and a column string with an end of each in one box.
struct Kite {
    /// The row string's end in the shared box, and its far end.
    row_joint: Cell,
    row_end: Cell,
    /// The column string's end in the shared box, and its far end.
    column_joint: Cell,
    column_end: Cell,
}

impl Kite {
    fn join(row: (Cell, Cell), column: (Cell, Cell)) -> Option<Kite> {
        let orientations = [
            (row.0, row.1, column.0, column.1),
            (row.0, row.1, column.1, column.0),
            (row.1, row.0, column.0, column.1),
            (row.1, row.0, column.1, column.0),
        ];
        orientations
            .into_iter()
            .find(|&(row_joint, _, column_joint, _)| {
                row_joint != column_joint && row_joint.box_index() == column_joint.box_index()
            })
            .map(|(row_joint, row_end, column_joint, column_end)| Kite {
                row_joint,
                row_end,
                column_joint,
                column_end,
            })
    }

    fn cells(&self) -> CellSet {
        [
            self.row_joint,
            self.row_end,
            self.column_joint,
            self.column_end,
        ]
        .into_iter()
        .collect()
    }

    fn push(&self, grid: &Grid, digit: Digit, sink: &mut StepSink) -> Flow {
        let ends = CellSet::single(self.row_end) | CellSet::single(self.column_end);
        let targets = (grid.cells_with(digit) & common_peers(ends)) - self.cells();
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut eliminations = Candidates::EMPTY;
        eliminations.insert_cells(targets, digit);
        let (mut row_string, mut column_string) = (Candidates::EMPTY, Candidates::EMPTY);
        row_string.insert_cells(
            CellSet::single(self.row_joint) | CellSet::single(self.row_end),
            digit,
        );
        column_string.insert_cells(
            CellSet::single(self.column_joint) | CellSet::single(self.column_end),
            digit,
        );
        let description = format!(
            "in {},{} (connected by {},{} in b{})",
            self.row_end,
            self.column_end,
            self.row_joint,
            self.column_joint,
            self.row_joint.box_index() + 1
        );
        let step = Step::new(StepKind::new("two-string-kite", "2-String Kite"))
            .part(Part::Digit(digit))
            .part(Part::Text(description))
            .eliminations(eliminations)
            .pattern("row string", row_string)
            .pattern("column string", column_string);
        sink.push(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaidoku_plugin_sdk::testing::{position, registry_through_abi, run, run_entry, texts};

    /// The empty grid with digit 1 kept, in `row` and `column` (one-based), only where given.
    fn grid_with_strings(row: (usize, [usize; 2]), column: (usize, [usize; 2])) -> Grid {
        let mut grid = position(&".".repeat(81));
        for c in 1..=9 {
            if !row.1.contains(&c) {
                grid.eliminate(Cell::at(row.0 - 1, c - 1), 1);
            }
        }
        for r in 1..=9 {
            if !column.1.contains(&r) {
                grid.eliminate(Cell::at(r - 1, column.0 - 1), 1);
            }
        }
        grid
    }

    #[test]
    fn fires_on_a_kite() {
        // Row 1: r1c2 (box 1), r1c7. Column 1: r3c1 (box 1), r8c1. Far ends r1c7 and r8c1.
        let grid = grid_with_strings((1, [2, 7]), (1, [3, 8]));
        assert_eq!(
            texts(&run(&TECHNIQUE, &grid)),
            ["2-String Kite #1 in r1c7,r8c1 (connected by r1c2,r3c1 in b1) => r8c7<>1"]
        );
    }

    #[test]
    fn the_joint_may_be_any_end() {
        // Row 5: r5c1, r5c8 (box 6). Column 9: r4c9 (box 6), r9c9. Far ends r5c1 and r9c9.
        let grid = grid_with_strings((5, [1, 8]), (9, [4, 9]));
        assert_eq!(
            texts(&run(&TECHNIQUE, &grid)),
            ["2-String Kite #1 in r5c1,r9c9 (connected by r5c8,r4c9 in b6) => r9c1<>1"]
        );
    }

    #[test]
    fn needs_a_shared_box() {
        // Row 1: r1c2, r1c7; column 4: r2c4 (box 2), r8c4: no end of each in one box.
        let grid = grid_with_strings((1, [2, 7]), (4, [2, 8]));
        assert!(run(&TECHNIQUE, &grid).is_empty());
    }

    #[test]
    fn a_string_within_one_box_is_not_a_kite() {
        // Column 1: r2c1, r3c1, both in box 1.
        let grid = grid_with_strings((1, [2, 7]), (1, [2, 3]));
        assert!(run(&TECHNIQUE, &grid).is_empty());
    }

    #[test]
    fn nothing_when_the_target_is_gone() {
        let mut grid = grid_with_strings((1, [2, 7]), (1, [3, 8]));
        grid.eliminate(Cell::at(7, 6), 1);
        assert!(run(&TECHNIQUE, &grid).is_empty());
        assert!(run(&TECHNIQUE, &position(&".".repeat(81))).is_empty());
    }

    #[test]
    fn the_plugin_gives_the_same_steps_through_the_abi() {
        let registry = registry_through_abi(crate::kaidoku_plugin_entry);
        let entry = registry.get("two-string-kite").unwrap();
        assert_eq!(entry.name, "2-String Kite");
        for grid in [
            grid_with_strings((1, [2, 7]), (1, [3, 8])),
            grid_with_strings((5, [1, 8]), (9, [4, 9])),
        ] {
            let crossed = run_entry(&registry, "two-string-kite", &grid).unwrap();
            assert_eq!(
                entry.ratings.len(),
                1,
                "the declared rating crosses the ABI"
            );
            assert_eq!((entry.ratings[0].er, entry.ratings[0].score), (41, 150));
            let direct = run(&TECHNIQUE, &grid);
            // Typed parts cross the ABI as their text; kinds, effects and pattern cross whole.
            assert!(!crossed.is_empty());
            assert_eq!(texts(&crossed), texts(&direct));
            for (a, b) in crossed.iter().zip(&direct) {
                // Id, name and size: the kind crosses the ABI in its own fields.
                assert_eq!(a.kind, b.kind);
                assert!(a.same_effects(b));
                assert_eq!(a.pattern, b.pattern);
            }
        }
    }
}
