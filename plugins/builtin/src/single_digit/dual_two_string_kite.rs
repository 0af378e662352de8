//! Dual 2-String Kite (HoDoKu's name): two 2-String Kites on the same two cells of a box.
//!
//! A 2-String Kite: a conjugate pair a = p in a row and a conjugate pair q = d in a column,
//! with p and q in one box (different cells, a and d outside it). If a does not hold the
//! digit, p does, so q does not (they share the box), so d does: a or d holds it, and the cell
//! in a's column and d's row loses it. Two kites on the same two cells p and q of a box (p's
//! row with q's column and q's row with p's column, or kites of two digits on the same cells)
//! are reported as one step with both eliminations, as HoDoKu does. (Single kites are
//! X-chains of three links: see `x-chain`.)

use kaidoku_engine::prelude::*;

pub struct DualTwoStringKite;

const KIND: StepKind = StepKind::new("dual-two-string-kite", "Dual 2-String Kite");

/// One kite: its digit, its row pair, its column pair, its two cells in the box and the cell
/// that loses the digit.
struct Kite {
    digit: Digit,
    row_pair: CellSet,
    column_pair: CellSet,
    in_box: CellSet,
    target: Cell,
}

impl Technique for DualTwoStringKite {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for bx in House::boxes() {
            let mut kites = Vec::new();
            for digit in 1..=9 {
                let places = grid.house_cells_with(bx, digit);
                for p in places {
                    for q in places {
                        if p.row() != q.row() && p.col() != q.col() {
                            kites.extend(kite(grid, digit, p, q));
                        }
                    }
                }
            }
            for (i, first) in kites.iter().enumerate() {
                for second in &kites[i + 1..] {
                    if first.in_box == second.in_box
                        && (first.digit, first.target) != (second.digit, second.target)
                    {
                        push(bx, first, second, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The kite of `p`'s row and `q`'s column, when both are conjugate pairs leaving the box and
/// the target holds the digit.
fn kite(grid: &Grid, digit: Digit, p: Cell, q: Cell) -> Option<Kite> {
    let row_pair = grid.house_cells_with(House::row(p.row()), digit);
    let column_pair = grid.house_cells_with(House::column(q.col()), digit);
    if row_pair.len() != 2 || column_pair.len() != 2 {
        return None;
    }
    let a = (row_pair - CellSet::single(p)).only()?;
    let d = (column_pair - CellSet::single(q)).only()?;
    if a.box_index() == p.box_index() || d.box_index() == q.box_index() {
        return None;
    }
    let target = Cell::at(d.row(), a.col());
    grid.has_candidate(target, digit).then_some(Kite {
        digit,
        row_pair,
        column_pair,
        in_box: CellSet::single(p) | CellSet::single(q),
        target,
    })
}

fn push(bx: House, first: &Kite, second: &Kite, sink: &mut StepSink) -> Flow {
    let mut step = Step::new(KIND).part(Part::House(bx));
    let mut eliminations = Candidates::EMPTY;
    let mut pattern = Candidates::EMPTY;
    for (i, kite) in [first, second].into_iter().enumerate() {
        if i > 0 {
            step = step.part(Part::Text("/".into()));
        }
        step = step
            .part(Part::Digit(kite.digit))
            .part(Part::Cells(kite.row_pair))
            .part(Part::Cells(kite.column_pair));
        eliminations.insert(kite.target, kite.digit);
        pattern.insert_cells(kite.row_pair | kite.column_pair, kite.digit);
    }
    sink.push(step.eliminations(eliminations).pattern("kites", pattern))
}

register_technique!(TechniqueInfo {
    id: "dual-two-string-kite",
    name: "Dual 2-String Kite",
    summary: "two 2-String Kites on the same two cells of a box, as one step",
    params: &[],
    build: |_| Ok(Box::new(DualTwoStringKite)),
});

register_fixtures!("dual-two-string-kite", "dual_two_string_kite.fixtures");
