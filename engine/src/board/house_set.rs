//! Sets of houses, as fish use them for their base and cover sets (any of the 27 houses).

use crate::board::cells::CellSet;
use crate::board::house::{House, HouseKind};
use std::fmt;

/// A set of the 27 houses: bit `i` for the house of stable index `i`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HouseSet(u32);

impl HouseSet {
    /// No houses.
    pub const EMPTY: HouseSet = HouseSet(0);

    #[inline]
    /// The set of the bits (bit `i` for house number `i`), bits past the 27 houses dropped.
    pub const fn from_bits(bits: u32) -> HouseSet {
        HouseSet(bits & 0x7FF_FFFF)
    }

    #[inline]
    /// The set as bits: bit `i` for house number `i`.
    pub const fn bits(self) -> u32 {
        self.0
    }

    #[inline]
    /// The set of one house.
    pub const fn single(house: House) -> HouseSet {
        HouseSet(1 << house.index())
    }

    /// The rows (or columns, or boxes) of a 9-bit mask.
    pub const fn of_kind(kind: HouseKind, mask: u16) -> HouseSet {
        let shift = match kind {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
        };
        HouseSet(((mask as u32) & 0x1FF) << shift)
    }

    #[inline]
    /// Whether `house` is in the set.
    pub const fn contains(self, house: House) -> bool {
        self.0 >> house.index() & 1 != 0
    }

    #[inline]
    /// Add `house`.
    pub fn insert(&mut self, house: House) {
        self.0 |= 1 << house.index();
    }

    #[inline]
    /// How many houses the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    /// Whether the set holds no house.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    /// The houses of both sets.
    pub const fn union(self, other: HouseSet) -> HouseSet {
        HouseSet(self.0 | other.0)
    }

    #[inline]
    /// Whether the two sets share a house.
    pub const fn intersects(self, other: HouseSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The 9-bit mask of the houses of one kind.
    #[inline]
    pub const fn mask_of(self, kind: HouseKind) -> u16 {
        let shift = match kind {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
        };
        (self.0 >> shift & 0x1FF) as u16
    }

    /// The houses, rows first, then columns, then boxes.
    pub fn iter(self) -> impl Iterator<Item = House> {
        let bits = self.0;
        (0..27).filter(move |i| bits >> i & 1 != 0).map(House::new)
    }

    /// Every cell of the houses.
    pub fn cells(self) -> CellSet {
        let mut bits = self.0;
        let mut out = CellSet::EMPTY;
        while bits != 0 {
            out |= House::new(bits.trailing_zeros() as usize).cells();
            bits &= bits - 1;
        }
        out
    }
}

impl FromIterator<House> for HouseSet {
    fn from_iter<I: IntoIterator<Item = House>>(iter: I) -> Self {
        let mut set = HouseSet::EMPTY;
        for house in iter {
            set.insert(house);
        }
        set
    }
}

/// Written by kind, letter then numbers as in HoDoKu: `r348`, `c136`, `r34b5`; `-` when empty.
impl fmt::Display for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (kind, letter) in [
            (HouseKind::Row, 'r'),
            (HouseKind::Column, 'c'),
            (HouseKind::Box, 'b'),
        ] {
            let mask = self.mask_of(kind);
            if mask == 0 {
                continue;
            }
            write!(f, "{letter}")?;
            crate::board::cells::write_index_mask(f, mask)?;
        }
        Ok(())
    }
}

impl fmt::Debug for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HouseSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_of_houses() {
        let set: HouseSet = [House::row(2), House::row(3), House::row(7)]
            .into_iter()
            .collect();
        assert_eq!(set.to_string(), "r348");
        assert_eq!(set, HouseSet::of_kind(HouseKind::Row, 0b1000_1100));
        let mixed = set.union(HouseSet::single(House::box_(4)));
        assert_eq!(mixed.to_string(), "r348b5");
        assert_eq!(mixed.len(), 4);
        assert!(mixed.contains(House::box_(4)));
        assert_eq!(mixed.mask_of(HouseKind::Box), 0b1_0000);
        assert_eq!(HouseSet::single(House::column(0)).cells().len(), 9);
        assert_eq!(HouseSet::EMPTY.to_string(), "-");
    }
}
