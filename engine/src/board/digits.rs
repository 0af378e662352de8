//! Digits and sets of digits (`u16` masks).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

/// A Sudoku digit, `1..=9`.
pub type Digit = u8;

/// All nine digits in ascending order.
pub const DIGITS: std::ops::RangeInclusive<Digit> = 1..=9;

/// The number of bits set in each 9-bit mask (digits of a set, cells of a house). The release
/// build targets baseline x86-64, which has no popcount instruction: a table read is cheaper
/// than counting bits in hot loops.
const NINE_BIT_COUNTS: [u8; 512] = {
    let mut counts = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        counts[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    counts
};

/// The number of bits set in the low nine bits of `mask` (see [`NINE_BIT_COUNTS`]).
#[inline]
pub(crate) const fn count_nine_bits(mask: usize) -> u32 {
    NINE_BIT_COUNTS[mask & 0x1FF] as u32
}

/// A set of digits, one bit per digit (bit `d - 1` for digit `d`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digits.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The digits 1 to 9.
    pub const ALL: DigitSet = DigitSet(0x1FF);

    /// The set of the raw mask's digits; bits above the ninth are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1FF)
    }

    #[inline]
    /// The set as bits: bit `d - 1` for digit `d`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit`.
    #[inline]
    pub const fn single(digit: Digit) -> DigitSet {
        debug_assert!(digit >= 1 && digit <= 9);
        DigitSet(1 << (digit - 1))
    }

    #[inline]
    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit - 1)) != 0
    }

    #[inline]
    /// Add `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << (digit - 1);
    }

    #[inline]
    /// Remove `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << (digit - 1));
    }

    #[inline]
    /// How many digits the set holds.
    pub const fn len(self) -> u32 {
        count_nine_bits(self.0 as usize)
    }

    #[inline]
    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit of the set.
    #[inline]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as Digit + 1)
        }
    }

    /// The digit of a one-digit set.
    #[inline]
    pub const fn only(self) -> Option<Digit> {
        // A power of two; cheaper than counting bits without a popcount instruction.
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }

    #[inline]
    /// Whether the two sets share a digit.
    pub const fn intersects(self, other: DigitSet) -> bool {
        self.0 & other.0 != 0
    }

    #[inline]
    /// Whether every digit of the set is in `other`.
    pub const fn is_subset_of(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    #[inline]
    /// The digits, smallest first.
    pub fn iter(self) -> DigitIter {
        DigitIter(self.0)
    }
}

/// Ascending iterator over the digits of a [`DigitSet`].
#[derive(Clone)]
pub struct DigitIter(u16);

impl Iterator for DigitIter {
    type Item = Digit;
    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as Digit + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitIter {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitIter;
    fn into_iter(self) -> DigitIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

macro_rules! digit_set_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident $op:tt),*) => {$(
        impl $tr for DigitSet {
            type Output = DigitSet;
            #[inline]
            fn $f(self, rhs: DigitSet) -> DigitSet { DigitSet(self.0 $op rhs.0) }
        }
        impl $atr for DigitSet {
            #[inline]
            fn $af(&mut self, rhs: DigitSet) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
digit_set_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |);

impl BitXor for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitxor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 ^ rhs.0)
    }
}

impl Sub for DigitSet {
    type Output = DigitSet;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl SubAssign for DigitSet {
    #[inline]
    fn sub_assign(&mut self, rhs: DigitSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// The complement within the nine digits.
    #[inline]
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & 0x1FF)
    }
}

/// Written as its digits in ascending order, e.g. `38`; the empty set as `-`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: DigitSet = [3, 8].into_iter().collect();
        let b: DigitSet = [8, 9].into_iter().collect();
        assert_eq!((a | b).to_string(), "389");
        assert_eq!((a & b).only(), Some(8));
        assert_eq!((a - b).only(), Some(3));
        assert_eq!((!a).len(), 7);
        assert!(a.contains(3) && !a.contains(4));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![3, 8]);
        assert_eq!(DigitSet::EMPTY.first(), None);
        assert_eq!(DigitSet::ALL.len(), 9);
        assert_eq!(DigitSet::from_bits(0xFFFF), DigitSet::ALL);
        assert!(DigitSet::single(3).is_subset_of(a));
    }
}
