//! Tridagon (Thor's hammer, the anti-tridagon): four boxes at the corners of a rectangle of
//! two bands and two stacks, in each box three cells one per row and column (a "diagonal"),
//! and three digits. If the twelve cells held only those three digits, the pattern would have
//! to be fillable; when an odd number of the four diagonals run the "other way" it is not (see
//! [`fillable`]). So at least one *guardian* (a candidate of the twelve cells outside the three
//! digits) is true: one guardian left is placed; with several, a candidate that would
//! falsify every guardian is eliminated (a guardian cell losing the three digits, or a
//! digit seeing every guardian of that digit). With `forcing_depth` set, each guardian is
//! also assumed true in turn and followed as a forcing net (singles on the candidates, as
//! `forcing-chain` with nets): what every guardian that does not meet a contradiction makes
//! true or false is so (a guardian meeting a contradiction is false, so one of the others is
//! true), Berthier's "OR-k forcing" use of the anti-tridagon.
//!
//! Soundness. Number the rows and columns of each box 0..3. A diagonal is a permutation p of
//! {0,1,2} (cell in box row i sits in box column p(i)), even (the main diagonal and its two
//! cyclic shifts) or odd. Suppose the twelve cells hold only digits {a,b,c}. A box's three
//! cells see each other, so box B holds a bijection f_B from its rows to the digits and
//! g_B = f_B ∘ p_B⁻¹ from its columns; sign(g_B) = sign(f_B)·sign(p_B). The two boxes of a
//! band share their three rows, so f_B2(i) ≠ f_B1(i) for every row i: f_B2 = σ ∘ f_B1 with σ
//! a derangement of three digits, a 3-cycle, even: sign(f_B2) = sign(f_B1). Likewise the two
//! boxes of a stack have g's of equal sign. Around the rectangle (B11,B12 / B21,B22):
//! sign(f21) = sign(g11)·sign(p21) = sign(f11)·sign(p11)·sign(p21) and
//! sign(f22) = sign(f12)·sign(p12)·sign(p22) = sign(f11)·sign(p12)·sign(p22); the band rule
//! gives sign(f21) = sign(f22), so the product of the four signs is +1. An odd number of odd
//! diagonals makes it −1: no such filling, and some cell holds a fourth digit. The test
//! `odd_parity_is_exactly_the_unfillable_patterns` checks this against all 1296 patterns by
//! brute force.

use kaidoku_engine::chains::forcing::{Fact, ForcingOptions, Propagator};
use kaidoku_engine::prelude::*;

pub struct Tridagon {
    max_guardians: usize,
    /// Depth of the forcing nets from the guardians; 0: none.
    forcing_depth: usize,
}

const KIND: StepKind = StepKind::new("tridagon", "Tridagon");
const KIND_SINGLE: StepKind = StepKind::new("tridagon-single-guardian", "Tridagon");
const KIND_FORCING: StepKind = StepKind::new("tridagon-forcing", "Tridagon Forcing Net");

/// What assuming each candidate true leads to (`None`: a contradiction), worked out once.
struct Nets<'g> {
    propagator: Propagator<'g>,
    outcomes: Vec<Option<Option<(Candidates, Candidates)>>>,
}

impl Nets<'_> {
    fn outcome(&mut self, cell: Cell, digit: Digit) -> Option<(Candidates, Candidates)> {
        let slot = cell.index() * 9 + digit as usize - 1;
        if let Some(known) = self.outcomes[slot] {
            return known;
        }
        let outcome = self.propagator.run(Fact::on(cell, digit));
        let known = match outcome.contradiction {
            None => Some((outcome.on, outcome.off)),
            Some(_) => None,
        };
        self.outcomes[slot] = Some(known);
        known
    }
}

/// The six diagonals of a box: box column of the cell in box row 0, 1, 2.
const DIAGONALS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [1, 0, 2],
    [2, 1, 0],
];

/// Whether a diagonal is an odd permutation (the last three of [`DIAGONALS`]).
const fn is_odd(diagonal: usize) -> bool {
    diagonal >= 3
}

/// One usable diagonal of a box for the three digits.
#[derive(Clone, Copy)]
struct Diagonal {
    cells: CellSet,
    odd: bool,
    /// Candidates of its cells outside the three digits.
    guardians: Candidates,
    count: usize,
}

/// The candidates that, if true, would make the guardian `cell`=`digit` false.
fn falsifiers(cell: Cell, digit: Digit) -> Candidates {
    let mut out = Candidates::EMPTY;
    out.insert_cells(peers(cell), digit);
    for other in 1..=9u8 {
        if other != digit {
            out.insert(cell, other);
        }
    }
    out
}

fn intersect(a: &Candidates, b: &Candidates) -> Candidates {
    let mut out = Candidates::EMPTY;
    for digit in 1..=9u8 {
        out.insert_cells(a.cells_of(digit) & b.cells_of(digit), digit);
    }
    out
}

/// Every candidate of `grid` that falsifies all of `guardians` (none of them itself).
fn seeing_all(grid: &Grid, guardians: &Candidates) -> Candidates {
    let mut out: Option<Candidates> = None;
    for (cell, digit) in guardians.iter() {
        let f = falsifiers(cell, digit);
        out = Some(match out {
            None => f,
            Some(o) => intersect(&o, &f),
        });
    }
    let mut live = Candidates::EMPTY;
    for digit in 1..=9u8 {
        live.insert_cells(grid.cells_with(digit), digit);
    }
    out.map_or(Candidates::EMPTY, |o| intersect(&o, &live))
}

impl Tridagon {
    /// The diagonals of box `bx` whose cells are all empty and each hold one of `digits`.
    fn diagonals(grid: &Grid, bx: usize, digits: DigitSet, out: &mut Vec<Diagonal>) {
        out.clear();
        let (row0, col0) = (bx / 3 * 3, bx % 3 * 3);
        'next: for (index, diagonal) in DIAGONALS.iter().enumerate() {
            let mut cells = CellSet::EMPTY;
            let mut guardians = Candidates::EMPTY;
            let mut count = 0;
            for (i, &j) in diagonal.iter().enumerate() {
                let cell = Cell::at(row0 + i, col0 + j);
                let candidates = grid.candidates(cell);
                if grid.value(cell).is_some() || !candidates.intersects(digits) {
                    continue 'next;
                }
                cells.insert(cell);
                let extra = DigitSet::from_bits(candidates.bits() & !digits.bits());
                count += extra.len() as usize;
                guardians.insert_digits(cell, extra);
            }
            out.push(Diagonal {
                cells,
                odd: is_odd(index),
                guardians,
                count,
            });
        }
    }

    fn step(
        &self,
        grid: &Grid,
        digits: DigitSet,
        boxes: [&Diagonal; 4],
        nets: &mut Option<Nets>,
    ) -> Option<Step> {
        let mut guardians = Candidates::EMPTY;
        let mut cells = CellSet::EMPTY;
        for d in boxes {
            guardians = guardians.union(&d.guardians);
            cells |= d.cells;
        }
        let mut pattern = Candidates::EMPTY;
        for cell in cells {
            pattern.insert_digits(cell, grid.candidates(cell) & digits);
        }
        let mut step = if let (1, Some((cell, digit))) = (guardians.len(), guardians.iter().next())
        {
            Step::new(KIND_SINGLE).place(cell, digit)
        } else {
            let eliminations = seeing_all(grid, &guardians);
            if !eliminations.is_empty() {
                Step::new(KIND).eliminations(eliminations)
            } else if let Some(nets) = nets {
                forcing_step(grid, &guardians, nets)?
            } else {
                return None;
            }
        };
        let listed: Vec<String> = guardians
            .cells()
            .iter()
            .map(|c| format!("{c}#{}", DigitSet::from_bits(guardian_bits(&guardians, c))))
            .collect();
        step = step
            .part(Part::Digits(digits))
            .part(Part::Cells(cells))
            .part(Part::Text(format!("guardians {}", listed.join(" "))))
            .pattern("tridagon", pattern)
            .pattern("guardians", guardians);
        Some(step)
    }
}

/// What every guardian not meeting a contradiction makes true or false.
fn forcing_step(grid: &Grid, guardians: &Candidates, nets: &mut Nets) -> Option<Step> {
    let mut common: Option<(Candidates, Candidates)> = None;
    for (cell, digit) in guardians.iter() {
        let Some((on, off)) = nets.outcome(cell, digit) else {
            continue;
        };
        common = Some(match common {
            None => (on, off),
            Some((a, b)) => (intersect(&a, &on), intersect(&b, &off)),
        });
    }
    let (on, off) = common?;
    let mut live = Candidates::EMPTY;
    for digit in 1..=9u8 {
        live.insert_cells(grid.cells_with(digit) & grid.empty_cells(), digit);
    }
    let (on, off) = (intersect(&on, &live), intersect(&off, &live));
    if on.is_empty() && off.is_empty() {
        return None;
    }
    let mut step = Step::new(KIND_FORCING).eliminations(off);
    // A run without contradiction makes at most one value true a cell, so does their common part.
    for (cell, digit) in on.iter() {
        step = step.place(cell, digit);
    }
    Some(step)
}

fn guardian_bits(guardians: &Candidates, cell: Cell) -> u16 {
    (1..=9u8)
        .filter(|&d| guardians.contains(cell, d))
        .fold(0, |bits, d| bits | DigitSet::single(d).bits())
}

impl Technique for Tridagon {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut lists: [Vec<Diagonal>; 4] = Default::default();
        let mut nets = (self.forcing_depth > 0).then(|| Nets {
            propagator: Propagator::new(
                grid,
                ForcingOptions {
                    nets: true,
                    max_depth: self.forcing_depth,
                },
            ),
            outcomes: vec![None; 81 * 9],
        });
        for (band_a, band_b) in [(0, 1), (0, 2), (1, 2)] {
            for (stack_a, stack_b) in [(0, 1), (0, 2), (1, 2)] {
                let boxes = [
                    band_a * 3 + stack_a,
                    band_a * 3 + stack_b,
                    band_b * 3 + stack_a,
                    band_b * 3 + stack_b,
                ];
                let mut area = CellSet::EMPTY;
                for &b in &boxes {
                    area |= House::box_(b).cells();
                }
                let open = grid.candidates_of(area & grid.empty_cells());
                for digits in digit_combinations(open, 3) {
                    let mut usable = true;
                    for (list, &b) in lists.iter_mut().zip(&boxes) {
                        Self::diagonals(grid, b, digits, list);
                        usable &= !list.is_empty();
                    }
                    if !usable {
                        continue;
                    }
                    self.search(grid, digits, &lists, &mut nets, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl Tridagon {
    fn search(
        &self,
        grid: &Grid,
        digits: DigitSet,
        lists: &[Vec<Diagonal>; 4],
        nets: &mut Option<Nets>,
        sink: &mut StepSink,
    ) -> Flow {
        for a in &lists[0] {
            for b in &lists[1] {
                for c in &lists[2] {
                    let partial = a.count + b.count + c.count;
                    if partial > self.max_guardians {
                        continue;
                    }
                    for d in &lists[3] {
                        // Odd number of odd diagonals: the three digits cannot fill them.
                        if a.odd ^ b.odd ^ c.odd ^ d.odd
                            && partial + d.count <= self.max_guardians
                            && let Some(step) = self.step(grid, digits, [a, b, c, d], nets)
                        {
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
    id: "tridagon",
    name: "Tridagon",
    summary: "three digits on odd-parity diagonals of four boxes cannot fill them: a guardian is true",
    params: &[
        ParamSpec::int(
            "max_guardians",
            "most guardians (candidates outside the three digits) a pattern may have",
            6,
            1,
            24,
        ),
        ParamSpec::int(
            "forcing_depth",
            "depth of the forcing nets followed from each guardian (0: none)",
            0,
            0,
            40,
        ),
    ],
    build: |params| {
        Ok(Box::new(Tridagon {
            max_guardians: params.int("max_guardians") as usize,
            forcing_depth: params.int("forcing_depth") as usize,
        }))
    },
});

register_fixtures!("tridagon", "tridagon.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether digits 0..3 can fill the four diagonals `d` (indices into [`DIAGONALS`] of
    /// boxes B11, B12, B21, B22) with each box, each band row and each stack column distinct.
    fn fillable(d: [usize; 4]) -> bool {
        const PERMS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        // digit[box][row] for each box's choice of permutation (row -> digit).
        for choice in 0..6usize.pow(4) {
            let f: Vec<[u8; 3]> = (0..4).map(|b| PERMS[choice / 6usize.pow(b) % 6]).collect();
            let col_digit = |b: usize, col: usize| {
                let row = DIAGONALS[d[b]].iter().position(|&c| c == col).unwrap();
                f[b][row]
            };
            let rows_ok = (0..3).all(|i| f[0][i] != f[1][i] && f[2][i] != f[3][i]);
            let cols_ok = (0..3)
                .all(|j| col_digit(0, j) != col_digit(2, j) && col_digit(1, j) != col_digit(3, j));
            if rows_ok && cols_ok {
                return true;
            }
        }
        false
    }

    #[test]
    fn odd_parity_is_exactly_the_unfillable_patterns() {
        let mut unfillable = 0;
        for index in 0..6usize.pow(4) {
            let d = [index % 6, index / 6 % 6, index / 36 % 6, index / 216];
            let odd = d.iter().filter(|&&x| is_odd(x)).count() % 2 == 1;
            assert_eq!(!fillable(d), odd, "diagonals {d:?}");
            unfillable += usize::from(odd);
        }
        assert_eq!(unfillable, 648);
    }
}
