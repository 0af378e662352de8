//! 3D Medusa: colouring over candidates of every digit. Two candidates are strongly linked
//! when exactly one of them is true: the two candidates of a bivalue cell, and the two places
//! of a digit in a house (a conjugate pair). Following these links splits the linked
//! candidates into a cluster of two colours; along each link exactly one end is true, so
//! either every candidate of one colour is true and every one of the other false, or the
//! reverse. A cluster that cannot be two-coloured (an odd loop: no solution) is left out.
//!
//! SudokuWiki's six rules, each sound because one colour is all true and the other all false:
//! 1. Twice in a cell: two candidates of one colour in one cell cannot both be true, so that
//!    colour is false: all its candidates go.
//! 2. Twice in a house: one digit twice in one colour in a house: that colour is false.
//! 3. Two colours in a cell: a cell holding both colours is one of them; its other
//!    candidates go.
//! 4. Two colours elsewhere: an uncoloured candidate that sees its digit in both colours is
//!    false (whichever colour is true holds the digit in a peer).
//! 5. Two colours, unit and cell: an uncoloured candidate `d` in a cell with a candidate of
//!    colour A that sees `d` in colour B: if A is true the cell holds another digit, if B is
//!    true a peer holds `d`.
//! 6. Cell emptied by colour: a cell without coloured candidates, each of whose candidates
//!    sees its digit in colour A: were A true the cell would be empty, so A is false.

use kaidoku_engine::Halt;
use kaidoku_engine::prelude::*;

pub struct Medusa;

const TWICE_IN_CELL: StepKind =
    StepKind::new("3d-medusa-twice-in-cell", "3D Medusa Twice in a Cell");
const TWICE_IN_HOUSE: StepKind =
    StepKind::new("3d-medusa-twice-in-house", "3D Medusa Twice in a House");
const TWO_COLORS_IN_CELL: StepKind = StepKind::new(
    "3d-medusa-two-colors-in-cell",
    "3D Medusa Two Colors in a Cell",
);
const TWO_COLORS_ELSEWHERE: StepKind = StepKind::new(
    "3d-medusa-two-colors-elsewhere",
    "3D Medusa Two Colors Elsewhere",
);
const UNIT_AND_CELL: StepKind = StepKind::new(
    "3d-medusa-unit-and-cell",
    "3D Medusa Two Colors Unit and Cell",
);
const CELL_EMPTIED: StepKind =
    StepKind::new("3d-medusa-cell-emptied", "3D Medusa Cell Emptied by Color");

/// A cluster: its candidates by colour.
struct Cluster {
    colors: [Candidates; 2],
}

/// Index of a candidate in the 729 of the grid.
fn node(cell: Cell, digit: Digit) -> usize {
    cell.index() * 9 + digit as usize - 1
}

/// The clusters of the grid, in the order of their first candidate (cell, then digit), with
/// at least three candidates (one strong link alone gives no more than locked candidates).
fn clusters(grid: &Grid) -> Vec<Cluster> {
    // Conjugate pairs: pair_in[digit - 1] holds the cells whose digit has one partner in some
    // house; the partner is found again when following.
    let mut linked = [CellSet::EMPTY; 9];
    for digit in 1..=9u8 {
        for house in House::all() {
            let places = grid.house_cells_with(house, digit);
            if places.len() == 2 {
                linked[digit as usize - 1] |= places;
            }
        }
    }
    let bivalue = grid.bivalue_cells();
    let mut seen = [false; 729];
    let mut stack: Vec<(Cell, Digit, usize)> = Vec::new();
    let mut out = Vec::new();
    for cell in grid.empty_cells() {
        for digit in grid.candidates(cell) {
            if seen[node(cell, digit)]
                || !(bivalue.contains(cell) || linked[digit as usize - 1].contains(cell))
            {
                continue;
            }
            let mut colors = [Candidates::EMPTY; 2];
            colors[0].insert(cell, digit);
            seen[node(cell, digit)] = true;
            let mut consistent = true;
            let mut size = 1;
            stack.clear();
            stack.push((cell, digit, 0));
            while let Some((cell, digit, color)) = stack.pop() {
                let mut visit = |next: Cell, d: Digit, stack: &mut Vec<(Cell, Digit, usize)>| {
                    if colors[color].contains(next, d) {
                        consistent = false;
                    } else if !colors[1 - color].contains(next, d) {
                        colors[1 - color].insert(next, d);
                        seen[node(next, d)] = true;
                        size += 1;
                        stack.push((next, d, 1 - color));
                    }
                };
                if bivalue.contains(cell) {
                    let mut others = grid.candidates(cell);
                    others.remove(digit);
                    if let Some(other) = others.first() {
                        visit(cell, other, &mut stack);
                    }
                }
                if linked[digit as usize - 1].contains(cell) {
                    for house in houses_of(cell) {
                        let places = grid.house_cells_with(house, digit);
                        if places.len() == 2 {
                            let mut partner = places;
                            partner.remove(cell);
                            if let Some(next) = partner.first() {
                                visit(next, digit, &mut stack);
                            }
                        }
                    }
                }
            }
            if consistent && size >= 3 {
                out.push(Cluster { colors });
            }
        }
    }
    out
}

/// The cells that see some cell of `cells`.
fn seen_by(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |seen, cell| seen | peers(cell))
}

/// Why a colour is false (rules 1, 2 and 6), if it is.
fn false_color(
    grid: &Grid,
    own: &Candidates,
    seen: &[CellSet; 9],
    colored: CellSet,
) -> Option<StepKind> {
    // Rule 1: two digits of the colour in one cell.
    let mut once = CellSet::EMPTY;
    for digit in 1..=9u8 {
        let cells = own.cells_of(digit);
        if once.intersects(cells) {
            return Some(TWICE_IN_CELL);
        }
        once |= cells;
    }
    // Rule 2: one digit of the colour twice in a house.
    for digit in 1..=9u8 {
        let cells = own.cells_of(digit);
        if cells.len() >= 2 && House::all().any(|house| (house.cells() & cells).len() >= 2) {
            return Some(TWICE_IN_HOUSE);
        }
    }
    // Rule 6: an uncoloured cell each of whose candidates sees its digit in the colour.
    for cell in grid.empty_cells() - colored {
        if grid
            .candidates(cell)
            .iter()
            .all(|digit| seen[digit as usize - 1].contains(cell))
        {
            return Some(CELL_EMPTIED);
        }
    }
    None
}

impl Technique for Medusa {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        for cluster in clusters(grid) {
            let [a, b] = &cluster.colors;
            let colored = a.cells() | b.cells();
            let all = a.union(b);
            let mut seen = [[CellSet::EMPTY; 9]; 2];
            for (color, own) in cluster.colors.iter().enumerate() {
                for digit in 1..=9u8 {
                    seen[color][digit as usize - 1] = seen_by(own.cells_of(digit));
                }
            }
            let mut wrapped = false;
            for (own, seen) in cluster.colors.iter().zip(&seen) {
                if let Some(kind) = false_color(grid, own, seen, colored) {
                    wrapped = true;
                    push(sink, kind, &cluster, *own)?;
                }
            }
            if wrapped {
                continue;
            }
            // Rule 3: a cell holding both colours keeps only them.
            let mut done = Candidates::EMPTY;
            let mut targets = Candidates::EMPTY;
            for cell in a.cells() & b.cells() {
                for digit in grid.candidates(cell) {
                    if !all.contains(cell, digit) {
                        targets.insert(cell, digit);
                    }
                }
            }
            done = flush(sink, TWO_COLORS_IN_CELL, &cluster, targets, done)?;
            // Rule 4: an uncoloured candidate seeing its digit in both colours.
            let mut targets = Candidates::EMPTY;
            for digit in 1..=9u8 {
                let d = digit as usize - 1;
                let cells =
                    (grid.cells_with(digit) & seen[0][d] & seen[1][d]) - all.cells_of(digit);
                targets.insert_cells(cells, digit);
            }
            done = flush(sink, TWO_COLORS_ELSEWHERE, &cluster, targets, done)?;
            // Rule 5: an uncoloured candidate in a cell of one colour seeing its digit in the
            // other colour.
            let mut targets = Candidates::EMPTY;
            for digit in 1..=9u8 {
                let d = digit as usize - 1;
                let cells = grid.cells_with(digit) - all.cells_of(digit);
                let hit = (cells & a.cells() & seen[1][d]) | (cells & b.cells() & seen[0][d]);
                targets.insert_cells(hit, digit);
            }
            flush(sink, UNIT_AND_CELL, &cluster, targets, done)?;
        }
        ControlFlow::Continue(())
    }
}

/// Push a step with the targets not already eliminated by an earlier rule on this cluster;
/// returns the eliminations so far.
fn flush(
    sink: &mut StepSink,
    kind: StepKind,
    cluster: &Cluster,
    targets: Candidates,
    done: Candidates,
) -> ControlFlow<Halt, Candidates> {
    let mut fresh = Candidates::EMPTY;
    for (cell, digit) in targets.iter() {
        if !done.contains(cell, digit) {
            fresh.insert(cell, digit);
        }
    }
    if !fresh.is_empty() {
        push(sink, kind, cluster, fresh)?;
    }
    ControlFlow::Continue(done.union(&fresh))
}

fn push(sink: &mut StepSink, kind: StepKind, cluster: &Cluster, eliminations: Candidates) -> Flow {
    let mut step = Step::new(kind);
    for (color, own) in cluster.colors.iter().enumerate() {
        if color == 1 {
            step = step.part(Part::Text("/".into()));
        }
        for digit in 1..=9u8 {
            let cells = own.cells_of(digit);
            if !cells.is_empty() {
                step = step.part(Part::Digit(digit)).part(Part::Cells(cells));
            }
        }
    }
    sink.push(
        step.eliminations(eliminations)
            .pattern("color 1", cluster.colors[0])
            .pattern("color 2", cluster.colors[1]),
    )
}

register_technique!(TechniqueInfo {
    id: "3d-medusa",
    name: "3D Medusa",
    summary: "colouring over all digits along bivalue cells and conjugate pairs: a colour twice in a cell or house, or emptying a cell, is false; what sees both colours goes",
    params: &[],
    build: |_| Ok(Box::new(Medusa)),
});

register_fixtures!("3d-medusa", "medusa.fixtures");
