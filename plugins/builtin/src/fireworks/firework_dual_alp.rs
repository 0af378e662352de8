//! Firework Dual ALP: a bivalue cell X = {x,y} that is the corner of two frames (see
//! `fireworks`) whose stems S0 and S1 both have fireworks of x and y, in different rows and
//! columns (so the four leaves differ: A0 and A1 in X's column, B0 and B1 in X's row).
//!
//! *Proof.* Say X is x (y alike). X sees the four leaves, so none is x, and both fireworks of
//! x put x in the stems: S0 = S1 = x. Then y is in no stem, so y is in A0 or B0, and in A1 or
//! B1. A0 and A1 share X's column and B0 and B1 share X's row, so y fills one of the column
//! leaves and one of the row leaves. So in X's row, x and y lie in X, B0 and B1; in its
//! column, in X, A0 and A1; and both stems hold X's value. ∎
//!
//! So the stems keep only x and y, and x and y leave the rest of X's row and column.
//!
//! GNPX v6 takes for X any {x,y} cell that sees the four leaves, with eliminations in the cells
//! that see X and a leaf. A cell sees both leaves of a frame only as its corner or its stem (the
//! leaves lie in two other boxes, rows and columns), and X cannot be S1: x and y would then
//! have no place outside S1's box in X's row and column but S1's own leaves, so none in A0 and
//! B0, and both fireworks on S0 would have no leaf (the module leaves such lines out). So X is
//! the corner of both frames, as here, and GNPX's cells are X's row and column.
//!
//! The pattern needs x and y each to have at most one place outside a stem's box in four lines
//! (two stems' rows and columns) while X still holds both: no position of the shared puzzle
//! sets has it (issue 25; the fixtures are GNPX's examples, built by hand on the forum).

use crate::fireworks::{Frame, drop_others, firework_digits, firework_pattern};
use kaidoku_engine::prelude::*;

pub struct FireworkDualAlp;

const KIND: StepKind = StepKind::new("firework-dual-alp", "Firework Dual ALP");

/// The frame with stem `stem` whose corner is `corner`, if both its leaves are empty and the
/// stem is in another band and stack than the corner (so both leaves lie outside its box).
fn frame_to(grid: &Grid, stem: Cell, corner: Cell) -> Option<Frame> {
    if stem.row() / 3 == corner.row() / 3 || stem.col() / 3 == corner.col() / 3 {
        return None;
    }
    let frame = Frame {
        stem,
        row_leaf: Cell::at(stem.row(), corner.col()),
        col_leaf: Cell::at(corner.row(), stem.col()),
    };
    let empty = grid.empty_cells();
    (empty.contains(frame.row_leaf) && empty.contains(frame.col_leaf)).then_some(frame)
}

impl Technique for FireworkDualAlp {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut frames: Vec<Frame> = Vec::new();
        for corner in grid.bivalue_cells() {
            let pair = grid.candidates(corner);
            frames.clear();
            for stem in grid.empty_cells() {
                if let Some(frame) = frame_to(grid, stem, corner)
                    && pair.is_subset_of(firework_digits(grid, frame))
                {
                    frames.push(frame);
                }
            }
            for (i, &f0) in frames.iter().enumerate() {
                for &f1 in &frames[i + 1..] {
                    if f0.stem.row() == f1.stem.row() || f0.stem.col() == f1.stem.col() {
                        continue;
                    }
                    let pattern_cells = f0.cells() | f1.cells() | CellSet::single(corner);
                    let lines =
                        House::row(corner.row()).cells() | House::column(corner.col()).cells();
                    let mut eliminations = Candidates::EMPTY;
                    drop_others(grid, f0.stem, pair, &mut eliminations);
                    drop_others(grid, f1.stem, pair, &mut eliminations);
                    for digit in pair {
                        eliminations
                            .insert_cells((lines - pattern_cells) & grid.cells_with(digit), digit);
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    let [s0, l0] = firework_pattern(grid, f0, pair);
                    let [s1, l1] = firework_pattern(grid, f1, pair);
                    let mut locked = Candidates::EMPTY;
                    locked.insert_digits(corner, pair);
                    let step = Step::new(KIND)
                        .part(Part::Cells(
                            CellSet::single(f0.stem) | CellSet::single(f1.stem),
                        ))
                        .part(Part::Digits(pair))
                        .part(Part::Cells(f0.leaves() | f1.leaves()))
                        .part(Part::Cells(CellSet::single(corner)))
                        .eliminations(eliminations)
                        .pattern("stem", s0.union(&s1))
                        .pattern("leaves", l0.union(&l1))
                        .pattern("pair", locked);
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-dual-alp",
    name: "Firework Dual ALP",
    summary: "two firework pairs {x,y} cornered on one {x,y} cell: the stems are x or y, and x, y leave that cell's row and column",
    params: &[],
    build: |_| Ok(Box::new(FireworkDualAlp)),
});

register_fixtures!("firework-dual-alp", "firework_dual_alp.fixtures");
