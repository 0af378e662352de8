use super::*;
use crate::patterns::chains::forcing::{ForcingOptions, Propagator};

/// Sweeping to each cap, step by step, gives the propagator's facts, contradictions and
/// cap flag for every assumption of a few positions.
/// A few hard puzzles, and later positions of them, rich in bivalue cells and conjugate
/// pairs: a share of the wrong candidates removed (the solution's stay, so each position
/// stays sound).
fn positions() -> Vec<Grid> {
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];
    let mut positions = Vec::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for puzzle in puzzles {
        let grid = crate::text::parse::parse(puzzle).unwrap();
        for share in [40, 70] {
            positions.push(crate::patterns::chains::test_positions::thinned(
                &grid, share, &mut state,
            ));
        }
        positions.push(grid);
    }
    positions
}

#[test]
fn a_sweep_derives_what_the_propagator_derives() {
    let mut compared = 0;
    let mut contradictions = 0;
    for grid in positions() {
        let sweep = ForcingSweep::new(&grid);
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                for on in [true, false] {
                    let fact = Fact { cell, digit, on };
                    let mut run = sweep.start(fact);
                    for cap in [1, 2, 3, 4, 6, 8, 12, 16, 20] {
                        sweep.extend(&mut run, cap);
                        let options = ForcingOptions {
                            nets: false,
                            max_depth: cap,
                        };
                        let mut propagator = Propagator::new(&grid, options);
                        let expected = propagator.run(fact);
                        let got = run.outcome();
                        assert_eq!(
                            got.contradiction.is_some(),
                            expected.contradiction.is_some(),
                            "{fact} cap {cap}"
                        );
                        if expected.contradiction.is_none() {
                            assert_eq!(got.on, expected.on, "{fact} cap {cap}");
                            assert_eq!(got.off, expected.off, "{fact} cap {cap}");
                            assert_eq!(
                                run.reached_cap(),
                                propagator.reached_cap(),
                                "{fact} cap {cap}"
                            );
                        } else {
                            contradictions += 1;
                        }
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(
        compared > 10_000 && contradictions > 100,
        "{compared} {contradictions}"
    );
}

/// Whether a false candidate meets a contradiction, read off its partners' runs, is what
/// sweeping it says, for every candidate and cap of a few positions, the runs carried up
/// cap by cap as the forcing technique carries them.
#[test]
fn a_false_candidate_contradicts_as_its_partners_runs_say() {
    let (mut compared, mut contradictions) = (0, 0);
    for grid in positions() {
        let sweep = ForcingSweep::new(&grid);
        let candidates: Vec<Fact> = grid
            .empty_cells()
            .iter()
            .flat_map(|c| grid.candidates(c).iter().map(move |d| Fact::on(c, d)))
            .collect();
        let mut true_runs: Vec<SweepRun> = candidates.iter().map(|&f| sweep.start(f)).collect();
        let run_of = |fact: Fact| candidates.iter().position(|&f| f == fact).unwrap();
        for cap in [1, 2, 3, 4, 8, 16, 20] {
            for run in &mut true_runs {
                sweep.extend(run, cap);
            }
            for &fact in &candidates {
                let assumed = Fact { on: false, ..fact };
                let partner_runs = sweep.partners(assumed).map(|p| &true_runs[run_of(p)]);
                let read = sweep.false_contradicts(assumed, partner_runs, cap);
                let mut own = sweep.start(assumed);
                sweep.extend(&mut own, cap);
                assert_eq!(read.contradicts, own.contradicts(), "{assumed} cap {cap}");
                // Settled: the sweep itself has nothing new left.
                if read.settled {
                    sweep.extend(&mut own, cap + 1);
                    assert!(!own.reached_cap(), "{assumed} cap {cap}");
                }
                // Its partners are what a sweep finds one level down.
                let mut first = sweep.start(assumed);
                sweep.extend(&mut first, 1);
                let mut partners: Vec<Fact> = sweep.partners(assumed).collect();
                partners.sort();
                let mut found: Vec<Fact> = first
                    .outcome()
                    .on
                    .iter()
                    .map(|(c, d)| Fact::on(c, d))
                    .collect();
                found.sort();
                if !first.contradicts() {
                    assert_eq!(partners, found, "{assumed}");
                }
                contradictions += read.contradicts as usize;
                compared += 1;
            }
        }
    }
    assert!(
        compared > 5_000 && contradictions > 100,
        "{compared} {contradictions}"
    );
}

/// The quick house marks tell a lost house exactly when the houses met say so.
#[test]
fn house_marks_see_a_lost_house_as_houses_met_do() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut lost = 0;
    for _ in 0..5000 {
        let all = ((next() as u128) << 64 | next() as u128) & CellSet::ALL.bits();
        // Drop a share of the cells (a half to a sixteenth), so houses go now and then.
        let mut dropped = (next() as u128) << 64 | next() as u128;
        for _ in 0..next() % 4 {
            dropped &= (next() as u128) << 64 | next() as u128;
        }
        let kept = all & !dropped;
        let expected = houses_met(CellSet::from_bits(all)).bits()
            & !houses_met(CellSet::from_bits(kept)).bits()
            != 0;
        assert_eq!(house_marks(all).lost_any(house_marks(kept)), expected);
        lost += expected as usize;
    }
    assert!(lost > 1000 && lost < 4900, "{lost}");
}
