//! Sukaku Explainer's WXYZ-Wing: an almost locked set of three cells that all see each other
//! (four digits) and a bivalue cell {x, z} outside it, both of whose digits are in the set.
//! When every cell of the set holding x sees the bivalue cell, x is a restricted common: if the
//! bivalue cell is not z it is x, and the set loses x and locks its other three digits, so z
//! lands in the bivalue cell or in the set. A cell seeing the bivalue cell and every z of the set
//! loses z. When z is restricted too (doubly linked), both set digits outside the pair lock in
//! the set and x and z each land in the bivalue cell or the set: more eliminations.
//!
//! This is ALS-XZ with a bivalue cell, not HoDoKu's WXYZ-Wing; SE rates it 5.5, 5.6 when the
//! set's fullest cell has three candidates (5.5 with two or four). The VWXYZ-Wing
//! (`se-vwxyz-wing`) is the same with four cells and five digits. SE scans cells in index
//! order (the set's cells ascending, then the bivalue cell); with `sorted` (newer Sukaku
//! Explainers) it offers the easiest first, then the most eliminations.

use kaidoku_engine::prelude::*;

pub struct SeWxyzWing {
    pub sorted: bool,
}

/// The kinds by the candidate count of the set's fullest cell (index 2..=4).
const KINDS: [StepKind; 3] = [
    StepKind::new("se-wxyz-wing-2", "WXYZ-Wing"),
    StepKind::new("se-wxyz-wing-3", "WXYZ-Wing"),
    StepKind::new("se-wxyz-wing-4", "WXYZ-Wing"),
];

impl Technique for SeWxyzWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        als_wings(
            grid,
            3,
            self.sorted,
            &|big| (KINDS[big - 2].clone(), rank(3, big)),
            sink,
        )
    }
}

/// SE's difficulty in tenths above the base: the middle of the possible sizes is hardest.
pub fn rank(set: usize, big: usize) -> u8 {
    let sizes_max = set + 1;
    let middle = (sizes_max + 2) / 2;
    (sizes_max - middle) as u8 - (middle as i32 - big as i32).unsigned_abs() as u8
}

struct Found {
    step: Step,
    rank: u8,
    eliminated: u32,
    suffix: (bool, usize, u32),
}

/// Every wing on a set of `n` mutually visible cells (`n` + 1 digits) and a bivalue cell, in
/// SE's scan order (or sorted as SE's newer producers sort them).
pub fn als_wings(
    grid: &Grid,
    n: usize,
    sorted: bool,
    kind: &dyn Fn(usize) -> (StepKind, u8),
    sink: &mut StepSink,
) -> Flow {
    let empty = grid.empty_cells();
    let usable: Vec<Cell> = empty
        .iter()
        .filter(|&c| grid.candidates(c).len() >= 2 && grid.candidates(c).len() <= n as u32 + 1)
        .collect();
    let bivalue = grid.bivalue_cells();
    let mut found: Vec<Found> = Vec::new();
    let mut set = Vec::with_capacity(n);
    extend(grid, &usable, 0, n, &mut set, &mut |set: &[Cell]| {
        let cells: CellSet = set.iter().copied().collect();
        let digits = grid.candidates_of(cells);
        if digits.len() != n as u32 + 1 {
            return ControlFlow::Continue(());
        }
        let mut near = CellSet::EMPTY;
        for &c in set {
            near |= peers(c);
        }
        for yz in (near & bivalue) - cells {
            let pair = grid.candidates(yz);
            if !pair.is_subset_of(digits) {
                continue;
            }
            let mut it = pair.iter();
            let (Some(x), Some(z)) = (it.next(), it.next()) else {
                continue;
            };
            let holding = |d: Digit| cells & grid.cells_with(d);
            let restricted = |d: Digit| holding(d).is_subset_of(peers(yz));
            let (rx, rz) = (restricted(x), restricted(z));
            let (x, z, double) = match (rx, rz) {
                (true, false) => (x, z, false),
                (false, true) => (z, x, false),
                (true, true) => (x, z, true),
                (false, false) => continue,
            };
            let outside = !(cells | CellSet::single(yz));
            let mut eliminations = Candidates::EMPTY;
            let lose = |d: Digit, e: &mut Candidates| {
                let targets = peers(yz) & common_peers(holding(d)) & grid.cells_with(d) & outside;
                e.insert_cells(targets, d);
            };
            lose(z, &mut eliminations);
            if double {
                lose(x, &mut eliminations);
                for w in digits - pair {
                    let targets = common_peers(holding(w)) & grid.cells_with(w) & outside;
                    eliminations.insert_cells(targets, w);
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            let big = set
                .iter()
                .map(|&c| grid.candidates(c).len() as usize)
                .max()
                .unwrap_or(2);
            let size: u32 = set.iter().map(|&c| grid.candidates(c).len()).sum();
            let (kind, rank) = kind(big);
            let mut pattern = Candidates::EMPTY;
            for c in cells | CellSet::single(yz) {
                pattern.insert_digits(c, grid.candidates(c));
            }
            let step = Step::new(kind)
                .part(Part::Cells(cells))
                .part(Part::Digits(digits))
                .part(Part::Cells(CellSet::single(yz)))
                .part(Part::Digit(x))
                .part(Part::Digit(z))
                .eliminations(eliminations)
                .pattern("wing", pattern);
            let eliminated = eliminations.len() as u32;
            found.push(Found {
                step,
                rank,
                eliminated,
                suffix: (double, big, size),
            });
        }
        ControlFlow::Continue(())
    })?;
    if sorted {
        // Easiest first, most eliminations, then SE's name suffix in reverse order.
        found.sort_by(|a, b| {
            a.rank
                .cmp(&b.rank)
                .then(b.eliminated.cmp(&a.eliminated))
                .then(b.suffix.cmp(&a.suffix))
        });
    }
    for f in found {
        sink.push(f.step)?;
    }
    ControlFlow::Continue(())
}

/// Sets of `n` mutually visible cells of `usable`, ascending, with at most `n` + 1 digits so
/// far.
fn extend(
    grid: &Grid,
    usable: &[Cell],
    from: usize,
    n: usize,
    set: &mut Vec<Cell>,
    visit: &mut dyn FnMut(&[Cell]) -> Flow,
) -> Flow {
    if set.len() == n {
        return visit(set);
    }
    for i in from..usable.len() {
        let c = usable[i];
        if !set.iter().all(|&s| peers(s).contains(c)) {
            continue;
        }
        let mut digits = grid.candidates(c);
        for &s in set.iter() {
            digits |= grid.candidates(s);
        }
        if digits.len() > n as u32 + 1 {
            continue;
        }
        set.push(c);
        extend(grid, usable, i + 1, n, set, visit)?;
        set.pop();
    }
    ControlFlow::Continue(())
}

const PARAMS: &[ParamSpec] = &[ParamSpec::bool(
    "sorted",
    "offer the easiest wing first, then the one with most eliminations (newer Sukaku Explainers); else the first in scan order",
    true,
)];

register_technique!(TechniqueInfo {
    id: "se-wxyz-wing",
    name: "WXYZ-Wing (Sudoku Explainer)",
    summary: "SE's WXYZ-Wing: three mutually visible cells with four digits and a bivalue cell, as ALS-XZ",
    params: PARAMS,
    build: |params| Ok(Box::new(SeWxyzWing {
        sorted: params.bool("sorted")
    })),
});

register_fixtures!("se-wxyz-wing", "wxyz_wing.fixtures");

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn middle_sizes_are_hardest_as_se_rates_them() {
        // WXYZ: 5.5, 5.6, 5.5 for a fullest cell of 2, 3, 4 candidates.
        assert_eq!([2, 3, 4].map(|k| rank(3, k)), [0, 1, 0]);
        // VWXYZ: 6.2 + 6.3, 6.4, 6.3, 6.2 for 2..5 candidates.
        assert_eq!([2, 3, 4, 5].map(|k| rank(4, k)), [1, 2, 1, 0]);
    }
}
