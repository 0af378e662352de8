//! The hardest-puzzle hunters' neighbourhood search: the {-N+M} vicinity of a puzzle is every
//! puzzle with one solution made by taking N of its clues away and adding M clues in cells
//! that were empty. Hard puzzles cluster, so a beam search through vicinities, always going
//! on from the best-rated puzzles found so far, finds more of them than random generation.
//!
//! Everything is deterministic for a seed: neighbours are listed in a fixed order (or drawn
//! from a stream per parent), isomorphs are told apart by their minlex form, and ratings done
//! on several threads come back in order.

use crate::backtrack::{count_values, solve_candidates, solve_values};
use crate::board::cells::{Cell, CellSet};
use crate::generate::removal::Clues;
use rand::Rng;
use rand::seq::index;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// How to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VicinityOptions {
    /// Clues taken away per neighbour.
    pub remove: usize,
    /// Clues added per neighbour.
    pub add: usize,
    /// Draw this many random combinations per parent when there are more.
    pub sample: Option<usize>,
    /// Keep only minimal puzzles (no clue can go without losing uniqueness).
    pub minimal: bool,
    /// The seed of the random draws: the same seed gives the same search.
    pub seed: u64,
    /// How many of the best unexplored puzzles each round searches from (the beam width).
    pub keep: usize,
    /// Threads for neighbours, canonical forms and ratings (0 counts as 1).
    pub threads: usize,
    /// Rate at most this many of a parent's neighbours a round; the parent then goes back
    /// among the unexplored with the rest, so a neighbour that rates above it is searched
    /// from before them (the search climbs as soon as it can). `None`: all at once.
    pub chunk: Option<usize>,
    /// With a probe ([`search_probed`]): rate a neighbour the probe left with a lower bound
    /// when the bound is at most this many tenths under its parent's ER (closest first, a
    /// chunk a round); the others wait until their bound is at least the best rating left to
    /// search from. `None`: rate every one.
    pub margin: Option<u16>,
}

impl Default for VicinityOptions {
    fn default() -> VicinityOptions {
        VicinityOptions {
            remove: 1,
            add: 1,
            sample: None,
            minimal: false,
            seed: 0,
            keep: 1,
            threads: 1,
            chunk: None,
            margin: None,
        }
    }
}

/// A new puzzle the search rated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The puzzle's values, `0` for an empty cell.
    pub puzzle: [u8; 81],
    /// Its ER in tenths.
    pub er: u16,
    /// The rating of the puzzle whose neighbour it is.
    pub parent_er: u16,
    /// The round that found it (the starts' neighbours are round 1).
    pub round: usize,
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VicinityReport {
    /// Calls to `rate` (starts included).
    pub rated: u64,
    /// Neighbours listed or drawn, before dropping those seen or not minimal.
    pub neighbours: u64,
    /// The best-rated puzzle, starts included (ties: the lower canonical form).
    pub best: Option<([u8; 81], u16)>,
    /// Found puzzles rated above the best start.
    pub above_start: u64,
    /// Rounds begun.
    pub rounds: usize,
    /// Calls to the probe ([`search_probed`]; with [`search`], the rating is the probe).
    pub probed: u64,
}

/// Reads a vicinity as the forum writes it: `-N+M`, `-N` or `+M`, braces allowed
/// (`{-2+1}`), with N+M from 1 to 4.
pub fn parse_vicinity(text: &str) -> Result<(usize, usize), String> {
    let bad = |why: &str| format!("bad vicinity `{text}`: {why} (expected -N+M, e.g. -2+1)");
    let mut rest = text.trim();
    if let Some(inner) = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        rest = inner.trim();
    }
    let mut number = |sign: char| -> Result<Option<usize>, String> {
        let Some(after) = rest.strip_prefix(sign) else {
            return Ok(None);
        };
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return Err(bad(&format!("`{sign}` needs a number after it")));
        }
        let n = after[..digits]
            .parse()
            .map_err(|_| bad("the number is too large"))?;
        rest = &after[digits..];
        Ok(Some(n))
    };
    let remove = number('-')?;
    let add = number('+')?;
    if !rest.is_empty() {
        return Err(bad(&format!("unexpected `{rest}`")));
    }
    if remove.is_none() && add.is_none() {
        return Err(bad("nothing to remove or add"));
    }
    let (remove, add) = (remove.unwrap_or(0), add.unwrap_or(0));
    if !(1..=4).contains(&(remove + add)) {
        return Err(bad(&format!(
            "N+M is {}, it must be 1 to 4",
            remove.saturating_add(add)
        )));
    }
    Ok((remove, add))
}

/// The digits (bit `d`) that clash with no clue in a house of `cell`.
fn allowed(values: &[u8; 81], cell: usize) -> u16 {
    let (row, col) = (cell / 9, cell % 9);
    let corner = (row / 3) * 27 + (col / 3) * 3;
    let mut used = 0u16;
    for i in 0..9 {
        used |= 1 << values[row * 9 + i];
        used |= 1 << values[i * 9 + col];
        used |= 1 << values[corner + (i / 3) * 9 + i % 3];
    }
    0x3fe & !used
}

/// Steps `combo` (increasing indices below `n`) to the next one in lexicographic order.
fn next_combination(combo: &mut [usize], n: usize) -> bool {
    let k = combo.len();
    for i in (0..k).rev() {
        if combo[i] < n - k + i {
            combo[i] += 1;
            for j in i + 1..k {
                combo[j] = combo[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// How many combinations there are, each added digit checked against the clues left (not
/// against the other added ones), or `None` once there are more than `limit`.
fn count_combinations(
    puzzle: &[u8; 81],
    clues: &[usize],
    empties: &[usize],
    remove: usize,
    add: usize,
    limit: usize,
) -> Option<usize> {
    let mut total = 0usize;
    let mut combo: Vec<usize> = (0..remove).collect();
    loop {
        let mut values = *puzzle;
        for &i in &combo {
            values[clues[i]] = 0;
        }
        // Ways to pick `add` cells with a digit each: an elementary symmetric polynomial of
        // the per-cell digit counts.
        let mut ways = vec![0usize; add + 1];
        ways[0] = 1;
        for &cell in empties {
            let digits = allowed(&values, cell).count_ones() as usize;
            for j in (1..=add).rev() {
                ways[j] = ways[j].saturating_add(ways[j - 1].saturating_mul(digits));
            }
        }
        total = total.saturating_add(ways[add]);
        if total > limit {
            return None;
        }
        if !next_combination(&mut combo, clues.len()) {
            return Some(total);
        }
    }
}

/// Every puzzle with one solution made by removing `remove` clues of `puzzle` and adding `add`
/// clues in cells that were empty, each with a digit that clashes with no clue in its houses.
///
/// With more combinations than `sample`, `sample` random ones are drawn from `rng` instead
/// (removed clues, then added cells, then each added digit uniformly); otherwise all are
/// listed, removed clues then added cells in cell order, digits rising. No duplicates; the
/// order is that of first appearance.
pub fn neighbours(
    puzzle: &[u8; 81],
    remove: usize,
    add: usize,
    rng: &mut ChaCha8Rng,
    sample: Option<usize>,
) -> Vec<[u8; 81]> {
    neighbours_until(puzzle, remove, add, rng, sample, &|| false)
}

/// Uniqueness checks between two looks at `stop` in [`neighbours_until`].
const CHECKS_PER_LOOK: u32 = 256;

/// [`neighbours`] that ends early, with those found so far, once `stop()` says so (asked
/// every few hundred uniqueness checks: listing every {-2+2} neighbour of a sparse puzzle
/// takes millions of them).
pub fn neighbours_until(
    puzzle: &[u8; 81],
    remove: usize,
    add: usize,
    rng: &mut ChaCha8Rng,
    sample: Option<usize>,
    stop: &dyn Fn() -> bool,
) -> Vec<[u8; 81]> {
    let clues: Vec<usize> = (0..81).filter(|&c| puzzle[c] != 0).collect();
    let empties: Vec<usize> = (0..81).filter(|&c| puzzle[c] == 0).collect();
    let mut out = Vec::new();
    if remove > clues.len() || add > empties.len() || remove + add == 0 {
        return out;
    }
    let mut seen = HashSet::new();
    let enumerate = match sample {
        None => true,
        Some(s) => count_combinations(puzzle, &clues, &empties, remove, add, s).is_some(),
    };
    if enumerate {
        let mut combo: Vec<usize> = (0..remove).collect();
        let mut checks = 0u32;
        loop {
            let mut values = *puzzle;
            for &i in &combo {
                values[clues[i]] = 0;
            }
            let went_on = add_clues(&mut values, &empties, 0, add, &mut |v| {
                checks += 1;
                if checks.is_multiple_of(CHECKS_PER_LOOK) && stop() {
                    return false;
                }
                if count_values(v, 2) == 1 && seen.insert(*v) {
                    out.push(*v);
                }
                true
            });
            if !went_on || !next_combination(&mut combo, clues.len()) || stop() {
                return out;
            }
        }
    }
    let mut tried = HashSet::new();
    'draw: for draw in 0..sample.unwrap_or(0) {
        if (draw + 1).is_multiple_of(CHECKS_PER_LOOK as usize) && stop() {
            break;
        }
        let mut values = *puzzle;
        for i in index::sample(rng, clues.len(), remove) {
            values[clues[i]] = 0;
        }
        let mut cells = index::sample(rng, empties.len(), add).into_vec();
        cells.sort_unstable();
        for i in cells {
            let cell = empties[i];
            let mask = allowed(&values, cell);
            if mask == 0 {
                continue 'draw;
            }
            let pick = rng.random_range(0..mask.count_ones());
            values[cell] = nth_bit(mask, pick);
        }
        // The same draw twice needs no second uniqueness check.
        if tried.insert(values) && count_values(&values, 2) == 1 {
            out.push(values);
        }
    }
    out
}

/// The `n`-th set bit of `mask` (from 0), as a digit.
fn nth_bit(mut mask: u16, n: u32) -> u8 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// Calls `each` with every way to add `left` clues in `empties[from..]`, in order, until it
/// returns false (then false, with `values` as it was).
fn add_clues(
    values: &mut [u8; 81],
    empties: &[usize],
    from: usize,
    left: usize,
    each: &mut dyn FnMut(&[u8; 81]) -> bool,
) -> bool {
    if left == 0 {
        return each(values);
    }
    for i in from..=empties.len() - left {
        let cell = empties[i];
        let mut mask = allowed(values, cell);
        while mask != 0 {
            values[cell] = mask.trailing_zeros() as u8;
            if !add_clues(values, empties, i + 1, left - 1, each) {
                values[cell] = 0;
                return false;
            }
            mask &= mask - 1;
        }
        values[cell] = 0;
    }
    true
}

/// Up to `want` {-1+1} neighbours of a puzzle with one solution, drawn where they are likely
/// to have one solution too: a clue `c` comes out, the puzzle then has another solution (one
/// with a different digit in `c`), and the clue that goes in is a cell where the two
/// solutions differ, with the digit of one of them, which rules the other out. Far more of
/// these draws keep one solution than blind draws of a cell and digit. Deterministic for
/// the rng; `tries` bounds the draws.
pub fn likely_neighbours(
    puzzle: &[u8; 81],
    rng: &mut ChaCha8Rng,
    want: usize,
    tries: usize,
) -> Vec<[u8; 81]> {
    let Some(solution) = solve_values(puzzle, 1).first else {
        return Vec::new();
    };
    let clues: Vec<usize> = (0..81).filter(|&i| puzzle[i] != 0).collect();
    let mut out: Vec<[u8; 81]> = Vec::new();
    for _ in 0..tries {
        if out.len() >= want || clues.is_empty() {
            break;
        }
        let c = clues[rng.random_range(0..clues.len())];
        let mut fewer = *puzzle;
        fewer[c] = 0;
        let mut masks = [0x1ffu16; 81];
        for (i, &v) in fewer.iter().enumerate() {
            if v != 0 {
                masks[i] = 1 << (v - 1);
            }
        }
        masks[c] &= !(1 << (solution[c] - 1));
        let Some(other) = solve_candidates(&masks, 1).first else {
            continue; // `c` was not needed: the puzzle is not minimal there.
        };
        let differ: Vec<usize> = (0..81)
            .filter(|&x| x != c && fewer[x] == 0 && other[x] != solution[x])
            .collect();
        if differ.is_empty() {
            continue;
        }
        let x = differ[rng.random_range(0..differ.len())];
        let digit = if rng.random_bool(0.5) {
            solution[x]
        } else {
            other[x]
        };
        let mut next = fewer;
        next[x] = digit;
        if count_values(&next, 2) == 1 && !out.contains(&next) {
            out.push(next);
        }
    }
    out
}

/// Whether no single clue of a unique puzzle can go without losing uniqueness.
pub fn is_minimal(puzzle: &[u8; 81]) -> bool {
    let Some(solution) = solve_values(puzzle, 1).first else {
        return true; // No solution: taking a clue away cannot leave exactly one.
    };
    let cells: CellSet = Cell::all().filter(|c| puzzle[c.index()] != 0).collect();
    let singles: Vec<CellSet> = cells.iter().map(CellSet::single).collect();
    Clues::from_solution(&solution, cells).is_minimal(&singles, &solution)
}

#[path = "vicinity_search.rs"]
mod climb;
pub use climb::{Probe, search, search_probed};

#[cfg(test)]
#[path = "vicinity_tests.rs"]
mod tests;
