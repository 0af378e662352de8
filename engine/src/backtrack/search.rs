//! The solver state (one bitboard per digit and band), its propagation and the search.

use std::sync::atomic::AtomicU64;
#[cfg(kaidoku_stats)]
use std::sync::atomic::Ordering::Relaxed;
#[inline(always)]
fn bump(_c: &AtomicU64) {
    #[cfg(kaidoku_stats)]
    _c.store(_c.load(Relaxed) + 1, Relaxed);
}
pub static GUESSES: AtomicU64 = AtomicU64::new(0);
pub static UPDATES: AtomicU64 = AtomicU64::new(0);
pub static ROUNDS: AtomicU64 = AtomicU64::new(0);
use super::tables::{BAND, CLAIM_KEEP, LOCKED_COLS, MINIROWS, PEERS, ROW, SHRINK};

/// A search position. `bands[b * 9 + d]` holds the cells of band `b` that may still hold
/// digit `d + 1` (see `tables` for the bit layout). A cell is *solved* once some digit's row
/// has been reduced to it; solved cells hold exactly one digit.
#[derive(Clone, Copy)]
pub(super) struct State {
    bands: [u32; 27],
    /// `bands` as last propagated: a word that differs has news to spread.
    seen: [u32; 27],
    /// Cells not yet solved, per band.
    unsolved: [u32; 3],
}

/// What a search collects: solutions counted up to `limit`, and the first one.
pub(super) struct Collector {
    pub(super) limit: usize,
    pub(super) count: usize,
    pub(super) first: Option<[u8; 81]>,
}

/// The two other bands of each band.
const OTHERS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Bit `col` repeated in each row of a band word.
#[inline(always)]
const fn spread_cols(cols: u32) -> u32 {
    cols * (1 | 1 << 9 | 1 << 18)
}

/// The columns of a band word that hold a candidate.
#[inline(always)]
const fn fold(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1FF
}

/// The cells of rows that hold exactly one candidate (rows are never empty here).
#[inline(always)]
fn single_rows(w: u32) -> u32 {
    let mut out = 0;
    let mut r = 0;
    while r < 3 {
        let x = w & ROW[r];
        // `x` is nonzero: the shrink keeps every row occupied.
        if x & x.wrapping_sub(1) == 0 {
            out |= x;
        }
        r += 1;
    }
    out
}

impl State {
    /// Every digit possible everywhere, nothing solved.
    #[inline]
    const fn open() -> State {
        State {
            bands: [BAND; 27],
            seen: [u32::MAX; 27],
            unsolved: [BAND; 3],
        }
    }

    /// The position of a puzzle's values, or `None` for a value above 9.
    pub(super) fn from_values(values: &[u8; 81]) -> Option<State> {
        let mut s = State::open();
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v > 9 {
                return None;
            }
            let d = v as usize - 1;
            let (b, bit) = (i / 27, 1u32 << (i % 27));
            // The cell keeps only `d`; its peers lose `d`. Equal givens in a house empty each
            // other's cell, which propagation reports as a contradiction.
            for e in 0..9 {
                if e != d {
                    s.bands[b * 9 + e] &= !bit;
                }
            }
            let peers = &PEERS[i];
            for (bb, &p) in peers.iter().enumerate() {
                s.bands[bb * 9 + d] &= !p;
            }
        }
        Some(s)
    }

    /// The position given by a candidate mask per cell (bit `d - 1` for digit `d`).
    pub(super) fn from_candidates(candidates: &[u16; 81]) -> State {
        let mut s = State::open();
        s.bands = [0; 27];
        for (i, &mask) in candidates.iter().enumerate() {
            let (b, bit) = (i / 27, 1u32 << (i % 27));
            for d in 0..9 {
                if mask >> d & 1 != 0 {
                    s.bands[b * 9 + d] |= bit;
                }
            }
        }
        s
    }

    /// Sets digit `d` in cell `bit` of band `b`: the rest of its row loses `d`, the cell loses
    /// its other digits. Propagation does the rest of the peers.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let row = ROW[bit.trailing_zeros() as usize / 9];
        for e in 0..9 {
            self.bands[b * 9 + e] &= !bit;
        }
        let i = b * 9 + d;
        self.bands[i] = (self.bands[i] & !row) | bit;
    }

    /// Spreads every changed band word until nothing changes: locked candidates inside each
    /// band, lone columns to the other bands, rows with one cell solve that cell. Returns
    /// false on a contradiction (a digit with no place in some row or box).
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        // Words that may have changed; `seen` filters the ones that did not.
        let mut todo = (1u32 << 27) - 1;
        while todo != 0 {
            // `todo` is ordered digit by digit: settling one digit's bands before the next
            // takes fewer updates than going band by band.
            let t = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (d, b) = (t / 3, t % 3);
            let i = b * 9 + d;
            let mut w = self.bands[i];
            let old = self.seen[i];
            if w == old {
                continue;
            }
            bump(&UPDATES);
            let m = MINIROWS[(w & 0x1FF) as usize] as usize
                | (MINIROWS[(w >> 9 & 0x1FF) as usize] as usize) << 3
                | (MINIROWS[(w >> 18 & 0x1FF) as usize] as usize) << 6;
            w &= SHRINK[m];
            if w == 0 {
                return false;
            }
            self.bands[i] = w;
            self.seen[i] = w;
            let cols = fold(w);
            let (o1, o2) = OTHERS[b];
            let (j1, j2) = (o1 * 9 + d, o2 * 9 + d);
            // Columns alone in their box here leave the other bands.
            let locked = !spread_cols(LOCKED_COLS[cols as usize] as u32);
            let (mut k1, mut k2) = (locked, locked);
            let lost = fold(old) & !cols;
            if lost != 0 {
                // A lost column may now live in one other band only: there, its box keeps
                // only that column.
                let (c1, c2) = (fold(self.bands[j1]), fold(self.bands[j2]));
                if cols | c1 | c2 != 0x1FF {
                    return false;
                }
                k1 &= CLAIM_KEEP[(lost & c1 & !c2) as usize];
                k2 &= CLAIM_KEEP[(lost & c2 & !c1) as usize];
            }
            let (w1, w2) = (self.bands[j1], self.bands[j2]);
            self.bands[j1] = w1 & k1;
            self.bands[j2] = w2 & k2;
            todo |= ((w1 & !k1 != 0) as u32) << (d * 3 + o1) | ((w2 & !k2 != 0) as u32) << (d * 3 + o2);
            let solved = single_rows(w) & self.unsolved[b];
            if solved != 0 {
                self.unsolved[b] &= !solved;
                let mut hit = 0;
                for e in 0..9 {
                    let j = b * 9 + e;
                    let x = self.bands[j];
                    self.bands[j] = x & !solved;
                    hit |= ((x & solved != 0) as u32) << (3 * e);
                }
                self.bands[i] = w;
                todo |= (hit << b) & !(1 << t);
            }
        }
        true
    }

    /// The solved grid (call only when every cell is solved).
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut w = self.bands[b * 9 + d];
                while w != 0 {
                    let k = w.trailing_zeros() as usize;
                    out[b * 27 + k] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        out
    }
}

/// Solves `s` and its guesses depth first until the collector has `limit` solutions.
pub(super) fn search(mut s: State, out: &mut Collector) {
    loop {
        if !s.propagate() {
            return;
        }
        // Naked singles, and a bivalue cell to guess on, from per-band digit counts.
        bump(&ROUNDS);
        let mut progress = false;
        let mut guess: Option<(usize, u32)> = None;
        let mut pairs_by_band = [0u32; 3];
        for b in 0..3 {
            let u = s.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let w = s.bands[b * 9 + d];
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            if u & !one != 0 {
                return;
            }
            let singles = u & !two;
            if singles != 0 {
                progress = true;
                for d in 0..9 {
                    let i = b * 9 + d;
                    let p = singles & s.bands[i];
                    if p == 0 {
                        continue;
                    }
                    for row in ROW {
                        let pr = p & row;
                        if pr != 0 {
                            // Two singles of one digit in a row: the second cell is left
                            // empty, which the next round reports.
                            let first = pr & pr.wrapping_neg();
                            s.bands[i] = (s.bands[i] & !row) | first;
                        }
                    }
                }
            } else {
                pairs_by_band[b] = u & two & !three;
            }
        }
        if progress {
            continue;
        }
        if s.unsolved == [0; 3] {
            out.count += 1;
            if out.first.is_none() {
                out.first = Some(s.values());
            }
            return;
        }
        if pairs_by_band != [0; 3] {
            guess = Some(choose(&s, &pairs_by_band));
        }
        let (b, bit) = guess.unwrap_or_else(|| fewest_candidates(&s));
        let d = (0..9).find(|&d| s.bands[b * 9 + d] & bit != 0).unwrap_or(0);
        bump(&GUESSES);
        let mut child = s;
        child.place(d, b, bit);
        search(child, out);
        if out.count >= out.limit {
            return;
        }
        s.bands[b * 9 + d] &= !bit;
    }
}

/// The unsolved cell with the fewest candidates (used when no cell has two).
#[cold]
fn fewest_candidates(s: &State) -> (usize, u32) {
    let mut best = (0, 0, u32::MAX);
    for b in 0..3 {
        let mut u = s.unsolved[b];
        while u != 0 {
            let bit = u & u.wrapping_neg();
            u &= u - 1;
            let n = (0..9).filter(|&d| s.bands[b * 9 + d] & bit != 0).count() as u32;
            if n < best.2 {
                best = (b, bit, n);
            }
        }
    }
    (best.0, best.1)
}

/// The bivalue cell to guess on: the one with the most unsolved peers, whose placement
/// spreads furthest (this roughly halves the guesses of taking the first one).
#[inline(always)]
fn choose(s: &State, pairs: &[u32; 3]) -> (usize, u32) {
    let mut best = (0, 0, 0);
    for (b, &p) in pairs.iter().enumerate() {
        let mut p = p;
        while p != 0 {
            let bit = p & p.wrapping_neg();
            p &= p - 1;
            let peers = &PEERS[b * 27 + bit.trailing_zeros() as usize];
            let score = (peers[0] & s.unsolved[0]).count_ones()
                + (peers[1] & s.unsolved[1]).count_ones()
                + (peers[2] & s.unsolved[2]).count_ones();
            if score >= best.2 {
                best = (b, bit, score);
            }
        }
    }
    (best.0, best.1)
}
