//! A whole solve drawn: one well-formed picture per step, showing the step's effects, and the
//! page around them.

use kaidoku_engine::picture::{trace_html, trace_pictures};
use kaidoku_engine::{Status, parse};

const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn a_whole_trace_gives_one_picture_per_step_and_a_page() {
    let solver = kaidoku_techniques::default_solver().unwrap();
    let start = parse::parse(EASY).unwrap();
    let trace = solver.solve(&start);
    assert_eq!(trace.status, Status::Solved);
    let pictures = trace_pictures(&start, &trace);
    assert_eq!(pictures.len(), trace.steps.len() + 2);
    assert_eq!(pictures[0].name, "start");
    assert_eq!(pictures[1].name, "step-001");
    assert_eq!(pictures.last().unwrap().name, "final");
    for picture in &pictures {
        roxmltree::Document::parse(&picture.svg).unwrap();
    }
    // Every step places or eliminates something, and the picture shows it.
    for (picture, step) in pictures[1..].iter().zip(&trace.steps) {
        let doc = roxmltree::Document::parse(&picture.svg).unwrap();
        assert_eq!(with_class(&doc, "struck"), step.eliminations.len());
        let placed = doc
            .descendants()
            .filter(|n| n.attribute("fill") == Some("#6fd46f"))
            .count();
        assert!(step.placements.is_empty() || placed > 0, "{}", step.text());
    }
    let final_doc = roxmltree::Document::parse(&pictures.last().unwrap().svg).unwrap();
    assert_eq!(
        with_class(&final_doc, "placed"),
        start.empty_cells().len() as usize
    );

    let page = trace_html(&start, &trace);
    assert_eq!(page.matches("<section ").count(), pictures.len());
    assert!(page.contains("href=\"#step-001\" rel=\"next\""));
    assert!(page.contains("href=\"#start\" rel=\"prev\""));
    assert_eq!(page.matches("<svg ").count(), pictures.len());
}

/// Every kind of step the extended config finds draws as well-formed SVG with its
/// eliminations struck: over the seed puzzles and two hard ones (chains, wings, ALS, fish).
#[test]
fn every_step_of_the_extended_config_draws() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let config = kaidoku_techniques::load_config(&root.join("configs/extended.toml")).unwrap();
    let solver = kaidoku_engine::Solver::new(config).unwrap();
    let seeds = std::fs::read_to_string(root.join("testdata/seeds.txt")).unwrap();
    let hard = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    ];
    let puzzles = seeds
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().nth(1))
        .chain(hard);
    let mut kinds = std::collections::BTreeSet::new();
    for puzzle in puzzles {
        let start = parse::parse(puzzle).unwrap();
        let trace = solver.solve(&start);
        let pictures = trace_pictures(&start, &trace);
        for (picture, step) in pictures[1..].iter().zip(&trace.steps) {
            let doc = roxmltree::Document::parse(&picture.svg)
                .unwrap_or_else(|e| panic!("{}: {e}", step.text()));
            assert_eq!(
                with_class(&doc, "struck"),
                step.eliminations.len(),
                "{}",
                step.text()
            );
            kinds.insert(step.kind.id.to_string());
        }
    }
    assert!(kinds.len() >= 20, "{kinds:?}");
}
