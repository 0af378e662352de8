//! Avoidable Rectangle: a rectangle in two rows, two columns and two boxes (see
//! `super::rectangle`) none of whose corners is a given, some of them solved along the way.
//! Were its corners to end as two digits, one on each diagonal, swapping them would solve the
//! givens a second time; so when the givens have one solution, they do not.
//!
//! - Type 1: three corners are solved, the two beside the empty one with the same digit: the
//!   empty corner is not the digit of the corner opposite it.
//! - Type 2: two corners sharing a line are solved, v and w; the corner opposite v holds only
//!   v and x, the corner opposite w only w and x: one of them is x, so what sees both is not.
//!
//! Solved cells count only when they were not givens, so the technique needs to know which
//! were (a puzzle line makes every digit a given; placements while solving are not). It checks
//! that the givens alone have one solution before it reports a step: a position read with
//! placed digits may have one completion while its givens have several.

use super::rectangle::{Corners, diagonal, rectangles};
use kaidoku_engine::prelude::*;

pub struct AvoidableRectangle;

const TYPE_1: StepKind = StepKind::new("avoidable-rectangle-1", "Avoidable Rectangle Type 1");
const TYPE_2: StepKind = StepKind::new("avoidable-rectangle-2", "Avoidable Rectangle Type 2");

impl Technique for AvoidableRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        // Worked out at the first step found: a backtracking search over the givens.
        let mut givens_unique: Option<bool> = None;
        for corners in rectangles() {
            let cells: CellSet = corners.iter().copied().collect();
            if cells.intersects(grid.givens()) {
                continue;
            }
            let solved = cells - grid.empty_cells();
            let Some(step) = (match solved.len() {
                3 => type_1(grid, &corners, solved),
                2 => type_2(grid, &corners, solved),
                _ => None,
            }) else {
                continue;
            };
            if *givens_unique.get_or_insert_with(|| givens_have_one_solution(grid)) {
                sink.push(step)?;
            } else {
                return ControlFlow::Continue(());
            }
        }
        ControlFlow::Continue(())
    }
}

/// Three solved corners: the empty one loses the digit of the corner opposite it.
fn type_1(grid: &Grid, corners: &Corners, solved: CellSet) -> Option<Step> {
    let empty = corners.iter().copied().find(|&c| !solved.contains(c))?;
    let opposite = grid.value(diagonal(corners, empty))?;
    let mut beside = (solved - CellSet::single(diagonal(corners, empty))).into_iter();
    let (first, second) = (grid.value(beside.next()?)?, grid.value(beside.next()?)?);
    if first != second || !grid.has_candidate(empty, opposite) {
        return None;
    }
    let pair = DigitSet::single(opposite) | DigitSet::single(first);
    Some(step(TYPE_1, corners, pair).eliminate(empty, opposite))
}

/// Two solved corners on a line, the two empty ones each holding the digit of the corner
/// opposite and one common other digit: that digit leaves the cells seeing both.
fn type_2(grid: &Grid, corners: &Corners, solved: CellSet) -> Option<Step> {
    let mut it = solved.into_iter();
    let (p, q) = (it.next()?, it.next()?);
    if diagonal(corners, p) == q {
        return None;
    }
    let (v, w) = (grid.value(p)?, grid.value(q)?);
    let (p_opposite, q_opposite) = (diagonal(corners, p), diagonal(corners, q));
    let extra_p = grid.candidates(p_opposite) - DigitSet::single(v);
    let extra_q = grid.candidates(q_opposite) - DigitSet::single(w);
    let holds_own = grid.has_candidate(p_opposite, v) && grid.has_candidate(q_opposite, w);
    let extra = extra_p.only()?;
    if !holds_own || extra_q.only() != Some(extra) {
        return None;
    }
    let both = CellSet::single(p_opposite) | CellSet::single(q_opposite);
    let targets = common_peers(both) & grid.cells_with(extra);
    if targets.is_empty() {
        return None;
    }
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, extra);
    let mut pattern = Candidates::EMPTY;
    pattern.insert(p_opposite, v);
    pattern.insert(q_opposite, w);
    let pair = DigitSet::single(v) | DigitSet::single(w);
    Some(
        step(TYPE_2, corners, pair)
            .part(Part::Digit(extra))
            .eliminations(eliminations)
            .pattern("rectangle", pattern),
    )
}

/// A step of `kind` on the rectangle: `#vw r1c12 r2c12`.
fn step(kind: StepKind, corners: &Corners, pair: DigitSet) -> Step {
    Step::new(kind)
        .part(Part::Digits(pair))
        .part(Part::Cells(corners.iter().copied().collect()))
}

/// Whether the givens alone, without the digits placed since, have exactly one solution.
fn givens_have_one_solution(grid: &Grid) -> bool {
    let mut values = [0u8; 81];
    for cell in grid.givens() {
        values[cell.index()] = grid.value(cell).unwrap_or(0);
    }
    Grid::from_givens(&values).is_ok_and(|puzzle| puzzle.solutions(2).count == 1)
}

register_technique!(TechniqueInfo {
    id: "avoidable-rectangle",
    name: "Avoidable Rectangle",
    summary: "uniqueness: a rectangle of solved non-given corners must not be completed with the same two digits (types 1, 2)",
    params: &[],
    build: |_| Ok(Box::new(AvoidableRectangle)),
});

kaidoku_engine::register_uniqueness!("avoidable-rectangle");

register_fixtures!("avoidable-rectangle", "avoidable_rectangle.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{position, run, texts};

    /// An Avoidable Rectangle type 1, from the fixtures (`+` marks digits placed while solving).
    const TYPE_1: &str = "..86+415+7.+4..9+57+8+6.+5+762384+9+17+3+4+5+1+6+9+2815+2+78+9+346+86+9324+15+7.+87+4.+32+1+52..+8+7+5+6+34.45+1.+278.:";

    #[test]
    fn needs_the_givens_alone_to_have_one_solution() {
        assert_eq!(
            texts(&run("avoidable-rectangle", &position(TYPE_1))),
            ["Avoidable Rectangle Type 1 #79 r1c28 r3c28 => r1c2<>9"]
        );
        // The same position with every digit placed: it has one completion, but nothing was
        // given, so the swap argument proves nothing.
        let mut all_placed = String::new();
        let mut after_plus = false;
        for ch in TYPE_1.chars() {
            if ch.is_ascii_digit() && !after_plus {
                all_placed.push('+');
            }
            after_plus = ch == '+';
            all_placed.push(ch);
        }
        let grid = position(&all_placed);
        assert!(grid.givens().is_empty());
        assert_eq!(grid.solutions(2).count, 1);
        assert!(run("avoidable-rectangle", &grid).is_empty());
    }
}
