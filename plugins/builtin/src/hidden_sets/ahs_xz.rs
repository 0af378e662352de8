//! AHS-XZ: the hidden-set dual of ALS-XZ (StrmCkr's "Almost Hidden Set - xz rule", GNPX's
//! AnLS family), cells and digits swapped.
//!
//! An almost hidden set (AHS) S is n digits `D` of a house, none placed there, whose
//! candidates in that house fill exactly n + 1 cells `C`. Each digit of `D` goes in one cell
//! of `C` and no two in the same cell, so exactly one cell of `C` — S's *free* cell — holds a
//! digit outside `D`. Once the free cell is known to be `f`, S is a hidden set on `C − {f}`:
//!
//! 1. every cell of `C − {f}` holds a digit of `D` (its other candidates go);
//! 2. `f` holds no digit of `D`;
//! 3. each digit `d` of `D` lies in `C − {f}` (its one place in the house is there, as `f`
//!    holds no digit of `D`), so a cell seeing all of d's places in `C − {f}` is not `d`.
//!
//! Call `refuted(S, f)` the candidates 1–3 rule out.
//!
//! A restricted common cell (RCC) of two AHSs A and B is a cell `x` of both `C_A` and `C_B`
//! without a candidate in `D_A ∩ D_B`: whatever `x` holds is a digit of at most one of `D_A`
//! and `D_B`, so `x` is the free cell of A or of B (or of both).
//!
//! Singly linked (one RCC `x`): either A is free at `x` or B is, so a candidate in
//! `refuted(A, x) ∩ refuted(B, x)` is false either way. Rule 1 alone gives StrmCkr's rule: a
//! cell `z ≠ x` of both sets holds a digit of `D_A ∪ D_B` and loses the others.
//!
//! Doubly linked (two RCCs `x` and `y`): each of A and B leaves exactly one of its cells free
//! and each RCC is taken by at most one of them. If A's free cell `u` were neither `x` nor `y`,
//! A would take both, so B would leave both free: impossible. So A is free at one RCC, B at
//! the other (both free at `x` would leave `y` taken twice), and either (A at `x`, B at `y`)
//! or (A at `y`, B at `x`): a candidate in both `refuted(A, x) ∪ refuted(B, y)` and
//! `refuted(A, y) ∪ refuted(B, x)` is false. This removes every candidate outside `D_A` from
//! `C_A − {x, y}`, outside `D_B` from `C_B − {x, y}`, and outside `D_A ∪ D_B` from `x` and `y`.
//! (Three RCCs cannot happen in a grid with a solution: each set takes two of them.)

use kaidoku_engine::grow_subsets;
use kaidoku_engine::prelude::*;

pub struct AhsXz {
    max_digits: usize,
}

const SINGLY: StepKind = StepKind::new("ahs-xz", "AHS-XZ");
const DOUBLY: StepKind = StepKind::new("ahs-xz-doubly-linked", "AHS-XZ (doubly linked)");

/// The most digits of an AHS (n digits in n + 1 cells of one house).
const MAX_DIGITS: usize = 7;

/// An almost hidden set: `digits` confined, in some house, to `cells`, one cell more.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Ahs {
    cells: CellSet,
    digits: DigitSet,
}

impl Ahs {
    fn candidates(&self, grid: &Grid) -> Candidates {
        let mut out = Candidates::EMPTY;
        for d in self.digits {
            out.insert_cells(self.cells & grid.cells_with(d), d);
        }
        out
    }
}

/// Candidates as one cell set per digit (index `digit - 1`), combined by set algebra.
type Sets = [CellSet; 9];

/// Whether `digits`, none placed in `house`, have all their places there inside `cells`.
fn confined(grid: &Grid, house: House, digits: DigitSet, cells: CellSet) -> bool {
    digits
        .iter()
        .all(|d| grid.house_cells_with(house, d).is_subset_of(cells))
}

/// Every AHS of 1 to `max_digits` digits, each (cells, digits) once: a set lying in two
/// houses (a row or column and a box) is kept in the first.
fn find_ahs(grid: &Grid, max_digits: usize, out: &mut Vec<Ahs>) {
    for house in House::all() {
        let placed = grid.placed_in(house);
        let mut open = [(0 as Digit, CellSet::EMPTY); 9];
        let mut len = 0;
        for d in 1..=9 {
            let places = grid.house_cells_with(house, d);
            if !placed.contains(d) && !places.is_empty() {
                open[len] = (d, places);
                len += 1;
            }
        }
        let _ = grow_subsets(
            &open[..len],
            max_digits,
            (DigitSet::EMPTY, CellSet::EMPTY),
            |(digits, cells), (d, places)| (digits | DigitSet::single(d), cells | places),
            |(_, cells), _| cells.len() as usize <= max_digits + 1,
            |chosen, (digits, cells)| {
                let twice = common_houses(cells)
                    .any(|other| other < house && confined(grid, other, digits, cells));
                if cells.len() as usize == chosen.len() + 1 && !twice {
                    out.push(Ahs { cells, digits });
                }
                ControlFlow::<()>::Continue(())
            },
        );
    }
}

/// What S being a hidden set on its cells but `free` rules out (rules 1–3 of the module
/// doc), or `None` when S cannot be free at `free` (a digit of S has no other place).
fn refuted(grid: &Grid, set: &Ahs, free: Cell) -> Option<Sets> {
    let locked = set.cells - CellSet::single(free);
    let mut out = [CellSet::EMPTY; 9];
    for (i, slot) in out.iter_mut().enumerate() {
        let d = i as Digit + 1;
        let with = grid.cells_with(d);
        if set.digits.contains(d) {
            let places = locked & with;
            if places.is_empty() {
                return None;
            }
            *slot = ((common_peers(places) | CellSet::single(free)) & with) - places;
        } else {
            *slot = locked & with;
        }
    }
    Some(out)
}

fn and(a: Sets, b: Sets) -> Sets {
    std::array::from_fn(|i| a[i] & b[i])
}

fn or(a: Sets, b: Sets) -> Sets {
    std::array::from_fn(|i| a[i] | b[i])
}

/// The eliminations of A and B linked by the RCCs `rcc` (one or two cells), `None` when a
/// case is impossible on its own (left to simpler techniques).
fn eliminations(grid: &Grid, a: &Ahs, b: &Ahs, rcc: CellSet) -> Option<Sets> {
    let mut cells = rcc.iter();
    let x = cells.next()?;
    match cells.next() {
        None => Some(and(refuted(grid, a, x)?, refuted(grid, b, x)?)),
        Some(y) => {
            let first = or(refuted(grid, a, x)?, refuted(grid, b, y)?);
            let second = or(refuted(grid, a, y)?, refuted(grid, b, x)?);
            Some(and(first, second))
        }
    }
}

impl Technique for AhsXz {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut sets = Vec::new();
        find_ahs(grid, self.max_digits, &mut sets);
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                let common = a.cells & b.cells;
                if common.is_empty() {
                    continue;
                }
                // Cells of both that hold no digit of both sets.
                let mut rcc = common;
                for d in a.digits & b.digits {
                    rcc -= grid.cells_with(d);
                }
                if rcc.is_empty() || rcc.len() > 2 {
                    continue;
                }
                let Some(sets) = eliminations(grid, a, b, rcc) else {
                    continue;
                };
                let mut found = Candidates::EMPTY;
                for (i, cells) in sets.iter().enumerate() {
                    found.insert_cells(*cells, i as Digit + 1);
                }
                if found.is_empty() {
                    continue;
                }
                let kind = if rcc.len() == 1 { SINGLY } else { DOUBLY };
                let step = Step::new(kind)
                    .part(Part::Text("AHS".into()))
                    .part(Part::Cells(a.cells))
                    .part(Part::Digits(a.digits))
                    .part(Part::Text("AHS".into()))
                    .part(Part::Cells(b.cells))
                    .part(Part::Digits(b.digits))
                    .part(Part::Text("RCC".into()))
                    .part(Part::Cells(rcc))
                    .eliminations(found)
                    .pattern("AHS A", a.candidates(grid))
                    .pattern("AHS B", b.candidates(grid));
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec::int(
    "max_digits",
    "most digits of an almost hidden set (n digits in n + 1 cells)",
    4,
    1,
    MAX_DIGITS as i64,
)];

register_technique!(TechniqueInfo {
    id: "ahs-xz",
    name: "AHS-XZ",
    summary: "two almost hidden sets sharing a restricted common cell: one of them is a hidden \
              set without it, and what both cases rule out goes",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(AhsXz {
            max_digits: params.int("max_digits") as usize,
        }))
    },
});

register_fixtures!("ahs-xz", "ahs_xz.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(puzzle: &str) -> Grid {
        kaidoku_engine::parse::parse(puzzle).expect("a puzzle")
    }

    #[test]
    fn every_set_found_is_n_digits_in_n_plus_one_cells_of_a_house() {
        let g = grid(
            "3..6.79...7..12385....3....76.3..89...9.6..1343.....56.9.2.35...4.19..3..23..6..9",
        );
        let mut sets = Vec::new();
        find_ahs(&g, MAX_DIGITS, &mut sets);
        assert!(!sets.is_empty());
        for s in &sets {
            assert_eq!(s.cells.len(), s.digits.len() + 1);
            assert!(
                common_houses(s.cells).any(|h| confined(&g, h, s.digits, s.cells)
                    && s.digits.iter().all(|d| !g.placed_in(h).contains(d)))
            );
            let union = s
                .digits
                .iter()
                .fold(CellSet::EMPTY, |acc, d| acc | (g.cells_with(d) & s.cells));
            assert_eq!(union, s.cells);
        }
        let distinct: std::collections::HashSet<_> = sets
            .iter()
            .map(|s| (s.cells.bits(), s.digits.bits()))
            .collect();
        assert_eq!(distinct.len(), sets.len());
    }

    #[test]
    fn every_step_at_the_fixtures_keeps_the_solution() {
        let mut steps = 0;
        for line in include_str!("ahs_xz.fixtures").lines() {
            if !line.starts_with(':') {
                continue;
            }
            let fields: Vec<&str> = line.split(':').collect();
            let g = grid(&format!("{}:{}", fields[3], fields[4]));
            let solution = g.solutions(2).first.expect("a solution");
            let technique = AhsXz {
                max_digits: MAX_DIGITS,
            };
            let mut sink = StepSink::all("ahs-xz".into());
            let _ = technique.find_steps(&g, &mut sink);
            for step in sink.into_steps() {
                assert_eq!(step.unsound_effect(&solution), None, "{}", step.text());
                steps += 1;
            }
        }
        assert!(steps >= 9, "{steps} steps");
    }
}
