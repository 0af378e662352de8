//! SK loop: two rows in different bands and two columns in different stacks meet in four boxes;
//! in each box, the two other cells of the row and the two other cells of the column (sixteen
//! cells, usually around solved corner cells). Each cell lies in two of eight houses (its row
//! or column, and its box). When, digit by digit, the smallest covers of the loop's candidates
//! by those eight houses need sixteen sectors in all, the loop is a rank-0 sector set (see
//! [`crate::exotic_sets`]): each cover's digit leaves the rest of its houses. The fast special
//! case of a multi-sector locked set: 729 placements and 256 house subsets to try.

use crate::exotic_sets::{cover_eliminations, sector_step};
use kaidoku_engine::prelude::*;

pub struct SkLoop;

const KIND: StepKind = StepKind::new("sk-loop", "SK Loop");

/// The 256 subsets of eight houses, fewest houses first.
fn subsets_by_size() -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut n = 0;
    for size in 0..=8 {
        for mask in 0..=255u8 {
            if mask.count_ones() == size {
                out[n] = mask;
                n += 1;
            }
        }
    }
    out
}

impl SkLoop {
    fn check(
        &self,
        grid: &Grid,
        order: &[u8; 256],
        houses: [House; 8],
        cells: CellSet,
        sink: &mut StepSink,
    ) -> Flow {
        // The loop cells each house covers, for every subset of the eight houses.
        let mut covered = [CellSet::EMPTY; 256];
        for mask in 1..256usize {
            let low = mask.trailing_zeros() as usize;
            covered[mask] = covered[mask & (mask - 1)] | (houses[low].cells() & cells);
        }
        let mut needed = 0;
        let mut eliminations = Candidates::EMPTY;
        let mut covers = [(0, HouseSet::EMPTY); 9];
        for (slot, digit) in covers.iter_mut().zip(1..=9u8) {
            *slot = (digit, HouseSet::EMPTY);
            let target = cells & grid.cells_with(digit);
            if target.is_empty() {
                continue;
            }
            let mut best = None;
            for &mask in order.iter() {
                let size = mask.count_ones();
                if best.is_some_and(|b| size > b) {
                    break;
                }
                if !target.is_subset_of(covered[mask as usize]) {
                    continue;
                }
                let cover: HouseSet = (0..8)
                    .filter(|i| mask >> i & 1 != 0)
                    .map(|i| houses[i])
                    .collect();
                if best.is_none() {
                    best = Some(size);
                    needed += size;
                    slot.1 = cover;
                    if needed > cells.len() {
                        return ControlFlow::Continue(());
                    }
                }
                cover_eliminations(grid, cells, digit, cover, &mut eliminations);
            }
        }
        if needed != cells.len() || eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink.push(sector_step(
            grid,
            KIND,
            "sk loop",
            cells,
            &covers,
            eliminations,
        ))
    }
}

impl Technique for SkLoop {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let order = subsets_by_size();
        let empty = grid.empty_cells();
        for r1 in 0..6 {
            for r2 in (r1 / 3 + 1) * 3..9 {
                for c1 in 0..6 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let mut cells = CellSet::EMPTY;
                        let mut boxes = [House::row(0); 4];
                        for (i, (r, c)) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                            .into_iter()
                            .enumerate()
                        {
                            let corner = Cell::at(r, c);
                            let bx = House::box_(corner.box_index());
                            boxes[i] = bx;
                            let arms =
                                (House::row(r).cells() | House::column(c).cells()) & bx.cells();
                            cells |=
                                CellSet::from_bits(arms.bits() & !CellSet::single(corner).bits());
                        }
                        if !cells.is_subset_of(empty) {
                            continue;
                        }
                        let houses = [
                            House::row(r1),
                            House::row(r2),
                            House::column(c1),
                            House::column(c2),
                            boxes[0],
                            boxes[1],
                            boxes[2],
                            boxes[3],
                        ];
                        self.check(grid, &order, houses, cells, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "sk-loop",
    name: "SK Loop",
    summary: "sixteen cells around two rows and two columns in four boxes, covered by exactly sixteen sectors",
    params: &[],
    build: |_| Ok(Box::new(SkLoop)),
});

register_fixtures!("sk-loop", "sk_loop.fixtures");
