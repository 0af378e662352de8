//! Sudoku Explainer's chaining producers, one technique each, in SE's order: "Forcing Chains &
//! Cycles" (`se-forcing-chains-cycles`), Nishio (`se-nishio`), multiple forcing chains
//! (`se-multiple-forcing`), dynamic forcing chains (`se-dynamic-forcing`), dynamic forcing
//! chains with SE's basic rules inside (`se-dynamic-forcing-plus`) and nested forcing chains
//! (`se-nested-forcing`, levels 2–4). Each emits its
//! hints in SE's order, so the first step is the one SE applies, rated as SE rates it (the
//! step kind's base ER plus the length tenths in its size). The search is the engine's
//! `se_chaining`.

pub mod se_dynamic_forcing;
pub mod se_dynamic_forcing_plus;
pub mod se_forcing_chains_cycles;
pub mod se_multiple_forcing;
pub mod se_nested_forcing;
pub mod se_nishio;

use kaidoku_engine::prelude::*;
use kaidoku_engine::se_chaining::board::{Pot, is_on, pot_cell, pot_digit};
use kaidoku_engine::se_chaining::hint::{Rule, SeHint, Shape, Source, same_effect, sort_hints};

/// The kinds of SE's dynamic chains with advanced rules inside, by level (1 "plus", 2–4 nested)
/// and shape (contradiction, double, cell, region): id and SE's name (its `getNestedSuffix`).
const NESTED_KINDS: [[(&str, &str); 4]; 4] = [
    [
        (
            "se-dynamic-contradiction-forcing-chains-plus",
            "Dynamic Contradiction Forcing Chains (+)",
        ),
        (
            "se-dynamic-double-forcing-chains-plus",
            "Dynamic Double Forcing Chains (+)",
        ),
        (
            "se-dynamic-cell-forcing-chains-plus",
            "Dynamic Cell Forcing Chains (+)",
        ),
        (
            "se-dynamic-region-forcing-chains-plus",
            "Dynamic Region Forcing Chains (+)",
        ),
    ],
    [
        (
            "se-nested-contradiction-forcing-chains-fc",
            "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        ),
        (
            "se-nested-double-forcing-chains-fc",
            "Dynamic Double Forcing Chains (+ Forcing Chains)",
        ),
        (
            "se-nested-cell-forcing-chains-fc",
            "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        ),
        (
            "se-nested-region-forcing-chains-fc",
            "Dynamic Region Forcing Chains (+ Forcing Chains)",
        ),
    ],
    [
        (
            "se-nested-contradiction-forcing-chains-mfc",
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        ),
        (
            "se-nested-double-forcing-chains-mfc",
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        ),
        (
            "se-nested-cell-forcing-chains-mfc",
            "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        ),
        (
            "se-nested-region-forcing-chains-mfc",
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        ),
    ],
    [
        (
            "se-nested-contradiction-forcing-chains-dfc",
            "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        ),
        (
            "se-nested-double-forcing-chains-dfc",
            "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        ),
        (
            "se-nested-cell-forcing-chains-dfc",
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        ),
        (
            "se-nested-region-forcing-chains-dfc",
            "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        ),
    ],
];

/// The step kind of a hint (SE's name) and its base ER in tenths.
fn kind_of(hint: &SeHint) -> (StepKind, u16) {
    if let Rule::Dynamic(level @ 1..=4) = hint.rule {
        let shape = match hint.shape {
            Shape::Contradiction => 0,
            Shape::Double => 1,
            Shape::CellForcing => 2,
            _ => 3,
        };
        let (id, name) = NESTED_KINDS[level as usize - 1][shape];
        let base = (hint.rule.difficulty() * 10.0 + 0.5) as u16;
        return (StepKind::new(id, name), base);
    }
    let (id, name, base) = match (hint.rule, hint.shape) {
        (_, Shape::XCycle) => ("se-x-cycle", "Bidirectional X-Cycle", 65),
        (_, Shape::YCycle) => ("se-y-cycle", "Bidirectional Y-Cycle", 65),
        (_, Shape::Cycle) => ("se-cycle", "Bidirectional Cycle", 70),
        (_, Shape::ForcingXChain) => ("se-forcing-x-chain", "Forcing X-Chain", 66),
        (_, Shape::ForcingChain) => ("se-forcing-chain", "Forcing Chain", 70),
        (Rule::Nishio, _) => ("se-nishio-forcing-chain", "Nishio Forcing Chain", 75),
        (Rule::Multiple, Shape::RegionForcing) => {
            ("se-region-forcing-chains", "Region Forcing Chains", 80)
        }
        (Rule::Multiple, _) => ("se-cell-forcing-chains", "Cell Forcing Chains", 80),
        (_, Shape::Contradiction) => (
            "se-dynamic-contradiction-forcing-chains",
            "Dynamic Contradiction Forcing Chains",
            85,
        ),
        (_, Shape::Double) => (
            "se-dynamic-double-forcing-chains",
            "Dynamic Double Forcing Chains",
            85,
        ),
        (_, Shape::RegionForcing) => (
            "se-dynamic-region-forcing-chains",
            "Dynamic Region Forcing Chains",
            85,
        ),
        (_, Shape::CellForcing) => (
            "se-dynamic-cell-forcing-chains",
            "Dynamic Cell Forcing Chains",
            85,
        ),
    };
    (StepKind::new(id, name), base)
}

/// A chain of potentials as a chain part: on to off is a weak link, off to on a strong one.
fn chain_part(path: &[Pot]) -> Part {
    let nodes = path
        .iter()
        .map(|&p| ChainNode::candidate(pot_cell(p), pot_digit(p)))
        .collect();
    let links = path[1..]
        .iter()
        .map(|&p| match is_on(p) {
            true => LinkKind::Strong,
            false => LinkKind::Weak,
        })
        .collect();
    Part::Chain(Chain { nodes, links })
}

/// The step of a hint: its source, its chains, and what it removes or places.
fn step_of(hint: &SeHint) -> Step {
    let (kind, base) = kind_of(hint);
    let extra = hint.tenths().saturating_sub(base);
    let mut step = Step::new(kind.sized(extra as usize));
    step = match hint.source {
        Source::Candidate(cell, digit) => step
            .part(Part::Cells(CellSet::single(cell)))
            .part(Part::Digit(digit)),
        Source::Cell(cell) => step.part(Part::Cells(CellSet::single(cell))),
        Source::House(house, digit) => step.part(Part::House(house)).part(Part::Digit(digit)),
    };
    for chain in &hint.chains {
        step = step.part(chain_part(chain));
    }
    match hint.placement {
        Some((cell, digit)) => step.place(cell, digit),
        None => step.eliminations(hint.eliminations),
    }
}

/// Sort the hints in SE's order, drop those with the effect of an earlier one (SE keeps the
/// first of equal hints) and push them: the first is the step SE applies.
fn emit(mut hints: Vec<SeHint>, sink: &mut StepSink) -> Flow {
    sort_hints(&mut hints);
    let mut kept: Vec<&SeHint> = Vec::new();
    for hint in &hints {
        if kept.iter().any(|k| same_effect(k, hint)) {
            continue;
        }
        sink.push(step_of(hint))?;
        if sink.wants_first_only() {
            break;
        }
        kept.push(hint);
    }
    ControlFlow::Continue(())
}
