//! Operations on many cells or words at once: SSE2 on x86-64 (part of its baseline, so no
//! run-time check), plain loops elsewhere.

/// The cells of each value, by value and band: `[v * 3 + b]` for values `0..=9`, and
/// `[30 + b]` for the cells holding anything above 9.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) fn cells_by_value(values: &[u8; 81]) -> [u32; 33] {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_set1_epi8,
    };
    // Sixteen cells compared at once, where the portable loop costs several instructions a
    // cell (about 3% of a count on Serg's set).
    let mut given = [0u32; 33];
    // SAFETY: the build targets SSE2 (the `cfg` above; every x86-64 CPU has it). Each load
    // reads 16 bytes inside one band's 27 (offsets 0 and 11, overlapping); the unaligned load
    // has no alignment requirement.
    unsafe {
        let mask = |x: __m128i, y: __m128i| _mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) as u32;
        for b in 0..3 {
            let band = &values[b * 27..b * 27 + 27];
            let low = _mm_loadu_si128(band.as_ptr().cast());
            let high = _mm_loadu_si128(band.as_ptr().add(11).cast());
            for v in 0..10 {
                let needle = _mm_set1_epi8(v as i8);
                given[v * 3 + b] = mask(low, needle) | mask(high, needle) << 11;
            }
            let nine = _mm_set1_epi8(9);
            let small =
                mask(_mm_min_epu8(low, nine), low) | mask(_mm_min_epu8(high, nine), high) << 11;
            given[30 + b] = super::tables::BAND & !small;
        }
    }
    given
}

/// The words that meet `cells` (bit `e` for `words[e]`): a band's digits that lose something
/// when `cells` are cleared, or the digits of one cell. Branch-free, and with SSE2 four words
/// at a time (the portable loop takes about twice the instructions).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(super) fn words_meeting(words: &[u32; 9], cells: u32) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128,
    };
    // SAFETY: the build targets SSE2 (the `cfg` above); the loads read words 0..4 and 4..8
    // of the nine, unaligned loads having no alignment requirement.
    let missed = unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let missed = |x: __m128i| {
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                _mm_and_si128(x, c),
                _mm_setzero_si128(),
            ))) as u32
        };
        let low = _mm_loadu_si128(words.as_ptr().cast());
        let high = _mm_loadu_si128(words.as_ptr().add(4).cast());
        missed(low) | missed(high) << 4
    };
    (!missed & 0xFF) | ((words[8] & cells != 0) as u32) << 8
}

/// [`words_meeting`] for any target.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(super) fn words_meeting(words: &[u32; 9], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, &x) in words.iter().enumerate() {
        hit |= ((x & cells != 0) as u32) << e;
    }
    hit
}

/// [`cells_by_value`] for any target, one cell at a time.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
pub(super) fn cells_by_value_portable(values: &[u8; 81]) -> [u32; 33] {
    let mut given = [0u32; 11 * 3];
    for b in 0..3 {
        for k in 0..27 {
            let v = values[b * 27 + k].min(10) as usize;
            given[v * 3 + b] |= 1 << k;
        }
    }
    given
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(super) use cells_by_value_portable as cells_by_value;
