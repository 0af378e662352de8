//! Sue de Coq: cells C where a line and a box cross (two or three of them), holding at least
//! |C| + 2 digits V between them; a set of cells L' of the line outside the box and a set B'
//! of the box outside the line, whose digits (D_L and D_B, each sharing some digit with V and
//! each bringing more cells than digits from outside V) have no digit in common; and as many
//! cells as digits in all: |C| + |L'| + |B'| = |V ∪ D_L ∪ D_B|.
//!
//! Each digit can then fill at most one of those cells: a digit of D_L has its places there
//! inside the line, one of D_B inside the box, one of V alone inside C. With as many digits as
//! cells, each digit fills exactly one of them. So a digit of D_L leaves the rest of the line,
//! one of D_B the rest of the box, and one of V in neither leaves the rest of both. HoDoKu's
//! extended forms are included: the sets L' and B' may hold several cells and digits outside
//! V, and C may be two cells of a three-cell crossing (the third then counts as "the rest").

use kaidoku_engine::prelude::*;

pub struct SueDeCoq;

const KIND: StepKind = StepKind::new("sue-de-coq", "Sue de Coq");

/// A candidate line or box set: its cells, their digits, and how many more cells than digits
/// from outside V it brings (what it takes of V's surplus).
#[derive(Clone, Copy)]
struct Side {
    cells: CellSet,
    digits: DigitSet,
    takes: usize,
}

impl Technique for SueDeCoq {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        // Cells still open: a cell down to one candidate is a single, not part of a pattern.
        let empty = grid.empty_cells() - grid.single_candidate_cells();
        for bx in House::boxes() {
            for line in House::lines() {
                let crossing = intersection(line, bx) & empty;
                if crossing.len() < 2 {
                    continue;
                }
                let line_rest: Vec<Cell> = ((line.cells() - bx.cells()) & empty).iter().collect();
                let box_rest: Vec<Cell> = ((bx.cells() - line.cells()) & empty).iter().collect();
                for core in subsets(&crossing.iter().collect::<Vec<_>>()) {
                    if core.len() < 2 {
                        continue;
                    }
                    let digits = grid.candidates_of(core);
                    let surplus = digits.len() as usize - core.len() as usize;
                    if surplus < 2 {
                        continue;
                    }
                    let sides = |rest: &[Cell]| -> Vec<Side> {
                        subsets(rest)
                            .filter_map(|cells| side(grid, cells, digits, surplus))
                            .collect()
                    };
                    let (line_sides, box_sides) = (sides(&line_rest), sides(&box_rest));
                    for l in &line_sides {
                        for b in &box_sides {
                            if l.takes + b.takes != surplus || l.digits.intersects(b.digits) {
                                continue;
                            }
                            let pattern = Pattern {
                                line,
                                bx,
                                core,
                                digits,
                                line_side: *l,
                                box_side: *b,
                            };
                            push(grid, &pattern, sink)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The cells as a side set, if they share a digit with V and take some of its surplus.
fn side(grid: &Grid, cells: CellSet, core_digits: DigitSet, surplus: usize) -> Option<Side> {
    if cells.is_empty() {
        return None;
    }
    let digits = grid.candidates_of(cells);
    let outside = (digits - core_digits).len() as usize;
    let takes = (cells.len() as usize).checked_sub(outside)?;
    (takes >= 1 && takes < surplus && digits.intersects(core_digits)).then_some(Side {
        cells,
        digits,
        takes,
    })
}

/// Every non-empty subset of up to six cells.
fn subsets(cells: &[Cell]) -> impl Iterator<Item = CellSet> + '_ {
    (1u32..1 << cells.len()).map(move |mask| {
        cells
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 != 0)
            .map(|(_, &c)| c)
            .collect()
    })
}

struct Pattern {
    line: House,
    bx: House,
    core: CellSet,
    digits: DigitSet,
    line_side: Side,
    box_side: Side,
}

fn push(grid: &Grid, p: &Pattern, sink: &mut StepSink) -> Flow {
    let all = p.core | p.line_side.cells | p.box_side.cells;
    let line_rest = p.line.cells() - all;
    let box_rest = p.bx.cells() - all;
    let mut eliminations = Candidates::EMPTY;
    for d in p.line_side.digits {
        eliminations.insert_cells(line_rest & grid.cells_with(d), d);
    }
    for d in p.box_side.digits {
        eliminations.insert_cells(box_rest & grid.cells_with(d), d);
    }
    for d in p.digits - p.line_side.digits - p.box_side.digits {
        eliminations.insert_cells((line_rest | box_rest) & grid.cells_with(d), d);
    }
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut pattern = Candidates::EMPTY;
    for cell in all {
        pattern.insert_digits(cell, grid.candidates(cell));
    }
    sink.push(
        Step::new(KIND)
            .part(Part::Cells(p.core))
            .part(Part::Digits(p.digits))
            .part(Part::Text("/".into()))
            .part(Part::Cells(p.line_side.cells))
            .part(Part::Digits(p.line_side.digits))
            .part(Part::Text("/".into()))
            .part(Part::Cells(p.box_side.cells))
            .part(Part::Digits(p.box_side.digits))
            .eliminations(eliminations)
            .pattern("sue de coq", pattern),
    )
}

register_technique!(TechniqueInfo {
    id: "sue-de-coq",
    name: "Sue de Coq",
    summary: "cells where a line and a box cross, with a set in the line and one in the box: as many digits as cells, so each digit leaves the rest of its house",
    params: &[],
    build: |_| Ok(Box::new(SueDeCoq)),
});

register_fixtures!("sue-de-coq", "sue_de_coq.fixtures");
