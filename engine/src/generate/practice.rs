//! Practice puzzles in clusters. A practice shape (`--practice X`: only singles and X on the
//! rating path) is rare among random minimal puzzles (an X-Wing one in about 18,000), but
//! common among the {-1+1} neighbours of one that has it (one clue moved, still unique and
//! minimal): about a quarter of them for X-Wing and unique rectangles, an eighth for ALS-XZ.
//! So after a puzzle found the usual way (the root), the next ones are looked for around it:
//! neighbours of the puzzles found so far, each judged in full like any other.
//!
//! Indices go in blocks of [`PER_ROOT`]: block `b` is puzzles `b * PER_ROOT ..`, its root
//! found from the stream of `(seed, b)` and its walk drawn from the same stream, so puzzle
//! `i` still depends only on the seed and `i`. No two puzzles of a block are isomorphic; when
//! a root's neighbourhood runs dry, the block goes on from a new root of the same stream.
//! [`PER_ROOT`] caps the puzzles per root, so a run stays varied.

use super::filter::{Judge, Judged};
use super::vicinity::{is_minimal, likely_neighbours};
use super::{ClueSymmetry, Generated, Options, Shortfall, SymmetryChoice, Tally, search, stream};
use crate::backtrack::solve_values;
use crate::board::canon::minlex;
use crate::board::grid::Grid;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashSet, VecDeque};

/// Puzzles per block, and so at most per root.
pub const PER_ROOT: u64 = 24;

/// Neighbours drawn around one puzzle of the cluster at a time (and draws at most).
const DRAWS: usize = 16;
/// Draws around the cluster that found nothing new, in a row, before a new root.
const DRY: usize = 25;

/// Whether a run with these options and judge makes practice puzzles in clusters: a practice
/// filter on minimal puzzles with no symmetry and no pattern (a neighbour keeps neither).
pub fn clusters(options: &Options, judge: Option<&Judge>) -> bool {
    options.practice_clusters
        && options.minimal
        && options.pattern.is_none()
        && options.symmetry == SymmetryChoice::Fixed(ClueSymmetry::None)
        && judge.is_some_and(|j| j.filters().practice.is_some())
}

/// How many consecutive indices one block makes: [`PER_ROOT`] in clusters, else 1.
pub fn block_len(options: &Options, judge: Option<&Judge>) -> u64 {
    if clusters(options, judge) {
        PER_ROOT
    } else {
        1
    }
}

/// Makes block `block` (indices `block * block_len ..`), calling `each` with every index
/// and its result in order, while it returns `true`. The block ends at its first `Err`
/// (later puzzles of a cluster need the earlier ones).
pub fn generate_block(
    options: &Options,
    judge: Option<&Judge>,
    block: u64,
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
    tally: &Tally,
    each: &mut dyn FnMut(u64, Result<Generated, Shortfall>) -> bool,
) {
    let Some(judge) = judge.filter(|_| clusters(options, judge)) else {
        let one = super::generate_one_tallied(options, judge, block, max_tries, stop, tally);
        each(block, one);
        return;
    };
    let mut walk = Walk::new(options, judge, block);
    for index in block * PER_ROOT..(block + 1) * PER_ROOT {
        let result = walk.next(max_tries, stop, tally);
        let failed = result.is_err();
        if !each(index, result.map(|g| Generated { index, ..g })) || failed {
            return;
        }
    }
}

/// Puzzle `index` of a clustered run: its block made up to it.
pub(super) fn nth(
    options: &Options,
    judge: Option<&Judge>,
    index: u64,
    max_tries: Option<u64>,
    stop: &dyn Fn() -> bool,
    tally: &Tally,
) -> Result<Generated, Shortfall> {
    let mut found = Err(Shortfall::default());
    generate_block(
        options,
        judge,
        index / PER_ROOT,
        max_tries,
        stop,
        tally,
        &mut |at, result| {
            let go_on = at < index;
            found = result;
            go_on
        },
    );
    found
}

/// A block's search: the current root's cluster and what the block has seen.
struct Walk<'a> {
    options: &'a Options,
    judge: &'a Judge,
    rng: ChaCha8Rng,
    /// Canonical forms of the block's puzzles (kept ones and those waiting).
    seen: HashSet<[u8; 81]>,
    /// Neighbours already judged (or roots), not to judge twice.
    tried: HashSet<[u8; 81]>,
    /// The puzzles handed out from the current root, the root first.
    cluster: Vec<[u8; 81]>,
    /// Neighbours the judge kept, not handed out yet.
    waiting: VecDeque<([u8; 81], Judged)>,
    /// Draws in a row that found nothing new.
    dry: usize,
}

impl<'a> Walk<'a> {
    fn new(options: &'a Options, judge: &'a Judge, block: u64) -> Walk<'a> {
        Walk {
            options,
            judge,
            rng: stream(options.seed, block),
            seen: HashSet::new(),
            tried: HashSet::new(),
            cluster: Vec::new(),
            waiting: VecDeque::new(),
            dry: 0,
        }
    }

    /// The block's next puzzle (its `index` left 0).
    fn next(
        &mut self,
        max_tries: Option<u64>,
        stop: &dyn Fn() -> bool,
        tally: &Tally,
    ) -> Result<Generated, Shortfall> {
        let mut shortfall = Shortfall::default();
        loop {
            if let Some((puzzle, judged)) = self.waiting.pop_front() {
                self.cluster.push(puzzle);
                return Ok(found(puzzle, judged, shortfall));
            }
            if max_tries.is_some_and(|m| shortfall.tries >= m) || stop() {
                return Err(shortfall);
            }
            if self.cluster.is_empty() || self.dry >= DRY {
                // A new root, found the usual way.
                self.cluster.clear();
                self.dry = 0;
                let left = max_tries.map(|m| m - shortfall.tries);
                let result = search(
                    self.options,
                    Some(self.judge),
                    &mut self.rng,
                    left,
                    stop,
                    tally,
                );
                let root = match result {
                    Ok(root) => root,
                    Err(why) => {
                        shortfall.absorb(why.tries, why.rejected);
                        return Err(shortfall);
                    }
                };
                let puzzle = *root.grid.values();
                self.tried.insert(puzzle);
                if self.seen.insert(minlex(&puzzle)) {
                    self.cluster.push(puzzle);
                    shortfall.absorb(root.tries, root.rejected);
                    return Ok(Generated {
                        tries: shortfall.tries,
                        rejected: shortfall.rejected,
                        ..root
                    });
                }
                shortfall.absorb(root.tries, root.rejected);
                continue;
            }
            let parent = self.cluster[self.rng.random_range(0..self.cluster.len())];
            let mut new = false;
            for puzzle in likely_neighbours(&parent, &mut self.rng, DRAWS, 4 * DRAWS) {
                if !self.tried.insert(puzzle) || !is_minimal(&puzzle) {
                    continue;
                }
                shortfall.count_try(tally);
                let grid = Grid::from_givens(&puzzle).expect("a neighbour has one solution");
                match self.judge.judge(&grid) {
                    Ok(judged) => {
                        if self.seen.insert(minlex(&puzzle)) {
                            self.waiting.push_back((puzzle, judged));
                            new = true;
                        }
                    }
                    Err(why) => shortfall.reject(why, tally),
                }
            }
            self.dry = if new { 0 } else { self.dry + 1 };
        }
    }
}

/// A kept neighbour as the generator hands it out.
fn found(puzzle: [u8; 81], judged: Judged, shortfall: Shortfall) -> Generated {
    let solution = solve_values(&puzzle, 1)
        .first
        .expect("a neighbour has one solution");
    Generated {
        index: 0,
        grid: Grid::from_givens(&puzzle).expect("a neighbour has one solution"),
        solution,
        symmetry: ClueSymmetry::None,
        tries: shortfall.tries,
        rejected: shortfall.rejected,
        judged: Some(judged),
    }
}

impl Shortfall {
    /// Adds another search's tries and rejections (already in the tally).
    fn absorb(
        &mut self,
        tries: u64,
        rejected: std::collections::BTreeMap<super::filter::Rejection, u64>,
    ) {
        self.tries += tries;
        for (why, n) in rejected {
            *self.rejected.entry(why).or_default() += n;
        }
    }
}
