//! Firework Quadruple: two stems sharing their leaves (a stem and its frame's corner, see
//! `fireworks`), each with a firework of two digits, the four digits different. Each of the
//! four digits lies in at least one of the four cells (stem one's pair in stem one or a leaf,
//! stem two's pair in stem two or a leaf), and the four cells hold four values: each digit
//! lies there exactly once and each cell holds one of them. So the leaves keep only the four
//! digits, and each stem only its own pair: were stem one to hold a digit of stem two's pair,
//! that digit would also lie in stem two or a leaf, twice among four cells that must show four
//! different digits.

use crate::fireworks::{drop_others, firework_digits, firework_pattern, frames};
use kaidoku_engine::prelude::*;

pub struct FireworkQuadruple;

const KIND: StepKind = StepKind::new("firework-quadruple", "Firework Quadruple");

impl Technique for FireworkQuadruple {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for frame in frames(grid) {
            let other = frame.opposite();
            // Each pair of stems once; the corner must be empty to be a stem.
            if other.stem.index() < frame.stem.index() || grid.value(other.stem).is_some() {
                continue;
            }
            let first = firework_digits(grid, frame);
            if first.len() < 2 {
                continue;
            }
            let second = firework_digits(grid, other);
            if second.len() < 2 {
                continue;
            }
            for pair in digit_combinations(first, 2) {
                for other_pair in digit_combinations(second - pair, 2) {
                    let mut eliminations = Candidates::EMPTY;
                    drop_others(grid, frame.stem, pair, &mut eliminations);
                    drop_others(grid, other.stem, other_pair, &mut eliminations);
                    for leaf in frame.leaves() {
                        drop_others(grid, leaf, pair | other_pair, &mut eliminations);
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    let [stem, leaves] = firework_pattern(grid, frame, pair);
                    let [other_stem, other_leaves] = firework_pattern(grid, other, other_pair);
                    let step = Step::new(KIND)
                        .part(Part::Cells(CellSet::single(frame.stem)))
                        .part(Part::Digits(pair))
                        .part(Part::Cells(CellSet::single(other.stem)))
                        .part(Part::Digits(other_pair))
                        .part(Part::Cells(frame.leaves()))
                        .eliminations(eliminations)
                        .pattern("stem", stem.union(&other_stem))
                        .pattern("leaves", leaves.union(&other_leaves));
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "firework-quadruple",
    name: "Firework Quadruple",
    summary: "two stems sharing their leaves, a firework pair each: four cells, four digits",
    params: &[],
    build: |_| Ok(Box::new(FireworkQuadruple)),
});

register_fixtures!("firework-quadruple", "firework_quadruple.fixtures");
