//! Remote Pair, after the seed's colouring, on the engine's chain graph.
//!
//! Bivalue cells with the same pair {x, y} that see each other hold different digits: in the
//! chain language, each cell's x and y are strongly linked, and the same digit in two such
//! cells that see each other is weakly linked. Assume x false in a cell A and follow those
//! links: every cell of A's group gets one of its digits true, so the group splits into two
//! colours, one holding x and the other y. A cell seeing a cell of each colour sees both
//! digits, so it loses both. Only groups of at least four cells count: smaller ones are naked
//! pairs, not chains.

use kaidoku_engine::chains::{
    CandidateLinks, ChainFilter, LinkVia, graph::candidate_id, propagate,
};
use kaidoku_engine::links::bivalue_cells_with;
use kaidoku_engine::prelude::*;

pub struct RemotePair;

/// The fewest cells that make a remote pair.
const MIN_CELLS: u32 = 4;

const KIND: StepKind = StepKind::new("remote-pair", "Remote Pair");

impl Technique for RemotePair {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let mut unvisited = grid.bivalue_cells();
        // Plain candidates only: their links are read off the grid, nothing is built.
        let links = CandidateLinks::new(grid);
        while let Some(start) = unvisited.first() {
            let pair = grid.candidates(start);
            let cells = bivalue_cells_with(grid, pair);
            if cells.len() < MIN_CELLS {
                unvisited -= cells;
                continue;
            }
            let graph = &links;
            let in_pair = |node: &ChainNode| {
                node.kind == NodeKind::Candidate && node.cells.is_subset_of(cells)
            };
            let filter = ChainFilter {
                node: &in_pair,
                strong: &|via| via == LinkVia::Cell,
                weak: &|via| via != LinkVia::Cell,
                max_links: usize::MAX,
            };
            let (x, y) = {
                let mut digits = pair.iter();
                (digits.next().unwrap_or(1), digits.next().unwrap_or(1))
            };
            let reach = propagate(graph, grid, &filter, candidate_id(start, x));
            // Cells holding y like the start, and cells holding x.
            let (colour_a, colour_b) = (reach.on.cells_of(y), reach.on.cells_of(x));
            let group = colour_a | colour_b;
            unvisited -= group | CellSet::single(start);
            if colour_a.intersects(colour_b) || group.len() < MIN_CELLS {
                // Two cells of one colour see each other (no solution), or a naked pair.
                continue;
            }
            let targets = (seen_by_any(colour_a) & seen_by_any(colour_b)) - group;
            let mut eliminations = Candidates::EMPTY;
            for cell in targets {
                eliminations.insert_digits(cell, grid.candidates(cell) & pair);
            }
            if eliminations.is_empty() {
                continue;
            }
            sink.push(step(pair, colour_a, colour_b, eliminations))?;
        }
        ControlFlow::Continue(())
    }
}

/// The cells that see at least one cell of `cells`.
fn seen_by_any(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |acc, cell| acc | peers(cell))
}

/// `Remote Pair #37 r4c5 r5c4 r5c9 r7c9`: the pair and the cells of the chain.
fn step(pair: DigitSet, colour_a: CellSet, colour_b: CellSet, eliminations: Candidates) -> Step {
    let (mut a, mut b) = (Candidates::EMPTY, Candidates::EMPTY);
    for digit in pair {
        a.insert_cells(colour_a, digit);
        b.insert_cells(colour_b, digit);
    }
    let group = colour_a | colour_b;
    Step::new(KIND.sized(group.len() as usize))
        .part(Part::Digits(pair))
        .part(Part::Path(group.iter().collect()))
        .eliminations(eliminations)
        .pattern("colour A", a)
        .pattern("colour B", b)
}

register_technique!(TechniqueInfo {
    id: "remote-pair",
    name: "Remote Pair",
    summary: "a chain of bivalue cells with one pair: a cell seeing both colours loses both digits",
    params: &[],
    build: |_| Ok(Box::new(RemotePair)),
});

register_fixtures!("remote-pair", "remote_pair.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::*;
    use kaidoku_engine::{CellSet, Part, Step};

    /// The cells of a remote pair step's chain, and its pair.
    fn chain_of(step: &Step) -> (CellSet, String) {
        let pair = match &step.parts[0] {
            Part::Digits(d) => d.to_string(),
            other => panic!("first part {other:?}"),
        };
        let Part::Path(path) = &step.parts[1] else {
            panic!("no path in {}", step.text());
        };
        (path.iter().copied().collect(), pair)
    }

    #[test]
    fn seed_003_first_example() {
        let grid = after_singles(
            ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
        );
        let steps = run("remote-pair", &grid);
        let step = steps
            .iter()
            .find(|s| chain_of(s) == (cells("r4c5 r5c4 r5c9 r7c9"), "37".to_string()))
            .unwrap_or_else(|| panic!("the #37 remote pair in {:#?}", texts(&steps)));
        assert_eq!(step.kind.id, "remote-pair");
        assert_eq!(step.kind.size, 4);
        assert!(
            step.text().starts_with("Remote Pair #37 "),
            "{}",
            step.text()
        );
        let elims: Vec<String> = step
            .eliminations
            .iter()
            .map(|(c, d)| format!("{c}<>{d}"))
            .collect();
        assert!(elims.contains(&"r7c5<>7".to_string()), "{}", step.text());
        for elim in &elims {
            let allowed = ["r1c9<>7", "r3c9<>3", "r7c5<>7"];
            assert!(allowed.contains(&elim.as_str()), "{}", step.text());
        }
    }

    #[test]
    fn seed_003_long_chain() {
        let grid = after_singles(
            "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
        );
        let steps = run("remote-pair", &grid);
        let r8c9 = kaidoku_engine::Cell::at(7, 8);
        let step = steps
            .iter()
            .find(|s| chain_of(s).1 == "57" && s.eliminations.contains(r8c9, 5))
            .unwrap_or_else(|| panic!("a #57 remote pair in {:#?}", texts(&steps)));
        assert!(step.eliminations.contains(r8c9, 7), "{}", step.text());
        assert!(chain_of(step).0.len() >= 4, "{}", step.text());
    }

    #[test]
    fn three_cells_are_not_a_chain() {
        // r1c1, r1c5 and r5c5 hold #12: row 1's other cells see both colours, but a group of
        // three is a naked pair with a tail, not a chain.
        let mut grid = position(&".".repeat(81));
        for (r, c) in [(0, 0), (0, 4), (4, 4)] {
            for d in 3..=9 {
                grid.eliminate(kaidoku_engine::Cell::at(r, c), d);
            }
        }
        assert!(run("remote-pair", &grid).is_empty());
        // A fourth cell, r5c9, makes it a chain: r1c9 sees r1c1 and r5c9, which hold
        // different digits.
        for d in 3..=9 {
            grid.eliminate(kaidoku_engine::Cell::at(4, 8), d);
        }
        let steps = run("remote-pair", &grid);
        assert_eq!(steps.len(), 1, "{:?}", texts(&steps));
        assert!(
            steps[0]
                .text()
                .starts_with("Remote Pair #12 r1c1 r1c5 r5c5 r5c9 => "),
            "{}",
            steps[0].text()
        );
        assert_eq!(chain_of(&steps[0]).0, cells("r1c15 r5c59"));
        assert!(
            steps[0]
                .eliminations
                .contains(kaidoku_engine::Cell::at(0, 8), 1)
        );
    }

    #[test]
    fn nothing_in_an_empty_grid() {
        assert!(run("remote-pair", &position(&".".repeat(81))).is_empty());
    }
}
