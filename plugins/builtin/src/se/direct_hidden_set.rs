//! Sudoku Explainer's Direct Hidden Pair (2.0) and Direct Hidden Triplet (2.5): n digits of a
//! house have their places in n cells, and removing the cells' other candidates leaves some
//! other digit a single place in the house. SE asks for the pair before naked singles and the
//! triplet right after them, long before the other hidden sets, and applies only the hidden
//! single they lead to: the set's own eliminations are not made.
//!
//! SE's scan: boxes, columns, rows, houses in index order, digit sets in ascending order, the
//! first hidden single found (digits 1-9) wins.

use kaidoku_engine::prelude::*;

pub struct SeDirectHiddenSet {
    size: usize,
}

const PAIR: StepKind = StepKind::new("se-direct-hidden-pair", "Direct Hidden Pair");
const TRIPLET: StepKind = StepKind::new("se-direct-hidden-triplet", "Direct Hidden Triplet");

fn houses(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |i| match kind {
        HouseKind::Row => House::row(i),
        HouseKind::Column => House::column(i),
        HouseKind::Box => House::box_(i),
    })
}

impl Technique for SeDirectHiddenSet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let n = self.size;
        for kind in [HouseKind::Box, HouseKind::Column, HouseKind::Row] {
            for house in houses(kind) {
                if grid.empty_cells_in(house).len() as usize <= n {
                    continue;
                }
                // Only digits with one to n places can be in a set of n cells: the others are
                // skipped up front (the sets tried, and their order, are the same).
                let mut places = [CellSet::EMPTY; 10];
                let mut eligible = Vec::with_capacity(9);
                for d in 1..=9 {
                    places[d as usize] = grid.house_cells_with(house, d);
                    if (1..=n).contains(&(places[d as usize].len() as usize)) {
                        eligible.push(d);
                    }
                }
                if eligible.len() < n {
                    continue;
                }
                let mut digits = Vec::with_capacity(n);
                let mut found = Ok(());
                choose(&eligible, n, &mut digits, &mut |set: &[Digit]| {
                    if found.is_err() {
                        return;
                    }
                    let mut cells = CellSet::EMPTY;
                    for &d in set {
                        cells |= places[d as usize];
                    }
                    if cells.len() as usize != n {
                        return;
                    }
                    let values: DigitSet = set.iter().copied().collect();
                    let mut pattern = Candidates::EMPTY;
                    for c in cells {
                        pattern.insert_digits(c, grid.candidates(c) & values);
                    }
                    // SE places the single of the first such digit; the others follow as steps
                    // of their own, so that the steps found do not depend on how digits are
                    // numbered.
                    for digit in (1..=9).filter(|d| !values.contains(*d)) {
                        let at = grid.house_cells_with(house, digit);
                        let Some(cell) = (at.len() > 1).then(|| (at - cells).only()).flatten()
                        else {
                            continue;
                        };
                        let step = Step::new(if n == 2 { PAIR } else { TRIPLET })
                            .part(Part::Cells(cells))
                            .part(Part::Digits(values))
                            .part(Part::House(house))
                            .place(cell, digit)
                            .pattern("hidden set", pattern);
                        if found.is_ok() && sink.push(step).is_break() {
                            found = Err(());
                        }
                    }
                });
                if found.is_err() {
                    return ControlFlow::Break(kaidoku_engine::Halt::Enough);
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Every ascending choice of `n` digits of `from` (ascending).
fn choose(from: &[Digit], n: usize, pick: &mut Vec<Digit>, visit: &mut dyn FnMut(&[Digit])) {
    if pick.len() == n {
        visit(pick);
        return;
    }
    for (i, &d) in from.iter().enumerate() {
        pick.push(d);
        choose(&from[i + 1..], n, pick, visit);
        pick.pop();
    }
}

register_technique!(TechniqueInfo {
    id: "se-direct-hidden-set",
    name: "Direct Hidden Set (Sudoku Explainer)",
    summary: "a hidden pair or triplet that leaves a hidden single in its house: the single is placed",
    params: &[ParamSpec::int(
        "size",
        "digits of the set (2: pair, 3: triplet)",
        2,
        2,
        3
    )],
    build: |params| Ok(Box::new(SeDirectHiddenSet {
        size: params.int("size") as usize
    })),
});

register_fixtures!("se-direct-hidden-set", "direct_hidden_set.fixtures");
