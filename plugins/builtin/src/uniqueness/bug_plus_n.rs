//! BUG+n (Bivalue Universal Grave plus n): the extras are n ≥ 2 candidates such that, without
//! them, every empty cell holds two candidates and every digit has two places or none in every
//! house.
//!
//! Such a grave has no solution or two: take a solution and give every empty cell its other
//! candidate. In a house, a digit with two places sat in one of them; now it sits in the other,
//! once again; every cell changed. So with one solution some extra is true, and a candidate
//! that sees every extra (shares a cell with it, or is the same digit in a peer cell) is false:
//! were it true, no extra could be.
//!
//! The extras are found exactly: each cell with k > 2 candidates gives up k - 2 of them, every
//! choice is tried (up to `max_extras` in all), and a choice counts when it leaves the grave.
//! The BUG+1 (one extra in a cell of three) is `bug-plus-one`'s; this one needs n ≥ 2: a cell
//! of four, or several cells. One extra digit in all of them is SE's BUG type 2, extras in one
//! cell its type 1; eliminations of mixed digits need the candidate view.

use kaidoku_engine::prelude::*;

pub struct BugPlusN {
    max_extras: usize,
}

const KIND: StepKind = StepKind::new("bug-plus-n", "Bivalue Universal Grave + n");

/// Most choices of extras tried: a position beyond it is far from a grave anyway.
const MAX_CHOICES: usize = 20_000;

impl Technique for BugPlusN {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells();
        let wide = empty - grid.bivalue_cells();
        let mut n = 0;
        let mut choices = 1usize;
        for cell in wide {
            let k = grid.candidates(cell).len() as usize;
            if k < 2 {
                return ControlFlow::Continue(());
            }
            n += k - 2;
            choices = choices.saturating_mul(k * (k - 1) / 2);
        }
        if n < 2 || n > self.max_extras || choices > MAX_CHOICES {
            return ControlFlow::Continue(());
        }
        // Places of each digit in each house, and which houses the wide cells touch.
        let mut counts = [[0u8; 9]; 27];
        let mut touched = [false; 27];
        for house in House::all() {
            for digit in 1..=9u8 {
                counts[house.index()][digit as usize - 1] =
                    grid.house_cells_with(house, digit).len() as u8;
            }
            touched[house.index()] = house.cells().intersects(wide);
        }
        let untouched_ok = House::all()
            .filter(|h| !touched[h.index()])
            .all(|h| counts[h.index()].iter().all(|&c| c == 0 || c == 2));
        if !untouched_ok {
            return ControlFlow::Continue(());
        }
        let cells: Vec<Cell> = wide.iter().collect();
        let mut extras = Candidates::EMPTY;
        choose(
            grid,
            &cells,
            &counts,
            &touched,
            &mut extras,
            &mut |extras| step(grid, extras, sink),
        )
    }
}

/// Try every pair each wide cell may keep; `visit` each choice of extras that leaves a grave.
fn choose(
    grid: &Grid,
    cells: &[Cell],
    counts: &[[u8; 9]; 27],
    touched: &[bool; 27],
    extras: &mut Candidates,
    visit: &mut dyn FnMut(&Candidates) -> Flow,
) -> Flow {
    let Some((&cell, rest)) = cells.split_first() else {
        let grave = House::all()
            .filter(|h| touched[h.index()])
            .all(|h| counts[h.index()].iter().all(|&c| c == 0 || c == 2));
        return if grave {
            visit(extras)
        } else {
            ControlFlow::Continue(())
        };
    };
    let own = grid.candidates(cell);
    for keep in digit_combinations(own, 2) {
        let removed = own - keep;
        let mut next = *counts;
        let mut fits = true;
        for digit in removed {
            for house in houses_of(cell) {
                let c = &mut next[house.index()][digit as usize - 1];
                *c -= 1;
                // A house whose last wide cell this is must now hold the digit 0 or 2 times.
                let done = !rest.iter().any(|&r| house.cells().contains(r));
                fits &= !done || *c == 0 || *c == 2;
            }
        }
        if !fits {
            continue;
        }
        extras.insert_digits(cell, removed);
        let flow = choose(grid, rest, &next, touched, extras, visit);
        extras.remove_cells(CellSet::single(cell));
        flow?;
    }
    ControlFlow::Continue(())
}

/// The candidates that see every extra: for digit d, the cells with d that are peers of every
/// extra d and the very cell of every other extra.
fn step(grid: &Grid, extras: &Candidates, sink: &mut StepSink) -> Flow {
    let mut eliminations = Candidates::EMPTY;
    for digit in 1..=9u8 {
        let mut cells = grid.cells_with(digit);
        for (cell, extra) in extras.iter() {
            cells &= if extra == digit {
                peers(cell)
            } else {
                CellSet::single(cell)
            };
        }
        eliminations.insert_cells(cells, digit);
    }
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    sink.push(
        Step::new(KIND)
            .part(Part::Cells(extras.cells()))
            .part(Part::Digits(extras.digits()))
            .eliminations(eliminations)
            .pattern("extra", *extras),
    )
}

const PARAMS: &[ParamSpec] = &[ParamSpec::int(
    "max_extras",
    "most extra candidates (n) above the grave",
    6,
    2,
    12,
)];

register_technique!(TechniqueInfo {
    id: "bug-plus-n",
    name: "BUG+n",
    summary: "uniqueness: without n extra candidates the grid is a grave; what sees every extra goes",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(BugPlusN {
            max_extras: params.int("max_extras") as usize,
        }))
    },
});

kaidoku_engine::register_uniqueness!("bug-plus-n");

register_fixtures!("bug-plus-n", "bug_plus_n.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{fixture_steps_keep_the_solution, position, run, run_with, texts};
    use kaidoku_engine::ParamValue::Int;

    /// A BUG+4 from the fixtures: extras r4c4 7, r4c5 7, r4c7 9, r5c7 7.
    const BUG_4: &str = ":0611:7:3+6+942+8+5171+24..68+3+9+58+7+9+13+64+2+842..+1..66.+1+2+8..+549.+5.+6+428+1+45+31.+2.6+8+2+186+3.4.579+6+845+1+23::747::";

    #[test]
    fn the_extras_and_what_sees_them_all() {
        let grid = position(BUG_4);
        let steps = run("bug-plus-n", &grid);
        assert_eq!(
            texts(&steps),
            ["Bivalue Universal Grave + n r4c457 r5c7 #79 => r4c7<>7"]
        );
        let extras = steps[0].pattern.iter().find(|p| p.role == "extra");
        assert_eq!(extras.map(|p| p.candidates.len()), Some(4));
        // Too many extras for the limit: nothing.
        assert!(run_with("bug-plus-n", &grid, &[("max_extras", Int(3))]).is_empty());
    }

    #[test]
    fn the_steps_at_the_fixtures_keep_the_solution() {
        let steps =
            fixture_steps_keep_the_solution("bug-plus-n", include_str!("bug_plus_n.fixtures"));
        assert!(steps >= 10, "{steps}");
    }
}
