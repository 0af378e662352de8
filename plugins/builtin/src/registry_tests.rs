//! Registry-driven tests: every registered built-in technique, found through `inventory`, gets
//! its fixtures run (the `.fixtures` file beside its source, in HoDoKu's library format), its
//! steps at those positions pinned as an insta snapshot (`snapshots/techniques/<id>.snap`),
//! and the symmetry test at those positions. Adding a technique needs no edit here.

use kaidoku_engine::fixtures::{Fixture, parse_fixtures, run_fixture};
use kaidoku_engine::symmetry::SYMMETRIES;
use kaidoku_engine::technique::FixtureFile;
use kaidoku_engine::{Cell, Digit, Grid, Registry, RegistryEntry, Source, Step};
use std::collections::BTreeSet;

pub(crate) fn registry() -> Registry {
    crate::link();
    Registry::builtin().expect("registry")
}

/// Every built-in technique with its fixtures.
pub(crate) fn techniques_with_fixtures() -> Vec<(RegistryEntry, &'static FixtureFile, Vec<Fixture>)>
{
    let registry = registry();
    let files: Vec<&FixtureFile> = inventory::iter::<FixtureFile>.into_iter().collect();
    let mut out = Vec::new();
    for entry in registry.entries() {
        if entry.source != Source::Builtin {
            continue;
        }
        let mine: Vec<&&FixtureFile> = files.iter().filter(|f| f.technique == entry.id).collect();
        assert_eq!(
            mine.len(),
            1,
            "technique `{}` needs exactly one fixture file (register_fixtures! beside it)",
            entry.id
        );
        let file = *mine[0];
        let fixtures = parse_fixtures(file.text)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", file.file, entry.id));
        out.push((entry.clone(), file, fixtures));
    }
    for file in files {
        assert!(
            registry.get(file.technique).is_some(),
            "{} names `{}`, which is not registered",
            file.file,
            file.technique
        );
    }
    out
}

#[test]
fn every_technique_passes_its_fixtures() {
    let mut failures = Vec::new();
    let mut cases = 0;
    for (entry, file, fixtures) in techniques_with_fixtures() {
        let positive = fixtures
            .iter()
            .filter(|f| !f.case.expects_nothing())
            .count();
        if positive < 2 || positive == fixtures.len() {
            failures.push(format!(
                "{}: needs at least two cases with a step and one `-x` case (has {positive} of {})",
                file.file,
                fixtures.len()
            ));
        }
        for fixture in &fixtures {
            cases += 1;
            if let Err(e) = run_fixture(&entry, fixture) {
                failures.push(format!("{} {e}", file.file));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cases > 30, "only {cases} fixture cases");
}

#[test]
fn fixture_steps_are_pinned_as_snapshots() {
    for (entry, file, fixtures) in techniques_with_fixtures() {
        let mut text = format!("{} ({})\n", entry.id, file.file);
        for fixture in &fixtures {
            let params = fixture.params.trim().replace('\n', ", ");
            text.push_str(&format!("\nline {} [{params}]\n", fixture.line));
            for step in run_fixture(&entry, fixture).unwrap_or_default() {
                let step_text = step.text();
                if let Some(word) = internal_name(&step_text) {
                    panic!("{}: `{word}` is not notation: {step_text}", file.file);
                }
                text.push_str(&format!("  {step_text}\n"));
            }
        }
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/../../snapshots/techniques"),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(entry.id.clone(), text);
        });
    }
}

/// A word of a step's text that is a program's name rather than the notation players read
/// (`BaseSet:R27`, `EndoFins`, `max_size`, `naked-pair`, `Some(…)`), if any. HoDoKu's own
/// prefixes (`ALS:` in chains, `f`/`ef` before fins) are notation.
fn internal_name(text: &str) -> Option<&str> {
    text.split([' ', ',', '(', ')', '=', '-', '>', '<'])
        .chain(text.split(' ').filter(|w| {
            // Kebab-case ids (`naked-pair`), not chain links (`5r1c2-5r1c3`).
            let parts: Vec<&str> = w.split('-').collect();
            parts.len() > 1
                && parts
                    .iter()
                    .all(|p| p.len() > 1 && p.bytes().all(|b| b.is_ascii_lowercase()))
        }))
        .find(|word| {
            let bytes = word.as_bytes();
            let camel = bytes
                .windows(2)
                .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
            // Braces alone are a struct's debug output; around sets (`{6r7 6c2}`) notation.
            camel
                || word.contains('_')
                || *word == "{"
                || *word == "}"
                || word.contains("{}")
                || word.contains('-') && !word.contains(char::is_uppercase)
                || ["Some", "None", "BaseSet", "CoverSet"].contains(word)
        })
}

#[test]
fn internal_names_are_caught() {
    for text in [
        "Swordfish #3 BaseSet:R348 CoverSet:C136 => r2c16<>3",
        "Finned X-Wing #5 c59 r18 EndoFins:r3c9 => r1c8<>5",
        "Locked Set max_size r1c23 => r1c4<>5",
        "naked-pair r1c23 #12 => r1c4<>1",
        "Fish { size: 3 } => r1c4<>1",
    ] {
        assert!(internal_name(text).is_some(), "{text}");
    }
    for text in [
        "Finned Franken Swordfish #3 r34b5 c136 fr5c4 efr5c6 => r6c4<>3",
        "Grouped AIC 5r1c2=5r1c3-4ALS:r1c78 r2c8#234=4r2c6 => r2c6<>1",
        "Kraken Fish Type 2 (Sashimi X-Wing) #7 r26 c15 fr2c8 and each fish place in c1 (r2c1)",
        "ALS Death Blossom Stem r7c1 #789, #7-ALS r479c3 #4567 => r56c1<>4",
        "Naked Single: r9c5=4",
        "Rank 1 logic 2 truths {6r7 6c2} 3 links {6r5 6c9 6b7} => r5c9<>6",
    ] {
        assert_eq!(internal_name(text), None, "{text}");
    }
}

type Effects = (BTreeSet<(usize, Digit)>, BTreeSet<(usize, Digit)>);

/// Where `solver` gets stuck on `puzzle`: `None` when the text is no puzzle with a solution,
/// else the solution and the position the solver stopped at (`None` when it solved it). The
/// scanners that look for fixtures of the techniques meant for stuck positions use it.
pub(crate) fn solve_to_stuck(
    solver: &kaidoku_engine::Solver,
    puzzle: &str,
) -> Option<([u8; 81], Option<Grid>)> {
    let start = kaidoku_engine::parse::parse(puzzle).ok()?;
    let solution = start.solutions(2).first?;
    let trace = solver.solve(&start);
    let mut grid = start;
    for step in &trace.steps {
        step.apply(&mut grid);
    }
    Some((solution, (!grid.is_solved()).then_some(grid)))
}

/// Every step of a technique at a position, with parameters as `name = value` lines.
pub(crate) fn all_steps(entry: &RegistryEntry, params: &str, grid: &Grid) -> Vec<Step> {
    let params = kaidoku_engine::plugin_abi::decode_params(params, &entry.params).unwrap();
    let technique = (entry.build)(&params).unwrap();
    let mut sink = kaidoku_engine::StepSink::all(std::sync::Arc::from(entry.id.as_str()));
    let _ = technique.find_steps(grid, &mut sink);
    sink.into_steps()
}

fn effects(step: &Step, map: impl Fn(Cell, Digit) -> (usize, Digit)) -> Effects {
    (
        step.placements.iter().map(|&(c, d)| map(c, d)).collect(),
        step.eliminations.iter().map(|(c, d)| map(c, d)).collect(),
    )
}

/// Techniques that reproduce Sudoku Explainer's search as it is, to rate exactly as SE does:
/// SE keeps the first chain its breadth-first search meets from each assumption, and a
/// contradiction stops a search, so what they find at a position depends on how the grid is
/// turned (as SE's ratings do).
pub(crate) const SEARCH_ORDER_BOUND: &[&str] = &[
    "se-forcing-chains-cycles",
    "se-nishio",
    "se-multiple-forcing",
    "se-dynamic-forcing",
    "se-dynamic-forcing-plus",
    "se-nested-forcing",
];

#[test]
fn every_technique_is_blind_to_symmetries_at_its_fixtures() {
    let mut compared = 0;
    for (entry, _, fixtures) in techniques_with_fixtures() {
        if SEARCH_ORDER_BOUND.contains(&entry.id.as_str()) {
            continue;
        }
        for fixture in &fixtures {
            let original = run_fixture(&entry, fixture).unwrap_or_default();
            for symmetry in SYMMETRIES {
                let moved = symmetry.grid(&fixture.case.grid);
                let found: BTreeSet<Effects> = all_steps(&entry, &fixture.params, &moved)
                    .iter()
                    .map(|s| effects(s, |c, d| (c.index(), d)))
                    .collect();
                let expected: BTreeSet<Effects> = original
                    .iter()
                    .map(|s| {
                        effects(s, |c, d| {
                            (symmetry.map_cell(c).index(), (symmetry.digit)(d))
                        })
                    })
                    .collect();
                assert_eq!(
                    found, expected,
                    "{} line {} under {}",
                    entry.id, fixture.line, symmetry.name
                );
                compared += expected.len();
            }
        }
    }
    assert!(compared > 100, "only {compared} steps compared");
}

/// Prints fixture candidates from the public-domain Sudoku Exchange sets: for each wanted step
/// kind, positions met while solving where the technique finds one. Run by hand:
/// `cargo test -p kaidoku-techniques print_fixture_candidates -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_fixture_candidates() {
    use kaidoku_engine::fixtures::library_line;
    const WANTED: &[(&str, &str, &str, &str)] = &[
        ("last-digit", "", "last-digit", "0000"),
        ("hidden-single", "", "hidden-single", "0002"),
        ("naked-single", "", "naked-single", "0003"),
        (
            "locked-candidates",
            "",
            "locked-candidates-pointing",
            "0100",
        ),
        (
            "locked-candidates",
            "",
            "locked-candidates-claiming",
            "0101",
        ),
        (
            "locked-set",
            "max_size = 2, hidden = false",
            "naked-pair",
            "0200",
        ),
        (
            "locked-set",
            "max_size = 3, hidden = false",
            "naked-triple",
            "0201",
        ),
        (
            "locked-set",
            "max_size = 4, hidden = false",
            "naked-quadruple",
            "0202",
        ),
        (
            "locked-set",
            "max_size = 2, naked = false",
            "hidden-pair",
            "0210",
        ),
        (
            "locked-set",
            "max_size = 3, naked = false",
            "hidden-triple",
            "0211",
        ),
        (
            "locked-set",
            "max_size = 4, naked = false",
            "hidden-quadruple",
            "0212",
        ),
        ("fish", "max_size = 2", "x-wing", "0300"),
        ("fish", "min_size = 3, max_size = 3", "swordfish", "0301"),
        ("fish", "min_size = 4, max_size = 4", "jellyfish", "0302"),
        (
            "fish",
            "max_size = 2, max_fins = 5",
            "finned-x-wing",
            "0310",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, max_fins = 5",
            "finned-swordfish",
            "0311",
        ),
        (
            "fish",
            "max_size = 2, max_fins = 5",
            "sashimi-x-wing",
            "0320",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, max_fins = 5",
            "sashimi-swordfish",
            "0321",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, franken = true",
            "franken-swordfish",
            "0331",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, franken = true, max_fins = 5",
            "finned-franken-swordfish",
            "0341",
        ),
        (
            "fish",
            "max_size = 3, mutant = true",
            "mutant-swordfish",
            "0351",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, max_fins = 5, siamese = true",
            "siamese-finned-swordfish",
            "03111",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, max_fins = 5, siamese = true",
            "siamese-sashimi-swordfish",
            "03211",
        ),
        (
            "fish",
            "min_size = 4, max_size = 4, max_fins = 5, siamese = true",
            "siamese-finned-jellyfish",
            "03121",
        ),
        (
            "fish",
            "min_size = 3, max_size = 3, franken = true, max_fins = 5, siamese = true",
            "siamese-finned-franken-swordfish",
            "03411",
        ),
        ("remote-pair", "", "remote-pair", "0703"),
        ("x-chain", "", "x-chain", "0701"),
        ("xy-chain", "", "xy-chain", "0702"),
        ("xy-chain", "", "xy-wing", "0800"),
        ("x-chain", "", "skyscraper", "0400"),
        ("x-chain", "", "two-string-kite", "0401"),
        ("x-chain", "", "turbot-fish", "0403"),
        ("aic", "", "aic", "0708"),
        ("aic", "", "w-wing", "0803"),
        ("aic", "groups = true", "grouped-aic", "0711"),
        ("aic", "als = true, max_length = 7", "als-aic", "0708"),
        ("guess", "", "guess", "9999"),
        ("nice-loop", "", "continuous-nice-loop", "0706"),
        ("nice-loop", "", "discontinuous-nice-loop", "0707"),
        (
            "nice-loop",
            "groups = true",
            "grouped-continuous-nice-loop",
            "0709",
        ),
        (
            "nice-loop",
            "groups = true",
            "grouped-discontinuous-nice-loop",
            "0710",
        ),
        ("xyz-wing", "", "xyz-wing", "0801"),
        ("empty-rectangle", "", "empty-rectangle", "0402"),
        (
            "empty-rectangle",
            "dual = true",
            "dual-empty-rectangle",
            "0405",
        ),
        ("dual-two-string-kite", "", "dual-two-string-kite", "0404"),
        ("simple-colors", "", "simple-colors-trap", "0500"),
        ("simple-colors", "", "simple-colors-wrap", "0501"),
        ("multi-colors", "", "multi-colors-1", "0502"),
        ("multi-colors", "", "multi-colors-2", "0503"),
        ("wxyz-wing", "", "wxyz-wing", "wxyz"),
        ("sue-de-coq", "", "sue-de-coq", "1101"),
        ("unique-rectangle", "", "unique-rectangle-1", "0600"),
        ("unique-rectangle", "", "unique-rectangle-2", "0601"),
        ("unique-rectangle", "", "unique-rectangle-3", "0602"),
        ("unique-rectangle", "", "unique-rectangle-4", "0603"),
        ("unique-rectangle", "", "unique-rectangle-5", "0604"),
        ("unique-rectangle", "", "unique-rectangle-6", "0605"),
        ("hidden-rectangle", "", "hidden-rectangle", "0606"),
        ("avoidable-rectangle", "", "avoidable-rectangle-1", "0607"),
        ("avoidable-rectangle", "", "avoidable-rectangle-2", "0608"),
        ("bug-plus-one", "", "bug-plus-one", "0610"),
        ("als-xz", "", "als-xz", "0901"),
        ("als-xy-wing", "", "als-xy-wing", "0902"),
        ("als-xy-wing", "overlap = true", "als-xy-wing", "0902-2"),
        ("als-xz", "", "als-xz-doubly-linked", "0901"),
        ("death-blossom", "overlap = false", "death-blossom", "0904"),
        (
            "death-blossom",
            "overlap = true, max_petals = 4",
            "death-blossom",
            "0904",
        ),
        ("template-set", "", "template-set", "1201"),
        ("template-delete", "", "template-delete", "1202"),
        ("als-chain", "", "als-chain", "0903"),
        ("forcing-chain", "", "forcing-chain-contradiction", "1301"),
        ("forcing-chain", "", "cell-forcing-chain", "1302"),
        ("forcing-chain", "", "house-forcing-chain", "1302"),
        (
            "forcing-chain",
            "nets = true",
            "forcing-net-contradiction",
            "1303",
        ),
        ("forcing-chain", "nets = true", "cell-forcing-net", "1304"),
        ("forcing-chain", "nets = true", "house-forcing-net", "1304"),
        ("nested-forcing", "level = 1", "nested-forcing", "1310"),
        ("nested-forcing", "level = 2", "nested-forcing", "1311"),
    ];
    let Some(dir) = crate::testing::shared_puzzles("print_fixture_candidates") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("se_rated_sudoku_exchange.rated.tsv")).unwrap();
    let registry = registry();
    let solver = crate::testing::shipped_solver("gnpx");
    // `FIXTURE_ID=<technique id>` looks for that technique's kinds only.
    let only = std::env::var("FIXTURE_ID").ok();
    let mut found: Vec<usize> = WANTED
        .iter()
        .map(|w| {
            if only.as_deref().is_some_and(|id| id != w.0) {
                3
            } else {
                0
            }
        })
        .collect();
    for line in text.lines().step_by(7) {
        let Some((puzzle, _)) = line.split_once('\t') else {
            continue;
        };
        if found.iter().all(|&n| n >= 3) {
            break;
        }
        let start = kaidoku_engine::parse::parse(puzzle).unwrap();
        let trace = solver.solve(&start);
        let mut grid = start.clone();
        let mut used = vec![false; WANTED.len()];
        for step in &trace.steps {
            for (i, (id, params, kind, code)) in WANTED.iter().enumerate() {
                if found[i] >= 3 || used[i] {
                    continue;
                }
                let entry = registry.get(id).unwrap();
                let params = params.replace(", ", "\n");
                let steps = all_steps(entry, &params, &grid);
                if let Some(hit) = steps.iter().find(|s| s.kind.id == *kind) {
                    found[i] += 1;
                    used[i] = true;
                    println!("{id}\t{params:?}\t{}", library_line(code, &grid, hit));
                    println!("#\t{}", hit.text());
                }
            }
            step.apply(&mut grid);
        }
    }
    for (i, w) in WANTED.iter().enumerate() {
        println!("# {w:?}: {}", found[i]);
    }
}

/// Every file of `configs/` is shipped by its name, with its text, and each one loads.
#[test]
fn every_config_file_is_shipped_by_name() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../configs");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    files.sort();
    let mut shipped: Vec<String> = crate::SHIPPED_CONFIGS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    shipped.sort();
    assert_eq!(files, shipped);
    for (name, text) in crate::SHIPPED_CONFIGS {
        let on_disk = std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap();
        assert_eq!(*text, on_disk, "{name}");
        let config = crate::parse_config(text, name, name, std::path::Path::new("."));
        assert!(config.is_ok(), "{name}: {:?}", config.err());
    }
}
