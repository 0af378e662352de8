//! Fast backtracking solver, for uniqueness checks and solution counts.
//!
//! Design (ideas from JCZSolve and tdoku, no code from either): each digit's candidates are
//! three 27-bit band words. Propagation settles one band of one digit at a time, only the
//! words that changed: locked candidates inside the band by table lookup on its minirow
//! pattern (a digit's minirows in a band form a 3x3 permutation), columns alone in their box
//! in one band leave the other bands, and a column left in one band only is claimed by its box
//! there. A row left with one cell solves that
//! cell, which then leaves the other digits (hidden singles in rows, boxes and columns all end
//! up this way). Naked singles come from counting digits per cell with bit arithmetic. When
//! stuck, it guesses on the bivalue cell with the most unsolved peers, its digit with more
//! candidates among those peers first (with no bivalue cell: the cell with the fewest
//! candidates, its digit with the fewest candidates left in the grid first), copying the
//! small fixed-size state for the branch: no heap allocation during a solve. Hot paths avoid branches that would be unpredictable, and
//! words settle in waves, so that each does not wait on the one before.
//!
//! Propagation works digit by digit, so it cannot see a house whose digits do not fit its
//! cells (four digits left for three cells). `houses` checks that by matching, at the first
//! guess of a candidate position and at every guess once a search has made many: a position
//! broken that way fails at once instead of searching the open rest of the grid.
//!
//! Uses no other layer: it works on plain arrays and bitmaps, so the board can use it.

mod bulk;
mod estimate;
mod houses;
mod search;
mod tables;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_houses;
#[cfg(test)]
mod tests_open;

#[cfg(test)]
use search::search_portable;
use search::{Collector, State, search};

/// Solution count, capped at the limit, and the first solution found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// How many solutions were found, at most the limit asked for.
    pub count: usize,
    /// The first solution found, values `1..=9`; `None` when `count` is 0.
    pub first: Option<[u8; 81]>,
}

impl Solutions {
    const NONE: Solutions = Solutions {
        count: 0,
        first: None,
    };
}

/// Counts the solutions of a puzzle given by its 81 values (0 = empty), stopping at `limit`.
///
/// Conflicting givens (two equal values in a house) give count 0. A value above 9 is treated
/// as a conflict (count 0). `limit` 0 returns count 0 at once.
pub fn solve_values(values: &[u8; 81], limit: usize) -> Solutions {
    if limit == 0 {
        return Solutions::NONE;
    }
    match State::from_values(values) {
        Some(state) => run(state, limit, Entry::VALUES, search).0,
        None => Solutions::NONE,
    }
}

/// [`solve_values`]'s count alone, without the first solution (which is read off at some
/// cost).
pub fn count_values(values: &[u8; 81], limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    match State::from_values(values) {
        Some(state) => run(state, limit, Entry::COUNT, search).0.count,
        None => 0,
    }
}

/// How many solutions (up to `limit`) a puzzle given by its values has with `digit` ruled
/// out of the empty cell `cell` (0..81): whether the puzzle has a solution other than one
/// with `digit` there. A generator asks this after removing a clue, to learn whether the
/// smaller puzzle still has only its known solution.
pub fn count_values_without(values: &[u8; 81], cell: usize, digit: u8, limit: usize) -> usize {
    if limit == 0 || cell >= 81 || !(1..=9).contains(&digit) || values[cell] != 0 {
        return if limit == 0 {
            0
        } else {
            count_values(values, limit)
        };
    }
    match State::from_values(values) {
        Some(mut state) => {
            state.rule_out(cell, digit);
            run(state, limit, Entry::COUNT, search).0.count
        }
        None => 0,
    }
}

/// An estimate of how many solutions a puzzle given by its values has, from `probes` random
/// paths of the search (Knuth's estimator: unbiased, and its spread shrinks with more
/// probes). For counts far above what [`count_values`] can reach in time: a 17-clue pattern
/// search tells a million solutions from a thousand with it. Conflicting givens, or a value
/// above 9, give 0.
pub fn estimate_values(values: &[u8; 81], probes: u32, rng: &mut impl rand::Rng) -> f64 {
    match State::from_values(values) {
        Some(state) => estimate::estimate(state, probes, rng),
        None => 0.0,
    }
}

/// [`solve_values`] and [`solve_candidates_with_guesses`] on the portable copy of the search,
/// whatever the CPU has: the tests check that both copies answer alike.
#[cfg(test)]
fn solve_portable(
    values: &[u8; 81],
    candidates: &[u16; 81],
    limit: usize,
) -> [(Solutions, usize); 2] {
    let from_values = match State::from_values(values) {
        Some(state) => run(state, limit, Entry::VALUES, search_portable),
        None => (Solutions::NONE, 0),
    };
    let from_candidates = run(
        State::from_candidates(candidates),
        limit,
        Entry::CANDIDATES,
        search_portable,
    );
    [from_values, from_candidates]
}

/// Counts the solutions of a candidate position, stopping at `limit`.
///
/// `candidates[i]` is the mask of digits still allowed in cell `i` (bit `d - 1` for digit `d`;
/// higher bits are ignored); a solved cell is a single-bit mask. Only solutions that respect
/// every mask count, so a position with a wrongly deleted candidate has none.
pub fn solve_candidates(candidates: &[u16; 81], limit: usize) -> Solutions {
    solve_candidates_with_guesses(candidates, limit).0
}

/// [`solve_candidates`], and the number of guess points the search met: a measure of its
/// work that tests can bound.
pub fn solve_candidates_with_guesses(candidates: &[u16; 81], limit: usize) -> (Solutions, usize) {
    if limit == 0 {
        return (Solutions::NONE, 0);
    }
    run(
        State::from_candidates(candidates),
        limit,
        Entry::CANDIDATES,
        search,
    )
}

/// How a run was entered: whether it keeps the first solution besides the count, and whether
/// it checks every house at the first guess.
struct Entry {
    first: bool,
    check_first: bool,
}

impl Entry {
    /// A puzzle's values: the first solution too.
    const VALUES: Entry = Entry {
        first: true,
        check_first: false,
    };
    /// A puzzle's values, the count alone.
    const COUNT: Entry = Entry {
        first: false,
        check_first: false,
    };
    /// A candidate position: the first solution, and the houses checked at the first guess.
    const CANDIDATES: Entry = Entry {
        first: true,
        check_first: true,
    };
}

fn run(
    state: State,
    limit: usize,
    entry: Entry,
    search: fn(State, &mut Collector),
) -> (Solutions, usize) {
    let mut out = Collector {
        limit,
        count: 0,
        first: None,
        keep_first: entry.first,
        guesses: 0,
        check_first: entry.check_first,
    };
    search(state, &mut out);
    let solutions = Solutions {
        count: out.count,
        first: out.first,
    };
    (solutions, out.guesses)
}
