//! A hint of SE's chaining producers, its difficulty and SE's order of hints.

use super::board::{Pot, is_on, pot, pot_cell, pot_digit};
use super::measure::Nest;
use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::house::House;
use std::cmp::Ordering;

/// The producer a hint comes from, which sets the base difficulty of the hints that have no
/// base of their own (binary, cell and region forcing chains).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// "Forcing Chains & Cycles": cycles and forcing chains rate themselves.
    Static,
    /// Nishio forcing chains: 7.5.
    Nishio,
    /// Multiple (cell and region) forcing chains: 8.0.
    Multiple,
    /// Dynamic forcing chains, nested `level` deep (0: plain dynamic, 8.5; 1: dynamic plus,
    /// 9.0; 2 and up: nested, 9.5 + 0.5 a level).
    Dynamic(u8),
}

impl Rule {
    /// SE's base difficulty of the producer's binary, cell and region hints.
    pub fn difficulty(self) -> f64 {
        match self {
            Rule::Dynamic(level) if level >= 2 => 9.5 + 0.5 * f64::from(level - 2),
            Rule::Dynamic(level) if level > 0 => 8.5 + 0.5 * f64::from(level),
            Rule::Dynamic(_) => 8.5,
            Rule::Nishio => 7.5,
            Rule::Multiple => 8.0,
            Rule::Static => 0.0,
        }
    }
}

/// What a hint is, as SE names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Bidirectional X-Cycle: a loop of one digit (6.5).
    XCycle,
    /// Bidirectional Y-Cycle: a loop whose strong links are bivalue cells (6.5).
    YCycle,
    /// Bidirectional Cycle: both kinds of strong links (7.0).
    Cycle,
    /// Forcing X-Chain: a one-digit chain from a candidate to its own negation (6.6).
    ForcingXChain,
    /// Forcing Chain: the same with both kinds of links (7.0).
    ForcingChain,
    /// Contradiction forcing chain (Nishio and dynamic): an assumption implies a candidate
    /// both on and off.
    Contradiction,
    /// Double forcing chain: a candidate on and off implies the same.
    Double,
    /// Cell forcing chains: every candidate of a cell implies the same.
    CellForcing,
    /// Region forcing chains: every place of a digit in a house implies the same.
    RegionForcing,
}

impl Shape {
    /// SE's sort key among hints of equal difficulty and complexity.
    pub fn sort_key(self) -> u32 {
        match self {
            Shape::Double => 1,
            Shape::XCycle | Shape::ForcingXChain => 2,
            Shape::YCycle => 3,
            Shape::Cycle | Shape::ForcingChain => 4,
            Shape::CellForcing => 5,
            Shape::RegionForcing => 6,
            Shape::Contradiction => 7,
        }
    }
}

/// Where the chains of a hint start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One candidate (cycles, forcing chains, binary chains).
    Candidate(Cell, Digit),
    /// Each candidate of a cell.
    Cell(Cell),
    /// Each place of a digit in a house.
    House(House, Digit),
}

/// One hint, with what it removes and the chains that prove it.
#[derive(Clone, Debug)]
pub struct SeHint {
    /// The rule that proves it (SE's chaining rule, which sets its rating).
    pub rule: Rule,
    /// What it concludes from: one assumption, a cell's candidates or a digit's places.
    pub shape: Shape,
    /// The assumption or set of assumptions it starts from.
    pub source: Source,
    /// The candidates it removes (for a placement, the cell's other candidates).
    pub eliminations: Candidates,
    /// The cell it sets, when its conclusion is a candidate "on".
    pub placement: Option<(Cell, Digit)>,
    /// SE's complexity: the distinct potentials of each chain, summed over the chains.
    pub complexity: u32,
    /// Each chain along its first parents, assumption first (a loop ends where it starts).
    pub chains: Vec<Vec<Pot>>,
    /// When found inside another chain: the removals it rests on and its identity.
    pub nest: Option<Nest>,
}

impl SeHint {
    /// SE's difficulty, in `f64` computed as SE computes it (the sum of a base and tenths
    /// added one at a time), so that two hints compare as they compare in SE.
    pub fn difficulty(&self) -> f64 {
        let base = match self.shape {
            Shape::XCycle | Shape::YCycle => 6.5,
            Shape::Cycle | Shape::ForcingChain => 7.0,
            Shape::ForcingXChain => 6.6,
            _ => self.rule.difficulty(),
        };
        base + length_difficulty(self.complexity)
    }

    /// The difficulty in tenths, rounded as SE prints it.
    pub fn tenths(&self) -> u16 {
        ((self.difficulty() + 0.05) * 10.0) as u16
    }

    /// The conclusion as a potential, when it is a single candidate set on.
    pub fn target(&self) -> Option<Pot> {
        self.chains.first().and_then(|c| c.last().copied())
    }
}

/// SE's length difficulty: 0.1 each time `complexity - 2` passes 4, 6, 8, 12, 16, 24 …
/// (alternately times 3/2 and 4/3), added up in `f64` as SE does.
pub fn length_difficulty(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// SE's order: difficulty, then complexity, then the hint type's key; stable, so equal hints
/// keep the order they were found in.
pub fn sort_hints(hints: &mut [SeHint]) {
    hints.sort_by(|a, b| {
        a.difficulty()
            .partial_cmp(&b.difficulty())
            .unwrap_or(Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.shape.sort_key().cmp(&b.shape.sort_key()))
    });
}

/// Whether two hints remove the same candidates (SE keeps the first of such hints).
pub fn same_effect(a: &SeHint, b: &SeHint) -> bool {
    a.eliminations == b.eliminations && a.placement == b.placement
}

/// The effect of concluding `target`: on sets its cell (and removes the cell's other
/// candidates), off removes it.
pub fn conclusion(target: Pot, cell_mask: u16) -> (Candidates, Option<(Cell, Digit)>) {
    let (cell, digit) = (pot_cell(target), pot_digit(target));
    let mut eliminations = Candidates::EMPTY;
    if is_on(target) {
        let mut others = cell_mask & !(1 << (digit - 1));
        while others != 0 {
            eliminations.insert(cell, others.trailing_zeros() as Digit + 1);
            others &= others - 1;
        }
        (eliminations, Some((cell, digit)))
    } else {
        eliminations.insert(cell, digit);
        (eliminations, None)
    }
}

/// The candidates a hint removes as "off" potentials, in the order SE's `HashMap<Cell, BitSet>`
/// hands them over (cells by bucket, `index % capacity`, the capacity growing with the count;
/// digits ascending), which sets the order a container chain takes them in.
pub fn removal_order(eliminations: &Candidates, out: &mut Vec<Pot>) {
    out.clear();
    let mut cells: Vec<Cell> = eliminations.cells().iter().collect();
    let mut capacity = 16;
    while cells.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    cells.sort_by_key(|c| (c.index() % capacity, c.index()));
    for cell in cells {
        for d in 1..=9 {
            if eliminations.contains(cell, d) {
                out.push(pot(cell, d, false));
            }
        }
    }
}
