//! The pictures are well-formed SVG, and show what the step's parts say.

use super::*;
use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::step::{Chain, ChainNode, LinkKind, Part, StepKind};

const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

fn parse_svg(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

fn easy() -> Grid {
    crate::text::parse::parse(EASY).unwrap()
}

#[test]
fn a_grid_shows_givens_and_candidates() {
    let grid = easy();
    let svg = grid_svg(&grid, "Start");
    let doc = parse_svg(&svg);
    assert_eq!(
        with_class(&doc, "given").len(),
        grid.givens().len() as usize
    );
    let candidates: u32 = grid.candidate_count();
    let digits = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("text")
                && n.parent().and_then(|p| p.attribute("class")) == Some("digits")
        })
        .count();
    assert_eq!(digits, grid.givens().len() as usize + candidates as usize);
    assert!(texts(&doc).contains(&"r9".to_string()));
}

#[test]
fn eliminations_are_struck_where_the_candidates_are() {
    let grid = easy();
    let empty: Vec<Cell> = grid.empty_cells().iter().take(2).collect();
    let digits: Vec<u8> = empty
        .iter()
        .map(|&c| grid.candidates(c).first().unwrap())
        .collect();
    let mut pattern = Candidates::EMPTY;
    pattern.insert(empty[1], digits[1]);
    let step = Step::new(StepKind::new("test", "Test"))
        .part(Part::Cells(CellSet::single(empty[1])))
        .eliminate(empty[0], digits[0])
        .pattern("set", pattern);
    let svg = step_svg(&grid, &step);
    let doc = parse_svg(&svg);
    let struck = with_class(&doc, "struck");
    assert_eq!(struck.len(), 1);
    let (x, y) = geometry::candidate_centre(empty[0], digits[0]);
    let x1: f64 = struck[0].attribute("x1").unwrap().parse().unwrap();
    let y1: f64 = struck[0].attribute("y1").unwrap().parse().unwrap();
    assert!((x1 - x).abs() < CELL_THIRD && (y1 - y).abs() < CELL_THIRD);
    let labels = texts(&doc);
    assert!(labels.contains(&"eliminated".to_string()), "{labels:?}");
    assert!(labels.contains(&"set".to_string()), "{labels:?}");
    assert!(labels.contains(&"cells".to_string()), "{labels:?}");
}

const CELL_THIRD: f64 = geometry::CELL / 3.0;

#[test]
fn a_chain_step_draws_its_strong_and_weak_links() {
    let grid = crate::Grid::new();
    // 1r1c1 = 1r1c5 - 1r5c5 = 1r5c9 - 1r5c9... a chain of three links, two strong, one weak,
    // and a group node at the end.
    let chain = Chain {
        nodes: vec![
            ChainNode::candidate(Cell::at(0, 0), 1),
            ChainNode::candidate(Cell::at(0, 4), 1),
            ChainNode::candidate(Cell::at(4, 4), 1),
            ChainNode::group([Cell::at(4, 6), Cell::at(4, 7)].into_iter().collect(), 1),
        ],
        links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
    };
    let step = Step::new(StepKind::new("x-chain", "X-Chain").sized(3))
        .part(Part::Chain(chain))
        .eliminate(Cell::at(0, 7), 1);
    let svg = step_svg(&grid, &step);
    let doc = parse_svg(&svg);
    assert_eq!(with_class(&doc, "strong-link").len(), 2);
    let weak = with_class(&doc, "weak-link");
    assert_eq!(weak.len(), 1);
    assert!(weak[0].attribute("stroke-dasharray").is_some());
    assert_eq!(with_class(&doc, "group").len(), 1);
    let labels = texts(&doc);
    for label in ["strong link", "weak link", "eliminated"] {
        assert!(labels.contains(&label.to_string()), "{label}: {labels:?}");
    }
}

#[test]
fn text_from_plugins_and_unknown_roles_are_escaped_and_get_colours() {
    let grid = crate::Grid::new();
    let mut pattern = Candidates::EMPTY;
    pattern.insert(Cell::at(3, 3), 4);
    let step = Step::new(StepKind::owned("odd", "Odd <b>&\"step\""))
        .part(Part::Text("<script>alert(1)</script>".into()))
        .eliminate(Cell::at(3, 4), 4)
        .pattern("a <new> role", pattern);
    let svg = step_svg(&grid, &step);
    let doc = parse_svg(&svg);
    assert!(texts(&doc).contains(&"a <new> role".to_string()));
    assert!(!svg.contains("<script>"));
    let fill = doc
        .descendants()
        .find(|n| n.has_tag_name("circle") && n.attribute("fill") == Some(PALETTE[0]));
    assert!(
        fill.is_some(),
        "the unknown role takes the first free colour"
    );
}

#[test]
fn als_steps_link_the_stem_to_its_petals_and_sets_by_their_restricted_common() {
    let grid = crate::Grid::new();
    let cells = |list: &[(usize, usize)]| -> CellSet {
        list.iter().map(|&(r, c)| Cell::at(r, c)).collect()
    };
    let blossom = Step::new(StepKind::new("death-blossom", "ALS Death Blossom"))
        .part(Part::Stem {
            cell: Cell::at(0, 0),
            digits: [1, 2].into_iter().collect(),
        })
        .part(Part::Als {
            cells: cells(&[(0, 4), (0, 5)]),
            digits: [1, 3, 4].into_iter().collect(),
            link: Some(1),
        })
        .part(Part::Als {
            cells: cells(&[(4, 0)]),
            digits: [2, 3].into_iter().collect(),
            link: Some(2),
        })
        .eliminate(Cell::at(4, 4), 3);
    let svg = step_svg(&grid, &blossom);
    let doc = parse_svg(&svg);
    assert_eq!(with_class(&doc, "weak-link").len(), 2);
    assert_eq!(
        with_class(&doc, "outline").len(),
        1 + 2 + 1,
        "stem and petal cells"
    );

    // r1c1 and r1c9 see each other: #5 is a restricted common; r5c5 sees neither.
    let xz = Step::new(StepKind::new("als-xz", "ALS-XZ"))
        .part(Part::Als {
            cells: cells(&[(0, 0)]),
            digits: [5, 6].into_iter().collect(),
            link: None,
        })
        .part(Part::Als {
            cells: cells(&[(0, 8)]),
            digits: [5, 7].into_iter().collect(),
            link: None,
        })
        .part(Part::Als {
            cells: cells(&[(4, 4)]),
            digits: [5, 8].into_iter().collect(),
            link: None,
        })
        .part(Part::Rcc([5].into_iter().collect()))
        .eliminate(Cell::at(0, 4), 6);
    let svg = step_svg(&grid, &xz);
    let doc = parse_svg(&svg);
    assert_eq!(with_class(&doc, "weak-link").len(), 1);
}

#[test]
fn a_forcing_net_shows_its_assumption_numbered_branches_and_contradiction() {
    // `r1c1=5` forces two branches that end on the two faces of one contradiction (8 both
    // is and is not in r9c9); each branch is one chain part, as forcing chains write them.
    let node = |r, c, d| ChainNode::candidate(Cell::at(r, c), d);
    let (start, true_end, false_end) = (node(0, 0, 5), node(8, 8, 8), node(8, 8, 8));
    let branch = |middle: &[ChainNode], end: ChainNode| {
        let mut nodes = vec![start];
        nodes.extend_from_slice(middle);
        nodes.push(end);
        let links = (0..nodes.len() - 1)
            .map(|i| {
                if i % 2 == 0 {
                    LinkKind::Weak
                } else {
                    LinkKind::Strong
                }
            })
            .collect();
        Chain { nodes, links }
    };
    let one = branch(&[node(0, 0, 4), node(0, 4, 4), node(0, 4, 8)], true_end);
    let two = branch(&[node(4, 0, 5), node(4, 0, 8)], false_end);
    let mut assumed = Candidates::EMPTY;
    assumed.insert(Cell::at(0, 0), 5);
    let step = Step::new(StepKind::new(
        "forcing-net-contradiction",
        "Forcing Net Contradiction",
    ))
    .part(Part::Text(
        "r1c1=5 leads to: r9c9 both is and is not 8:".into(),
    ))
    .part(Part::Chain(one.clone()))
    .part(Part::Chain(two.clone()))
    .eliminate(Cell::at(0, 0), 5)
    .pattern("chain", assumed);
    let svg = step_svg(&easy(), &step);
    let doc = parse_svg(&svg);
    // Each branch in its own colour.
    let branches = with_class(&doc, "branch");
    assert_eq!(branches.len(), 2);
    assert_ne!(
        branches[0].attribute("stroke"),
        branches[1].attribute("stroke")
    );
    // Its links numbered 1, 2, … along it.
    let numbers: Vec<Vec<String>> = branches
        .iter()
        .map(|b| {
            b.descendants()
                .filter(|n| n.attribute("class") == Some("step-number-label"))
                .filter_map(|n| n.text().map(str::to_string))
                .collect()
        })
        .collect();
    assert_eq!(numbers[0], ["1", "2", "3", "4"]);
    assert_eq!(numbers[1], ["1", "2", "3"]);
    // The assumption ringed where its candidate is, and the contradiction where both end.
    let ringed = |class: &str| -> Vec<(f64, f64)> {
        with_class(&doc, class)
            .iter()
            .map(|n| {
                let at = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
                (at("cx"), at("cy"))
            })
            .collect()
    };
    let near =
        |(x, y): (f64, f64), (cx, cy): (f64, f64)| (x - cx).abs() < 0.1 && (y - cy).abs() < 0.1;
    let assumption = ringed("assumption");
    assert_eq!(assumption.len(), 1);
    assert!(near(
        assumption[0],
        geometry::candidate_centre(Cell::at(0, 0), 5)
    ));
    let contradiction = ringed("contradiction");
    assert_eq!(contradiction.len(), 1, "both branches end on r9c9's 8");
    assert!(near(
        contradiction[0],
        geometry::candidate_centre(Cell::at(8, 8), 8)
    ));
    let labels = texts(&doc);
    for label in [
        "assumption",
        "branch 1 (steps numbered)",
        "branch 2 (steps numbered)",
        "contradiction",
    ] {
        assert!(labels.contains(&label.to_string()), "{label}: {labels:?}");
    }
    // A verity (every branch reaches the same conclusion) rings its conclusion instead.
    let verity = Step::new(StepKind::new("cell-forcing-net", "Cell Forcing Net"))
        .part(Part::Chain(one))
        .part(Part::Chain(two))
        .eliminate(Cell::at(8, 8), 8);
    let svg = step_svg(&easy(), &verity);
    let doc = parse_svg(&svg);
    assert_eq!(with_class(&doc, "conclusion").len(), 1);
    assert!(with_class(&doc, "contradiction").is_empty());
    // One chain alone is an ordinary chain: no branches, no numbers.
    let single = Step::new(StepKind::new("aic", "AIC"))
        .part(Part::Chain(branch(&[node(0, 0, 4)], node(0, 4, 4))))
        .eliminate(Cell::at(0, 1), 4);
    let svg = step_svg(&easy(), &single);
    let doc = parse_svg(&svg);
    assert!(with_class(&doc, "branch").is_empty());
    assert!(with_class(&doc, "step-number").is_empty());
}

#[test]
fn a_nested_forcing_shows_its_assumption_numbered_path_and_contradiction() {
    // The pattern a nested forcing step carries: the assumption, each step of the path under
    // it (`step 1` …) and where the path breaks down.
    let grid = easy();
    let empty: Vec<(Cell, u8)> = grid
        .empty_cells()
        .iter()
        .take(4)
        .map(|c| (c, grid.candidates(c).first().unwrap()))
        .collect();
    let group = |i: usize| {
        let mut c = Candidates::EMPTY;
        c.insert(empty[i].0, empty[i].1);
        c
    };
    let step = Step::new(StepKind::new("nested-forcing", "Nested Forcing"))
        .part(Part::Text("r1c1=5: … => r9c9 has no candidate left".into()))
        .eliminate(empty[0].0, empty[0].1)
        .pattern("assumption", group(0))
        .pattern("step 1", group(1))
        .pattern("step 2", group(2))
        .pattern("contradiction", group(3));
    let svg = step_svg(&grid, &step);
    let doc = parse_svg(&svg);
    let numbers: Vec<String> = with_class(&doc, "step-number-label")
        .iter()
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    assert_eq!(numbers, ["1", "2"]);
    assert_eq!(with_class(&doc, "assumption").len(), 1);
    assert_eq!(with_class(&doc, "contradiction").len(), 1);
    let labels = texts(&doc);
    for label in [
        "path under the assumption (steps numbered)",
        "assumption ringed",
        "contradiction ringed",
    ] {
        assert!(labels.contains(&label.to_string()), "{label}: {labels:?}");
    }
    // One legend entry for the whole path, not one per step.
    assert!(!labels.contains(&"step 1".to_string()), "{labels:?}");
}
