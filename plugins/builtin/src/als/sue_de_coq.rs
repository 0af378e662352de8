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
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // A line and a box whose cells are as they were when this search last found nothing
        // give nothing now: their patterns are made of their open cells' candidates only, and
        // what a pattern removes lies in the line and the box, so both are as they were then,
        // when every pattern there removed nothing (a cell filled or narrowed counts as
        // changed, so which cells are open is the same too).
        let changes = analysis.changes_since_last_miss();
        // Cells still open: a cell down to one candidate is a single, not part of a pattern.
        let empty = grid.empty_cells() - grid.single_candidate_cells();
        let (mut line_sides, mut box_sides) = (Vec::new(), Vec::new());
        for bx in House::boxes() {
            for line in House::lines() {
                let crossing = intersection(line, bx) & empty;
                if crossing.len() < 2 || !changes.cells_changed(line.cells() | bx.cells()) {
                    continue;
                }
                let crossing = Unions::of(grid, crossing);
                let line_rest = Unions::of(grid, (line.cells() - bx.cells()) & empty);
                let box_rest = Unions::of(grid, (bx.cells() - line.cells()) & empty);
                for mask in 1..crossing.count {
                    let (core, digits, size) = (
                        crossing.cells[mask],
                        crossing.digits[mask],
                        crossing.sizes[mask],
                    );
                    if size < 2 {
                        continue;
                    }
                    let surplus = (digits.len() as usize).saturating_sub(size as usize);
                    if surplus < 2 {
                        continue;
                    }
                    line_rest.sides(digits, surplus, &mut line_sides);
                    if line_sides.is_empty() {
                        continue;
                    }
                    box_rest.sides(digits, surplus, &mut box_sides);
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

/// Every non-empty subset of up to six cells (in the order of their bit masks over the cells
/// in index order) with the union of its candidates, each union built from a smaller one.
struct Unions {
    count: usize,
    cells: [CellSet; 64],
    digits: [DigitSet; 64],
    /// The number of cells of each subset (counted once here, not per look).
    sizes: [u8; 64],
}

impl Unions {
    fn of(grid: &Grid, cells: CellSet) -> Unions {
        let mut unions = Unions {
            count: 0,
            cells: [CellSet::EMPTY; 64],
            digits: [DigitSet::EMPTY; 64],
            sizes: [0; 64],
        };
        // A line or box has at most six cells outside its crossing with the other.
        for (bit, cell) in cells.iter().take(6).enumerate() {
            let size = 1 << bit;
            for mask in 0..size {
                unions.cells[size + mask] = unions.cells[mask] | CellSet::single(cell);
                unions.digits[size + mask] = unions.digits[mask] | grid.candidates(cell);
                unions.sizes[size + mask] = unions.sizes[mask] + 1;
            }
            unions.count = 2 * size;
        }
        unions
    }

    #[cfg(test)]
    fn subsets(&self) -> impl Iterator<Item = (CellSet, DigitSet)> + '_ {
        (1..self.count).map(|mask| (self.cells[mask], self.digits[mask]))
    }

    /// The subsets that are side sets for the crossing's digits and surplus, into `out`.
    fn sides(&self, core_digits: DigitSet, surplus: usize, out: &mut Vec<Side>) {
        out.clear();
        out.extend((1..self.count).filter_map(|mask| {
            let (cells, digits) = (self.cells[mask], self.digits[mask]);
            side(cells, self.sizes[mask], digits, core_digits, surplus)
        }));
    }
}

/// The `size` cells as a side set, if they share a digit with V and take some of its surplus.
fn side(
    cells: CellSet,
    size: u8,
    digits: DigitSet,
    core_digits: DigitSet,
    surplus: usize,
) -> Option<Side> {
    if !digits.intersects(core_digits) {
        return None;
    }
    let outside = (digits - core_digits).len() as usize;
    let takes = (size as usize).checked_sub(outside)?;
    (takes >= 1 && takes < surplus).then_some(Side {
        cells,
        digits,
        takes,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_are_every_subset_in_mask_order() {
        let grid = kaidoku_engine::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        for house in House::all() {
            let cells: Vec<Cell> = grid.empty_cells_in(house).iter().take(6).collect();
            let set: CellSet = cells.iter().copied().collect();
            let unions: Vec<(CellSet, DigitSet)> = Unions::of(&grid, set).subsets().collect();
            let expected: Vec<(CellSet, DigitSet)> = (1u32..1 << cells.len())
                .map(|mask| {
                    let chosen: CellSet = (0..cells.len())
                        .filter(|i| mask >> i & 1 != 0)
                        .map(|i| cells[i])
                        .collect();
                    (chosen, grid.candidates_of(chosen))
                })
                .collect();
            assert_eq!(unions, expected, "{house}");
        }
    }
}
