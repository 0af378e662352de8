//! Sudoku Explainer's naked and hidden sets (pairs, triplets, quads), one size and kind a
//! producer. SE looks for them in one house at a time (boxes, then columns, then rows) and only
//! where the house has room for the set to mean something: a naked set of n cells in a house
//! with at least 2n empty cells, a hidden set of n digits in a house with more than 2n (with
//! fewer, the same step is the complementary naked set, which SE rates lower). A naked set
//! removes its digits from the house it was found in only.

use crate::subsets::locked_set::LockedSet;
use kaidoku_engine::prelude::*;
use std::sync::Arc;

pub struct SeLockedSet {
    size: usize,
    naked: bool,
}

const ORDER: [HouseKind; 3] = [HouseKind::Box, HouseKind::Column, HouseKind::Row];

fn house_of(cell: Cell, kind: HouseKind) -> House {
    match kind {
        HouseKind::Box => House::box_(cell.box_index()),
        HouseKind::Row => House::row(cell.row()),
        HouseKind::Column => House::column(cell.col()),
    }
}

impl Technique for SeLockedSet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut all = StepSink::all(Arc::from("se-locked-set"));
        LockedSet::new(self.size, self.size, self.naked, !self.naked).find_steps(grid, &mut all)?;
        let room = |house: House| grid.empty_cells_in(house).len() as usize;
        for mut step in all.into_steps() {
            let Some(cells) = step.parts.iter().find_map(|p| match p {
                Part::Cells(c) => Some(*c),
                _ => None,
            }) else {
                continue;
            };
            let Some(first) = cells.first() else {
                continue;
            };
            if self.naked {
                // The first house holding the set, in SE's order, with room and something to
                // remove: the step removes there only.
                let found = ORDER.iter().find_map(|&kind| {
                    let house = house_of(first, kind);
                    if !cells.is_subset_of(house.cells()) || room(house) < 2 * self.size {
                        return None;
                    }
                    let mut there = step.eliminations;
                    there.remove_cells(!house.cells());
                    (!there.is_empty()).then_some(there)
                });
                let Some(there) = found else {
                    continue;
                };
                step.eliminations = there;
            } else {
                let digits = grid.candidates_of(cells) - step.eliminations.digits();
                // The house the digits are hidden in (all their places within the set).
                let hidden_in = ORDER
                    .iter()
                    .map(|&kind| house_of(first, kind))
                    .find(|&house| {
                        cells.is_subset_of(house.cells())
                            && digits
                                .iter()
                                .all(|d| grid.house_cells_with(house, d).is_subset_of(cells))
                            && room(house) > 2 * self.size
                    });
                if hidden_in.is_none() {
                    continue;
                }
            }
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "size",
        "cells (naked) or digits (hidden) of the set",
        2,
        2,
        4,
    ),
    ParamSpec::bool("naked", "naked sets; else hidden sets", true),
];

register_technique!(TechniqueInfo {
    id: "se-locked-set",
    name: "Naked / Hidden Set (Sudoku Explainer)",
    summary: "SE's naked or hidden sets of one size, only in houses with room for them (2n empty cells naked, more hidden)",
    params: PARAMS,
    build: |params| Ok(Box::new(SeLockedSet {
        size: params.int("size") as usize,
        naked: params.bool("naked"),
    })),
});

register_fixtures!("se-locked-set", "locked_set.fixtures");
