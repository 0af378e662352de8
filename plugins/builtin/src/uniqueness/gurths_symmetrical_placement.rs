//! Gurth's Symmetrical Placement (Gurth's theorem): when the givens are mapped onto themselves
//! by a symmetry of the grid `s` (one that maps rows, columns and boxes to rows, columns and
//! boxes: a rotation, a reflection in a diagonal, or any such map of bands, rows, stacks and
//! columns) together with a relabelling of the digits `f` (a given `d` at `c` has a given
//! `f(d)` at `s(c)`), then applying `s` and `f` to the solution gives a solution of the same
//! puzzle. With one solution (the uniqueness assumption) it is the solution itself: the digit
//! at `s(c)` is `f` of the digit at `c`. So `d` at `c` is false when `f(d)` is no longer a
//! candidate at `s(c)`, when `s(c)` is `c` and `f(d)` is not `d` (the centre of a centrally
//! symmetric puzzle, the diagonal of a diagonal one hold only digits `f` keeps), or when `s(c)`
//! sees `c` and `f(d)` is `d` (the digit would be twice in a house).
//!
//! The search runs over all 2 * 1296 * 1296 such symmetries, pruned by the givens, once per
//! puzzle (the givens never change while it is solved).

use kaidoku_engine::prelude::*;
use std::sync::Mutex;

pub struct GurthsSymmetricalPlacement {
    /// The symmetries of the last puzzle looked at, by its givens.
    cache: Mutex<Option<([u8; 81], Vec<Automorphism>)>>,
}

const KIND: StepKind = StepKind::new(
    "gurths-symmetrical-placement",
    "Gurth's Symmetrical Placement",
);

/// A symmetry of the givens: the image of each cell, and the digit relabelling.
#[derive(Clone, Debug)]
struct Automorphism {
    cell: [u8; 81],
    digit: [u8; 10],
}

/// The non-identity symmetries of the givens `values` (0 = no given).
fn automorphisms(values: &[u8; 81]) -> Vec<Automorphism> {
    // Fewer than 17 givens or than 8 digits: more than one solution, nothing to say.
    let digits: DigitSet = values.iter().filter(|&&v| v != 0).copied().collect();
    if values.iter().filter(|&&v| v != 0).count() < 17 || digits.len() < 8 {
        return Vec::new();
    }
    // Givens by row and by column as bit masks of columns / rows.
    let mut row_mask = [0u16; 9];
    let mut col_mask = [0u16; 9];
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            row_mask[i / 9] |= 1 << (i % 9);
            col_mask[i % 9] |= 1 << (i / 9);
        }
    }
    let perms = kaidoku_engine::board::transform::line_orders();
    let mut out = Vec::new();
    for transpose in [false, true] {
        // s(r, c) = (p[r], q[c]), or transposed (q[c], p[r]): row r goes to row p[r] (column
        // p[r] when transposed), column c to column q[c] (row q[c]).
        let src_row = if transpose { col_mask } else { row_mask };
        for p in perms {
            // The givens of row r must fill as many cells as the line they go to.
            if (0..9).any(|r| row_mask[r].count_ones() != src_row[p[r] as usize].count_ones()) {
                continue;
            }
            // allowed[c]: where column c may go, given where the rows go.
            let mut allowed = [0x1ffu16; 9];
            for r in 0..9 {
                let target = if transpose {
                    col_mask[p[r] as usize]
                } else {
                    row_mask[p[r] as usize]
                };
                let mut cols = row_mask[r];
                while cols != 0 {
                    let c = cols.trailing_zeros() as usize;
                    cols &= cols - 1;
                    allowed[c] &= target;
                }
            }
            for q in perms {
                if (0..9).any(|c| allowed[c] & (1 << q[c]) == 0) {
                    continue;
                }
                if !transpose && p.iter().zip(q).all(|(a, b)| a == b) && is_identity(p) {
                    continue;
                }
                if let Some(auto) = check(values, p, q, transpose) {
                    out.push(auto);
                }
            }
        }
    }
    out
}

fn is_identity(p: &[u8; 9]) -> bool {
    p.iter().enumerate().all(|(i, &v)| i == v as usize)
}

/// The symmetry `(p, q, transpose)` with its digit relabelling, when the givens allow one.
fn check(values: &[u8; 81], p: &[u8; 9], q: &[u8; 9], transpose: bool) -> Option<Automorphism> {
    let mut cell = [0u8; 81];
    let mut digit = [0u8; 10];
    let mut inverse = [0u8; 10];
    for (i, slot) in cell.iter_mut().enumerate() {
        let (r, c) = (i / 9, i % 9);
        let (tr, tc) = if transpose {
            (q[c] as usize, p[r] as usize)
        } else {
            (p[r] as usize, q[c] as usize)
        };
        let j = tr * 9 + tc;
        *slot = j as u8;
        let (a, b) = (values[i] as usize, values[j]);
        if a == 0 {
            if b != 0 {
                return None;
            }
            continue;
        }
        if b == 0
            || (digit[a] != 0 && digit[a] != b)
            || (inverse[b as usize] != 0 && inverse[b as usize] != a as u8)
        {
            return None;
        }
        digit[a] = b;
        inverse[b as usize] = a as u8;
    }
    // A digit missing from the givens goes to the one digit left (two missing: the puzzle has
    // more than one solution, nothing to say).
    let missing: Vec<usize> = (1..=9).filter(|&d| digit[d] == 0).collect();
    match missing.as_slice() {
        [] => {}
        [d] => digit[*d] = (1..=9u8).find(|&e| inverse[e as usize] == 0)?,
        _ => return None,
    }
    Some(Automorphism { cell, digit })
}

impl GurthsSymmetricalPlacement {
    fn symmetries(&self, grid: &Grid) -> Vec<Automorphism> {
        let mut values = [0u8; 81];
        for cell in grid.givens() {
            values[cell.index()] = grid.value(cell).unwrap_or(0);
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((key, found)) = cache.as_ref()
            && *key == values
        {
            return found.clone();
        }
        let found = automorphisms(&values);
        *cache = Some((values, found.clone()));
        found
    }
}

impl Technique for GurthsSymmetricalPlacement {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for auto in self.symmetries(grid) {
            let mut eliminations = Candidates::EMPTY;
            let mut fixed = CellSet::EMPTY;
            for cell in grid.empty_cells() {
                let image = Cell::new(auto.cell[cell.index()] as usize);
                if image == cell {
                    fixed.insert(cell);
                }
                for digit in grid.candidates(cell) {
                    let mapped = auto.digit[digit as usize];
                    // d here puts f(d) at the image: gone there, or the image is this cell and
                    // f(d) is not d, or the image sees this cell and f(d) is d.
                    let gone =
                        !grid.has_candidate(image, mapped) && grid.value(image) != Some(mapped);
                    let clash = if image == cell {
                        mapped != digit
                    } else {
                        mapped == digit && peers(cell).contains(image)
                    };
                    if gone || clash {
                        eliminations.insert(cell, digit);
                    }
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            let mut map = String::new();
            let mut done = [false; 10];
            for d in 1..=9usize {
                if done[d] {
                    continue;
                }
                // The relabelling as cycles: `19 28 37 46 5`.
                if !map.is_empty() {
                    map.push(' ');
                }
                let mut e = d;
                while !done[e] {
                    done[e] = true;
                    map.push((b'0' + e as u8) as char);
                    e = auto.digit[e] as usize;
                }
            }
            let mut pattern = Candidates::EMPTY;
            for cell in fixed {
                pattern.insert_digits(cell, grid.candidates(cell));
            }
            let mut step = Step::new(KIND).part(Part::Text(format!("digits {map}")));
            if !fixed.is_empty() {
                step = step
                    .part(Part::Text("fixed".into()))
                    .part(Part::Cells(fixed));
            }
            sink.push(
                step.eliminations(eliminations)
                    .pattern("fixed cells", pattern),
            )?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "gurths-symmetrical-placement",
    name: "Gurth's Symmetrical Placement",
    summary: "uniqueness: givens symmetric under a grid symmetry with a digit relabelling make the solution symmetric too; a candidate whose image is gone goes",
    params: &[],
    build: |_| {
        Ok(Box::new(GurthsSymmetricalPlacement {
            cache: Mutex::new(None),
        }))
    },
});

kaidoku_engine::register_uniqueness!("gurths-symmetrical-placement");

register_fixtures!(
    "gurths-symmetrical-placement",
    "gurths_symmetrical_placement.fixtures"
);
