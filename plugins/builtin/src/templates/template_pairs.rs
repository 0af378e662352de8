//! Template Pairs (the Pattern Overlay Method's interaction of digits): two digits' templates
//! together. In the solution every digit fills one of its fitting templates, and the nine
//! templates are disjoint, so a template of one digit that overlaps every fitting template of
//! another digit cannot be the solution's; dropping it may drop templates of other digits in
//! turn. A candidate no remaining template of its digit uses is eliminated; an empty cell every
//! remaining template of a digit uses holds that digit.

use super::{TEMPLATES, placed_cells};
use kaidoku_engine::prelude::*;

pub struct TemplatePairs;

const KIND: StepKind = StepKind::new("template-pairs", "Template Pairs");

/// Each digit's fitting templates, then for each cell which of them use it (a bitset over
/// the templates), so that "some template of `b` avoids all nine cells of this template of
/// `a`" costs nine bitset unions.
struct Fitting {
    templates: Vec<u128>,
    alive: Vec<u64>,
    by_cell: Vec<Vec<u64>>,
}

impl Fitting {
    fn new(grid: &Grid, digit: Digit) -> Fitting {
        let placed = placed_cells(grid, digit).bits();
        let allowed = grid.cells_with(digit).bits() | placed;
        let templates: Vec<u128> = TEMPLATES
            .iter()
            .copied()
            .filter(|&t| t & !allowed == 0 && t & placed == placed)
            .collect();
        let words = templates.len().div_ceil(64);
        let mut by_cell = vec![vec![0u64; words]; 81];
        for (i, &t) in templates.iter().enumerate() {
            for cell in CellSet::from_bits(t).iter() {
                by_cell[cell.index()][i / 64] |= 1 << (i % 64);
            }
        }
        let mut alive = vec![u64::MAX; words];
        if let Some(last) = alive.last_mut()
            && !templates.len().is_multiple_of(64)
        {
            *last = (1u64 << (templates.len() % 64)) - 1;
        }
        Fitting {
            templates,
            alive,
            by_cell,
        }
    }

    fn is_alive(&self, i: usize) -> bool {
        self.alive[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether a live template avoids every cell of `cells`.
    fn some_avoids(&self, cells: u128, scratch: &mut [u64]) -> bool {
        scratch.copy_from_slice(&self.alive);
        for cell in CellSet::from_bits(cells).iter() {
            for (s, used) in scratch.iter_mut().zip(&self.by_cell[cell.index()]) {
                *s &= !used;
            }
        }
        scratch.iter().any(|&w| w != 0)
    }

    /// The cells some live template uses, and those every live one does.
    fn union_and_common(&self) -> (u128, u128) {
        let mut any = 0u128;
        let mut all = u128::MAX;
        for (i, &t) in self.templates.iter().enumerate() {
            if self.is_alive(i) {
                any |= t;
                all &= t;
            }
        }
        (any, all)
    }
}

/// Above this many fitting templates a digit is left out of the pairing (as the one pruned and
/// as the one pruning): a digit with few placements on the grid has thousands, and pairing
/// them costs more than it can find. Leaving a digit out only weakens the step.
const MAX_TEMPLATES: usize = 2048;

/// Drops, for every digit, the templates that overlap every live template of another digit,
/// until nothing changes. `false` if some digit lost all its templates (a broken grid). The
/// result is the largest set closed under the rule, whatever the order of the pairs.
fn prune(digits: &mut [Fitting]) -> bool {
    let mut scratch: Vec<u64> = Vec::new();
    loop {
        let mut changed = false;
        for a in 0..digits.len() {
            for b in 0..digits.len() {
                if a == b
                    || digits[a].templates.len() > MAX_TEMPLATES
                    || digits[b].templates.len() > MAX_TEMPLATES
                {
                    continue;
                }
                scratch.resize(digits[b].alive.len(), 0);
                for i in 0..digits[a].templates.len() {
                    if !digits[a].is_alive(i) {
                        continue;
                    }
                    let t = digits[a].templates[i];
                    if !digits[b].some_avoids(t, &mut scratch) {
                        digits[a].alive[i / 64] &= !(1 << (i % 64));
                        changed = true;
                    }
                }
                if digits[a].alive.iter().all(|&w| w == 0) {
                    return false;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

impl Technique for TemplatePairs {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let open: Vec<Digit> = (1..=9u8)
            .filter(|&d| !grid.cells_with(d).is_empty())
            .collect();
        if open.len() < 2 {
            return ControlFlow::Continue(());
        }
        let mut digits: Vec<Fitting> = open.iter().map(|&d| Fitting::new(grid, d)).collect();
        if digits.iter().any(|f| f.templates.is_empty()) || !prune(&mut digits) {
            return ControlFlow::Continue(());
        }
        // What one digit's own templates say is Template Set/Delete's: a step here only where
        // the pairing dropped templates that change the verdict.
        for (&digit, fitting) in open.iter().zip(&digits) {
            let alone = Fitting::new(grid, digit);
            let (any_alone, all_alone) = alone.union_and_common();
            let (any, all) = fitting.union_and_common();
            let candidates = grid.cells_with(digit);
            let impossible = candidates - CellSet::from_bits(any);
            let sure = CellSet::from_bits(all) & grid.empty_cells();
            let impossible_alone = candidates - CellSet::from_bits(any_alone);
            let sure_alone = CellSet::from_bits(all_alone) & grid.empty_cells();
            if impossible == impossible_alone && sure == sure_alone {
                continue;
            }
            let mut step = Step::new(KIND).part(Part::Digit(digit));
            for cell in sure.iter() {
                step = step.place(cell, digit);
            }
            let mut eliminations = Candidates::EMPTY;
            eliminations.insert_cells(impossible - sure, digit);
            sink.push(step.eliminations(eliminations))?;
        }
        ControlFlow::Continue(())
    }
}

register_technique!(TechniqueInfo {
    id: "template-pairs",
    name: "Template Pairs",
    summary: "the Pattern Overlay Method across digits: a digit's placement that overlaps every \
              placement of another digit is dropped, and so are the candidates only such \
              placements used",
    params: &[],
    build: |_| Ok(Box::new(TemplatePairs)),
});

register_fixtures!("template-pairs", "template_pairs.fixtures");
