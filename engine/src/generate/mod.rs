//! Making puzzles: random solution grids, clue removal down to a minimal puzzle under a clue
//! symmetry or into a given pattern, filters by rating and technique, searches near known
//! puzzles, and the canonical form that tells isomorphic puzzles apart.
//!
//! Puzzle `i` of a run depends only on the seed and `i` (each index has its own seeded
//! ChaCha stream; on a pattern, each try of an index, see `pattern_run.rs`), so a run gives
//! the same puzzles whatever the number of threads.
//!
//! May use: every layer below (filters rate and solve with `solve`).
//!
//! ```
//! use kaidoku_engine::generate::{Generator, Options};
//!
//! // Three minimal puzzles with rotational symmetry, from seed 7.
//! let options = Options {
//!     seed: 7,
//!     symmetry: "rotational".parse()?,
//!     ..Options::default()
//! };
//! let puzzles: Vec<_> = Generator::new(options.clone(), None)?.take(3).collect();
//! for found in &puzzles {
//!     let puzzle = found.as_ref().expect("no limit was set");
//!     assert_eq!(puzzle.grid.solutions(2).count, 1);
//! }
//! // The same seed gives the same puzzles.
//! let again = Generator::new(options, None)?
//!     .next()
//!     .expect("the generator never ends")
//!     .expect("no limit was set");
//! assert_eq!(again.line(), puzzles[0].as_ref().expect("no limit was set").line());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::board::canon;
pub mod filter;
pub mod pattern;
mod pattern_run;
pub mod practice;
pub mod removal;
pub mod run;
pub mod singles_fill;
pub(crate) mod solution;
pub(crate) mod symmetry;
pub mod vicinity;

use crate::board::cells::{Cell, CellSet};
use crate::board::grid::Grid;
use filter::{Judge, Judged, Nearness, Rejection};
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use removal::{Clues, has_one_solution};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
pub use symmetry::ClueSymmetry;

/// The symmetry asked for: one of the ten, or a random one per puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryChoice {
    /// This symmetry for every puzzle.
    Fixed(ClueSymmetry),
    /// A random symmetry for each puzzle.
    Random,
}

impl FromStr for SymmetryChoice {
    type Err = String;
    fn from_str(text: &str) -> Result<SymmetryChoice, String> {
        if text.eq_ignore_ascii_case("random") {
            return Ok(SymmetryChoice::Random);
        }
        ClueSymmetry::from_name(text)
            .map(SymmetryChoice::Fixed)
            .ok_or_else(|| {
                let names: Vec<&str> = ClueSymmetry::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "unknown symmetry `{text}` (expected one of: {}, random)",
                    names.join(", ")
                )
            })
    }
}

/// What to make (the shape of the puzzles; filters are a [`Judge`]'s).
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed: the same seed gives the same puzzles on every machine.
    pub seed: u64,
    /// The clue symmetry.
    pub symmetry: SymmetryChoice,
    /// The exact cells of the clues, when set.
    pub pattern: Option<CellSet>,
    /// How many clues a puzzle may have.
    pub clues: RangeInclusive<usize>,
    /// No clue (no orbit of clues) can be removed without losing uniqueness.
    pub minimal: bool,
    /// With a practice filter (minimal puzzles, no symmetry, no pattern): after each puzzle
    /// found the usual way, look for more among its neighbours (see [`practice`]); `false`:
    /// every puzzle from its own random grids.
    pub practice_clusters: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            symmetry: SymmetryChoice::Fixed(ClueSymmetry::None),
            pattern: None,
            clues: 17..=81,
            minimal: true,
            practice_clusters: true,
        }
    }
}

impl Options {
    /// Options that no puzzle can meet, said before any work.
    pub fn check(&self) -> Result<(), String> {
        let (lo, hi) = (*self.clues.start(), *self.clues.end());
        if lo > hi {
            return Err(format!("the clue range {lo}..{hi} is empty"));
        }
        if hi < 17 {
            return Err(format!(
                "no puzzle with one solution has fewer than 17 clues (asked for at most {hi})"
            ));
        }
        if hi > 81 {
            return Err(format!(
                "a puzzle has at most 81 clues (asked for up to {hi})"
            ));
        }
        if let Some(pattern) = self.pattern {
            let n = pattern.len() as usize;
            if n < 17 {
                return Err(format!(
                    "the pattern has {n} cells; no puzzle with one solution has fewer than 17 clues"
                ));
            }
            if !self.clues.contains(&n) {
                return Err(format!(
                    "the pattern has {n} cells, outside the clue range {lo}..{hi}"
                ));
            }
            if let SymmetryChoice::Fixed(symmetry) = self.symmetry
                && !symmetry.keeps(pattern)
            {
                return Err(format!(
                    "the pattern is not {symmetry}-symmetric (its symmetry: {})",
                    ClueSymmetry::of(pattern)
                ));
            }
            if let Some(why) = pattern::never_unique(pattern) {
                return Err(why);
            }
        }
        Ok(())
    }
}

/// Reads a clue pattern: 81 cells, a clue where the mask has a digit `1`-`9` or one of
/// `x X * # o O @`, none where it has `.`, `0`, `-` or `_`; whitespace between cells is
/// ignored (so a 9-line mask reads too).
pub fn parse_pattern(text: &str) -> Result<CellSet, String> {
    let mut cells = CellSet::EMPTY;
    let mut n = 0usize;
    for ch in text.chars().filter(|c| !c.is_whitespace()) {
        let clue = match ch {
            '1'..='9' | 'x' | 'X' | '*' | '#' | 'o' | 'O' | '@' => true,
            '.' | '0' | '-' | '_' => false,
            other => {
                return Err(format!(
                    "the pattern has `{other}` at cell {}: use `x` (or a digit, `*`, `#`) for a clue and `.` (or `0`, `-`) for an empty cell",
                    n + 1
                ));
            }
        };
        if n < 81 && clue {
            cells.insert(Cell::new(n));
        }
        n += 1;
    }
    if n != 81 {
        return Err(format!("the pattern has {n} cells; it needs 81"));
    }
    Ok(cells)
}

/// A unique puzzle of the asked shape, before the filters.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The puzzle's values, `0` for an empty cell.
    pub puzzle: [u8; 81],
    /// Its solution.
    pub solution: [u8; 81],
    /// The symmetry of its clues.
    pub symmetry: ClueSymmetry,
}

/// One-clue changes per try of a pattern search: a try is a fresh fill and its walk (see
/// [`pattern`]), about 7 s at 17 clues (13,000 changes a second). Most walks that reach a
/// puzzle on the bench's 17-clue masks do so within 45,000 changes, and one that misses
/// mostly sits at 6-20 solutions, so a fresh try beats a longer walk (sixth round).
pub const PATTERN_MOVES: u64 = 100_000;

/// One try from `rng`: a random solution grid, then clues removed (a pattern's tries are in
/// `pattern_run`). `Err` says why the try's grid did not fit.
pub fn try_candidate(options: &Options, rng: &mut ChaCha8Rng) -> Result<Candidate, Rejection> {
    let solution = solution::random_solution(rng);
    let symmetry = match options.symmetry {
        SymmetryChoice::Fixed(s) => s,
        SymmetryChoice::Random => *ClueSymmetry::ALL.choose(rng).expect("ten symmetries"),
    };
    let clues = remove_clues(options, symmetry, &solution, rng)?;
    Ok(Candidate {
        puzzle: *clues.values(),
        solution,
        symmetry,
    })
}

/// A pattern's try: puzzles on a mask have the mask's own symmetry (whatever `--symmetry`
/// said, which [`Options::check`] made sure the mask keeps), and minimal ones are minimal
/// under it.
fn pattern_candidate(
    options: &Options,
    pattern: CellSet,
    rng: &mut ChaCha8Rng,
    stop: &dyn Fn() -> bool,
) -> Result<Candidate, Rejection> {
    let symmetry = ClueSymmetry::of(pattern);
    let orbits: Vec<CellSet> = symmetry
        .orbits()
        .into_iter()
        .filter(|o| o.is_subset_of(pattern))
        .collect();
    let not_minimal = std::cell::Cell::new(false);
    let accept = |puzzle: &[u8; 81], solution: &[u8; 81]| {
        let minimal = !options.minimal
            || Clues::from_solution(solution, pattern).is_minimal(&orbits, solution);
        not_minimal.set(not_minimal.get() || !minimal);
        debug_assert!(has_one_solution(puzzle));
        minimal
    };
    match pattern::search(pattern, rng, PATTERN_MOVES, &accept, stop).0 {
        Some((puzzle, solution)) => Ok(Candidate {
            puzzle,
            solution,
            symmetry,
        }),
        None if not_minimal.get() => Err(Rejection::PatternNotMinimal),
        None => Err(Rejection::PatternSeveral),
    }
}

fn remove_clues(
    options: &Options,
    symmetry: ClueSymmetry,
    solution: &[u8; 81],
    rng: &mut ChaCha8Rng,
) -> Result<Clues, Rejection> {
    let mut clues = Clues::from_solution(solution, CellSet::ALL);
    let mut orbits = symmetry.orbits();
    orbits.shuffle(rng);
    let (lo, hi) = (*options.clues.start(), *options.clues.end());
    // Not minimal: stop at a random count in the range (or as low as the grid allows).
    let target = if options.minimal {
        0
    } else {
        use rand::Rng;
        rng.random_range(lo..=hi)
    };
    let unavoidable = removal::unavoidable_rectangles(solution);
    for &orbit in &orbits {
        if clues.count() <= target {
            break;
        }
        // Never go below the range's bottom.
        if clues.count() - (orbit.len() as usize) < lo {
            if options.minimal {
                return Err(Rejection::Shape);
            }
            continue;
        }
        clues.try_remove_keeping(orbit, solution, &unavoidable);
    }
    if !options.clues.contains(&clues.count()) {
        return Err(Rejection::Shape);
    }
    Ok(clues)
}

/// A puzzle the generator kept.
#[derive(Clone, Debug)]
pub struct Generated {
    /// Its place in the run (puzzle `index` of the seed).
    pub index: u64,
    /// The puzzle.
    pub grid: Grid,
    /// Its solution, values `1..=9`.
    pub solution: [u8; 81],
    /// The symmetry of its clues.
    pub symmetry: ClueSymmetry,
    /// Tries it took (solution grids made for this index).
    pub tries: u64,
    /// Why the tries before it failed.
    pub rejected: BTreeMap<Rejection, u64>,
    /// Its rating and path, when a judge was given.
    pub judged: Option<Judged>,
}

impl Generated {
    /// The puzzle as 81 characters, `.` for empty.
    pub fn line(&self) -> String {
        self.grid.givens_line()
    }
}

/// Why the generator stopped short of a puzzle: how much it tried and why each try failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shortfall {
    /// How many solution grids were tried.
    pub tries: u64,
    /// How many candidates each filter turned down.
    pub rejected: BTreeMap<Rejection, u64>,
}

/// Tries and rejections counted as they happen, shared by the workers of a run (an index's
/// own counts arrive only with its puzzle, which a hard filter may take minutes to find).
#[derive(Debug, Default)]
pub struct Tally {
    tries: AtomicU64,
    rejected: Mutex<BTreeMap<Rejection, u64>>,
}

impl Tally {
    /// Solution grids tried so far.
    pub fn tries(&self) -> u64 {
        self.tries.load(Ordering::Relaxed)
    }

    /// Candidates turned down so far, by reason.
    pub fn rejected(&self) -> BTreeMap<Rejection, u64> {
        self.rejected
            .lock()
            .map(|counts| counts.clone())
            .unwrap_or_default()
    }
}

impl Tally {
    fn count_try(&self) {
        self.tries.fetch_add(1, Ordering::Relaxed);
    }

    fn reject(&self, why: Rejection) {
        if let Ok(mut counts) = self.rejected.lock() {
            *counts.entry(why).or_default() += 1;
        }
    }
}

impl Shortfall {
    fn count_try(&mut self, tally: &Tally) {
        self.tries += 1;
        tally.count_try();
    }

    fn reject(&mut self, why: Rejection, tally: &Tally) {
        *self.rejected.entry(why).or_default() += 1;
        tally.reject(why);
    }
}

/// Puzzle number `index` of a run: tries from the index's own stream until one passes the
/// shape and the judge, or `max_tries` (if any) run out. `stop` is asked between tries (a
/// time limit, another thread's failure).
pub fn generate_one(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
) -> Result<Generated, Shortfall> {
    generate_one_tallied(options, judge, index, max_tries, stop, &Tally::default())
}

/// [`generate_one`], counting its tries and rejections in `tally` too as they happen.
pub fn generate_one_tallied(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
    tally: &Tally,
) -> Result<Generated, Shortfall> {
    if practice::clusters(options, judge) {
        return practice::nth(options, judge, index, max_tries, stop, tally);
    }
    if options.pattern.is_some() {
        return pattern_run::in_turn(options, judge, index, (max_tries, stop), tally);
    }
    let mut rng = stream(options.seed, index);
    search(options, judge, &mut rng, max_tries, stop, tally).map(|g| Generated { index, ..g })
}

/// Tries from `rng` until one passes the shape and the judge, or `max_tries` (if any) run
/// out; the puzzle's `index` is left 0.
fn search(
    options: &Options,
    judge: Option<&Judge>,
    rng: &mut ChaCha8Rng,
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
    tally: &Tally,
) -> Result<Generated, Shortfall> {
    let mut shortfall = Shortfall::default();
    loop {
        if max_tries.is_some_and(|m| shortfall.tries >= m) || stop() {
            return Err(shortfall);
        }
        shortfall.count_try(tally);
        let candidate = match try_candidate(options, rng) {
            Ok(c) => c,
            Err(why) => {
                shortfall.reject(why, tally);
                continue;
            }
        };
        let grid = Grid::from_givens(&candidate.puzzle).expect("clues from a solution agree");
        let judged = match judge.map(|j| j.judge_reaching(&grid)).transpose() {
            Ok(judged) => judged,
            Err((why, near)) => {
                shortfall.reject(why, tally);
                // A hard band or a rare shape: climb from a puzzle that came near.
                if let (Some(judge), Some(near)) = (judge, near)
                    && candidate.symmetry == ClueSymmetry::None
                    && options.pattern.is_none()
                    && let Some(found) = climb(
                        options,
                        judge,
                        (candidate.puzzle, near),
                        rng,
                        (&mut shortfall, tally),
                        max_tries,
                        stop,
                    )
                {
                    return Ok(found);
                }
                continue;
            }
        };
        return Ok(Generated {
            index: 0,
            grid,
            solution: candidate.solution,
            symmetry: candidate.symmetry,
            tries: shortfall.tries,
            rejected: shortfall.rejected,
            judged,
        });
    }
}

/// Neighbours tried per climbing step, and steps at most.
const CLIMB_SAMPLE: usize = 48;
const CLIMB_STEPS: usize = 12;

/// Hill-climbs from a puzzle that came near the filters (rated just below a hard ER band, or
/// a practice path with few other steps): its {-1+1} neighbours (one clue moved, drawn
/// where they likely keep one solution; minimal ones when minimal puzzles are asked for),
/// the first that passes kept, else on from the nearest while nearness grows. Such puzzles
/// cluster, so this finds them more often than fresh random grids (ER >= 8.5: 2.5 -> 3.6
/// puzzles/s on 2 threads). Each neighbour counts as a try.
fn climb(
    options: &Options,
    judge: &Judge,
    (mut base, mut base_near): ([u8; 81], Nearness),
    rng: &mut ChaCha8Rng,
    (shortfall, tally): (&mut Shortfall, &Tally),
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
) -> Option<Generated> {
    for _ in 0..CLIMB_STEPS {
        let mut best: Option<([u8; 81], Nearness)> = None;
        for puzzle in vicinity::likely_neighbours(&base, rng, CLIMB_SAMPLE, 4 * CLIMB_SAMPLE) {
            if max_tries.is_some_and(|m| shortfall.tries >= m) || stop() {
                return None;
            }
            if options.minimal && !vicinity::is_minimal(&puzzle) {
                continue;
            }
            shortfall.count_try(tally);
            let grid = Grid::from_givens(&puzzle).expect("a neighbour has one solution");
            match judge.judge_reaching(&grid) {
                Ok(judged) => {
                    let solution = crate::backtrack::solve_values(&puzzle, 1)
                        .first
                        .expect("a neighbour has one solution");
                    return Some(Generated {
                        index: 0,
                        grid,
                        solution,
                        symmetry: ClueSymmetry::None,
                        tries: shortfall.tries,
                        rejected: std::mem::take(&mut shortfall.rejected),
                        judged: Some(judged),
                    });
                }
                Err((why, near)) => {
                    shortfall.reject(why, tally);
                    if let Some(near) = near
                        && near > best.map_or(base_near, |(_, n)| n)
                    {
                        best = Some((puzzle, near));
                    }
                }
            }
        }
        (base, base_near) = best?;
    }
    None
}

/// The random stream of puzzle `index` under `seed`: ChaCha8 keyed by the seed, one stream
/// per index (portable: the same numbers on every machine and version of `rand_chacha`).
pub fn stream(seed: u64, index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

/// Puzzles one after another on this thread: `Ok` for each kept puzzle, in index order.
/// With no limits it never ends; take what you need.
pub struct Generator {
    options: Options,
    judge: Option<Judge>,
    next: u64,
    max_tries: Option<u64>,
    /// The rest of the current block (clustered practice puzzles come a block at a time).
    ready: std::collections::VecDeque<Result<Generated, Shortfall>>,
}

impl Generator {
    /// Checks the options first (impossible ones are an error).
    pub fn new(options: Options, judge: Option<Judge>) -> Result<Generator, String> {
        options.check()?;
        Ok(Generator {
            options,
            judge,
            next: 0,
            max_tries: None,
            ready: Default::default(),
        })
    }

    /// Gives up on a puzzle after this many tries (the item is then `Err`).
    pub fn max_tries(mut self, tries: u64) -> Generator {
        self.max_tries = Some(tries);
        self
    }
}

impl Iterator for Generator {
    type Item = Result<Generated, Shortfall>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty() {
            let judge = self.judge.as_ref();
            let len = practice::block_len(&self.options, judge);
            let ready = &mut self.ready;
            practice::generate_block(
                &self.options,
                judge,
                self.next / len,
                self.max_tries,
                &|| false,
                &Tally::default(),
                &mut |_, result| {
                    ready.push_back(result);
                    true
                },
            );
            // A block ends at a failure: the indices after it fail too.
            while (ready.len() as u64) < len {
                ready.push_back(Err(Shortfall::default()));
            }
        }
        self.next += 1;
        self.ready.pop_front()
    }
}
