//! ALS-XY-Wing: three almost locked sets A, B and a pivot C, C linked to A by a restricted
//! common x and to B by a restricted common y (x ≠ y). A cell seeing every z of A and of B,
//! for a digit z both hold (z ≠ x, y), cannot be z: if it were, A and B would lose z and lock,
//! so A would hold x and B would hold y, and C, seeing both, would lose x and y: two digits
//! gone from a set that can spare one. With `overlap`, the three sets may share cells: each
//! step of that argument holds set by set (a restricted common never lies in a shared cell).

use super::rcc_links::RccLinks;
use kaidoku_engine::MAX_ALS_CELLS;
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

pub struct AlsXyWing {
    max_als_cells: usize,
    overlap: bool,
}

const KIND: StepKind = StepKind::new("als-xy-wing", "ALS-XY-Wing");

impl Technique for AlsXyWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let alses = analysis.als();
        // Per set once, not per pair (its size is a count of bits).
        let small: Vec<bool> = alses
            .iter()
            .map(|als| als.size() <= self.max_als_cells)
            .collect();
        let small = |i: u32| small[i as usize];
        // For every ALS, the sets it is linked to and by which digits.
        let links = RccLinks::build(analysis, |first, second| small(first) && small(second));
        let mut reported: HashSet<(u32, u32, Candidates)> = HashSet::new();
        // Three sets whose cells are as they were when this search last found nothing (S1)
        // give nothing now (S2). They were sets at S1 too, with the same candidates, so the
        // same restricted commons (those depend on the sets' cells only) and the same wing
        // digits; what z removes is the cells holding it that see its places in A and B: a
        // subset of what it removed at S1, as candidates only go. At S1 the triple was tried
        // and removed nothing, so it removes nothing now.
        let changes = analysis.changes_since_last_miss();
        // Looked up per set once, not per triple (the sets are a few hundred bytes apart).
        let changed: Vec<bool> = match changes.is_everything() {
            true => vec![true; alses.len()],
            false => alses
                .iter()
                .map(|als| changes.cells_changed(als.cells))
                .collect(),
        };
        for c in 0..links.sets() {
            let around = links.of(c);
            let pivot = &alses[c];
            for (i, &(a_index, ra)) in around.iter().enumerate() {
                let a = &alses[a_index as usize];
                if !self.overlap && a.cells.intersects(pivot.cells) {
                    continue;
                }
                let pivot_or_a_changed = changed[c] || changed[a_index as usize];
                for &(b_index, rb) in &around[i + 1..] {
                    if !pivot_or_a_changed && !changed[b_index as usize] {
                        continue;
                    }
                    let b = &alses[b_index as usize];
                    if !self.overlap
                        && (a.cells.intersects(b.cells) || b.cells.intersects(pivot.cells))
                    {
                        continue;
                    }
                    // The z that leave an x of A's link and a y of B's link, both other than
                    // z and different from each other.
                    let wing_digits = (a.digits & b.digits)
                        .iter()
                        .filter(|&z| {
                            distinct_pair(ra - DigitSet::single(z), rb - DigitSet::single(z))
                        })
                        .collect::<DigitSet>();
                    // What z leaves: the cells holding it that see its every place in A and in
                    // B (so outside both), outside the pivot.
                    let seen = |z: Digit| {
                        (a.peers_of_digit(z) & b.peers_of_digit(z) & grid.cells_with(z))
                            - pivot.cells
                    };
                    // Most triples clear nothing: tell that before building anything.
                    if wing_digits.iter().all(|z| seen(z).is_empty()) {
                        continue;
                    }
                    let mut eliminations = Candidates::EMPTY;
                    for z in wing_digits {
                        eliminations.insert_cells(seen(z), z);
                    }
                    let key = (a_index.min(b_index), a_index.max(b_index), eliminations);
                    if !reported.insert(key) {
                        continue;
                    }
                    let als_part = |als: &Als| Part::Als {
                        cells: als.cells,
                        digits: als.digits,
                        link: None,
                    };
                    let step = Step::new(KIND)
                        .part(als_part(a))
                        .part(als_part(b))
                        .part(als_part(pivot))
                        .part(Part::Rcc(ra | rb))
                        .eliminations(eliminations)
                        .pattern("ALS A", a.candidates())
                        .pattern("ALS B", b.candidates())
                        .pattern("pivot", pivot.candidates());
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Whether there are an x of `first` and a y of `second` with x ≠ y: both non-empty and not
/// the same single digit.
fn distinct_pair(first: DigitSet, second: DigitSet) -> bool {
    !(first.is_empty() || second.is_empty() || (first == second && first.len() == 1))
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "max_als_cells",
        "most cells of an ALS (8: no limit)",
        MAX_ALS_CELLS as i64,
        1,
        MAX_ALS_CELLS as i64,
    ),
    ParamSpec::bool("overlap", "the three sets may share cells", false),
];

register_technique!(TechniqueInfo {
    id: "als-xy-wing",
    name: "ALS-XY-Wing",
    summary: "two almost locked sets linked through a third by different digits: a digit both hold leaves the cells seeing all its places",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(AlsXyWing {
            max_als_cells: params.int("max_als_cells") as usize,
            overlap: params.bool("overlap"),
        }))
    },
});

register_fixtures!("als-xy-wing", "als_xy_wing.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_pair_is_an_x_and_a_different_y() {
        for first in 0..1u16 << 9 {
            for second in 0..1u16 << 9 {
                let (first, second) = (DigitSet::from_bits(first), DigitSet::from_bits(second));
                let brute_force = first.iter().any(|x| second.iter().any(|y| x != y));
                assert_eq!(
                    distinct_pair(first, second),
                    brute_force,
                    "{first} {second}"
                );
            }
        }
    }
}
