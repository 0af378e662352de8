//! Almost Locked Candidates (Almost Locked Pair / Triple, as YZF_Sudoku and the forum name
//! them): where a box and a line meet in the intersection `I`, take `n` digits `D` (2 or 3)
//! and call one of the two houses A, the other B.
//! - In A outside `I`, `n - 1` cells `Q` hold only digits of `D`, all of them: they take
//!   `n - 1` different digits of `D`, so `I` holds at most one digit of `D`.
//! - In B outside `I`, only `n - 1` cells `R` hold any digit of `D`, none of which is placed
//!   in B yet: they hold at most `n - 1` of the `n` digits B needs, so `I` holds at least one.
//!
//! So `I` holds exactly one digit of `D` and every cell of `R` holds one: `R` loses its other
//! digits, and since `Q` and `I` hold all of `D` in A, the rest of A loses `D`.

use kaidoku_engine::prelude::*;

pub struct AlmostLockedCandidates;

const PAIR: StepKind = StepKind::new("almost-locked-pair", "Almost Locked Pair");
const TRIPLE: StepKind = StepKind::new("almost-locked-triple", "Almost Locked Triple");

impl Technique for AlmostLockedCandidates {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for size in 2..=3 {
            for bx in House::boxes() {
                for line in House::lines() {
                    let meet = intersection(line, bx);
                    if meet.is_empty() || grid.empty_cells_in(line).is_empty() {
                        continue;
                    }
                    find(grid, sink, size, meet, line, bx)?;
                    find(grid, sink, size, meet, bx, line)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The patterns with `Q` in house `a` and `R` in house `b`, `meet` their intersection.
fn find(grid: &Grid, sink: &mut StepSink, size: usize, meet: CellSet, a: House, b: House) -> Flow {
    let meet_digits = grid.candidates_of(meet & grid.empty_cells());
    let a_rest = grid.empty_cells_in(a) - meet;
    let b_rest = grid.empty_cells_in(b) - meet;
    for q in combinations(a_rest, size - 1) {
        let digits = grid.candidates_of(q);
        // Q holds exactly the n digits, and the intersection meets at least two of them (with
        // one it would be a hidden or naked set already).
        if digits.len() as usize != size
            || !q.iter().all(|cell| grid.candidates(cell).len() >= 2)
            || (meet_digits & digits).len() < 2
            || grid.placed_in(b).intersects(digits)
        {
            continue;
        }
        let r = b_rest
            .iter()
            .filter(|&cell| grid.candidates(cell).intersects(digits))
            .collect::<CellSet>();
        if r.len() as usize != size - 1 {
            continue;
        }
        let mut eliminations = Candidates::EMPTY;
        for cell in r {
            eliminations.insert_digits(cell, grid.candidates(cell) - digits);
        }
        for digit in digits {
            eliminations.insert_cells(grid.house_cells_with(a, digit) - meet - q, digit);
        }
        if eliminations.is_empty() {
            continue;
        }
        let kind = if size == 2 { PAIR } else { TRIPLE };
        let pattern = |cells: CellSet| {
            let mut out = Candidates::EMPTY;
            for cell in cells {
                out.insert_digits(cell, grid.candidates(cell) & digits);
            }
            out
        };
        let step = Step::new(kind)
            .part(Part::Digits(digits))
            .part(Part::Cells(meet))
            .part(Part::Text("with".into()))
            .part(Part::Cells(q))
            .part(Part::House(a))
            .part(Part::Text("and".into()))
            .part(Part::Cells(r))
            .part(Part::House(b))
            .eliminations(eliminations)
            .pattern("intersection", pattern(meet & grid.empty_cells()))
            .pattern("almost locked", pattern(q))
            .pattern("confined", pattern(r));
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

register_technique!(TechniqueInfo {
    id: "almost-locked-candidates",
    name: "Almost Locked Candidates",
    summary: "a box-line intersection holding at most one of n digits (n - 1 cells of one house hold them) and at least one (n - 1 cells of the other house hold the rest): those cells keep only the digits, the first house loses them elsewhere",
    params: &[],
    build: |_| Ok(Box::new(AlmostLockedCandidates)),
});

register_fixtures!(
    "almost-locked-candidates",
    "almost_locked_candidates.fixtures"
);
