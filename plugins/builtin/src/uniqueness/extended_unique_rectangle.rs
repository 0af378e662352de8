//! Extended Unique Rectangle (SudokuWiki), types 1 to 4: six empty cells where two parallel
//! lines cross three others, and three digits T = {a, b, c}.
//!
//! The deadly pattern. Suppose all six cells end up in T. Each line of two holds three
//! different digits of T, so all of T; each crossing line holds two different ones. Swap the
//! two digits of every crossing line: the lines of two keep T, the crossing lines keep their
//! pairs, every cell changes. The boxes keep their digits too when the six cells lie either
//! - in two boxes: the two lines in different chutes, the three crossing lines in one (each
//!   box holds one line's three cells, T before and after), or
//! - in three boxes: the two lines in one chute, the crossing lines one a chute (each box
//!   holds one crossing line's two cells, swapped inside it).
//!
//! So the puzzle would have a second solution; with one solution, some cell of the six is
//! not in T. (Other shapes are not deadly: two crossing lines in one chute with the lines in
//! different chutes change a box's digits.) No cell may be a given, hence all six empty; each
//! holds two digits of T or more (both fillings possible). The floor is the cells holding
//! nothing but T, the roof the cells with other digits (extras): a roof cell takes an extra.
//!
//! - Type 1: one roof cell: it is an extra, so it loses T.
//! - Type 2: the roof's extras are one digit x: a roof cell is x, so a cell seeing the whole
//!   roof is not x.
//! - Type 3: the roof lies in one house H: with k cells of H outside the pattern, holding no
//!   digit of T, and the extras, k + 1 digits D in all. Those k cells take k digits of D; the
//!   roof cell holding an extra takes another: all of D lies in these cells, so the rest of H
//!   (and of any house holding all of them) loses D.
//! - Type 4: two roof cells in a house H where t of T has no place outside them: one of them is
//!   t, the other then an extra; neither is another digit of T.

use kaidoku_engine::prelude::*;
use std::sync::LazyLock;

pub struct ExtendedUniqueRectangle {
    max_subset: usize,
}

const TYPE_1: StepKind = StepKind::new(
    "extended-unique-rectangle-1",
    "Extended Unique Rectangle Type 1",
);
const TYPE_2: StepKind = StepKind::new(
    "extended-unique-rectangle-2",
    "Extended Unique Rectangle Type 2",
);
const TYPE_3: StepKind = StepKind::new(
    "extended-unique-rectangle-3",
    "Extended Unique Rectangle Type 3",
);
const TYPE_4: StepKind = StepKind::new(
    "extended-unique-rectangle-4",
    "Extended Unique Rectangle Type 4",
);

/// Every deadly shape of six cells: two rows (or columns) `a`, `b` crossing three columns (or
/// rows) `x`, in two boxes or in three (see the module comment). 648 in all.
fn shapes() -> Vec<CellSet> {
    let mut out = Vec::new();
    for rows in [true, false] {
        for a in 0..9usize {
            for b in a + 1..9 {
                for x1 in 0..9usize {
                    for x2 in x1 + 1..9 {
                        for x3 in x2 + 1..9 {
                            let same_chute = a / 3 == b / 3;
                            let xs = [x1 / 3, x2 / 3, x3 / 3];
                            let one_chute = xs[0] == xs[1] && xs[1] == xs[2];
                            let three_chutes = xs[0] != xs[1] && xs[1] != xs[2] && xs[0] != xs[2];
                            if !((!same_chute && one_chute) || (same_chute && three_chutes)) {
                                continue;
                            }
                            let cells: CellSet = [a, b]
                                .iter()
                                .flat_map(|&l| {
                                    [x1, x2, x3]
                                        .map(|x| if rows { Cell::at(l, x) } else { Cell::at(x, l) })
                                })
                                .collect();
                            out.push(cells);
                        }
                    }
                }
            }
        }
    }
    out
}

static SHAPES: LazyLock<Vec<CellSet>> = LazyLock::new(shapes);

/// A possible deadly pattern: six empty cells, three digits, and the cells with extras.
struct Pattern {
    cells: CellSet,
    digits: DigitSet,
    roof: CellSet,
}

impl Pattern {
    fn extras(&self, grid: &Grid) -> DigitSet {
        grid.candidates_of(self.roof) - self.digits
    }

    fn step(&self, grid: &Grid, kind: StepKind, eliminations: Candidates) -> Step {
        let mut pattern = Candidates::EMPTY;
        for cell in self.cells {
            pattern.insert_digits(cell, grid.candidates(cell) & self.digits);
        }
        Step::new(kind)
            .part(Part::Digits(self.digits))
            .part(Part::Cells(self.cells))
            .eliminations(eliminations)
            .pattern("rectangle", pattern)
    }
}

impl Technique for ExtendedUniqueRectangle {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells();
        for &cells in SHAPES.iter() {
            if !cells.is_subset_of(empty) {
                continue;
            }
            // The floor holds a cell with at most three digits, all of T: T is that cell's
            // digits, or its two and one more. Each T once.
            let mut seen = [false; 512];
            let all = grid.candidates_of(cells);
            for cell in cells {
                let own = grid.candidates(cell);
                if own.len() > 3 {
                    continue;
                }
                for more in digit_combinations(all - own, 3 - own.len() as usize) {
                    let digits = own | more;
                    if std::mem::replace(&mut seen[digits.bits() as usize], true) {
                        continue;
                    }
                    let Some(pattern) = pattern(grid, cells, digits) else {
                        continue;
                    };
                    match pattern.roof.len() {
                        1 => type_1(grid, &pattern, sink)?,
                        _ => {
                            type_2(grid, &pattern, sink)?;
                            type_3(grid, &pattern, self.max_subset, sink)?;
                            if pattern.roof.len() == 2 {
                                type_4(grid, &pattern, sink)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The pattern of `cells` on `digits`, if every cell holds two of them or more and some but
/// not all cells hold others.
fn pattern(grid: &Grid, cells: CellSet, digits: DigitSet) -> Option<Pattern> {
    let mut roof = CellSet::EMPTY;
    for cell in cells {
        let own = grid.candidates(cell);
        if (own & digits).len() < 2 {
            return None;
        }
        if !own.is_subset_of(digits) {
            roof.insert(cell);
        }
    }
    if roof.is_empty() || roof == cells {
        return None;
    }
    Some(Pattern {
        cells,
        digits,
        roof,
    })
}

fn push(sink: &mut StepSink, step: Step) -> Flow {
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    sink.push(step)
}

fn type_1(grid: &Grid, p: &Pattern, sink: &mut StepSink) -> Flow {
    let mut eliminations = Candidates::EMPTY;
    for cell in p.roof {
        eliminations.insert_digits(cell, grid.candidates(cell) & p.digits);
    }
    push(sink, p.step(grid, TYPE_1, eliminations))
}

fn type_2(grid: &Grid, p: &Pattern, sink: &mut StepSink) -> Flow {
    let Some(extra) = p.extras(grid).only() else {
        return ControlFlow::Continue(());
    };
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(common_peers(p.roof) & grid.cells_with(extra), extra);
    push(
        sink,
        p.step(grid, TYPE_2, eliminations).part(Part::Digit(extra)),
    )
}

/// The extras and `k` cells of a house holding the roof, without digits of T, with `k + 1`
/// digits in all: a naked subset.
fn type_3(grid: &Grid, p: &Pattern, max_subset: usize, sink: &mut StepSink) -> Flow {
    let extras = p.extras(grid);
    for house in common_houses(p.roof) {
        let pool: CellSet = (grid.empty_cells_in(house) - p.cells)
            .into_iter()
            .filter(|&c| !grid.candidates(c).intersects(p.digits))
            .collect();
        for size in 1..=(pool.len() as usize).min(max_subset) {
            for subset in combinations(pool, size) {
                let digits = extras | grid.candidates_of(subset);
                if digits.len() as usize != size + 1 {
                    continue;
                }
                let locked = p.roof | subset;
                // A subset inside a line and a box is found from both: keep the line's.
                if house.kind() == HouseKind::Box && common_houses(locked).any(|h| h.is_line()) {
                    continue;
                }
                let mut reach = CellSet::EMPTY;
                for h in common_houses(locked) {
                    reach |= h.cells();
                }
                let mut eliminations = Candidates::EMPTY;
                for cell in (reach & grid.empty_cells()) - locked {
                    eliminations.insert_digits(cell, grid.candidates(cell) & digits);
                }
                let step = p
                    .step(grid, TYPE_3, eliminations)
                    .part(Part::Cells(subset))
                    .part(Part::Digits(digits));
                push(sink, step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A digit of T with all its places of a house of the (two-cell) roof in the roof: the roof
/// loses the other two.
fn type_4(grid: &Grid, p: &Pattern, sink: &mut StepSink) -> Flow {
    for keep in p.digits {
        let confined = common_houses(p.roof).any(|h| {
            let places = grid.house_cells_with(h, keep);
            !places.is_empty() && places.is_subset_of(p.roof)
        });
        if !confined {
            continue;
        }
        let mut eliminations = Candidates::EMPTY;
        for cell in p.roof {
            let lose = p.digits - DigitSet::single(keep);
            eliminations.insert_digits(cell, grid.candidates(cell) & lose);
        }
        push(
            sink,
            p.step(grid, TYPE_4, eliminations).part(Part::Digit(keep)),
        )?;
    }
    ControlFlow::Continue(())
}

const PARAMS: &[ParamSpec] = &[ParamSpec::int(
    "max_subset",
    "most cells outside the pattern in a type 3 naked subset",
    3,
    1,
    7,
)];

register_technique!(TechniqueInfo {
    id: "extended-unique-rectangle",
    name: "Extended Unique Rectangle",
    summary: "uniqueness: six cells in 2x3 lines must not all end as the same three digits (types 1-4)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(ExtendedUniqueRectangle {
            max_subset: params.int("max_subset") as usize,
        }))
    },
});

kaidoku_engine::register_uniqueness!("extended-unique-rectangle");

register_fixtures!(
    "extended-unique-rectangle",
    "extended_unique_rectangle.fixtures"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{fixture_steps_keep_the_solution, position, run, texts};

    /// Type 1 in two boxes (rows 1 and 8, columns 1-3) on #249, from the fixtures.
    const TWO_BOXES: &str = ":0620:24:....+8....7+85.+1.9+42+1+3+6924+7+8+5.4+7.9+8.5...3+47.8..+918.+3.42+7..18+492+7.....6.+5...7..5..1.::281 481::";

    #[test]
    fn every_cell_must_keep_two_digits_of_the_three() {
        let mut grid = position(TWO_BOXES);
        let expected = "Extended Unique Rectangle Type 1 #249 r1c123 r8c123 => r8c1<>24";
        assert!(texts(&run("extended-unique-rectangle", &grid)).contains(&expected.into()));
        // r1c2 holds 2 and 9; without its wrong one it could not change in a second solution.
        let solution = grid.solutions(1).first.expect("one solution");
        let cell = Cell::at(0, 1);
        let wrong = if solution[cell.index()] == 2 { 9 } else { 2 };
        grid.eliminate(cell, wrong);
        let found = texts(&run("extended-unique-rectangle", &grid));
        assert!(
            !found.iter().any(|t| t.contains("r1c123 r8c123")),
            "{found:?}"
        );
    }

    #[test]
    fn the_steps_at_the_fixtures_keep_the_solution() {
        let steps = fixture_steps_keep_the_solution(
            "extended-unique-rectangle",
            include_str!("extended_unique_rectangle.fixtures"),
        );
        assert!(steps >= 20, "{steps}");
    }

    #[test]
    fn there_are_648_shapes_in_two_or_three_boxes() {
        let all = shapes();
        assert_eq!(all.len(), 648);
        let mut by_boxes = [0; 4];
        for cells in all {
            assert_eq!(cells.len(), 6);
            let boxes = cells.boxes().count_ones() as usize;
            assert!(boxes == 2 || boxes == 3, "{cells}");
            by_boxes[boxes] += 1;
        }
        // Two boxes: 27 pairs of lines in different chutes times 3 chutes, both ways; three
        // boxes: 9 pairs in one chute times 27 choices of crossing lines, both ways.
        assert_eq!(by_boxes, [0, 0, 162, 486]);
    }
}
