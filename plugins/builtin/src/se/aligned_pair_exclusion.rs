//! Aligned Pair Exclusion (Sudoku Explainer, 6.2): take two unsolved cells and the bivalue
//! cells that see both (at least two of them). A pair of values for the two cells is excluded
//! when it empties one of those bivalue cells, or when it repeats a digit in cells that see each
//! other. A candidate of either cell that no remaining pair uses is false.
//!
//! As SE: base cells are the cells with two or more candidates that see a bivalue cell (and no
//! cell with a single candidate); pairs are tried in cell order, the first pair with an
//! elimination wins.

use kaidoku_engine::prelude::*;

pub struct AlignedPairExclusion;

const KIND: StepKind = StepKind::new("aligned-pair-exclusion", "Aligned Pair Exclusion");

impl Technique for AlignedPairExclusion {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let bivalue = grid.bivalue_cells();
        let single = grid.single_candidate_cells();
        let bases: Vec<Cell> = grid
            .empty_cells()
            .iter()
            .filter(|&c| {
                grid.candidates(c).len() >= 2
                    && (peers(c) & single).is_empty()
                    && !(peers(c) & bivalue).is_empty()
            })
            .collect();
        for (i, &a) in bases.iter().enumerate() {
            for &b in &bases[i + 1..] {
                let excluders = peers(a) & peers(b) & bivalue;
                if excluders.len() < 2 {
                    continue;
                }
                let (ca, cb) = (grid.candidates(a), grid.candidates(b));
                let see = peers(a).contains(b);
                let (mut used_a, mut used_b) = (DigitSet::EMPTY, DigitSet::EMPTY);
                for pa in ca {
                    for pb in cb {
                        if pa == pb && see {
                            continue;
                        }
                        let pair = DigitSet::from_iter([pa, pb]);
                        if excluders
                            .iter()
                            .any(|x| grid.candidates(x).is_subset_of(pair))
                        {
                            continue;
                        }
                        used_a.insert(pa);
                        used_b.insert(pb);
                    }
                }
                let mut eliminations = Candidates::EMPTY;
                eliminations.insert_digits(a, ca - used_a);
                eliminations.insert_digits(b, cb - used_b);
                if eliminations.is_empty() {
                    continue;
                }
                let mut pattern = Candidates::EMPTY;
                for x in excluders {
                    pattern.insert_digits(x, grid.candidates(x));
                }
                let step = Step::new(KIND)
                    .part(Part::Cells(CellSet::single(a) | CellSet::single(b)))
                    .part(Part::Cells(excluders))
                    .eliminations(eliminations)
                    .pattern("excluders", pattern);
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "aligned-pair-exclusion",
    name: "Aligned Pair Exclusion",
    summary: "two cells and the bivalue cells seeing both: value pairs that would empty one are excluded",
    params: &[],
    build: |_| Ok(Box::new(AlignedPairExclusion)),
});

register_fixtures!("aligned-pair-exclusion", "aligned_pair_exclusion.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("aligned-pair-exclusion", &position(&".".repeat(81))).is_empty());
    }
}
