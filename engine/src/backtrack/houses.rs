//! House-level consistency: every house must seat its nine digits in nine distinct cells.
//!
//! Propagation settles one digit at a time, so it misses k digits confined to fewer than k
//! cells of a house (Hall's condition), which pencil-mark positions state easily. Such a
//! position has no solution, yet the search could spend minutes filling the rest of an open
//! grid before it reaches that house. This check, a bipartite matching per house, finds it.

/// Whether each of the 27 houses has a perfect matching of its digits to its cells, for the
/// band words of a search state (`bands[b * 9 + d]`, see `tables`).
pub(super) fn houses_match(bands: &[u32; 27]) -> bool {
    let mut places = [0u16; 9];
    for b in 0..3 {
        let words = &bands[b * 9..b * 9 + 9];
        for i in 0..3 {
            // Row `3b + i`: the row's nine bits.
            for (p, &w) in places.iter_mut().zip(words) {
                *p = (w >> (9 * i) & 0x1FF) as u16;
            }
            if !matchable(&places) {
                return false;
            }
            // Box `3b + i`: its three minirows, one above the other.
            for (p, &w) in places.iter_mut().zip(words) {
                let w = w >> (3 * i);
                *p = (w & 7 | w >> 6 & 0o70 | w >> 12 & 0o700) as u16;
            }
            if !matchable(&places) {
                return false;
            }
        }
    }
    for c in 0..9 {
        for (d, p) in places.iter_mut().enumerate() {
            // Bits `c`, `9 + c` and `18 + c` of each band, three rows per band.
            let col = |w: u32| (w >> c & 1 | w >> (c + 8) & 2 | w >> (c + 16) & 4) as u16;
            *p = col(bands[d]) | col(bands[9 + d]) << 3 | col(bands[18 + d]) << 6;
        }
        if !matchable(&places) {
            return false;
        }
    }
    true
}

/// Whether digit `d` can take a cell of `places[d]` (bit per cell) with no two digits in one
/// cell: greedy, with augmenting paths (breadth first over the cells) when greedy is stuck.
fn matchable(places: &[u16; 9]) -> bool {
    let mut cell_of = [0u8; 9];
    let mut digit_in = [0u8; 9];
    let mut taken = 0u16;
    for d in 0..9 {
        let free = places[d] & !taken;
        if free != 0 {
            let c = free.trailing_zeros() as usize;
            cell_of[d] = c as u8;
            digit_in[c] = d as u8;
            taken |= 1 << c;
            continue;
        }
        // Cells reachable from `d` by moving matched digits along; `via[c]`: the digit that
        // reached cell `c`.
        let mut via = [0u8; 9];
        let mut seen = 0u16;
        let mut frontier = 1u16 << d;
        loop {
            let mut reached = 0u16;
            let mut f = frontier;
            while f != 0 {
                let e = f.trailing_zeros() as usize;
                f &= f - 1;
                let mut new = places[e] & !seen & !reached;
                reached |= new;
                while new != 0 {
                    via[new.trailing_zeros() as usize] = e as u8;
                    new &= new - 1;
                }
            }
            if reached == 0 {
                // The digits met so far have fewer cells than digits.
                return false;
            }
            seen |= reached;
            let free = reached & !taken;
            if free != 0 {
                // Shift every digit on the path one cell along.
                let mut c = free.trailing_zeros() as usize;
                taken |= 1 << c;
                loop {
                    let e = via[c] as usize;
                    let previous = cell_of[e] as usize;
                    cell_of[e] = c as u8;
                    digit_in[c] = e as u8;
                    if e == d {
                        break;
                    }
                    c = previous;
                }
                break;
            }
            frontier = 0;
            let mut r = reached;
            while r != 0 {
                frontier |= 1 << digit_in[r.trailing_zeros() as usize];
                r &= r - 1;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::matchable;

    #[test]
    fn matching_follows_halls_condition() {
        assert!(matchable(&[0x1FF; 9]));
        // The identity, reached only by moving digits along (greedy takes cell 0 first).
        let mut chain = [0u16; 9];
        for (d, p) in chain.iter_mut().enumerate() {
            *p = 1 << d | if d > 0 { 1 << (d - 1) } else { 0 };
        }
        chain.reverse();
        assert!(matchable(&chain));
        // Four digits in three cells.
        let mut tight = [0x1FF; 9];
        tight[..4].copy_from_slice(&[0b111; 4]);
        assert!(!matchable(&tight));
        // A digit with no cell.
        let mut none = [0x1FF; 9];
        none[8] = 0;
        assert!(!matchable(&none));
        // Two cells with only two digits between them, seen from the digits' side: seven
        // digits left for seven cells is fine, but eight digits kept out of two cells are not.
        let mut naked = [0x1FF & !0b11; 9];
        naked[0] = 0x1FF;
        assert!(!matchable(&naked));
        naked[1] = 0x1FF;
        assert!(matchable(&naked));
    }
}
