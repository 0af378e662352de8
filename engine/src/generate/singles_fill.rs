//! Whether naked and hidden singles alone fill a puzzle, on digit masks: the practice walk
//! asks it after nearly every removal, and a solve with the technique machinery (a trace, a
//! step per placement) cost half its time. Singles only place, so the closure depends only on
//! the values: any order of singles ends in the same position, the solver's included.

use crate::board::grid::HOUSE_CELL_INDICES as HOUSES;

/// The values with the digits each house holds kept in step.
struct Position {
    values: [u8; 81],
    /// Digits placed per house (bit `d - 1`), houses as in [`HOUSES`].
    placed: [u16; 27],
    empty: usize,
}

impl Position {
    fn houses_of(cell: usize) -> [usize; 3] {
        let (row, col) = (cell / 9, cell % 9);
        [row, 9 + col, 18 + 3 * (row / 3) + col / 3]
    }

    /// The digits still open to an empty cell.
    fn open(&self, cell: usize) -> u16 {
        let [r, c, b] = Self::houses_of(cell);
        !(self.placed[r] | self.placed[c] | self.placed[b]) & 0x1ff
    }

    fn place(&mut self, cell: usize, bit: u16) {
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        for house in Self::houses_of(cell) {
            self.placed[house] |= bit;
        }
        self.empty -= 1;
    }
}

/// Whether singles (naked and hidden) fill `values` (0 = empty). `false` too when they run
/// into a contradiction (a puzzle without a solution).
pub fn singles_fill(values: &[u8; 81]) -> bool {
    let mut p = Position {
        values: *values,
        placed: [0; 27],
        empty: 0,
    };
    for (cell, &value) in values.iter().enumerate() {
        match value {
            0 => p.empty += 1,
            digit => {
                for house in Position::houses_of(cell) {
                    p.placed[house] |= 1 << (digit - 1);
                }
            }
        }
    }
    while p.empty > 0 {
        let before = p.empty;
        for cell in 0..81 {
            if p.values[cell] != 0 {
                continue;
            }
            let open = p.open(cell);
            if open == 0 {
                return false;
            }
            if open & (open - 1) == 0 {
                p.place(cell, open);
            }
        }
        for (house, cells) in HOUSES.iter().enumerate() {
            // Digits open to at least one empty cell of the house, and to two or more.
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in cells {
                if p.values[cell as usize] == 0 {
                    let open = p.open(cell as usize);
                    twice |= once & open;
                    once |= open;
                }
            }
            if (once | p.placed[house]) != 0x1ff {
                return false; // a digit with no place left in the house
            }
            let mut hidden = once & !twice & !p.placed[house];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // Its one cell, if a placement just now has not taken the digit from it.
                if let Some(&cell) = cells
                    .iter()
                    .find(|&&c| p.values[c as usize] == 0 && p.open(c as usize) & bit != 0)
                {
                    p.place(cell as usize, bit);
                }
            }
        }
        if p.empty == before {
            return false;
        }
    }
    true
}
