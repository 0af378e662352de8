//! Tests of the firework family beyond the fixtures: the core's geometry, soundness in verify
//! mode, and (ignored, by hand) a scanner printing fixture candidates from puzzle files.

use super::*;
use crate::testing::*;

#[test]
fn frames_have_their_leaves_outside_the_box_and_a_corner_seeing_both() {
    let grid = position(SEED_LAST_DIGIT);
    let mut count = 0;
    for frame in frames(&grid) {
        count += 1;
        let bx = House::box_(frame.stem.box_index()).cells();
        assert!(!bx.contains(frame.row_leaf) && !bx.contains(frame.col_leaf));
        assert_eq!(frame.row_leaf.row(), frame.stem.row());
        assert_eq!(frame.col_leaf.col(), frame.stem.col());
        let corner = frame.corner();
        assert!(peers(corner).contains(frame.row_leaf) && peers(corner).contains(frame.col_leaf));
        assert!(!peers(corner).contains(frame.stem));
        assert_eq!(frame.opposite().opposite(), frame);
    }
    assert!(count > 0);
}

/// Each firework digit's property (in the stem or a leaf) holds in the solution, and a strong
/// one's (in the stem or in both leaves), along a whole solving path.
#[test]
fn firework_digits_hold_in_the_solution() {
    let sample = include_str!("../../../../testdata/sudoku-exchange-sample.tsv");
    let solver = verifying_solver(
        "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n\
         [[technique]]\nid = \"locked-candidates\"\n[[technique]]\nid = \"locked-set\"\n",
    );
    let mut checked = 0;
    for line in sample.lines().step_by(40) {
        let Some((puzzle, _)) = line.split_once('\t') else {
            continue;
        };
        let start = position(puzzle);
        let Some(solution) = start.solutions(2).first else {
            continue;
        };
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        for step in std::iter::once(None).chain(trace.steps.iter().map(Some)) {
            if let Some(step) = step {
                step.apply(&mut grid);
            }
            for frame in frames(&grid) {
                let value = |c: Cell| solution[c.index()];
                for d in firework_digits(&grid, frame) {
                    assert!(frame.cells().iter().any(|c| value(c) == d));
                    checked += 1;
                }
                for d in strong_digits(&grid, frame) {
                    assert!(value(frame.stem) == d || frame.leaves().iter().all(|c| value(c) == d));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} fireworks checked");
}

/// The six techniques in verify mode after the basics, over sample puzzles: no unsound step.
#[test]
fn fireworks_are_sound_in_verify_mode() {
    let sample = include_str!("../../../../testdata/sudoku-exchange-sample.tsv");
    let mut techniques = String::new();
    for id in ["hidden-single", "naked-single", "locked-candidates"] {
        techniques.push_str(&format!("[[technique]]\nid = \"{id}\"\n"));
    }
    for id in IDS {
        techniques.push_str(&format!("[[technique]]\nid = \"{id}\"\n"));
    }
    let solver = verifying_solver(&techniques);
    for line in sample.lines().step_by(25) {
        let Some((puzzle, _)) = line.split_once('\t') else {
            continue;
        };
        let trace = solver.solve(&position(puzzle));
        assert!(trace.error.is_none(), "{puzzle}: {:?}", trace.error);
    }
}

const IDS: [&str; 6] = [
    "firework-triple",
    "firework-quadruple",
    "firework-w-wing",
    "firework-l-wing",
    "firework-alp",
    "firework-dual-alp",
];

/// The hand-run scanners' puzzle file (`FW_PUZZLES`) and stride (`FW_EVERY`, default 1).
fn puzzles_to_scan() -> Option<(String, usize)> {
    let Ok(path) = std::env::var("FW_PUZZLES") else {
        eprintln!("SKIPPED: set FW_PUZZLES");
        return None;
    };
    let every = std::env::var("FW_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    Some((path, every))
}

/// Prints fixture candidates: solves `FW_PUZZLES` (every `FW_EVERY`th line) with
/// `configs/hardest.toml` cut before its fireworks section, the six techniques there, and no
/// forcing; prints each firework step met as a library line (and `-x` lines for the position
/// after it when the technique finds nothing more). Run by hand:
/// `FW_PUZZLES=../shared/puzzles/top1465.txt cargo test -p kaidoku-techniques --release
/// print_firework_fixtures -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_firework_fixtures() {
    use kaidoku_engine::fixtures::library_line;
    let Some((path, every)) = puzzles_to_scan() else {
        return;
    };
    let hardest = include_str!("../../../../configs/hardest.toml");
    // `FW_BEFORE=<text of hardest.toml>` places the fireworks earlier (e.g. before the finned
    // fish), for more positions.
    let marker = std::env::var("FW_BEFORE").unwrap_or_else(|_| "# ---- Fireworks".into());
    let cut = hardest
        .find(marker.as_str())
        .expect("the marker in hardest.toml");
    let mut config = hardest[..cut].replace("name = \"hardest\"", "name = \"scan\"");
    for id in IDS {
        config.push_str(&format!("[[technique]]\nid = \"{id}\"\n\n"));
    }
    if std::env::var("FW_REST").is_ok() {
        let rest = &hardest[cut..];
        config.push_str(&rest[..rest.find("# ---- Forcing").unwrap_or(rest.len())]);
    }
    let config = crate::parse_config(&config, "scan.toml", "scan", std::path::Path::new("."))
        .expect("config");
    let solver = kaidoku_engine::Solver::new(config).expect("solver");
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for (n, line) in text.lines().enumerate().step_by(every) {
        let puzzle = line.split_whitespace().next().unwrap_or("");
        let Ok(start) = kaidoku_engine::parse::parse(puzzle) else {
            continue;
        };
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        for step in &trace.steps {
            if step.technique.starts_with("firework-") {
                println!("#{n} {}", step.text());
                println!(
                    "{}\t{}",
                    step.technique,
                    library_line(&code_of(&step.technique), &grid, step)
                );
                let mut after = grid.clone();
                step.apply(&mut after);
                let entry = registry.get(&step.technique).unwrap();
                if crate::registry_tests::all_steps(entry, "", &after).is_empty() {
                    let code = format!("{}-x", code_of(&step.technique));
                    println!(
                        "{}\t{}",
                        step.technique,
                        library_line(&code, &after, &Step::new(StepKind::GUESS))
                    );
                }
            }
            step.apply(&mut grid);
        }
    }
}

/// The fixture code of a technique: its id without `firework-` and dashes (a dash starts the
/// variant, as in `fwalp-x`).
fn code_of(id: &str) -> String {
    let short = match id.trim_start_matches("firework-") {
        "quadruple" => "quad",
        other => other,
    };
    format!("fw{}", short.replace('-', ""))
}

/// Scans real positions for Firework L-Wing and Dual ALP (issue 25): walks the solving path of
/// every `FW_EVERY`th puzzle of `FW_PUZZLES` with `FW_CONFIG` (`hardest`, `default`, or a path;
/// cut before the text `FW_CUT` if set, e.g. `# ---- Forcing`), asks both techniques for every
/// step at each position (the start and the one before every step), checks each against the
/// solution, and prints a library line for each position where one fires, then the counts.
/// Run by hand: `FW_PUZZLES=../../../shared/puzzles/top1465.txt cargo test -p kaidoku-techniques
/// --release scan_l_wing_and_dual_alp -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_l_wing_and_dual_alp() {
    use kaidoku_engine::fixtures::library_line;
    let Some((path, every)) = puzzles_to_scan() else {
        return;
    };
    let config = match std::env::var("FW_CONFIG").as_deref() {
        Ok("default") => include_str!("../../../../configs/default.toml").to_string(),
        Ok("hardest") | Err(_) => include_str!("../../../../configs/hardest.toml").to_string(),
        Ok(other) => std::fs::read_to_string(other).expect("FW_CONFIG"),
    };
    let config = match std::env::var("FW_CUT") {
        Ok(marker) if !marker.is_empty() => {
            config[..config.find(marker.as_str()).expect("FW_CUT")].to_string()
        }
        _ => config,
    };
    let config = crate::parse_config(&config, "scan.toml", "scan", std::path::Path::new("."))
        .expect("config");
    let solver = kaidoku_engine::Solver::new(config).expect("solver");
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let ids = ["firework-l-wing", "firework-dual-alp"];
    let entries: Vec<_> = ids.iter().map(|id| registry.get(id).unwrap()).collect();
    let (mut puzzles, mut positions) = (0usize, 0usize);
    let mut found = [0usize; 2];
    let mut fired_at = [0usize; 2];
    let mut unsound = 0usize;
    let mut near = [0usize; 3];
    let text = std::fs::read_to_string(&path).unwrap();
    for (n, line) in text.lines().enumerate().step_by(every) {
        let puzzle = line.split_whitespace().next().unwrap_or("");
        let Ok(start) = kaidoku_engine::parse::parse(puzzle) else {
            continue;
        };
        let Some(solution) = start.solutions(2).first else {
            continue;
        };
        puzzles += 1;
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        for step in std::iter::once(None).chain(trace.steps.iter().map(Some)) {
            if let Some(step) = step {
                step.apply(&mut grid);
            }
            if grid.is_solved() {
                break;
            }
            positions += 1;
            let [alp, two, apart] = dual_alp_near_misses(&grid);
            near[0] += alp;
            near[1] += two;
            near[2] += apart;
            for (i, entry) in entries.iter().enumerate() {
                let steps = crate::registry_tests::all_steps(entry, "", &grid);
                if steps.is_empty() {
                    continue;
                }
                fired_at[i] += 1;
                for s in &steps {
                    found[i] += 1;
                    let wrong = s.eliminations.iter().any(|(c, d)| solution[c.index()] == d);
                    if wrong {
                        unsound += 1;
                        println!("UNSOUND line {} {}", n + 1, s.text());
                    }
                    println!("#line {} {}", n + 1, s.text());
                    println!("{}\t{}", ids[i], library_line(&code_of(ids[i]), &grid, s));
                    let mut after = grid.clone();
                    s.apply(&mut after);
                    if crate::registry_tests::all_steps(entry, "", &after).is_empty() {
                        let code = format!("{}-x", code_of(ids[i]));
                        let none = Step::new(StepKind::GUESS);
                        println!("{}-x\t{}", ids[i], library_line(&code, &after, &none));
                    }
                }
            }
        }
    }
    println!(
        "SUMMARY {path}: puzzles {puzzles}, positions {positions}, l-wing steps {} at {} \
         positions, dual-alp steps {} at {} positions, unsound {unsound}; firework pairs \
         cornered on their own bivalue pair {}, corners with two such stems {}, with two stems \
         in different rows and columns {}",
        found[0], fired_at[0], found[1], fired_at[1], near[0], near[1], near[2]
    );
    assert_eq!(unsound, 0);
}

/// How close a position comes to a Dual ALP: the frames whose corner is a bivalue cell holding
/// two of the stem's firework digits (a Firework ALP's pattern), the corners with two such
/// stems, and the corners with two such stems in different rows and columns.
fn dual_alp_near_misses(grid: &Grid) -> [usize; 3] {
    let bivalue = grid.bivalue_cells();
    let mut stems: Vec<(Cell, Cell)> = Vec::new();
    for frame in frames(grid) {
        let corner = frame.corner();
        if bivalue.contains(corner)
            && grid
                .candidates(corner)
                .is_subset_of(firework_digits(grid, frame))
        {
            stems.push((corner, frame.stem));
        }
    }
    let (mut two, mut apart) = (0, 0);
    for corner in bivalue {
        let mine: Vec<Cell> = stems
            .iter()
            .filter(|(c, _)| *c == corner)
            .map(|&(_, s)| s)
            .collect();
        let mut has_two = false;
        let mut has_apart = false;
        for (i, a) in mine.iter().enumerate() {
            for b in &mine[i + 1..] {
                has_two = true;
                has_apart |= a.row() != b.row() && a.col() != b.col();
            }
        }
        two += usize::from(has_two);
        apart += usize::from(has_apart);
    }
    [stems.len(), two, apart]
}

/// The scanner's Dual ALP count sees GNPX's example (the first case of the fixtures).
#[test]
fn dual_alp_near_misses_count_gnpx_example() {
    let fixtures = include_str!("firework_dual_alp.fixtures");
    let fixture = &kaidoku_engine::fixtures::parse_fixtures(fixtures).unwrap()[0];
    let grid = &fixture.case.grid;
    let [alp, two, apart] = dual_alp_near_misses(grid);
    assert!(alp >= 2 && two >= 1 && apart >= 1, "{alp} {two} {apart}");
}

/// Every L-Wing and Dual ALP step at their fixtures keeps the solution.
#[test]
fn l_wing_and_dual_alp_fixture_steps_keep_the_solution() {
    let l_wing = include_str!("firework_l_wing.fixtures");
    assert!(fixture_steps_keep_the_solution("firework-l-wing", l_wing) >= 9);
    let dual = include_str!("firework_dual_alp.fixtures");
    assert!(fixture_steps_keep_the_solution("firework-dual-alp", dual) >= 4);
}
