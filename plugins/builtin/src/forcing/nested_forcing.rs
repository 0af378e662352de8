//! Nested forcing: assume a candidate is the cell's digit and solve on with simpler techniques
//! (singles, locked candidates, locked sets and fish; from level 2 forcing chains, at level 3
//! forcing nets too). When that runs into a contradiction, a cell with no candidate left or a
//! digit with no place in a house, the candidate is false. Cells with the fewest candidates are
//! tried first; when every step is listed, the shortest proofs come first.
//!
//! This is Sudoku Explainer's "nested forcing chains" in spirit: the proof of one elimination
//! is a whole solving path under an assumption rather than one chain, so it is rated above
//! forcing nets, and it is what is left before guessing on the very hardest puzzles. Every
//! step of the path is a sound step of its own technique, so the elimination is proved.

use kaidoku_engine::obvious_contradiction;
use kaidoku_engine::prelude::*;
use kaidoku_engine::{DIGITS, MissMemory, ParamValue, Registry};
use std::sync::Arc;

/// An assumption and the path that refutes it.
struct Refutation {
    cell: Cell,
    digit: Digit,
    path: Vec<Step>,
    contradiction: String,
    /// Where the contradiction is, as candidates of the position the step is taken at: the
    /// candidates of the cell left with none, or the places of the digit left with none in
    /// a house (for the picture).
    site: Candidates,
}

pub struct NestedForcing {
    /// The techniques tried under an assumption, in order, each for its first step.
    inner: Vec<(Arc<str>, Box<dyn Technique>)>,
    /// The most steps followed under one assumption.
    max_steps: usize,
    /// Which techniques run under an assumption (see `LEVEL_1` …); the step kind's size.
    level: usize,
    /// In the solve loop, try last what the last search could not refute (see
    /// [`NestedForcing::first_reusing`]); forcing under an assumption with `reuse` too.
    reuse: bool,
}

const NESTED_FORCING: StepKind = StepKind::new("nested-forcing", "Nested Forcing");

/// Techniques, each with the parameters it runs with.
type Techniques = &'static [(&'static str, &'static [(&'static str, ParamValue)])];

/// The techniques each level adds.
const LEVEL_1: Techniques = &[
    ("last-digit", &[]),
    ("naked-single", &[]),
    ("hidden-single", &[]),
    ("locked-candidates", &[]),
    ("locked-set", &[("max_size", ParamValue::Int(4))]),
    ("fish", &[("max_size", ParamValue::Int(3))]),
];
const LEVEL_2: Techniques = &[("forcing-chain", &[])];
const LEVEL_3: Techniques = &[("forcing-chain", &[("nets", ParamValue::Bool(true))])];

impl NestedForcing {
    fn build(level: i64, max_steps: usize, reuse: bool) -> Result<NestedForcing, String> {
        let registry = Registry::builtin().map_err(|e| e.to_string())?;
        let levels: &[Techniques] = match level {
            ..=1 => &[LEVEL_1],
            2 => &[LEVEL_1, LEVEL_2],
            _ => &[LEVEL_1, LEVEL_2, LEVEL_3],
        };
        let mut inner = Vec::new();
        for &(id, changes) in levels.iter().flat_map(|l| l.iter()) {
            let entry = registry
                .get(id)
                .ok_or_else(|| format!("nested forcing needs the technique `{id}`"))?;
            let mut params = Params::defaults(&entry.params);
            for (name, value) in changes {
                params.set(name, *value);
            }
            if reuse && params.get("reuse").is_some() {
                params.set("reuse", ParamValue::Bool(true));
            }
            inner.push((Arc::from(id), (entry.build)(&params)?));
        }
        Ok(NestedForcing {
            inner,
            max_steps,
            level: level.clamp(1, 3) as usize,
            reuse,
        })
    }

    /// Solve on from `grid` with the inner techniques until a contradiction shows (its
    /// description; the path to it is left in `path`), nothing more is found, or the path
    /// reaches `max_steps`. The path is a solve loop of its own: each inner technique is told
    /// what changed since it last found nothing (and, with `reuse`, keeps its notes).
    fn follow(&self, grid: &mut Grid, path: &mut Vec<Step>, max_steps: usize) -> Option<String> {
        let mut memory = MissMemory::new(self.inner.len());
        while path.len() < max_steps && !grid.is_solved() {
            let analysis = Analysis::new(grid);
            let step = self
                .inner
                .iter()
                .enumerate()
                .find_map(|(i, (id, technique))| {
                    memory.first_step(i, id, technique.as_ref(), &analysis).1
                })?;
            step.apply(grid);
            path.push(step);
            if let Some(contradiction) = obvious_contradiction(grid) {
                return Some(contradiction);
            }
        }
        None
    }

    /// The path refuting `cell`=`digit`, if one of at most `max_steps` steps shows.
    fn refute(
        &self,
        grid: &Grid,
        (cell, digit): (Cell, Digit),
        max_steps: usize,
    ) -> Option<Refutation> {
        let mut assumed = grid.clone();
        assumed.place(cell, digit);
        let mut path = Vec::new();
        let contradiction = match obvious_contradiction(&assumed) {
            Some(c) => c,
            None => self.follow(&mut assumed, &mut path, max_steps)?,
        };
        Some(Refutation {
            cell,
            digit,
            path,
            contradiction,
            site: contradiction_site(grid, &assumed),
        })
    }
}

impl Technique for NestedForcing {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        self.find_steps_in(&Analysis::new(grid), sink)
    }

    fn find_steps_in(&self, analysis: &Analysis, sink: &mut StepSink) -> Flow {
        let grid = analysis.grid();
        // Cells with the fewest candidates first: their assumptions are the likeliest false.
        let mut cells: Vec<Cell> = grid.empty_cells().iter().collect();
        cells.sort_by_key(|&c| (grid.candidates(c).len(), c.index()));
        let assumptions = cells
            .into_iter()
            .flat_map(|cell| grid.candidates(cell).iter().map(move |digit| (cell, digit)));
        if sink.wants_first_only() {
            // One step is wanted: the first refutation, in that order. Looking for the
            // shortest would follow every true assumption too, which solves on for many steps
            // each: several times slower on the hardest puzzles.
            if self.reuse {
                return self.first_reusing(analysis, assumptions, sink);
            }
            for assumption in assumptions {
                if let Some(refutation) = self.refute(grid, assumption, self.max_steps) {
                    return sink.push(step_of(&refutation, self.level));
                }
            }
            return ControlFlow::Continue(());
        }
        let mut refutations: Vec<Refutation> = assumptions
            .filter_map(|assumption| self.refute(grid, assumption, self.max_steps))
            .collect();
        // The shortest proof first (stable: fewest candidates first among equals).
        refutations.sort_by_key(|r| r.path.len());
        for refutation in &refutations {
            sink.push(step_of(refutation, self.level))?;
        }
        ControlFlow::Continue(())
    }
}

impl NestedForcing {
    /// With `reuse`, in the solve loop: the assumptions the stage's last searches followed
    /// without a refutation (most are true, and followed until nothing applies: the costly
    /// ones) are tried after the others, and noted for next time as long as they stay so.
    fn first_reusing(
        &self,
        analysis: &Analysis,
        assumptions: impl Iterator<Item = (Cell, Digit)>,
        sink: &mut StepSink,
    ) -> Flow {
        let grid = analysis.grid();
        // Candidates only go along the path, so a note of one no longer there is never read.
        let mut unrefuted: Candidates = analysis.take_notes().unwrap_or(Candidates::EMPTY);
        let (later, first): (Vec<_>, Vec<_>) =
            assumptions.partition(|&(cell, digit)| unrefuted.contains(cell, digit));
        for &(cell, digit) in first.iter().chain(&later) {
            if let Some(refutation) = self.refute(grid, (cell, digit), self.max_steps) {
                analysis.keep_notes(unrefuted);
                return sink.push(step_of(&refutation, self.level));
            }
            unrefuted.insert(cell, digit);
        }
        analysis.keep_notes(unrefuted);
        ControlFlow::Continue(())
    }
}

/// Where `assumed` breaks down (as [`obvious_contradiction`] finds it), as candidates of
/// `before`: the cell's candidates, or the digit's places in the house.
fn contradiction_site(before: &Grid, assumed: &Grid) -> Candidates {
    let mut site = Candidates::EMPTY;
    if let Some(cell) = assumed
        .empty_cells()
        .iter()
        .find(|&cell: &Cell| assumed.candidates(cell).is_empty())
    {
        for digit in before.candidates(cell) {
            site.insert(cell, digit);
        }
        return site;
    }
    for house in House::all() {
        let placed = assumed.placed_in(house);
        for digit in DIGITS {
            if !placed.contains(digit) && assumed.house_cells_with(house, digit).is_empty() {
                for cell in before.house_cells_with(house, digit) {
                    site.insert(cell, digit);
                }
                return site;
            }
        }
    }
    site
}

/// `Nested Forcing r1c1=5: r2c3=4 (Hidden Single), … => r5c5 has no candidate left => r1c1<>5`.
/// The pattern holds the assumption, each step of the path (`step 1` …: what it places, or
/// what it removes when it places nothing) and the contradiction's site, for the picture.
fn step_of(refutation: &Refutation, level: usize) -> Step {
    let Refutation {
        cell,
        digit,
        path,
        contradiction,
        site,
    } = refutation;
    let mut assumed = Candidates::EMPTY;
    assumed.insert(*cell, *digit);
    // Singles speak for themselves; other steps say what they are.
    let steps: Vec<String> = path
        .iter()
        .map(|s| {
            if s.kind.id.ends_with("single") || s.kind.id == "last-digit" {
                s.effects()
            } else {
                format!("{} ({})", s.effects(), s.name())
            }
        })
        .collect();
    let text = if steps.is_empty() {
        format!("{cell}={digit} => {contradiction}")
    } else {
        format!("{cell}={digit}: {} => {contradiction}", steps.join(", "))
    };
    let mut step = Step::new(NESTED_FORCING.sized(level))
        .part(Part::Text(text))
        .eliminate(*cell, *digit)
        .pattern("assumption", assumed);
    for (i, s) in path.iter().enumerate() {
        let mut shown = Candidates::EMPTY;
        for &(c, d) in &s.placements {
            shown.insert(c, d);
        }
        if shown.is_empty() {
            shown = s.eliminations;
        }
        step = step.pattern(format!("step {}", i + 1), shown);
    }
    step.pattern("contradiction", *site)
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec::int(
        "level",
        "1: singles, locked candidates, locked sets and fish under the assumption; 2: forcing chains too; 3: forcing nets too",
        2,
        1,
        3,
    ),
    ParamSpec::int(
        "max_steps",
        "most steps followed under one assumption",
        200,
        1,
        1000,
    ),
    ParamSpec::bool(
        "reuse",
        "forcing chains and nets under an assumption run with `reuse` (faster; their steps on the path may be deeper than the shallowest)",
        false,
    ),
];

register_technique!(TechniqueInfo {
    id: "nested-forcing",
    name: "Nested Forcing",
    summary: "assume a candidate is its cell's digit and solve on with simpler techniques (level 2: forcing chains too): a contradiction refutes it",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(NestedForcing::build(
            params.int("level"),
            params.int("max_steps") as usize,
            params.bool("reuse"),
        )?))
    },
});

register_fixtures!("nested-forcing", "nested_forcing.fixtures");

#[cfg(test)]
mod tests {
    use crate::testing::{position, run_with, verifying_solver};
    use kaidoku_engine::ParamValue::{Bool, Int};

    /// One of the forum's hardest puzzles, its one hidden single (r2c9=2) placed: nothing
    /// below nested forcing applies here, forcing nets included.
    const STUCK: &str =
        "........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

    #[test]
    fn where_forcing_nets_stop_a_path_with_forcing_chains_refutes() {
        let grid = position(STUCK);
        let solution = grid.solutions(2).first.unwrap();
        assert!(run_with("forcing-chain", &grid, &[("nets", Bool(true))]).is_empty());
        assert!(run_with("nested-forcing", &grid, &[("level", Int(1))]).is_empty());
        let steps = run_with("nested-forcing", &grid, &[("level", Int(2))]);
        assert!(!steps.is_empty());
        for step in &steps {
            assert_eq!(step.unsound_effect(&solution), None, "{}", step.text());
            assert_eq!(step.eliminations.len(), 1, "{}", step.text());
            // The path is written out, its non-singles named.
            assert!(step.text().contains("Forcing Chain"), "{}", step.text());
            // The picture's data: the assumption (the eliminated candidate), each step of the
            // path in order, and where it breaks down, all candidates of the position.
            let roles: Vec<&str> = step.pattern.iter().map(|p| p.role.as_ref()).collect();
            assert_eq!(roles.first(), Some(&"assumption"), "{roles:?}");
            assert_eq!(roles.last(), Some(&"contradiction"), "{roles:?}");
            let path = &roles[1..roles.len() - 1];
            assert!(!path.is_empty());
            for (i, role) in path.iter().enumerate() {
                assert_eq!(*role, format!("step {}", i + 1));
            }
            assert_eq!(step.pattern[0].candidates, step.eliminations);
            for part in &step.pattern[1..] {
                assert!(
                    !part.candidates.is_empty(),
                    "{}: {}",
                    part.role,
                    step.text()
                );
                for (cell, digit) in part.candidates.iter() {
                    assert!(grid.has_candidate(cell, digit), "{}", part.role);
                }
            }
        }
        // Shortest proofs first.
        let lengths: Vec<usize> = steps
            .iter()
            .map(|s| s.text().matches(", ").count())
            .collect();
        assert!(lengths.first() <= lengths.last(), "{lengths:?}");
    }

    /// In the solve loop with `reuse`: the puzzle is solved, every step checked against the
    /// solution (verify mode ends a solve with an error at an unsound step), as without it.
    #[test]
    fn reuse_solves_the_same_puzzle_soundly() {
        use kaidoku_engine::Status;
        let solver = |reuse: bool| {
            verifying_solver(&format!(
                "[[technique]]\nid = \"hidden-single\"\n\
                 [[technique]]\nid = \"naked-single\"\n\
                 [[technique]]\nid = \"forcing-chain\"\nnets = true\nreuse = {reuse}\n\
                 [[technique]]\nid = \"nested-forcing\"\nreuse = {reuse}\n"
            ))
        };
        let grid = position(STUCK);
        for reuse in [false, true] {
            let trace = solver(reuse).solve(&grid);
            assert_eq!(
                trace.status,
                Status::Solved,
                "reuse {reuse}: {:?}",
                trace.error
            );
            let nested = trace
                .steps
                .iter()
                .filter(|s| s.technique.as_ref() == "nested-forcing");
            assert!(nested.count() > 0, "reuse {reuse}");
        }
    }

    #[test]
    fn a_short_path_cap_finds_less() {
        let grid = position(STUCK);
        let short = run_with("nested-forcing", &grid, &[("max_steps", Int(3))]);
        let long = run_with("nested-forcing", &grid, &[]);
        assert!(
            short.len() < long.len(),
            "{} vs {}",
            short.len(),
            long.len()
        );
    }
}
