//! Aligned Triplet Exclusion (Sudoku Explainer, 7.5): three unsolved cells and the cells with
//! two or three candidates that see all three (at least two of them). A triple of values for the
//! three cells is excluded when it leaves one of those cells nothing, or when it repeats a digit
//! in two cells that see each other. A candidate that no remaining triple uses is false.
//!
//! As SE: base cells have two or more candidates, a peer with two or three, and no peer with a
//! single one; the first two cells are any pair, the third a base cell with two or three
//! candidates seeing one of them; the first triple with an elimination wins. SE asks for it
//! right after its forcing chains and cycles, before Nishio.

use kaidoku_engine::prelude::*;

pub struct AlignedTripleExclusion;

const KIND: StepKind = StepKind::new("aligned-triple-exclusion", "Aligned Triplet Exclusion");

impl Technique for AlignedTripleExclusion {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let empty = grid.empty_cells();
        let small: CellSet = empty
            .iter()
            .filter(|&c| (2..=3).contains(&grid.candidates(c).len()))
            .collect();
        let single = grid.single_candidate_cells();
        let bases: Vec<Cell> = empty
            .iter()
            .filter(|&c| {
                grid.candidates(c).len() >= 2
                    && (peers(c) & single).is_empty()
                    && !(peers(c) & small).is_empty()
            })
            .collect();
        let base_set: CellSet = bases.iter().copied().collect();
        for (i, &a) in bases.iter().enumerate() {
            for &b in &bases[i + 1..] {
                let pair = CellSet::single(a) | CellSet::single(b);
                let twins = ((peers(a) | peers(b)) & small & base_set) - pair;
                for c in twins {
                    let cells = [a, b, c];
                    let excluders = peers(a) & peers(b) & peers(c) & small;
                    if excluders.len() < 2 {
                        continue;
                    }
                    let eliminations = exclusions(grid, &cells, excluders);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut pattern = Candidates::EMPTY;
                    for x in excluders {
                        pattern.insert_digits(x, grid.candidates(x));
                    }
                    let step = Step::new(KIND)
                        .part(Part::Cells(pair | CellSet::single(c)))
                        .part(Part::Cells(excluders))
                        .eliminations(eliminations)
                        .pattern("excluders", pattern);
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The candidates of `cells` that no allowed combination of values uses.
fn exclusions(grid: &Grid, cells: &[Cell; 3], excluders: CellSet) -> Candidates {
    let [a, b, c] = *cells;
    let (ca, cb, cc) = (grid.candidates(a), grid.candidates(b), grid.candidates(c));
    let (ab, ac, bc) = (
        peers(a).contains(b),
        peers(a).contains(c),
        peers(b).contains(c),
    );
    let mut used = [DigitSet::EMPTY; 3];
    for pa in ca {
        for pb in cb {
            if pa == pb && ab {
                continue;
            }
            for pc in cc {
                if (pa == pc && ac) || (pb == pc && bc) {
                    continue;
                }
                let values = DigitSet::from_iter([pa, pb, pc]);
                if excluders
                    .iter()
                    .any(|x| grid.candidates(x).is_subset_of(values))
                {
                    continue;
                }
                used[0].insert(pa);
                used[1].insert(pb);
                used[2].insert(pc);
            }
        }
    }
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_digits(a, ca - used[0]);
    eliminations.insert_digits(b, cb - used[1]);
    eliminations.insert_digits(c, cc - used[2]);
    eliminations
}

register_technique!(TechniqueInfo {
    id: "aligned-triple-exclusion",
    name: "Aligned Triplet Exclusion",
    summary: "three cells and the cells with two or three candidates seeing all: value triples that would empty one are excluded",
    params: &[],
    build: |_| Ok(Box::new(AlignedTripleExclusion)),
});

register_fixtures!(
    "aligned-triple-exclusion",
    "aligned_triple_exclusion.fixtures"
);

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("aligned-triple-exclusion", &position(&".".repeat(81))).is_empty());
    }
}
