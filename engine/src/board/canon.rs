//! The canonical form of a Sudoku puzzle used on the Enjoy Sudoku forum ("minlex").
//!
//! Sudoku has 3,359,232 grid symmetries (transposed or not, the 3 bands in any order, the 3
//! rows of each band in any order, and the same for stacks and columns: 2·6^8), and the 9
//! digits can be relabelled in 9! ways. Of all the puzzles so reached, the canonical form is
//! the one whose 81-character string, row by row with an empty cell written `0`, is the
//! smallest. Empty cells are the smallest character, so the form starts with as many empty
//! cells as possible; for a fixed arrangement of cells the smallest relabelling numbers the
//! digits in order of first appearance. Two puzzles are the same up to symmetry exactly when
//! their forms are equal, which is what de-duplication needs. For a complete grid this is the
//! usual grid minlex (the most canonical grid starts `123456789456789123789...`).
//!
//! The search never lists the 3.4 million symmetries: it builds the form row by row, keeping
//! only the partial arrangements whose rows so far equal the smallest seen, and leaves
//! columns (and stacks) that are still interchangeable unordered until a row tells them
//! apart.
//!
//! Cells hold 0 for empty and 1..=9 for a digit, row-major; a cell above 9 panics. Puzzles
//! need not be valid: repeated digits in a house are searched correctly, only slower.

/// A symmetry of the grid with a relabelling of the digits.
///
/// Applying it transposes the puzzle if asked, then puts input row `rows()[i]` at row `i` and
/// input column `cols()[j]` at column `j`, then writes each digit `d` as `digits()[d - 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    /// Indexed by digit, with `digits[0] == 0` so empty cells stay empty.
    digits: [u8; 10],
}

impl Transform {
    /// Changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A transform from its parts: `rows` and `cols` are permutations of 0..9 that keep bands
    /// (stacks) together, `digits[d - 1]` is what digit `d` becomes (a permutation of 1..=9).
    /// `None` if a part is not of that form.
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 9]) -> Option<Self> {
        if !is_line_permutation(&rows) || !is_line_permutation(&cols) {
            return None;
        }
        let mut seen = 0u16;
        let mut map = [0u8; 10];
        for (d, &to) in digits.iter().enumerate() {
            if !(1..=9).contains(&to) || seen & (1 << to) != 0 {
                return None;
            }
            seen |= 1 << to;
            map[d + 1] = to;
        }
        Some(Transform {
            transpose,
            rows,
            cols,
            digits: map,
        })
    }

    /// A transform from separate permutations, as a random generator would draw them: output
    /// band `b` is input band `bands[b]`, whose rows come in the order `rows_in_bands[b]`
    /// (0..3 within the band); the same for stacks and columns. `None` if one is not a
    /// permutation.
    pub fn from_permutations(
        transpose: bool,
        bands: [u8; 3],
        rows_in_bands: [[u8; 3]; 3],
        stacks: [u8; 3],
        cols_in_stacks: [[u8; 3]; 3],
        digits: [u8; 9],
    ) -> Option<Self> {
        let lines = |outer: [u8; 3], inner: [[u8; 3]; 3]| {
            let mut line = [0u8; 9];
            for b in 0..3 {
                for k in 0..3 {
                    line[3 * b + k] = 3 * outer[b] + inner[b][k];
                }
            }
            line
        };
        let three =
            |p: &[u8; 3]| p.iter().all(|&x| x < 3) && p[0] != p[1] && p[0] != p[2] && p[1] != p[2];
        if !three(&bands) || !three(&stacks) {
            return None;
        }
        if !rows_in_bands.iter().chain(&cols_in_stacks).all(three) {
            return None;
        }
        Transform::new(
            transpose,
            lines(bands, rows_in_bands),
            lines(stacks, cols_in_stacks),
            digits,
        )
    }

    /// Whether the transform transposes the grid first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Which row of the original each row of the canonical form is.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// Which column of the original each column of the canonical form is.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }

    /// `digits()[d - 1]` is what digit `d` becomes.
    pub fn digits(&self) -> [u8; 9] {
        let mut out = [0u8; 9];
        out.copy_from_slice(&self.digits[1..]);
        out
    }

    /// The transformed puzzle.
    pub fn apply(&self, puzzle: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (i, &r) in self.rows.iter().enumerate() {
            for (j, &c) in self.cols.iter().enumerate() {
                let (r, c) = (r as usize, c as usize);
                let cell = if self.transpose { c * 9 + r } else { r * 9 + c };
                out[i * 9 + j] = self.digits[puzzle[cell] as usize];
            }
        }
        out
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> Transform {
        let mut rows = [0u8; 9];
        let mut cols = [0u8; 9];
        for i in 0..9 {
            rows[self.rows[i] as usize] = i as u8;
            cols[self.cols[i] as usize] = i as u8;
        }
        let mut digits = [0u8; 10];
        for d in 1..10 {
            digits[self.digits[d] as usize] = d as u8;
        }
        // Transposing first, then permuting, is undone by the swapped inverse permutations
        // after transposing again.
        if self.transpose {
            std::mem::swap(&mut rows, &mut cols);
        }
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }
}

/// A permutation of 0..9 that moves whole bands (or stacks) and rows (columns) within them.
fn is_line_permutation(line: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for (i, &x) in line.iter().enumerate() {
        if x >= 9 || seen & (1 << x) != 0 || x / 3 != line[i - i % 3] / 3 {
            return false;
        }
        seen |= 1 << x;
    }
    true
}

/// The canonical (minlex) form of `puzzle`: 0 for empty, as the input. Panics if a cell is
/// above 9.
pub fn minlex(puzzle: &[u8; 81]) -> [u8; 81] {
    Search::run(puzzle).0
}

/// The canonical form as 81 characters, `.` for an empty cell.
///
/// The order of forms is the forum's, where an empty cell is `0` and so below every digit;
/// `.` sorts below the digits too, so these strings sort as the forum's do.
pub fn minlex_string(puzzle: &[u8; 81]) -> String {
    minlex(puzzle)
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

/// A transform taking `puzzle` to its canonical form: `canonical_transform(p).apply(p) ==
/// minlex(p)`. A puzzle with automorphisms has several; this is one of them. Digits absent
/// from the puzzle take the labels left over, in increasing order.
pub fn canonical_transform(puzzle: &[u8; 81]) -> Transform {
    let (_, best) = Search::run(puzzle);
    let mut digits = best.map;
    let mut next = best.next;
    for label in digits.iter_mut().skip(1) {
        if *label == 0 {
            *label = next;
            next += 1;
        }
    }
    Transform {
        transpose: best.grid == 1,
        rows: best.rows,
        cols: best.cols,
        digits,
    }
}

/// A partial arrangement: the rows placed so far, the columns, and the labels given so far.
#[derive(Clone, Copy)]
struct Cand {
    /// 0: the puzzle as given; 1: transposed.
    grid: u8,
    /// Output row `i` is input row `rows[i]`, for the rows placed so far.
    rows: [u8; 9],
    used_rows: u16,
    /// Output column `p` is input column `cols[p]`. Columns not yet told apart are kept in
    /// groups: bit `p` of `col_groups` is set where a group starts. Groups never span stacks.
    cols: [u8; 9],
    col_groups: u16,
    /// The same for the stacks: bit `s` is set where a group of interchangeable stacks
    /// starts. Each stack carries its own column groups when moved.
    stack_groups: u8,
    /// The label of each digit, 0 while unseen.
    map: [u8; 10],
    next: u8,
}

impl Cand {
    fn start(grid: u8) -> Cand {
        Cand {
            grid,
            rows: [0; 9],
            used_rows: 0,
            cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            col_groups: 0b001_001_001,
            stack_groups: 1,
            map: [0; 10],
            next: 1,
        }
    }

    fn label(&mut self, digit: u8) -> u8 {
        if digit != 0 && self.map[digit as usize] == 0 {
            self.map[digit as usize] = self.next;
            self.next += 1;
        }
        self.map[digit as usize]
    }

    /// Exchanges the stacks at output slots `a` and `b` with their column groups.
    fn swap_stacks(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        for j in 0..3 {
            self.cols.swap(3 * a + j, 3 * b + j);
        }
        let (ga, gb) = (
            (self.col_groups >> (3 * a)) & 7,
            (self.col_groups >> (3 * b)) & 7,
        );
        self.col_groups &= !((7 << (3 * a)) | (7 << (3 * b)));
        self.col_groups |= (ga << (3 * b)) | (gb << (3 * a));
    }
}

/// A row of the form being built: the value at position `p` in the 4 bits at [`shift`]`(p)`,
/// so rows and their prefixes compare as numbers.
type Row = u64;

fn shift(p: usize) -> u32 {
    4 * (8 - p as u32)
}

/// Every permutation of 0..3; those fixing `u..3` permute just the first `u`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 0, 2],
    [0, 2, 1],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

struct Search {
    grids: [[u8; 81]; 2],
    /// Per grid, bit `r` set if row `r` is empty.
    empty_rows: [u16; 2],
    /// The smallest row found so far for the output row being placed, as a [`Row`];
    /// `u64::MAX` before the first.
    best: Row,
    /// The arrangements giving `best`.
    found: Vec<Cand>,
}

impl Search {
    fn run(puzzle: &[u8; 81]) -> ([u8; 81], Cand) {
        assert!(puzzle.iter().all(|&v| v <= 9), "a cell above 9");
        let mut transposed = [0u8; 81];
        for (i, cell) in transposed.iter_mut().enumerate() {
            *cell = puzzle[(i % 9) * 9 + i / 9];
        }
        let grids = [*puzzle, transposed];
        let empty_rows = |g: [u8; 81]| {
            (0..9)
                .filter(|r| g[r * 9..r * 9 + 9].iter().all(|&v| v == 0))
                .fold(0u16, |m, r| m | 1 << r)
        };
        let mut search = Search {
            grids,
            empty_rows: grids.map(empty_rows),
            best: u64::MAX,
            found: Vec::new(),
        };
        let mut cands = vec![Cand::start(0), Cand::start(1)];
        let mut out = [0u8; 81];
        for i in 0..9 {
            search.best = u64::MAX;
            search.found.clear();
            for cand in &cands {
                search.place_row(cand, i);
            }
            for p in 0..9 {
                out[i * 9 + p] = (search.best >> shift(p)) as u8 & 15;
            }
            std::mem::swap(&mut cands, &mut search.found);
        }
        (out, cands[0])
    }

    /// Tries every input row allowed at output row `i` after `cand`.
    fn place_row(&mut self, cand: &Cand, i: usize) {
        let band_used = |b: usize| cand.used_rows >> (3 * b) & 7 != 0;
        for band in 0..3 {
            let allowed = if i.is_multiple_of(3) {
                !band_used(band)
            } else {
                cand.rows[i - i % 3] as usize / 3 == band
            };
            if !allowed {
                continue;
            }
            let mut tried_empty = false;
            for r in 3 * band..3 * band + 3 {
                if cand.used_rows & (1 << r) != 0 {
                    continue;
                }
                // Empty rows of one band are interchangeable: try one of them.
                if self.empty_rows[cand.grid as usize] & (1 << r) != 0 {
                    if tried_empty {
                        continue;
                    }
                    tried_empty = true;
                }
                let mut c = *cand;
                c.rows[i] = r as u8;
                c.used_rows |= 1 << r;
                let mut cells = [0u8; 9];
                cells.copy_from_slice(&self.grids[cand.grid as usize][r * 9..r * 9 + 9]);
                if c.stack_groups == 0b111 && c.col_groups == 0x1ff {
                    self.ordered(c, &cells);
                } else {
                    self.stack(c, &cells, 0, 0);
                }
            }
        }
    }

    /// Whether the row so far, up to and with position `p`, can still equal or beat the best.
    fn keep(&self, vals: Row, p: usize) -> bool {
        vals >> shift(p) <= self.best >> shift(p)
    }

    /// The row when every column is already in place (most rows once the first few are).
    fn ordered(&mut self, mut c: Cand, cells: &[u8; 9]) {
        let mut vals = 0;
        for p in 0..9 {
            vals |= (c.label(cells[c.cols[p] as usize]) as Row) << shift(p);
            if !self.keep(vals, p) {
                return;
            }
        }
        self.leaf(c, vals);
    }

    /// Orders the stack at output slot `s` and on; `cells` is the input row by input column.
    fn stack(&mut self, mut c: Cand, cells: &[u8; 9], s: usize, vals: Row) {
        if s == 3 {
            return self.leaf(c, vals);
        }
        let mut end = s + 1;
        while end < 3 && c.stack_groups & (1 << end) == 0 {
            end += 1;
        }
        if end - s == 1 {
            return self.columns(c, cells, s, 3 * s, vals);
        }
        // Stacks empty in this row come first, still interchangeable among themselves.
        let mut z = s;
        for k in s..end {
            if (0..3).all(|j| cells[c.cols[3 * k + j] as usize] == 0) {
                c.swap_stacks(z, k);
                z += 1;
            }
        }
        if z > s {
            if z < end {
                c.stack_groups |= 1 << z;
            }
            if !self.keep(vals, 3 * z - 1) {
                return;
            }
            return self.stack(c, cells, z, vals);
        }
        // Otherwise each stack of the group in turn goes first.
        for k in s..end {
            let mut d = c;
            d.swap_stacks(s, k);
            d.stack_groups |= 1 << (s + 1);
            self.columns(d, cells, s, 3 * s, vals);
        }
    }

    /// Orders the columns of the stack at slot `s` from output column `p` on.
    fn columns(&mut self, mut c: Cand, cells: &[u8; 9], s: usize, p: usize, mut vals: Row) {
        let stop = 3 * s + 3;
        if p == stop {
            return self.stack(c, cells, s + 1, vals);
        }
        let mut q = p + 1;
        while q < stop && c.col_groups & (1 << q) == 0 {
            q += 1;
        }
        // In a group, empty cells go first, then labelled digits by label, then new digits,
        // which take the next labels in whatever order they are placed: try each order.
        let n = q - p;
        let mut members = [(0u8, 0u8); 3];
        for (t, m) in members[..n].iter_mut().enumerate() {
            let col = c.cols[p + t];
            let d = cells[col as usize];
            let key = if d == 0 {
                0
            } else if c.map[d as usize] != 0 {
                c.map[d as usize]
            } else {
                10
            };
            *m = (key, col);
        }
        members[..n].sort_unstable();
        let known = members[..n].iter().take_while(|m| m.0 < 10).count();
        for t in 0..known {
            c.cols[p + t] = members[t].1;
            vals |= (members[t].0 as Row) << shift(p + t);
            if t > 0 && members[t].0 != members[t - 1].0 {
                c.col_groups |= 1 << (p + t);
            }
            if !self.keep(vals, p + t) {
                return;
            }
        }
        let new = n - known;
        if new == 0 {
            return self.columns(c, cells, s, q, vals);
        }
        if known > 0 {
            c.col_groups |= 1 << (p + known);
        }
        let fresh = &members[known..n];
        'orders: for perm in PERMS.iter().filter(|perm| (new..3).all(|t| perm[t] == t)) {
            // Equal digits (an invalid puzzle) need only one of their orders.
            for a in 0..new {
                for b in a + 1..new {
                    let (x, y) = (fresh[perm[a]].1, fresh[perm[b]].1);
                    if cells[x as usize] == cells[y as usize] && perm[a] > perm[b] {
                        continue 'orders;
                    }
                }
            }
            let mut d = c;
            let mut v = vals;
            let mut last = 0;
            for t in 0..new {
                let at = p + known + t;
                let col = fresh[perm[t]].1;
                d.cols[at] = col;
                let label = d.label(cells[col as usize]);
                v |= (label as Row) << shift(at);
                if t > 0 && label != last {
                    d.col_groups |= 1 << at;
                }
                last = label;
                if !self.keep(v, at) {
                    continue 'orders;
                }
            }
            self.columns(d, cells, s, q, v);
        }
    }

    fn leaf(&mut self, c: Cand, vals: Row) {
        if vals < self.best {
            self.best = vals;
            self.found.clear();
        }
        if vals == self.best {
            self.found.push(c);
        }
    }
}

#[cfg(test)]
#[path = "canon_tests.rs"]
mod tests;
