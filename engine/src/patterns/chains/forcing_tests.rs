use super::*;

#[test]
fn a_placed_digit_leaves_its_peers_and_its_cell() {
    let grid = Grid::new();
    let mut p = Propagator::new(
        &grid,
        ForcingOptions {
            nets: true,
            max_depth: 1,
        },
    );
    let outcome = p.run(Fact::on(Cell::at(0, 0), 5));
    assert_eq!(outcome.contradiction, None);
    assert_eq!(outcome.off.len(), 20 + 8);
    assert!(outcome.off.contains(Cell::at(0, 8), 5));
    let chain = p.chain_to(Fact::off(Cell::at(0, 8), 5)).unwrap();
    assert_eq!(chain.to_string(), "5r1c1-5r1c9");
}

#[test]
fn a_wrong_assumption_meets_a_contradiction() {
    // Three cells of row 1 with only #12 between them: any value empties the third.
    let mut g = Grid::new();
    for col in 0..3 {
        for digit in 3..=9 {
            g.eliminate(Cell::at(0, col), digit);
        }
    }
    let options = ForcingOptions {
        nets: true,
        max_depth: 10,
    };
    let mut p = Propagator::new(&g, options);
    let outcome = p.run(Fact::on(Cell::at(0, 0), 1));
    // r1c3 is 2 (its last candidate) and not 2 (r1c2 holds it), both at depth 3.
    assert_eq!(
        outcome.contradiction,
        Some(Contradiction::Both(Cell::at(0, 2), 2))
    );
    let (chains, depth) = p.contradiction_chains().unwrap();
    let mut texts: Vec<String> = chains.iter().map(|c| c.to_string()).collect();
    texts.sort();
    assert_eq!(texts, ["1r1c1-1r1c2=2r1c2-2r1c3", "1r1c1-1r1c3=2r1c3"]);
    assert_eq!(depth, 3);
    let links = chains.iter().map(Chain::len).sum();
    assert_eq!(p.contradiction_size(), Some((depth, links)));
    // Within two steps nothing clashes yet.
    let options = ForcingOptions {
        nets: false,
        max_depth: 2,
    };
    let mut short = Propagator::new(&g, options);
    assert_eq!(short.run(Fact::on(Cell::at(0, 0), 1)).contradiction, None);
}

/// Every fact of the last run with its depth, in order.
fn facts_of(p: &Propagator) -> Vec<(Fact, u16)> {
    p.facts.iter().map(|e| (e.fact, e.depth)).collect()
}

#[test]
fn a_run_kept_under_a_low_cap_goes_on_as_a_fresh_run_would() {
    let grid = crate::text::parse::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let (mut kept, mut resumed, mut cut_runs) = (0, 0, 0);
    for nets in [false, true] {
        let at = |max_depth| ForcingOptions { nets, max_depth };
        let (mut low, mut high, mut fresh) = (
            Propagator::new(&grid, at(4)),
            Propagator::new(&grid, at(8)),
            Propagator::new(&grid, at(8)),
        );
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                for on in [true, false] {
                    let fact = Fact { cell, digit, on };
                    let first = low.run(fact);
                    let again = fresh.run(fact);
                    match low.snapshot() {
                        None if !low.reached_cap() => {
                            // Not cut: a higher cap derives the same.
                            kept += 1;
                            assert_eq!(first, again, "{fact}");
                            assert_eq!(facts_of(&low), facts_of(&fresh), "{fact}");
                        }
                        None => {
                            cut_runs += 1;
                            assert!(first.contradiction.is_some());
                        }
                        Some(snapshot) => {
                            resumed += 1;
                            assert_eq!(high.resume(&snapshot), again, "{fact}");
                            assert_eq!(facts_of(&high), facts_of(&fresh), "{fact}");
                            assert_eq!(high.reached_cap(), fresh.reached_cap());
                            assert_eq!(high.contradiction_chains(), fresh.contradiction_chains());
                        }
                    }
                }
            }
        }
    }
    assert!(kept > 0 && resumed > 0, "{kept} {resumed} {cut_runs}");
}

/// A kept run read back under its own cap, or under a higher one, is what a fresh run
/// there gives: facts, outcome, cap flag, contradiction chains, the state left behind.
#[test]
fn a_kept_run_reads_back_as_a_fresh_run() {
    let puzzle = crate::text::parse::parse(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    )
    .unwrap();
    // A later position too (some wrong candidates gone), where more assumptions clash.
    let later = crate::patterns::chains::test_positions::thinned(&puzzle, 50, &mut 0x5EED);
    let (mut contradictions, mut cut) = (0, 0);
    for (grid, nets) in [
        (&puzzle, false),
        (&puzzle, true),
        (&later, false),
        (&later, true),
    ] {
        let at = |max_depth| ForcingOptions { nets, max_depth };
        let mut low = Propagator::new(grid, at(4));
        let mut reader = [Propagator::new(grid, at(4)), Propagator::new(grid, at(9))];
        let mut fresh = [Propagator::new(grid, at(4)), Propagator::new(grid, at(9))];
        let candidates = grid
            .empty_cells()
            .iter()
            .flat_map(|c| grid.candidates(c).iter().map(move |d| (c, d)));
        for (cell, digit) in candidates {
            for on in [true, false] {
                let fact = Fact { cell, digit, on };
                low.run(fact);
                let kept = low.keep();
                contradictions += kept.outcome().contradiction.is_some() as usize;
                cut += low.reached_cap() as usize;
                for (reader, fresh) in reader.iter_mut().zip(&mut fresh) {
                    let expected = fresh.run(fact);
                    assert_eq!(reader.restore(&kept), expected, "{fact}");
                    assert_eq!(facts_of(reader), facts_of(fresh), "{fact}");
                    assert_eq!(reader.reached_cap(), fresh.reached_cap(), "{fact}");
                    assert_eq!(reader.contradiction_chains(), fresh.contradiction_chains());
                    assert_eq!(reader.live, fresh.live, "{fact}");
                    assert_eq!(reader.live_digits, fresh.live_digits, "{fact}");
                }
            }
        }
    }
    assert!(contradictions > 100 && cut > 100, "{contradictions} {cut}");
}

/// A run stopped once some facts are derived gives them the depths and chains a whole run
/// gives them, and stops short of the whole run when they all lie before its end.
#[test]
fn a_run_until_facts_are_derived_gives_them_as_a_whole_run_does() {
    let grid = crate::text::parse::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let mut stopped_early = 0;
    for nets in [false, true] {
        let options = ForcingOptions { nets, max_depth: 8 };
        let (mut whole, mut until) = (
            Propagator::new(&grid, options),
            Propagator::new(&grid, options),
        );
        for cell in grid.empty_cells() {
            for digit in grid.candidates(cell) {
                let fact = Fact::on(cell, digit);
                whole.run(fact);
                let facts = facts_of(&whole);
                // A few facts spread over the run: every seventh one.
                let wanted: Vec<Fact> = facts.iter().step_by(7).map(|&(f, _)| f).collect();
                until.run_until(fact, &wanted);
                for &f in &wanted {
                    assert_eq!(until.depth_of(f), whole.depth_of(f), "{fact} {f}");
                    assert_eq!(until.chain_to(f), whole.chain_to(f), "{fact} {f}");
                }
                let derived = facts_of(&until);
                assert_eq!(derived, facts[..derived.len()], "{fact}");
                stopped_early += (derived.len() < facts.len()) as usize;
            }
        }
    }
    assert!(stopped_early > 10, "{stopped_early}");
}
