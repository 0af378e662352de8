//! Sudoku Explainer's Direct Hidden Pair and Direct Hidden Triplet: a hidden set whose
//! eliminations leave another digit a single place in the set's house. SE asks for the direct
//! hidden pair (2.0) before naked singles and the direct hidden triplet (2.5) right after, long
//! before the other hidden sets, so they are a producer of their own (`size` 2 or 3).

use crate::subsets::locked_set::LockedSet;
use kaidoku_engine::prelude::*;
use kaidoku_engine::rating::gives_hidden_single;
use std::sync::Arc;

pub struct SeDirectHiddenSet {
    size: usize,
}

impl Technique for SeDirectHiddenSet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut all = StepSink::all(Arc::from("se-direct-hidden-set"));
        LockedSet::new(self.size, self.size, false, true).find_steps(grid, &mut all)?;
        for step in all.into_steps() {
            if gives_hidden_single(&step, grid) {
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "se-direct-hidden-set",
    name: "Direct Hidden Set (Sudoku Explainer)",
    summary: "a hidden pair or triple that leaves a hidden single at once in its house",
    params: &[ParamSpec::int(
        "size",
        "cells of the set (2: pair, 3: triplet)",
        2,
        2,
        3
    )],
    build: |params| Ok(Box::new(SeDirectHiddenSet {
        size: params.int("size") as usize
    })),
});

register_fixtures!("se-direct-hidden-set", "direct_hidden_set.fixtures");
