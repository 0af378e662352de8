//! Const lookup tables for the band bitboards.
//!
//! A band word holds one digit's candidates in three rows: bit `row * 9 + col` (row `0..3`
//! within the band, column `0..9`). A *minirow* is the three cells of one row inside one box;
//! minirow `(row, box)` is bit `row * 3 + box` of a 9-bit minirow pattern.

/// The 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The nine cells of each row of a band.
pub(super) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// For the 9 bits of one row: bit `box` is set when the row has a candidate in that box.
pub(super) static MINIROWS: [u8; 512] = minirows();

/// For a band's 9-bit minirow pattern: the cells that survive locked candidates inside the
/// band. The digit fills one minirow per row and per box, so its minirows form a 3x3
/// permutation; a minirow survives only if some permutation of occupied minirows uses it. An
/// impossible pattern (an empty row or box) maps to 0.
pub(super) static SHRINK: [u32; 512] = shrink();

/// For a band's 9-bit column pattern (bit `col` set when the column has a candidate): the
/// columns that are the only one left in their box. The digit of that box must be in that
/// column, so the other bands lose it.
pub(super) static LOCKED_COLS: [u16; 512] = locked_cols();

/// For a 9-bit set of columns that a digit can only take in this band: the band cells it may
/// keep. In a box holding such a column the digit must sit in it (if a box holds two, the
/// propagation finds the contradiction later).
pub(super) static CLAIM_KEEP: [u32; 512] = claim_keep();

/// For a band's 9-bit column pattern: the cells of the boxes that hold one of the columns.
pub(super) static BOXES_OF_COLS: [u32; 512] = boxes_of_cols();

/// For a band's 9-bit minirow pattern: the minirows that, once `SHRINK` has applied, are the
/// only one left in their row (the digit's row is then in that box; 0 for an impossible
/// pattern).
pub(super) static SOLE_MINIROWS: [u16; 512] = sole_minirows();

/// For a band's 9-bit column pattern: as a minirow pattern, the boxes whose cells of the digit
/// lie in one column.
pub(super) static ONE_COLUMN_BOXES: [u16; 512] = one_column_boxes();

/// For a 9-bit minirow pattern: the cells of those minirows.
pub(super) static MINIROW_CELLS: [u32; 512] = minirow_cells();

/// For each cell, its 20 peers as three band words (the cell itself excluded).
pub(super) static PEERS: [[u32; 3]; 81] = peers();

const fn minirows() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                table[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    table
}

const fn shrink() -> [u32; 512] {
    // The six 3x3 permutations, as minirow patterns.
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut allowed = 0usize;
        let mut p = 0;
        while p < 6 {
            let bits = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
            if m & bits == bits {
                allowed |= bits;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut k = 0;
        while k < 9 {
            if allowed >> k & 1 != 0 {
                mask |= 7 << ((k / 3) * 9 + (k % 3) * 3);
            }
            k += 1;
        }
        table[m] = mask;
        m += 1;
    }
    table
}

const fn locked_cols() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let group = (x >> (3 * k)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                table[x] |= (group << (3 * k)) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    table
}

const fn claim_keep() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut cols = 0u32;
        let mut k = 0;
        while k < 3 {
            let group = 7u32 << (3 * k);
            cols |= if x as u32 & group != 0 {
                x as u32 & group
            } else {
                group
            };
            k += 1;
        }
        table[x] = cols | cols << 9 | cols << 18;
        x += 1;
    }
    table
}

const fn boxes_of_cols() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                table[x] |= (7 | 7 << 9 | 7 << 18) << (3 * k);
            }
            k += 1;
        }
        x += 1;
    }
    table
}

const fn sole_minirows() -> [u16; 512] {
    let shrink = shrink();
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        // The minirows `SHRINK` keeps, one bit each.
        let kept = minirow_cells_to_pattern(shrink[m]);
        let mut row = 0;
        while row < 3 {
            let minirows = kept >> (3 * row) & 7;
            if minirows != 0 && minirows & (minirows - 1) == 0 {
                table[m] |= (minirows << (3 * row)) as u16;
            }
            row += 1;
        }
        m += 1;
    }
    table
}

/// The minirows (bit `row * 3 + box`) a band mask of whole minirows covers.
const fn minirow_cells_to_pattern(cells: u32) -> u32 {
    let mut pattern = 0;
    let mut k = 0;
    while k < 9 {
        if cells >> ((k / 3) * 9 + (k % 3) * 3) & 7 != 0 {
            pattern |= 1 << k;
        }
        k += 1;
    }
    pattern
}

const fn one_column_boxes() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let group = (x >> (3 * k)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                table[x] |= (0b001_001_001 << k) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    table
}

const fn minirow_cells() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 9 {
            if x >> k & 1 != 0 {
                table[x] |= 7 << ((k / 3) * 9 + (k % 3) * 3);
            }
            k += 1;
        }
        x += 1;
    }
    table
}

const fn peers() -> [[u32; 3]; 81] {
    let mut table = [[0u32; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3;
            if i != j && (same_row || same_col || same_box) {
                table[i][j / 27] |= 1 << (j % 27);
            }
            j += 1;
        }
        i += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_keeps_full_and_drops_impossible() {
        assert_eq!(SHRINK[0x1FF], BAND);
        // Row 0 empty: no permutation.
        assert_eq!(SHRINK[0x1F8], 0);
        // Rows 0 and 1 both only in box 0: no permutation.
        assert_eq!(SHRINK[0b111_001_001], 0);
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        assert_eq!(SHRINK[0b111_111_001], 0x7 | 0x3F << 12 | 0x3F << 21);
    }

    #[test]
    fn peers_have_twenty_cells() {
        for cell in PEERS {
            assert_eq!(cell.iter().map(|w| w.count_ones()).sum::<u32>(), 20);
        }
        // r1c1: row 1 (8 cells), box 1 (rows 2, 3: 6 cells), column 1 in bands 2 and 3.
        assert_eq!(
            PEERS[0],
            [
                0x1FE | 0x7 << 9 | 0x7 << 18,
                0x1 | 1 << 9 | 1 << 18,
                0x1 | 1 << 9 | 1 << 18
            ]
        );
    }

    #[test]
    fn small_tables() {
        assert_eq!(MINIROW_CELLS[0b100_000_001], 0o7 | 0o7 << 24);
        assert_eq!(ONE_COLUMN_BOXES[0b011_100_000], 0b010_010_010);
        // Rows 0 and 1 only in box 0 cannot both be: nothing; row 0 only in box 1: box 1
        // leaves rows 1 and 2, which keep boxes 0 and 2 each.
        assert_eq!(SOLE_MINIROWS[0b111_001_001], 0);
        assert_eq!(SOLE_MINIROWS[0b111_111_010], 0b010);
        assert_eq!(SOLE_MINIROWS[0b001_100_010], 0b001_100_010);
        assert_eq!(BOXES_OF_COLS[0b100_000_001], 0o7007007 | 0o7007007 << 6);
        assert_eq!(CLAIM_KEEP[0], BAND);
        // Column 4 claimed: box 2 (columns 3..6) keeps only column 4.
        assert_eq!(
            CLAIM_KEEP[1 << 4],
            BAND & !((1 << 3 | 1 << 5) * (1 | 1 << 9 | 1 << 18))
        );
        for (a, b, c) in [
            (0, 0, 0),
            (BAND, BAND, BAND),
            (0x5A5_A5A5, 0x123_4567, 0x7FF_0001),
        ] {
            let want = a.count_ones() + b.count_ones() + c.count_ones();
            assert_eq!(super::super::search::count3(a, b, c), want);
        }
    }

    #[test]
    fn locked_cols_finds_lone_columns() {
        assert_eq!(LOCKED_COLS[0x1FF], 0);
        assert_eq!(LOCKED_COLS[0b010_110_001], 0b010_000_001);
    }
}
