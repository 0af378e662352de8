//! The solver state (one bitboard per digit and band), its propagation and the search.

use super::bulk::{cells_by_value, words_meeting};
use super::houses::houses_match;
use super::tables::{
    BAND, BOXES_OF_COLS, CLAIM_KEEP, LOCKED_COLS, MINIROW_CELLS, MINIROWS, ONE_COLUMN_BOXES, PEERS,
    ROW, SHRINK, SOLE_MINIROWS,
};

/// A search position. `bands[b * 9 + d]` holds the cells of band `b` that may still hold
/// digit `d + 1` (see `tables` for the bit layout). A cell is *solved* once some digit's row
/// has been reduced to it; solved cells hold exactly one digit.
#[derive(Clone, Copy)]
pub(super) struct State {
    pub(super) bands: [u32; 27],
    /// Cells not yet solved, per band.
    unsolved: [u32; 3],
    /// Words changed since they were last propagated (bit `b * 9 + d`, as in `bands`).
    todo: u32,
}

/// What a search collects: solutions counted up to `limit`, and the first one.
pub(super) struct Collector {
    pub(super) limit: usize,
    pub(super) count: usize,
    pub(super) first: Option<[u8; 81]>,
    /// Whether to keep the first solution (reading it off the bitboards costs about as much
    /// as a guess; a bare count does without).
    pub(super) keep_first: bool,
    /// Guess points met so far (each branch taken, and each fallback to the other one).
    pub(super) guesses: usize,
    /// Check every house at the first guess point too (for candidate positions, whose
    /// deletions can break a house before any guess).
    pub(super) check_first: bool,
}

/// Guess points searched without the house check: the puzzle sets never get near it (the
/// hardest forum puzzles take at most about 700), so it costs them nothing; past it every
/// guess point is checked, so a broken house ends its subtree at once.
pub(super) const UNCHECKED_GUESSES: usize = 512;

/// For word `b * 9 + d` of `State::bands`: the words of digit `d` in the other two bands.
static OTHER_BANDS: [[u8; 2]; 27] = {
    let mut table = [[0; 2]; 27];
    let mut i = 0;
    while i < 27 {
        table[i] = [((i + 9) % 27) as u8, ((i + 18) % 27) as u8];
        i += 1;
    }
    table
};

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

/// The minirow pattern of a band word (see `tables`).
#[inline(always)]
fn minirows(w: u32) -> usize {
    MINIROWS[(w & 0x1FF) as usize] as usize
        | (MINIROWS[(w >> 9 & 0x1FF) as usize] as usize) << 3
        | (MINIROWS[(w >> 18 & 0x1FF) as usize] as usize) << 6
}

/// The cells of rows that hold exactly one candidate, for a word `w` that `SHRINK` has just
/// settled from minirow pattern `m`, with columns `c`: a row left in one box, where the box
/// is left in one column (after `SHRINK` the row is all the box holds). By table, from the
/// pattern and the columns the settling computes anyway.
#[inline(always)]
fn single_rows(w: u32, m: usize, c: u32) -> u32 {
    let minirows = SOLE_MINIROWS[m] & ONE_COLUMN_BOXES[c as usize];
    MINIROW_CELLS[minirows as usize] & w
}

impl State {
    /// Every digit possible everywhere, nothing solved.
    #[inline]
    const fn open() -> State {
        State {
            bands: [BAND; 27],
            unsolved: [BAND; 3],
            todo: BAND,
        }
    }

    /// The position of a puzzle's values, or `None` for a value above 9. Branch-free: a
    /// branch per cell mispredicts on every given.
    pub(super) fn from_values(values: &[u8; 81]) -> Option<State> {
        let given = cells_by_value(values);
        if given[30] | given[31] | given[32] != 0 {
            return None;
        }
        let mut s = State::open();
        let occupied = [BAND & !given[0], BAND & !given[1], BAND & !given[2]];
        // Givens are settled here, so propagation need not clear their cells again.
        s.unsolved = [given[0], given[1], given[2]];
        for d in 0..9 {
            let g = [given[d * 3 + 3], given[d * 3 + 4], given[d * 3 + 5]];
            // The digit leaves every house that holds it as a given, and the other givens'
            // cells; its own givens stay. Two equal givens in a house stay too, as two
            // singles of one digit in a house, which propagation reports.
            let cols = spread_cols(fold(g[0]) | fold(g[1]) | fold(g[2]));
            for b in 0..3 {
                let (gb, mut rows) = (g[b], 0);
                for row in ROW {
                    rows |= row & ((gb & row != 0) as u32).wrapping_neg();
                }
                let peers = rows | cols | BOXES_OF_COLS[fold(gb) as usize];
                s.bands[b * 9 + d] = (BAND & !occupied[b] & !peers) | gb;
            }
        }
        Some(s)
    }

    /// The position given by a candidate mask per cell (bit `d - 1` for digit `d`). A
    /// single-candidate cell is not solved yet: the first round places it as a naked single.
    pub(super) fn from_candidates(candidates: &[u16; 81]) -> State {
        let mut s = State::open();
        s.bands = [0; 27];
        for b in 0..3 {
            for k in 0..27 {
                let mask = candidates[b * 27 + k] as u32;
                for d in 0..9 {
                    s.bands[b * 9 + d] |= (mask >> d & 1) << k;
                }
            }
        }
        s
    }

    /// Removes `cells` from every digit of band `b`; returns the digits (bit `d`) that lost
    /// something. Branch-free: which digits do is unpredictable.
    #[inline(always)]
    fn clear_cells(&mut self, b: usize, cells: u32) -> u32 {
        let words = self.band_words(b);
        let hit = words_meeting(words, cells);
        for x in words {
            *x &= !cells;
        }
        hit
    }

    /// The nine digits' words of band `b`.
    #[inline(always)]
    fn band_words(&mut self, b: usize) -> &mut [u32; 9] {
        let words = &mut self.bands[b * 9..b * 9 + 9];
        words.try_into().expect("nine words")
    }

    /// Sets digit `d` in cell `bit` of band `b`, whose digits are `digits` (bit `e` for digit
    /// `e + 1`): the rest of its row loses `d`, the cell loses its other digits and is
    /// solved. Propagation does the rest of the peers.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: u32, digits: u32) {
        let row = ROW[bit.trailing_zeros() as usize / 9];
        let i = b * 9 + d;
        self.todo |= (digits << (b * 9)) | 1 << i;
        // One other digit for a bivalue cell, the usual guess.
        let mut rest = digits & !(1 << d);
        while rest != 0 {
            self.bands[b * 9 + rest.trailing_zeros() as usize] &= !bit;
            rest &= rest - 1;
        }
        self.bands[i] = (self.bands[i] & !row) | bit;
        self.unsolved[b] &= !bit;
    }

    /// Removes `digit` (1..=9) from cell `cell` (0..81), to be propagated by the search.
    pub(super) fn rule_out(&mut self, cell: usize, digit: u8) {
        self.eliminate(digit as usize - 1, cell / 27, 1 << (cell % 27));
    }

    /// Removes digit `d` from cell `bit` of band `b`.
    #[inline(always)]
    fn eliminate(&mut self, d: usize, b: usize, bit: u32) {
        self.bands[b * 9 + d] &= !bit;
        self.todo |= 1 << (b * 9 + d);
    }

    /// Settles every changed band of a digit until nothing changes, and solves the cells that
    /// a digit has left alone in a row. One band of one digit at a time: locked candidates
    /// inside the band (table lookup on its minirows), a column the other bands have lost is
    /// claimed by its box here (then locked candidates again if that changed anything), and columns alone in their box here leave the other bands,
    /// which are settled in turn only if they lost something. Returns false on a
    /// contradiction (a digit with no place in some row or box; a digit without a column
    /// ends up with two places in another, which empties a row once its rows settle). A
    /// placement changes one band of most digits, so settling by band skips the untouched
    /// two thirds.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        let mut todo = self.todo;
        self.todo = 0;
        while todo != 0 {
            // One wave: the words queued so far, in order, while what they queue waits for
            // the next wave (unless still ahead in this one). The next word then never waits
            // on the one before, so the processor overlaps their settling.
            let mut wave = todo;
            todo = 0;
            while wave != 0 {
                let i = wave.trailing_zeros() as usize;
                wave &= wave - 1;
                let b = i / 9;
                // The digit's other two bands.
                let [j, k] = OTHER_BANDS[i].map(usize::from);
                let mut w = self.bands[i];
                // The columns of this band and of the other two, folded together in one word.
                let both = w as u64 | ((self.bands[j] | self.bands[k]) as u64) << 32;
                let folded = (both | both >> 9 | both >> 18) & (0x1FF | 0x1FF << 32);
                let others = (folded >> 32) as u32;
                // Locked candidates first, then the claim: the minirow lookups need not wait
                // for the other bands' columns. A claim rarely empties a minirow; when it
                // changes the word, the locked candidates are settled once more.
                let mut m = minirows(w);
                let shrunk = w & SHRINK[m];
                w = shrunk & CLAIM_KEEP[(folded as u32 & !others) as usize];
                if w != shrunk {
                    m = minirows(w);
                    w &= SHRINK[m];
                }
                let c = fold(w);
                // A row or box without the digit.
                if w == 0 {
                    return false;
                }
                self.bands[i] = w;
                // Columns alone in their box here leave the other bands (mostly they have left
                // already: a column stays locked once it is).
                let locked = LOCKED_COLS[c as usize] as u32 & others;
                if locked != 0 {
                    let locked = spread_cols(locked);
                    for o in [j, k] {
                        let x = self.bands[o];
                        self.bands[o] = x & !locked;
                        todo |= (((x & locked != 0) as u32) << o) & !wave;
                    }
                }
                let solved = single_rows(w, m, c) & self.unsolved[b];
                if solved != 0 {
                    self.unsolved[b] &= !solved;
                    todo |= (self.clear_cells(b, solved) << (b * 9)) & !(1 << i) & !wave;
                    self.bands[i] = w;
                }
            }
        }
        true
    }

    /// The solved grid (call only when every cell is solved: one cell per digit and row).
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for b in 0..3 {
            for d in 0..9 {
                let w = self.bands[b * 9 + d];
                for row in ROW {
                    let k = (w & row).trailing_zeros() as usize;
                    if let Some(cell) = out.get_mut(b * 27 + k) {
                        *cell = d as u8 + 1;
                    }
                }
            }
        }
        out
    }
}

/// The instructions a copy of the search may use: the portable baseline, or (on x86-64
/// CPUs that have them) popcnt and the BMI bit instructions, which make counting a cell's
/// unsolved peers one instruction per word and save a few in every bit operation.
trait Isa {
    /// The search, recursing into the copy compiled for the same instructions.
    fn search(s: State, out: &mut Collector);
    /// The number of bits in three words.
    fn count3(a: u32, b: u32, c: u32) -> u32;
}

/// The baseline: any target.
struct Portable;

impl Isa for Portable {
    fn search(s: State, out: &mut Collector) {
        search_with::<Portable>(s, out);
    }

    #[inline(always)]
    fn count3(a: u32, b: u32, c: u32) -> u32 {
        count3(a, b, c)
    }
}

/// x86-64 with popcnt, BMI1, BMI2 and LZCNT (every x86-64 CPU since about 2013).
#[cfg(target_arch = "x86_64")]
struct BitInstructions;

#[cfg(target_arch = "x86_64")]
impl BitInstructions {
    /// Whether this CPU has the instructions (detected once, then a cached load).
    fn available() -> bool {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn search_bit_instructions(s: State, out: &mut Collector) {
    search_with::<BitInstructions>(s, out);
}

#[cfg(target_arch = "x86_64")]
impl Isa for BitInstructions {
    #[inline(always)]
    fn search(s: State, out: &mut Collector) {
        // SAFETY: only reached from `search_bit_instructions`, which `search` calls only
        // after `available()` found the instructions it is compiled for.
        unsafe { search_bit_instructions(s, out) }
    }

    #[inline(always)]
    fn count3(a: u32, b: u32, c: u32) -> u32 {
        a.count_ones() + b.count_ones() + c.count_ones()
    }
}

/// Solves `s` and its guesses depth first until the collector has `limit` solutions, with
/// the best instructions this CPU has.
pub(super) fn search(s: State, out: &mut Collector) {
    #[cfg(target_arch = "x86_64")]
    if BitInstructions::available() {
        // SAFETY: the CPU has the instructions the function is compiled for.
        return unsafe { search_bit_instructions(s, out) };
    }
    Portable::search(s, out);
}

/// [`search`] on the portable copy, whatever the CPU (tests compare the two copies).
#[cfg(test)]
pub(super) fn search_portable(s: State, out: &mut Collector) {
    Portable::search(s, out);
}

/// What settling a position left.
pub(super) enum Settled {
    /// A contradiction: no solution below this position.
    Broken,
    /// Every cell solved.
    Solved,
    /// Stuck, a guess needed: the bivalue cells of each band (none if no cell has two).
    Stuck([u32; 3]),
}

impl State {
    /// Propagates and places naked singles until nothing changes.
    #[inline(always)]
    pub(super) fn settle(&mut self) -> Settled {
        loop {
            if !self.propagate() {
                return Settled::Broken;
            }
            // Naked singles, and the bivalue cells to guess on, from per-band digit counts.
            let mut progress = false;
            let mut pairs = [0u32; 3];
            for (b, pair) in pairs.iter_mut().enumerate() {
                let u = self.unsolved[b];
                if u == 0 {
                    continue;
                }
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let w = self.bands[b * 9 + d];
                    three |= two & w;
                    two |= one & w;
                    one |= w;
                }
                if u & !one != 0 {
                    return Settled::Broken;
                }
                let singles = u & !two;
                if singles != 0 {
                    progress = true;
                    // The digits that have a single here (usually one or two of the nine).
                    let mut digits = 0u32;
                    for d in 0..9 {
                        digits |= ((singles & self.bands[b * 9 + d] != 0) as u32) << d;
                    }
                    self.todo |= digits << (b * 9);
                    // The cells placed, solved at once (they hold no other digit to clear).
                    let mut placed = 0;
                    while digits != 0 {
                        let i = b * 9 + digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        let p = singles & self.bands[i];
                        let mut w = self.bands[i];
                        // Branch-free: which rows hold the singles is unpredictable.
                        for row in ROW {
                            // Two singles of one digit in a row: the second cell is left empty
                            // and unsolved, which the next round reports.
                            let pr = p & row;
                            let first = pr & pr.wrapping_neg();
                            let clear = row & ((pr != 0) as u32).wrapping_neg();
                            w = (w & !clear) | first;
                            placed |= first;
                        }
                        self.bands[i] = w;
                    }
                    self.unsolved[b] &= !placed;
                } else {
                    *pair = u & two & !three;
                }
            }
            if progress {
                continue;
            }
            if self.unsolved == [0; 3] {
                return Settled::Solved;
            }
            return Settled::Stuck(pairs);
        }
    }
}

/// The cell a probe guesses on where `settle` left it stuck with `pairs`: the search's
/// choice (see `choose`), as band, cell bit and digits (bit `d` for digit `d + 1`).
pub(super) fn guess_cell(s: &mut State, pairs: &[u32; 3]) -> (usize, u32, u32) {
    let (b, bit) = if *pairs != [0; 3] {
        choose::<Portable>(s, pairs)
    } else {
        fewest_candidates(s)
    };
    (b, bit, words_meeting(s.band_words(b), bit))
}

#[inline(always)]
fn search_with<I: Isa>(mut s: State, out: &mut Collector) {
    loop {
        let pairs = match s.settle() {
            Settled::Broken => return,
            Settled::Solved => {
                out.count += 1;
                if out.keep_first && out.first.is_none() {
                    out.first = Some(s.values());
                }
                return;
            }
            Settled::Stuck(pairs) => pairs,
        };
        out.guesses += 1;
        let check = out.guesses > UNCHECKED_GUESSES || (out.check_first && out.guesses == 1);
        if check && !houses_match(&s.bands) {
            return;
        }
        let bivalue = pairs != [0; 3];
        let (b, bit) = if bivalue {
            choose::<I>(&s, &pairs)
        } else {
            fewest_candidates(&s)
        };
        // The cell's digits, gathered branch-free (a search loop would mispredict its exit);
        // an unsolved cell has at least one, and the `min` keeps even a broken state in range.
        let digits = words_meeting(s.band_words(b), bit);
        let (d, e) = if bivalue {
            spreading_first::<I>(&s, b, bit, digits)
        } else {
            (rarest_digit::<I>(&s, digits), 0)
        };
        // The branch where the cell holds `d` gets a copy; this state goes on without `d`:
        // with the other digit `e` at once if the cell is bivalue (a round sooner than
        // finding it as a naked single).
        let mut child = s;
        child.place(d, b, bit, digits);
        I::search(child, out);
        if out.count >= out.limit {
            return;
        }
        if bivalue {
            s.place(e, b, bit, digits);
        } else {
            s.eliminate(d, b, bit);
        }
    }
}

/// The two digits of bivalue cell `bit` of band `b` (`digits`), in the order to try them:
/// first the one with more candidates among the cell's peers, whose placement removes more
/// and so propagates further. Where the puzzle has several solutions this reaches the first
/// one in fewer guesses (on Serg's set 5.95 a puzzle instead of 6.57 with the lowest digit
/// first, though about as much settling in all); where it has one, both branches are
/// searched anyway and the order only costs the two counts.
#[inline(always)]
fn spreading_first<I: Isa>(s: &State, b: usize, bit: u32, digits: u32) -> (usize, usize) {
    let low = (digits.trailing_zeros() as usize).min(8);
    let high = digits.checked_ilog2().unwrap_or(0) as usize;
    let peers = &PEERS[b * 27 + bit.trailing_zeros() as usize];
    let removed = |d: usize| {
        I::count3(
            peers[0] & s.bands[d],
            peers[1] & s.bands[9 + d],
            peers[2] & s.bands[18 + d],
        )
    };
    if removed(high) > removed(low) {
        (high, low)
    } else {
        (low, high)
    }
}

/// Of a cell's `digits`, the one with the fewest candidates left in the grid: where no cell
/// is bivalue, a digit with few places left is the likeliest to run out, so trying it first
/// finds a dead branch sooner than trying the lowest digit.
fn rarest_digit<I: Isa>(s: &State, digits: u32) -> usize {
    let mut best = ((digits.trailing_zeros() as usize).min(8), u32::MAX);
    let mut rest = digits;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let n = I::count3(s.bands[d], s.bands[9 + d], s.bands[18 + d]);
        if n < best.1 {
            best = (d, n);
        }
    }
    best.0
}

/// The unsolved cell with the fewest candidates (for when no cell has two; rare).
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

/// The number of bits in three 27-bit words: one SWAR popcount, the three summed once each
/// nibble holds at most 12 (for targets without a popcount instruction).
#[inline(always)]
pub(super) const fn count3(a: u32, b: u32, c: u32) -> u32 {
    const fn nibbles(x: u32) -> u32 {
        let x = x - (x >> 1 & 0x5555_5555);
        (x & 0x3333_3333) + (x >> 2 & 0x3333_3333)
    }
    let n = nibbles(a) + nibbles(b) + nibbles(c);
    let bytes = (n & 0x0F0F_0F0F) + (n >> 4 & 0x0F0F_0F0F);
    bytes.wrapping_mul(0x0101_0101) >> 24
}

/// The bivalue cell to guess on: the one with the most unsolved peers, whose placement
/// spreads furthest (this takes about half the guesses of taking the first one). Only the
/// first `CHOOSE_AMONG` are scored: open positions (typical of puzzles with many solutions)
/// have dozens of bivalue cells, and scoring them all cost more than the better choice saved.
#[inline(always)]
fn choose<I: Isa>(s: &State, pairs: &[u32; 3]) -> (usize, u32) {
    const CHOOSE_AMONG: u32 = 8;
    let mut best = (0, 0, 0);
    let mut left = CHOOSE_AMONG;
    for (b, &p) in pairs.iter().enumerate() {
        let mut p = p;
        while p != 0 && left != 0 {
            left -= 1;
            let bit = p & p.wrapping_neg();
            p &= p - 1;
            let peers = &PEERS[b * 27 + bit.trailing_zeros() as usize];
            let score = I::count3(
                peers[0] & s.unsolved[0],
                peers[1] & s.unsolved[1],
                peers[2] & s.unsolved[2],
            );
            if score >= best.2 {
                best = (b, bit, score);
            }
        }
    }
    (best.0, best.1)
}
