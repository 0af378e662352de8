//! Remote Pair, after the seed's colouring algorithm.
//!
//! Bivalue cells with the same pair {x, y} that see each other must hold different digits.
//! Colour each connected group of such cells in two colours: all cells of one colour hold the
//! same digit, the other colour the other digit. A cell seeing a cell of each colour sees both
//! x and y, so it loses both. Only groups of at least four cells count: smaller ones are naked
//! pairs, not chains.

use kaidoku_engine::links::bivalue_cells_with;
use kaidoku_engine::prelude::*;

pub struct RemotePair;

/// The smallest group of cells that makes a remote pair.
const MIN_CHAIN: u32 = 4;

impl Technique for RemotePair {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut unvisited = grid.bivalue_cells();
        while let Some(start) = unvisited.first() {
            let pair = grid.candidates(start);
            let Some((colour_a, colour_b)) = colour(start, bivalue_cells_with(grid, pair)) else {
                // Two cells of one colour see each other: the position has no solution.
                unvisited -= group_of(start, bivalue_cells_with(grid, pair));
                continue;
            };
            unvisited -= colour_a | colour_b;
            let chain = colour_a | colour_b;
            if chain.len() < MIN_CHAIN {
                continue;
            }
            let targets = (seen_by_any(colour_a) & seen_by_any(colour_b)) - chain;
            let mut eliminations = Candidates::EMPTY;
            for cell in targets {
                eliminations.insert_digits(cell, grid.candidates(cell) & pair);
            }
            if eliminations.is_empty() {
                continue;
            }
            let mut a = Candidates::EMPTY;
            let mut b = Candidates::EMPTY;
            for digit in pair {
                a.insert_cells(colour_a, digit);
                b.insert_cells(colour_b, digit);
            }
            let cells: Vec<String> = chain.iter().map(|c| c.to_string()).collect();
            let step = Step::new("Remote Pair", format!("#{pair} {}", cells.join(" ")));
            sink.push(
                step.eliminations(eliminations)
                    .pattern("colour A", a)
                    .pattern("colour B", b),
            )?;
        }
        ControlFlow::Continue(())
    }
}

/// Two-colour the group of `cells` connected to `start` (cells are linked when they see each
/// other); `None` when two cells of one colour see each other.
fn colour(start: Cell, cells: CellSet) -> Option<(CellSet, CellSet)> {
    let mut colours = [CellSet::single(start), CellSet::EMPTY];
    let mut frontier = [CellSet::single(start), CellSet::EMPTY];
    let mut side = 0;
    while !frontier[side].is_empty() {
        let other = 1 - side;
        let mut next = CellSet::EMPTY;
        for cell in frontier[side] {
            next |= peers(cell) & cells;
        }
        if next.intersects(colours[side]) {
            return None;
        }
        next -= colours[other];
        colours[other] |= next;
        frontier[other] = next;
        frontier[side] = CellSet::EMPTY;
        side = other;
    }
    Some((colours[0], colours[1]))
}

/// All of `cells` connected to `start` through cells that see each other.
fn group_of(start: Cell, cells: CellSet) -> CellSet {
    let mut group = CellSet::single(start);
    loop {
        let grown = group
            .iter()
            .fold(group, |acc, cell| acc | (peers(cell) & cells));
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The cells that see at least one cell of `cells`.
fn seen_by_any(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |acc, cell| acc | peers(cell))
}

register_technique!(TechniqueInfo {
    id: "remote-pair",
    name: "Remote Pair",
    summary: "a chain of bivalue cells with one pair: a cell seeing both colours loses both digits",
    params: &[],
    build: |_| Ok(Box::new(RemotePair)),
});

#[cfg(test)]
mod tests {
    use crate::testing::*;

    #[test]
    fn seed_003_first_example() {
        let grid = after_singles(
            ".3..9.68...9.64..2..7..8.5.84.6.9....26...41....2.1.96.9.4..1..6..81.5...14.5..6.",
        );
        let steps = run("remote-pair", &grid);
        let step = steps
            .iter()
            .find(|s| s.description.starts_with("#37"))
            .expect("a #37 remote pair");
        assert_eq!(step.description, "#37 r4c5 r5c4 r5c9 r7c9");
        let elims: Vec<String> = step
            .eliminations
            .iter()
            .map(|(c, d)| format!("{c}<>{d}"))
            .collect();
        assert!(elims.contains(&"r7c5<>7".to_string()), "{}", step.text());
        for (cell, digit) in step.eliminations.iter() {
            let extra = ["r1c9<>7", "r3c9<>3", "r7c5<>7"];
            assert!(
                extra.contains(&format!("{cell}<>{digit}").as_str()),
                "{}",
                step.text()
            );
        }
    }

    #[test]
    fn seed_003_long_chain() {
        let grid = after_singles(
            "2..8..1...8.4..6.3...2968...1..3.2.43.......69.5.8..3...1324...6.2..8.1...8..1..2",
        );
        let steps = run("remote-pair", &grid);
        let step = steps
            .iter()
            .find(|s| s.description.starts_with("#57"))
            .expect("a #57 remote pair");
        assert_eq!(
            step.description.split(' ').count(),
            1 + 7,
            "{}",
            step.text()
        );
        assert!(
            step.eliminations
                .contains(kaidoku_engine::Cell::at(7, 8), 5),
            "{}",
            step.text()
        );
        assert!(
            step.eliminations
                .contains(kaidoku_engine::Cell::at(7, 8), 7),
            "{}",
            step.text()
        );
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
        // A fourth cell, r5c9, makes it a chain: r1c9 sees r1c1 (A) and r5c9 (B).
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
