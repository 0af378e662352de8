use super::*;
use std::path::PathBuf;

fn parse(s: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    assert_eq!(s.len(), 81, "{s}");
    for (cell, ch) in out.iter_mut().zip(s.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    out
}

fn show(p: &[u8; 81]) -> String {
    p.iter().map(|&v| char::from(b'0' + v)).collect()
}

// Grids published as minlex forms, so each is its own form.
// Red Ed's smallest and largest minlex grids: Enjoy Sudoku forum, "Canonical Form" thread,
// posts of 2007-01-28 (http://forum.enjoysudoku.com/canonical-form-t5215.html).
const RED_ED_MIN: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
const RED_ED_MAX: &str =
    "123456789457893612986217354274538196531964827698721435342685971715349268869172543";
// The second and next-to-last grids of the minlex grid catalogue, as quoted by dobrichev in
// "MinLex Puzzles", 2021-01-25 (http://forum.enjoysudoku.com/minlex-puzzles-t38644-30.html);
// its first and last are Red Ed's two above.
const CATALOGUE_2ND: &str =
    "123456789456789123789123456214365897365897214897214365531642978648971532972538641";
const CATALOGUE_PENULTIMATE: &str =
    "123456789457389621896217354268741593745893162931625847382164975574938216619572438";
// A solution Mathimagics points out "cannot be minlex" (r5c1 = 7 with r6c1 = 2), same thread,
// 2021-01-23 (http://forum.enjoysudoku.com/minlex-puzzles-t38644.html).
const NOT_MINLEX: &str =
    "123456789456879123987213456365794812794182365218365947631547298542938671879621534";
// The first lines of the list of all 49,158 17-clue puzzles, a list "in puzzle minLex order"
// (Sojourner9, "The Missing Six - 17 Clue Puzzles", 2024-04-03,
// http://forum.enjoysudoku.com/the-missing-six-17-clue-puzzles-t42695.html); the first line is
// quoted widely, e.g. as line 1 of tdoku's data/puzzles2_17_clue. (Not every line of that
// copy is: see `LIST_LINE_45008`.)
const SEVENTEENS: [&str; 5] = [
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
];
// Line 45,008 of the same copy of the list, which is not in minlex form: the smallest
// transform (found by the brute force below too) starts `000000001000001023`. 1,505 of the
// copy's 49,158 lines are like this; 535 of them are the smallest form without transposing.
const LIST_LINE_45008: &str =
    "000000001000002000001000034000000500000140000560000200000050007200006800800000000";
// The second puzzle of tdoku's puzzles1_unbiased (typical, 25 clues).
const UNBIASED: &str =
    "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..";

/// A deterministic source of permutations (the engine has no RNG dependency).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    fn perm<const N: usize>(&mut self, first: u8) -> [u8; N] {
        let mut p = [0u8; N];
        for (i, x) in p.iter_mut().enumerate() {
            *x = first + i as u8;
        }
        for i in (1..N).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }

    fn transform(&mut self) -> Transform {
        Transform::from_permutations(
            self.below(2) == 1,
            self.perm(0),
            [self.perm(0), self.perm(0), self.perm(0)],
            self.perm(0),
            [self.perm(0), self.perm(0), self.perm(0)],
            self.perm(1),
        )
        .unwrap()
    }
}

/// A grid whose transpose is itself relabelled: with r = 3a + b and c = 3x + y, cell (r, c)
/// holds the pair (b + x, a + y) mod 3 (a Latin square on rows, columns and boxes), and
/// transposing swaps the pair's halves.
fn symmetric_grid() -> [u8; 81] {
    let mut g = [0u8; 81];
    for (i, cell) in g.iter_mut().enumerate() {
        let (r, c) = (i / 9, i % 9);
        *cell = (3 * ((r % 3 + c / 3) % 3) + (r / 3 + c % 3) % 3 + 1) as u8;
    }
    g
}

/// A puzzle with an automorphism: clues of that grid on cells closed under transposition.
fn symmetric_puzzle() -> [u8; 81] {
    let g = symmetric_grid();
    let mut p = [0u8; 81];
    for (r, c) in [
        (0, 0),
        (0, 4),
        (1, 7),
        (2, 5),
        (3, 3),
        (4, 8),
        (5, 6),
        (6, 2),
        (8, 8),
    ] {
        p[r * 9 + c] = g[r * 9 + c];
        p[c * 9 + r] = g[c * 9 + r];
    }
    p
}

fn digit_counts(p: &[u8; 81]) -> Vec<usize> {
    let mut counts: Vec<usize> = (1..=9)
        .map(|d| p.iter().filter(|&&v| v == d).count())
        .collect();
    counts.sort_unstable();
    counts
}

/// The definition, run literally: every one of the 2·6^8 positional transforms, digits
/// relabelled by first appearance. A comparison stops at the first cell that is larger.
fn brute_minlex(puzzle: &[u8; 81]) -> [u8; 81] {
    let lines = crate::board::transform::line_orders();
    let mut transposed = [0u8; 81];
    for i in 0..81 {
        transposed[i] = puzzle[(i % 9) * 9 + i / 9];
    }
    let mut best = [u8::MAX; 81];
    let mut cand = [0u8; 81];
    for g in [puzzle, &transposed] {
        for rows in lines {
            for cols in lines {
                let mut map = [0u8; 10];
                let mut next = 1;
                let mut less = false;
                let mut complete = true;
                for i in 0..81 {
                    let d = g[rows[i / 9] as usize * 9 + cols[i % 9] as usize] as usize;
                    if d != 0 && map[d] == 0 {
                        map[d] = next;
                        next += 1;
                    }
                    cand[i] = map[d];
                    if !less {
                        if cand[i] > best[i] {
                            complete = false;
                            break;
                        }
                        less = cand[i] < best[i];
                    }
                }
                if complete && less {
                    best = cand;
                }
            }
        }
    }
    best
}

#[test]
fn published_minlex_grids_are_their_own_form_from_any_transform() {
    let mut rng = Lcg(1);
    for s in [RED_ED_MIN, RED_ED_MAX, CATALOGUE_2ND, CATALOGUE_PENULTIMATE] {
        let g = parse(s);
        assert_eq!(show(&minlex(&g)), s);
        for _ in 0..10 {
            let t = rng.transform();
            assert_eq!(show(&minlex(&t.apply(&g))), s, "{t:?}");
        }
    }
}

#[test]
fn a_grid_published_as_not_minlex_is_not() {
    let g = parse(NOT_MINLEX);
    let form = minlex(&g);
    assert_ne!(show(&form), NOT_MINLEX);
    assert!(show(&form).as_str() < NOT_MINLEX);
    assert!(show(&form).starts_with("12345678945"));
}

#[test]
fn the_first_17_clue_puzzles_of_the_minlex_list_are_their_own_form() {
    let mut rng = Lcg(2);
    for s in SEVENTEENS {
        let p = parse(s);
        assert_eq!(minlex_string(&p), s);
        for _ in 0..10 {
            assert_eq!(minlex_string(&rng.transform().apply(&p)), s);
        }
    }
    // The list is sorted, and '.' sorts as the forum's '0' does.
    assert!(SEVENTEENS.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn a_line_of_the_17_clue_list_is_not_in_minlex_form() {
    let form = minlex_string(&parse(LIST_LINE_45008));
    assert!(form.starts_with("........1.....1.23"), "{form}");
}

#[test]
fn matches_the_brute_force_definition() {
    let mut rng = Lcg(3);
    let mut one_clue = [0u8; 81];
    one_clue[40] = 7;
    // Not a Sudoku at all: digits 1..=3 repeated in houses.
    let mut repeats = [0u8; 81];
    for _ in 0..30 {
        repeats[rng.below(81)] = 1 + rng.below(3) as u8;
    }
    let puzzles = [
        repeats,
        rng.transform().apply(&parse(SEVENTEENS[2])),
        rng.transform().apply(&parse(UNBIASED)),
        rng.transform().apply(&symmetric_puzzle()),
        rng.transform().apply(&parse(NOT_MINLEX)),
        parse(LIST_LINE_45008),
        one_clue,
    ];
    for p in &puzzles {
        assert_eq!(show(&minlex(p)), show(&brute_minlex(p)), "{}", show(p));
        assert_eq!(canonical_transform(p).apply(p), minlex(p));
    }
}

#[test]
fn every_transform_of_a_puzzle_has_the_same_form() {
    let mut rng = Lcg(4);
    let mut one_clue = [0u8; 81];
    one_clue[13] = 4;
    let puzzles = [
        parse(SEVENTEENS[4]),
        parse(UNBIASED),
        parse(RED_ED_MIN),
        symmetric_grid(),
        symmetric_puzzle(),
        one_clue,
        [0u8; 81],
    ];
    for p in &puzzles {
        let form = minlex(p);
        assert_eq!(minlex(&form), form, "idempotent");
        assert_eq!(canonical_transform(p).apply(p), form);
        assert_eq!(
            form.iter().filter(|&&v| v != 0).count(),
            p.iter().filter(|&&v| v != 0).count()
        );
        assert_eq!(digit_counts(&form), digit_counts(p));
        for _ in 0..20 {
            let t = rng.transform();
            let q = t.apply(p);
            assert_eq!(minlex(&q), form, "{} under {t:?}", show(p));
            assert_eq!(canonical_transform(&q).apply(&q), form);
        }
    }
}

#[test]
fn the_symmetric_puzzle_has_an_automorphism() {
    let id = Transform::IDENTITY;
    let swap_halves = [1, 4, 7, 2, 5, 8, 3, 6, 9];
    let t = Transform::new(true, id.rows(), id.cols(), swap_halves).unwrap();
    assert_eq!(t.apply(&symmetric_grid()), symmetric_grid());
    let p = symmetric_puzzle();
    assert_eq!(t.apply(&p), p);
    assert!(p.iter().filter(|&&v| v != 0).count() >= 12);
}

#[test]
fn forms_of_different_puzzles_differ() {
    let forms: Vec<_> = SEVENTEENS.iter().map(|s| minlex(&parse(s))).collect();
    for (i, a) in forms.iter().enumerate() {
        for b in &forms[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn transforms_compose_invert_and_reject_bad_parts() {
    let mut rng = Lcg(5);
    let p = parse(UNBIASED);
    assert_eq!(Transform::IDENTITY.apply(&p), p);
    for _ in 0..20 {
        let t = rng.transform();
        assert_eq!(t.inverse().apply(&t.apply(&p)), p, "{t:?}");
        assert_eq!(t.inverse().inverse(), t);
    }
    let id = Transform::IDENTITY;
    // Rows 2 and 3 are in different bands.
    assert!(Transform::new(false, [0, 1, 3, 2, 4, 5, 6, 7, 8], id.cols(), id.digits()).is_none());
    assert!(Transform::new(false, id.rows(), [0, 1, 2, 3, 4, 5, 6, 7, 7], id.digits()).is_none());
    assert!(Transform::new(false, id.rows(), id.cols(), [1, 2, 3, 4, 5, 6, 7, 8, 8]).is_none());
    assert!(Transform::new(false, id.rows(), id.cols(), [0, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
    let p3 = [0, 1, 2];
    assert!(
        Transform::from_permutations(false, [0, 1, 1], [p3; 3], p3, [p3; 3], id.digits()).is_none()
    );
    assert!(
        Transform::from_permutations(false, p3, [p3, p3, [0, 3, 1]], p3, [p3; 3], id.digits())
            .is_none()
    );
    let t = Transform::from_permutations(
        true,
        [2, 0, 1],
        [[1, 0, 2], p3, p3],
        p3,
        [p3; 3],
        id.digits(),
    )
    .unwrap();
    assert!(t.transposes());
    assert_eq!(t.rows(), [7, 6, 8, 0, 1, 2, 3, 4, 5]);
    assert_eq!(t.apply(&p)[0], p[7]); // transposed: row 7 of the transpose is column 7
}

#[test]
fn the_string_form_writes_dots() {
    let s = minlex_string(&parse(UNBIASED));
    assert_eq!(s.len(), 81);
    assert!(s.starts_with(".."));
    assert_eq!(s.replace('.', "0"), show(&minlex(&parse(UNBIASED))));
}

fn puzzle_file(name: &str) -> Option<Vec<[u8; 81]>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/puzzles")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(parse).collect()),
        Err(e) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "SKIPPED: {}: {e}", path.display());
            None
        }
    }
}

/// The list's first 3,768 lines are in minlex form (not all later ones: see
/// `LIST_LINE_45008`).
#[test]
fn shared_17_clue_list_starts_in_minlex_form() {
    let Some(puzzles) = puzzle_file("17clue.txt") else {
        return;
    };
    for (n, p) in puzzles.iter().take(1000).enumerate() {
        assert_eq!(&minlex(p), p, "line {}", n + 1);
    }
}

#[test]
fn shared_unbiased_puzzles_keep_their_form_under_transforms() {
    let Some(puzzles) = puzzle_file("unbiased.txt") else {
        return;
    };
    let mut rng = Lcg(6);
    for (n, p) in puzzles.iter().take(300).enumerate() {
        let form = minlex(p);
        assert_eq!(minlex(&rng.transform().apply(p)), form, "line {}", n + 1);
        assert_eq!(minlex(&form), form, "line {}", n + 1);
    }
}

/// The whole 17-clue list, and the speed: `cargo test --release -p kaidoku-engine --lib canon --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn speed_and_whole_17_clue_list() {
    for name in ["17clue.txt", "unbiased.txt", "top1465.txt"] {
        let Some(puzzles) = puzzle_file(name) else {
            continue;
        };
        let first = &puzzles[..puzzles.len().min(1000)];
        let start = std::time::Instant::now();
        let mut sum = 0u64;
        for p in first {
            sum += minlex(p)[80] as u64;
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / first.len() as f64;
        println!(
            "{name}: first {}: {us:.1} µs/puzzle (checksum {sum})",
            first.len()
        );
    }
    let grids: Vec<_> = [RED_ED_MIN, RED_ED_MAX, NOT_MINLEX]
        .iter()
        .map(|s| parse(s))
        .collect();
    let start = std::time::Instant::now();
    for _ in 0..100 {
        for g in &grids {
            std::hint::black_box(minlex(g));
        }
    }
    println!(
        "grids: {:.1} µs/grid",
        start.elapsed().as_secs_f64() * 1e6 / 300.0
    );
    if let Some(puzzles) = puzzle_file("17clue.txt") {
        let bad = puzzles.iter().filter(|p| minlex(p) != **p).count();
        println!(
            "17clue.txt: {} puzzles, {bad} not in minlex form",
            puzzles.len()
        );
        // 1,505 in the copy of 2026-11-22: see `LIST_LINE_45008`.
    }
}
