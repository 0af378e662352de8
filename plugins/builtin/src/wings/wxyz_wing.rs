//! WXYZ-Wing, in its general form: four cells holding four digits between them, where every
//! digit but one (z) is restricted: its places in the four cells all see each other, so it
//! fills at most one of them. Without z the three other digits could fill at most three of
//! the four cells, so z fills at least one: a cell that sees every z of the four loses z. The
//! four cells may be bent across two houses (a pivot and three pincers) or lie in a box and a
//! line; they always see each other as one connected pattern.

use kaidoku_engine::prelude::*;

pub struct WxyzWing;

const KIND: StepKind = StepKind::new("wxyz-wing", "WXYZ-Wing");

impl Technique for WxyzWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        // Cells of two to four candidates, in index order; patterns grow in that order.
        let cells: Vec<Cell> = grid
            .empty_cells()
            .iter()
            .filter(|&c| (2..=4).contains(&grid.candidates(c).len()))
            .collect();
        let mut chosen = Vec::with_capacity(4);
        grow(grid, &cells, 0, &mut chosen, DigitSet::EMPTY, sink)
    }
}

/// Depth-first over cell sets whose candidates stay within four digits.
fn grow(
    grid: &Grid,
    cells: &[Cell],
    from: usize,
    chosen: &mut Vec<Cell>,
    digits: DigitSet,
    sink: &mut StepSink,
) -> Flow {
    if chosen.len() == 4 {
        return check(grid, chosen.iter().copied().collect(), digits, sink);
    }
    for (i, &cell) in cells.iter().enumerate().skip(from) {
        let union = digits | grid.candidates(cell);
        if union.len() > 4 {
            continue;
        }
        chosen.push(cell);
        grow(grid, cells, i + 1, chosen, union, sink)?;
        chosen.pop();
    }
    ControlFlow::Continue(())
}

fn check(grid: &Grid, wing: CellSet, digits: DigitSet, sink: &mut StepSink) -> Flow {
    if digits.len() != 4 || !connected(wing) {
        return ControlFlow::Continue(());
    }
    let places = |d: Digit| wing & grid.cells_with(d);
    let mut unrestricted = digits.iter().filter(|&d| {
        !places(d)
            .iter()
            .all(|c| (places(d) - CellSet::single(c)).is_subset_of(peers(c)))
    });
    let (Some(z), None) = (unrestricted.next(), unrestricted.next()) else {
        return ControlFlow::Continue(());
    };
    let targets = common_peers(places(z)) & grid.cells_with(z);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut eliminations = Candidates::EMPTY;
    eliminations.insert_cells(targets, z);
    let mut pattern = Candidates::EMPTY;
    for cell in wing {
        pattern.insert_digits(cell, grid.candidates(cell));
    }
    sink.push(
        Step::new(KIND)
            .part(Part::Cells(wing))
            .part(Part::Digits(digits))
            .part(Part::Digit(z))
            .eliminations(eliminations)
            .pattern("wing", pattern),
    )
}

/// Whether the cells form one pattern: each reachable from the first through cells that see
/// each other.
fn connected(cells: CellSet) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    let mut reached = CellSet::single(first);
    loop {
        let next = reached
            .iter()
            .fold(reached, |acc, c| acc | (peers(c) & cells));
        if next == reached {
            return reached == cells;
        }
        reached = next;
    }
}

register_technique!(TechniqueInfo {
    id: "wxyz-wing",
    name: "WXYZ-Wing",
    summary: "four cells with four digits, all but z restricted: what sees every z of them loses z",
    params: &[],
    build: |_| Ok(Box::new(WxyzWing)),
});

register_fixtures!("wxyz-wing", "wxyz_wing.fixtures");
