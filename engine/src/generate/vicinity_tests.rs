use super::*;
use crate::board::canon::minlex;
use rand::SeedableRng;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Easter Monster: 21 clues, minimal, one solution.
const EASTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
/// A 17-clue puzzle (minimal: no unique puzzle has fewer clues).
const SEVENTEEN: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn parse(text: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (cell, ch) in out.iter_mut().zip(text.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    out
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn changed(a: &[u8; 81], b: &[u8; 81]) -> (usize, usize, usize) {
    let (mut removed, mut added, mut other) = (0, 0, 0);
    for (x, y) in a.iter().zip(b) {
        match (*x, *y) {
            (x, y) if x == y => {}
            (_, 0) => removed += 1,
            (0, _) => added += 1,
            _ => other += 1,
        }
    }
    (removed, added, other)
}

fn no_clash(p: &[u8; 81]) -> bool {
    (0..81).all(|c| {
        p[c] == 0 || {
            let mut q = *p;
            q[c] = 0;
            allowed(&q, c) & (1 << p[c]) != 0
        }
    })
}

#[test]
fn the_test_puzzles_are_unique_and_minimal() {
    for p in [EASTER, SEVENTEEN].map(parse) {
        assert_eq!(count_values(&p, 2), 1);
        assert!(is_minimal(&p));
    }
}

#[test]
fn minus_one_plus_one_lists_unique_neighbours_in_a_fixed_order() {
    let start = parse(EASTER);
    let list = neighbours(&start, 1, 1, &mut rng(1), None);
    assert!(!list.is_empty());
    // The same list from another stream: listing draws nothing.
    assert_eq!(list, neighbours(&start, 1, 1, &mut rng(2), None));
    let distinct: HashSet<_> = list.iter().collect();
    assert_eq!(distinct.len(), list.len());
    for p in &list {
        assert_eq!(changed(&start, p), (1, 1, 0));
        assert_eq!(count_values(p, 2), 1);
        assert!(no_clash(p));
    }
    // The order: by removed clue, then added cell, then digit.
    let order = |p: &[u8; 81]| {
        let gone = (0..81).find(|&c| start[c] != 0 && p[c] == 0).unwrap();
        let new = (0..81).find(|&c| start[c] == 0 && p[c] != 0).unwrap();
        (gone, new, p[new])
    };
    assert!(list.windows(2).all(|w| order(&w[0]) < order(&w[1])));
}

#[test]
fn the_listing_is_all_there_is() {
    // -1+1 checked against the plain definition on the 17-clue puzzle.
    let start = parse(SEVENTEEN);
    let list: HashSet<[u8; 81]> = neighbours(&start, 1, 1, &mut rng(0), None)
        .into_iter()
        .collect();
    let mut expected = HashSet::new();
    for gone in (0..81).filter(|&c| start[c] != 0) {
        for new in (0..81).filter(|&c| start[c] == 0) {
            for digit in 1..=9 {
                let mut p = start;
                p[gone] = 0;
                p[new] = digit;
                if no_clash(&p) && count_values(&p, 2) == 1 {
                    expected.insert(p);
                }
            }
        }
    }
    assert_eq!(list, expected);
    // Removing from a minimal puzzle alone never leaves one solution.
    assert!(neighbours(&start, 1, 0, &mut rng(0), None).is_empty());
}

#[test]
fn sampling_draws_at_most_the_sample_and_repeats_for_a_seed() {
    let start = parse(EASTER);
    for (remove, add) in [(1, 1), (2, 2), (0, 3)] {
        let a = neighbours(&start, remove, add, &mut rng(5), Some(40));
        assert!(a.len() <= 40, "{remove} {add}: {}", a.len());
        assert_eq!(a, neighbours(&start, remove, add, &mut rng(5), Some(40)));
        let distinct: HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), a.len());
        for p in &a {
            assert_eq!(changed(&start, p), (remove, add, 0));
            assert_eq!(count_values(p, 2), 1);
            assert!(no_clash(p));
        }
    }
    // Adding clues to a unique puzzle keeps it unique, so draws find something.
    assert!(!neighbours(&start, 0, 2, &mut rng(5), Some(40)).is_empty());
    // A sample above the count lists everything.
    let all = neighbours(&start, 1, 1, &mut rng(0), None);
    assert_eq!(all, neighbours(&start, 1, 1, &mut rng(9), Some(1_000_000)));
    assert!(neighbours(&start, 1, 1, &mut rng(0), Some(0)).is_empty());
}

#[test]
fn the_combination_count_matches_a_listing() {
    let start = parse(SEVENTEEN);
    let clues: Vec<usize> = (0..81).filter(|&c| start[c] != 0).collect();
    let empties: Vec<usize> = (0..81).filter(|&c| start[c] == 0).collect();
    let count = count_combinations(&start, &clues, &empties, 1, 1, usize::MAX).unwrap();
    let mut listed = 0;
    for &gone in &clues {
        let mut values = start;
        values[gone] = 0;
        add_clues(&mut values, &empties, 0, 1, &mut |_| {
            listed += 1;
            true
        });
    }
    assert_eq!(count, listed);
    assert_eq!(
        count_combinations(&start, &clues, &empties, 1, 1, count - 1),
        None
    );
}

#[test]
fn vicinities_parse() {
    assert_eq!(parse_vicinity("-1+1"), Ok((1, 1)));
    assert_eq!(parse_vicinity("-2+1"), Ok((2, 1)));
    assert_eq!(parse_vicinity(" {-3+1} "), Ok((3, 1)));
    assert_eq!(parse_vicinity("-2"), Ok((2, 0)));
    assert_eq!(parse_vicinity("+4"), Ok((0, 4)));
    assert_eq!(parse_vicinity("-0+2"), Ok((0, 2)));
    for bad in [
        "",
        "-",
        "+",
        "-3+2",
        "-5",
        "+0",
        "-0",
        "1+1",
        "+1-1",
        "-1+1x",
        "-a",
        "-99999999999999999999",
    ] {
        let err = parse_vicinity(bad).unwrap_err();
        assert!(err.contains("-N+M"), "{bad}: {err}");
    }
}

/// A cheap stand-in for a rating: a hash of the clue positions, 0..100.
fn toy_rate(p: &[u8; 81]) -> Option<u16> {
    let mut h = 0u32;
    for (c, &v) in p.iter().enumerate() {
        h = h
            .wrapping_mul(31)
            .wrapping_add(u32::from(v) * (c as u32 + 7));
    }
    // Some puzzles are turned down, as a rating turns down those not solved by logic.
    (!h.is_multiple_of(7)).then_some((h % 100) as u16)
}

fn run(options: &VicinityOptions, rounds: usize) -> (Vec<Found>, VicinityReport) {
    let mut all = Vec::new();
    let last_round = AtomicUsize::new(0);
    let stop = || last_round.load(Ordering::Relaxed) >= rounds;
    let report = search(&[parse(EASTER)], options, &toy_rate, &stop, &mut |f| {
        last_round.store(f.round, Ordering::Relaxed);
        all.push(f.clone());
    });
    (all, report)
}

#[test]
fn search_finds_puzzles_deterministically_whatever_the_threads() {
    let options = VicinityOptions {
        remove: 1,
        add: 2,
        sample: Some(300),
        keep: 2,
        seed: 3,
        ..VicinityOptions::default()
    };
    let (found, report) = run(&options, 3);
    assert!(!found.is_empty());
    assert!(report.rounds >= 3);
    let start_er = toy_rate(&parse(EASTER)).unwrap();
    assert_eq!(
        report.above_start,
        found.iter().filter(|f| f.er > start_er).count() as u64
    );
    assert!(report.rated > found.len() as u64);
    assert!(report.neighbours >= report.rated - 1);
    let best = report.best.unwrap();
    assert_eq!(
        best.1,
        found.iter().map(|f| f.er).max().unwrap().max(start_er)
    );
    // Isomorphs count once.
    let forms: HashSet<_> = found.iter().map(|f| minlex(&f.puzzle)).collect();
    assert_eq!(forms.len(), found.len());
    for f in &found {
        assert_eq!(toy_rate(&f.puzzle), Some(f.er));
        assert_eq!(count_values(&f.puzzle, 2), 1);
        assert!(f.round <= report.rounds);
    }
    let threaded = VicinityOptions {
        threads: 3,
        ..options.clone()
    };
    // Stop is asked between batches, a few ratings per thread, so more threads may find a
    // few more before stopping; what both find comes in the same order.
    let (more, _) = run(&threaded, 3);
    let common = found.len().min(more.len());
    assert!(common > 0);
    assert_eq!(found[..common], more[..common]);
    assert_eq!(run(&threaded, 3).0, more);
    assert_eq!(run(&options, 3), (found.clone(), report.clone()));
    let other_seed = VicinityOptions { seed: 4, ..options };
    assert_ne!(run(&other_seed, 3).0, found);
}

#[test]
fn search_keeps_only_minimal_puzzles_when_asked() {
    let options = VicinityOptions {
        remove: 1,
        add: 2,
        sample: Some(300),
        minimal: true,
        keep: 1,
        ..VicinityOptions::default()
    };
    let (found, _) = run(&options, 2);
    assert!(!found.is_empty());
    assert!(found.iter().all(|f| is_minimal(&f.puzzle)));
}

#[test]
fn search_stops_when_told() {
    let options = VicinityOptions {
        add: 2,
        sample: Some(300),
        ..VicinityOptions::default()
    };
    let report = search(&[parse(EASTER)], &options, &toy_rate, &|| true, &mut |_| {
        panic!("nothing is searched")
    });
    assert_eq!(report.rounds, 0);
    assert_eq!(report.rated, 1);
    assert_eq!(report.best.map(|b| b.1), toy_rate(&parse(EASTER)));
    // Stopping after the first found puzzle: the rest of that batch is still reported,
    // no further batch is rated.
    let calls = AtomicU64::new(0);
    let count = AtomicUsize::new(0);
    let report = search(
        &[parse(EASTER)],
        &options,
        &|p| {
            calls.fetch_add(1, Ordering::Relaxed);
            toy_rate(p)
        },
        &|| count.load(Ordering::Relaxed) > 0,
        &mut |_| {
            count.fetch_add(1, Ordering::Relaxed);
        },
    );
    assert_eq!(report.rounds, 1);
    assert!(count.into_inner() <= 4 && report.rated <= 5);
    assert_eq!(calls.into_inner(), report.rated);
    // Nothing rated: nothing to search from.
    let report = search(
        &[parse(EASTER)],
        &options,
        &|_| None,
        &|| false,
        &mut |_| {},
    );
    assert_eq!((report.rounds, report.best), (0, None));
}

#[test]
fn likely_neighbours_move_one_clue_keep_one_solution_and_repeat_for_a_seed() {
    let typical = crate::generate::generate_one(&Default::default(), None, 0, None, &|| false)
        .unwrap()
        .grid
        .values()
        .to_owned();
    for start in [parse(EASTER), typical] {
        let found = likely_neighbours(&start, &mut rng(3), 20, 200);
        assert!(!found.is_empty());
        assert!(found.len() <= 20);
        for n in &found {
            assert_eq!(count_values(n, 2), 1);
            assert_eq!(
                changed(&start, n),
                (1, 1, 0),
                "one clue out, one in, none changed"
            );
            assert!(no_clash(n));
        }
        assert_eq!(found, likely_neighbours(&start, &mut rng(3), 20, 200));
        // At least as many keep one solution as among as many blind draws.
        let blind = neighbours(&start, 1, 1, &mut rng(3), Some(200));
        assert!(
            found.len() >= blind.len(),
            "{} vs {}",
            found.len(),
            blind.len()
        );
    }
}

#[test]
fn chunked_rounds_climb_from_the_best_and_repeat_whatever_the_threads() {
    let options = VicinityOptions {
        remove: 1,
        add: 1,
        keep: 1,
        chunk: Some(4),
        seed: 2,
        ..VicinityOptions::default()
    };
    let (found, report) = run(&options, 6);
    assert!(!found.is_empty());
    // A round rates at most a chunk of one parent's neighbours.
    for round in 1..=report.rounds {
        assert!(found.iter().filter(|f| f.round == round).count() <= 4);
    }
    // Each round goes on from the best puzzle not yet searched out: a found puzzle rated
    // above its parent is searched from in the next round, before the parent's rest.
    for f in found.iter().filter(|f| f.er > f.parent_er) {
        if let Some(next) = found.iter().find(|g| g.round == f.round + 1) {
            assert!(next.parent_er >= f.er, "{f:?} then {next:?}");
        }
    }
    let threaded = VicinityOptions {
        threads: 2,
        ..options.clone()
    };
    let (again, _) = run(&threaded, 6);
    let common = found.len().min(again.len());
    assert_eq!(found[..common], again[..common]);
}

/// A stand-in for the rating solve up to its first chain: puzzles rated under 20 are rated
/// by the probe; the others get a lower bound up to 6 under their rating.
fn toy_probe(p: &[u8; 81]) -> Probe {
    match toy_rate(p) {
        None => Probe::Unrated,
        Some(er) if er < 20 => Probe::Rated(er),
        Some(er) => Probe::AtLeast(er - er % 7),
    }
}

/// A probed search for `rounds` rounds: what it found, its report, the puzzles probed and the
/// puzzles rated by `rate` (in call order per batch).
type ProbedRun = (Vec<Found>, VicinityReport, Vec<[u8; 81]>, Vec<[u8; 81]>);

fn run_probed(options: &VicinityOptions, rounds: usize) -> ProbedRun {
    let mut all = Vec::new();
    let last_round = AtomicUsize::new(0);
    let probed = std::sync::Mutex::new(Vec::new());
    let rated = std::sync::Mutex::new(Vec::new());
    let stop = || last_round.load(Ordering::Relaxed) >= rounds;
    let report = search_probed(
        &[parse(EASTER)],
        options,
        &|p| {
            probed.lock().unwrap().push(*p);
            toy_probe(p)
        },
        &|p| {
            rated.lock().unwrap().push(*p);
            toy_rate(p)
        },
        &stop,
        &mut |f| {
            last_round.store(f.round, Ordering::Relaxed);
            all.push(f.clone());
        },
    );
    let (mut probed, mut rated) = (probed.into_inner().unwrap(), rated.into_inner().unwrap());
    // Threads finish in any order: compare as sets.
    probed.sort_unstable();
    rated.sort_unstable();
    (all, report, probed, rated)
}

#[test]
fn probed_search_reports_only_full_ratings_and_repeats_whatever_the_threads() {
    let options = VicinityOptions {
        remove: 1,
        add: 2,
        sample: Some(300),
        keep: 2,
        chunk: Some(8),
        margin: Some(2),
        minimal: true,
        seed: 5,
        ..VicinityOptions::default()
    };
    let (found, report, probed, rated) = run_probed(&options, 12);
    assert!(!found.is_empty());
    assert_eq!(report.probed, probed.len() as u64);
    // The start is rated, never probed.
    let start = parse(EASTER);
    assert!(rated.contains(&start) && !probed.contains(&start));
    let by_probe = probed
        .iter()
        .filter(|p| !matches!(toy_probe(p), Probe::AtLeast(_)))
        .count();
    assert_eq!(report.rated, (rated.len() + by_probe) as u64);
    let mut full_ratings = 0;
    for f in &found {
        // Every reported ER is the rating's, whoever gave it.
        assert_eq!(toy_rate(&f.puzzle), Some(f.er));
        assert_eq!(count_values(&f.puzzle, 2), 1);
        assert!(is_minimal(&f.puzzle));
        assert!(probed.binary_search(&f.puzzle).is_ok(), "probed first");
        match toy_probe(&f.puzzle) {
            Probe::Rated(_) => assert!(rated.binary_search(&f.puzzle).is_err()),
            Probe::AtLeast(bound) => {
                assert!(bound <= f.er);
                assert!(rated.binary_search(&f.puzzle).is_ok());
                full_ratings += 1;
            }
            Probe::Unrated => panic!("a turned-down puzzle was reported: {f:?}"),
        }
    }
    assert!(full_ratings > 0);
    // Only probed puzzles with a lower bound go to the rating; some wait unrated.
    assert!(
        rated
            .iter()
            .all(|p| *p == start || probed.binary_search(p).is_ok())
    );
    assert!(rated.len() < probed.len());
    let forms: HashSet<_> = found.iter().map(|f| minlex(&f.puzzle)).collect();
    assert_eq!(forms.len(), found.len());
    let threaded = VicinityOptions {
        threads: 3,
        ..options.clone()
    };
    let (more, ..) = run_probed(&threaded, 12);
    let common = found.len().min(more.len());
    assert!(common > 0);
    assert_eq!(found[..common], more[..common]);
    assert_eq!(run_probed(&options, 12).0, found);
}

#[test]
fn the_margin_holds_back_neighbours_far_under_their_parent() {
    let options = |margin| VicinityOptions {
        remove: 1,
        add: 1,
        keep: 1,
        chunk: Some(6),
        margin,
        seed: 1,
        ..VicinityOptions::default()
    };
    // Without a margin every neighbour with a lower bound is rated in the rounds after it
    // was probed; with a margin of 0, a round rates those whose bound is at least their
    // parent's ER while there are any, and only then others.
    let (_, all_report, all_probed, all_rated) = run_probed(&options(None), 8);
    let (found, report, probed, rated) = run_probed(&options(Some(0)), 8);
    assert!(all_report.rated > 0 && report.rated > 0);
    let waiting = |probed: &[[u8; 81]], rated: &[[u8; 81]]| {
        probed
            .iter()
            .filter(|p| matches!(toy_probe(p), Probe::AtLeast(_)))
            .filter(|p| rated.binary_search(p).is_err())
            .count()
    };
    assert!(waiting(&probed, &rated) > waiting(&all_probed, &all_rated));
    let mut within_rounds = 0;
    for round in 1..=report.rounds {
        let within: Vec<bool> = found
            .iter()
            .filter(|f| f.round == round && rated.binary_search(&f.puzzle).is_ok())
            .map(|f| match toy_probe(&f.puzzle) {
                Probe::AtLeast(bound) => bound >= f.parent_er,
                other => panic!("{f:?} was rated in full after {other:?}"),
            })
            .collect();
        assert!(
            within.iter().all(|&w| w) || !within.iter().any(|&w| w),
            "round {round}"
        );
        within_rounds += usize::from(within.first() == Some(&true));
    }
    assert!(within_rounds > 0);
}

#[test]
fn listing_neighbours_ends_when_told() {
    let start = parse(EASTER);
    let all = neighbours(&start, 1, 1, &mut rng(0), None);
    // Told to stop at the first look: what was found before it, in the same order.
    let looks = AtomicUsize::new(0);
    let early = neighbours_until(&start, 1, 1, &mut rng(0), None, &|| {
        looks.fetch_add(1, Ordering::Relaxed) >= 1
    });
    assert!(early.len() < all.len(), "{} of {}", early.len(), all.len());
    assert_eq!(early[..], all[..early.len()]);
    // The same for drawn neighbours.
    let drawn = neighbours(&start, 2, 2, &mut rng(4), Some(2_000));
    let early = neighbours_until(&start, 2, 2, &mut rng(4), Some(2_000), &|| true);
    assert!(early.len() < drawn.len());
    assert_eq!(early[..], drawn[..early.len()]);
    // Never told: every neighbour.
    assert_eq!(
        neighbours_until(&start, 1, 1, &mut rng(0), None, &|| false),
        all
    );
}
