//! WXYZ-Wing, in its general form: four cells holding four digits between them, where every
//! digit but one (z) is restricted: its places in the four cells all see each other, so it
//! fills at most one of them. Without z the three other digits could fill at most three of
//! the four cells, so z fills at least one: a cell that sees every z of the four loses z. Any
//! shape counts as long as the cells hang together (each seen by another): a pivot seeing
//! three pincers (the bent form, some pincers sharing its box), or a string of cells where
//! none sees all the others. Four cells in one house would have every digit restricted (a
//! naked quadruple), so they never form a wing.

use kaidoku_engine::prelude::*;

pub struct WxyzWing;

const KIND: StepKind = StepKind::new("wxyz-wing", "WXYZ-Wing");

impl Technique for WxyzWing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    /// Four cells whose candidates are as they were when this search last found nothing
    /// (S1) give nothing now (S2): they were in the pool at S1 and met there (the growth
    /// depends only on the set's own cells), with the same digits and the same z, and z
    /// leaves the cells holding it that see every z of the four: a subset of what it left at
    /// S1, as candidates only go. At S1 that was nothing.
    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        let changes = analysis.changes_since_last_miss();
        // Cells of two to four candidates.
        let pool: CellSet = grid
            .empty_cells()
            .iter()
            .filter(|&c| (2..=4).contains(&grid.candidates(c).len()))
            .collect();
        for first in pool {
            // Each connected set once, grown from its first cell (ESU enumeration).
            let later = pool & CellSet::from_bits(!((2u128 << first.index()) - 1));
            // Every cell of a set grown from `first` lies within three links of it, through
            // cells of `later`: with none of those changed, no set from here is new.
            if !changes.cells_changed(CellSet::single(first) | within_three_links(first, later)) {
                continue;
            }
            let start = Growth {
                cells: CellSet::single(first),
                seen: peers(first),
                digits: grid.candidates(first),
            };
            grow(grid, &changes, later, start, peers(first) & later, sink)?;
        }
        ControlFlow::Continue(())
    }
}

/// A connected set being grown: its cells, the cells they see, their digits.
#[derive(Clone, Copy)]
struct Growth {
    cells: CellSet,
    seen: CellSet,
    digits: DigitSet,
}

/// Extends `set` by the cells of `extension` in turn; a cell added brings in its own peers
/// that no cell of the set sees yet, so that every connected set is met once.
fn grow(
    grid: &Grid,
    changes: &Changes,
    later: CellSet,
    set: Growth,
    mut extension: CellSet,
    sink: &mut StepSink,
) -> Flow {
    if set.cells.len() == 4 {
        if !changes.cells_changed(set.cells) {
            return ControlFlow::Continue(());
        }
        return check(grid, set.cells, set.digits, sink);
    }
    // The last cell comes from `extension`: an unchanged set stays unchanged without one.
    if set.cells.len() == 3 && !changes.cells_changed(set.cells | extension) {
        return ControlFlow::Continue(());
    }
    while let Some(cell) = extension.first() {
        extension.remove(cell);
        let digits = set.digits | grid.candidates(cell);
        if digits.len() > 4 {
            continue;
        }
        let fresh = (peers(cell) & later) - set.cells - set.seen;
        let next = Growth {
            cells: set.cells | CellSet::single(cell),
            seen: set.seen | peers(cell),
            digits,
        };
        grow(grid, changes, later, next, extension | fresh, sink)?;
    }
    ControlFlow::Continue(())
}

/// The cells of `within` reached from `start` in one to three steps from a cell to a peer,
/// every step landing in `within`.
fn within_three_links(start: Cell, within: CellSet) -> CellSet {
    let mut reached = CellSet::EMPTY;
    let mut frontier = CellSet::single(start);
    for _ in 0..3 {
        let mut next = CellSet::EMPTY;
        for cell in frontier {
            next |= peers(cell);
        }
        frontier = (next & within) - reached;
        reached |= frontier;
    }
    reached
}

fn check(grid: &Grid, wing: CellSet, digits: DigitSet, sink: &mut StepSink) -> Flow {
    if digits.len() != 4 {
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

register_technique!(TechniqueInfo {
    id: "wxyz-wing",
    name: "WXYZ-Wing",
    summary: "four cells with four digits, all but z restricted: what sees every z of them loses z",
    params: &[],
    build: |_| Ok(Box::new(WxyzWing)),
});

register_fixtures!("wxyz-wing", "wxyz_wing.fixtures");
