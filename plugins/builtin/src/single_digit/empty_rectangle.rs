//! Empty Rectangle: in a box, a digit's candidates all lie in one row R and one column C of the
//! box (the rest of the box is "empty" of it). Take a conjugate pair p = q in a column, with p
//! in row R outside the box. If the cell where q's row meets column C held the digit, the box
//! could place it neither in column C (that cell sees it) nor in row R (q would not hold it,
//! so p would, and p sees row R): the box would have no place for it. So that cell loses the
//! digit. Likewise with rows and columns swapped.
//!
//! With `dual`, two conjugate pairs on the same rectangle are also reported together, as
//! HoDoKu's Dual Empty Rectangle.

use kaidoku_engine::prelude::*;

pub struct EmptyRectangle {
    dual: bool,
}

const KIND: StepKind = StepKind::new("empty-rectangle", "Empty Rectangle");
const DUAL: StepKind = StepKind::new("dual-empty-rectangle", "Dual Empty Rectangle");

impl Technique for EmptyRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // Rectangles, conjugate pairs and targets are all one digit's cells: a digit whose
        // cells are as they were when this search last found nothing gives nothing now.
        let changes = analysis.changes_since_last_miss();
        for digit in (1..=9).filter(|&digit| changes.digit_changed(digit)) {
            for bx in House::boxes() {
                let cells = grid.house_cells_with(bx, digit);
                if cells.len() < 2 {
                    continue;
                }
                let first = cells.first().unwrap_or_default();
                // One rectangle can sit in two crosses (two cells of the box): collect the
                // box's steps, so that a dual may pair steps of either.
                let mut steps = Vec::new();
                let (band, stack) = (first.row() / 3 * 3, first.col() / 3 * 3);
                for r in band..band + 3 {
                    for c in stack..stack + 3 {
                        let (row, col) = (House::row(r), House::column(c));
                        let cross = row.cells() | col.cells();
                        // All in the cross, not all in one line (then it is a locked
                        // candidate).
                        if !cells.is_subset_of(cross)
                            || cells.is_subset_of(row.cells())
                            || cells.is_subset_of(col.cells())
                        {
                            continue;
                        }
                        for (line, other) in [(row, col), (col, row)] {
                            found(grid, digit, bx, cells, line, other, &mut steps);
                        }
                    }
                }
                if self.dual {
                    push_duals(&steps, sink)?;
                }
                for step in steps {
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Conjugate pairs p = q across `line` (p on `line`, outside the box): q's line parallel to
/// `line` meets `other` at the target.
fn found(
    grid: &Grid,
    digit: Digit,
    bx: House,
    er: CellSet,
    line: House,
    other: House,
    steps: &mut Vec<Step>,
) {
    for p in grid.house_cells_with(line, digit) - bx.cells() {
        // The pair runs across `line`: along p's column when `line` is a row, and back.
        let across = if line.kind() == HouseKind::Row {
            House::column(p.col())
        } else {
            House::row(p.row())
        };
        let pair = grid.house_cells_with(across, digit);
        if pair.len() != 2 {
            continue;
        }
        let Some(q) = (pair - CellSet::single(p)).only() else {
            continue;
        };
        let target = if line.kind() == HouseKind::Row {
            Cell::at(q.row(), other.number())
        } else {
            Cell::at(other.number(), q.col())
        };
        if bx.cells().contains(target) || !grid.has_candidate(target, digit) {
            continue;
        }
        let mut eliminations = Candidates::EMPTY;
        eliminations.insert(target, digit);
        let mut pattern = Candidates::EMPTY;
        pattern.insert_cells(er, digit);
        let mut link = Candidates::EMPTY;
        link.insert_cells(pair, digit);
        steps.push(
            Step::new(KIND)
                .part(Part::Digit(digit))
                .part(Part::House(bx))
                .part(Part::Cells(er))
                .part(Part::Cells(pair))
                .eliminations(eliminations)
                .pattern("empty rectangle", pattern)
                .pattern("conjugate pair", link),
        );
    }
}

/// Dual Empty Rectangle (HoDoKu's name): two conjugate pairs working on the same empty
/// rectangle, reported as one step with both eliminations.
fn push_duals(steps: &[Step], sink: &mut StepSink) -> Flow {
    for (i, first) in steps.iter().enumerate() {
        for second in &steps[i + 1..] {
            if first.eliminations == second.eliminations {
                continue;
            }
            // Both steps have the parts digit, box, rectangle, pair (see `found`).
            sink.push(
                Step::new(DUAL)
                    .part(first.parts[0].clone())
                    .part(first.parts[1].clone())
                    .part(first.parts[2].clone())
                    .part(first.parts[3].clone())
                    .part(second.parts[3].clone())
                    .eliminations(first.eliminations.union(&second.eliminations))
                    .pattern("empty rectangle", first.pattern[0].candidates)
                    .pattern("conjugate pair 1", first.pattern[1].candidates)
                    .pattern("conjugate pair 2", second.pattern[1].candidates),
            )?;
        }
    }
    ControlFlow::Continue(())
}

register_technique!(TechniqueInfo {
    id: "empty-rectangle",
    name: "Empty Rectangle",
    summary: "a box whose candidates of a digit lie in one row and one column, with a conjugate pair: the cell closing the rectangle loses it",
    params: &[ParamSpec::bool(
        "dual",
        "also report two conjugate pairs on one empty rectangle as one step (Dual Empty Rectangle)",
        false,
    )],
    build: |params| Ok(Box::new(EmptyRectangle {
        dual: params.bool("dual")
    })),
});

register_fixtures!("empty-rectangle", "empty_rectangle.fixtures");
