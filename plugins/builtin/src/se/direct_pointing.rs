//! Sudoku Explainer's Direct Pointing (1.7) and Direct Claiming (1.9): the digit's places in a
//! box lie in one line (pointing), or its places in a line lie in one box (claiming), and
//! removing it from the rest of that line (box) leaves it a single place in another box (a
//! parallel line) crossing it. SE asks for these before naked singles and, unlike the other
//! locked candidates (2.6 / 2.8, later), applies only the hidden single they lead to: the
//! eliminations themselves are not made.
//!
//! SE's scan: box-column, box-row, column-box, row-box; digits 1-9 inside; then the houses in
//! index order; the first hidden single found wins.

use kaidoku_engine::prelude::*;

pub struct SeDirectPointing;

const POINTING: StepKind = StepKind::new("se-direct-pointing", "Direct Pointing");
const CLAIMING: StepKind = StepKind::new("se-direct-claiming", "Direct Claiming");

const PAIRS: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

fn houses(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |i| match kind {
        HouseKind::Row => House::row(i),
        HouseKind::Column => House::column(i),
        HouseKind::Box => House::box_(i),
    })
}

impl Technique for SeDirectPointing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for (kind1, kind2) in PAIRS {
            for digit in 1..=9 {
                for source in houses(kind1) {
                    let places = grid.house_cells_with(source, digit);
                    if places.len() < 2 {
                        continue;
                    }
                    for target in houses(kind2) {
                        if !places.is_subset_of(target.cells()) {
                            continue;
                        }
                        // Another house of the source's kind crossing the target, where the
                        // digit keeps one place outside the target.
                        for other in houses(kind1) {
                            if other == source || !other.cells().intersects(target.cells()) {
                                continue;
                            }
                            let there = grid.house_cells_with(other, digit);
                            if there.len() < 2 {
                                continue;
                            }
                            let Some(cell) = (there - target.cells()).only() else {
                                continue;
                            };
                            let kind = if kind1 == HouseKind::Box {
                                POINTING
                            } else {
                                CLAIMING
                            };
                            let mut pattern = Candidates::EMPTY;
                            pattern.insert_cells(places, digit);
                            let step = Step::new(kind)
                                .part(Part::Digit(digit))
                                .part(Part::House(source))
                                .part(Part::House(target))
                                .place(cell, digit)
                                .pattern("locked", pattern);
                            sink.push(step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "se-direct-pointing",
    name: "Direct Pointing / Claiming (Sudoku Explainer)",
    summary: "a pointing or claiming that leaves a hidden single in a crossing house: the single is placed",
    params: &[],
    build: |_| Ok(Box::new(SeDirectPointing)),
});

register_fixtures!("se-direct-pointing", "direct_pointing.fixtures");
