//! Tests of the base/cover set search.

use super::*;
use crate::board::digits::DigitSet;

fn limits(max_truths: usize, max_rank: usize) -> Limits {
    Limits {
        max_truths,
        max_rank,
        max_truth_size: 2,
    }
}

/// Every pattern found, as (rank, truths, links, eliminations).
fn all(grid: &Grid, limits: Limits) -> Vec<(usize, String, String, String)> {
    let mut out = Vec::new();
    let _ = search(
        grid,
        limits,
        |_| false,
        |logic| {
            out.push((
                logic.rank,
                SetList(logic.truths).to_string(),
                SetList(logic.links).to_string(),
                logic.eliminations.to_candidates().to_string(),
            ));
            ControlFlow::<()>::Continue(())
        },
    );
    out
}

/// An X-Wing is rank 0 logic: truths 5r14 (two places each), links 5c27.
#[test]
fn x_wing_is_rank_0() {
    let mut grid = Grid::new();
    for row in [0, 3] {
        for col in 0..9 {
            if col != 1 && col != 6 {
                grid.eliminate(Cell::at(row, col), 5);
            }
        }
    }
    let found = all(&grid, limits(2, 0));
    assert_eq!(found.len(), 1, "{found:?}");
    let (rank, truths, links, eliminations) = &found[0];
    assert_eq!(*rank, 0);
    assert_eq!(truths, "5r14");
    assert_eq!(links, "5c27");
    assert_eq!(eliminations, "r2c27,r3c27,r5c27,r6c27,r7c27,r8c27,r9c27<>5");
}

/// A naked pair in a row, as two cell truths and two row links; with rank 1 allowed the
/// same truths also meet three-link covers, none of which eliminates anything here.
#[test]
fn naked_pair_is_rank_0_and_rank_1_adds_nothing_false() {
    let mut grid = Grid::new();
    let pair: DigitSet = [3, 8].into_iter().collect();
    for col in [2, 5] {
        for digit in !pair {
            grid.eliminate(Cell::at(4, col), digit);
        }
    }
    let found = all(&grid, limits(2, 1));
    assert!(
        found
            .iter()
            .any(|f| f.0 == 0 && f.1 == "r5c3 r5c6" && f.2 == "3r5 8r5"),
        "{found:?}"
    );
    for (rank, _, _, eliminations) in &found {
        // Every elimination is a 3 or an 8 outside the pair's cells.
        assert!(*rank <= 1);
        assert!(!eliminations.contains("r5c3<") && !eliminations.contains("r5c6<"));
    }
}

/// A collection in unchanged cells is skipped.
#[test]
fn unchanged_truths_are_skipped() {
    let mut grid = Grid::new();
    for row in [0, 3] {
        for col in 0..9 {
            if col != 1 && col != 6 {
                grid.eliminate(Cell::at(row, col), 5);
            }
        }
    }
    let mut n = 0;
    let _ = search(
        &grid,
        limits(2, 0),
        |_| true,
        |_| {
            n += 1;
            ControlFlow::<()>::Continue(())
        },
    );
    assert_eq!(n, 0);
}
