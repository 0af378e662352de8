//! Sets of candidates (digit-in-cell pairs), one cell set per digit.

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use std::fmt::{self, Write as _};

/// A set of candidates, stored as one [`CellSet`] per digit.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Candidates([CellSet; 9]);

impl Candidates {
    /// No candidates.
    pub const EMPTY: Candidates = Candidates([CellSet::EMPTY; 9]);

    #[inline]
    /// Add `digit` in `cell`.
    pub fn insert(&mut self, cell: Cell, digit: Digit) {
        self.0[digit as usize - 1].insert(cell);
    }

    /// Drop every candidate in `cells`, whatever its digit.
    #[inline]
    pub fn remove_cells(&mut self, cells: CellSet) {
        for set in &mut self.0 {
            *set -= cells;
        }
    }

    /// Add `digit` in every cell of `cells`.
    #[inline]
    pub fn insert_cells(&mut self, cells: CellSet, digit: Digit) {
        self.0[digit as usize - 1] |= cells;
    }

    /// Add every digit of `digits` in `cell`.
    #[inline]
    pub fn insert_digits(&mut self, cell: Cell, digits: DigitSet) {
        for digit in digits {
            self.insert(cell, digit);
        }
    }

    #[inline]
    /// Whether `digit` in `cell` is one of them.
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.0[digit as usize - 1].contains(cell)
    }

    /// The cells holding `digit` in this set.
    #[inline]
    pub fn cells_of(&self, digit: Digit) -> CellSet {
        self.0[digit as usize - 1]
    }

    /// Every cell with at least one candidate in this set.
    pub fn cells(&self) -> CellSet {
        self.0.iter().fold(CellSet::EMPTY, |acc, &c| acc | c)
    }

    /// The digits with at least one candidate in this set.
    pub fn digits(&self) -> DigitSet {
        (1..=9)
            .filter(|&d| !self.0[d as usize - 1].is_empty())
            .collect()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|c| c.is_empty())
    }

    /// How many (cell, digit) pairs there are.
    pub fn len(&self) -> usize {
        self.0.iter().map(|c| c.len() as usize).sum()
    }

    /// Candidates in cell order, then digit order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Digit)> + Clone + '_ {
        self.cells().into_iter().flat_map(move |cell| {
            (1..=9u8)
                .filter(move |&d| self.contains(cell, d))
                .map(move |d| (cell, d))
        })
    }

    /// The candidates of both.
    pub fn union(&self, other: &Candidates) -> Candidates {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
        out
    }

    /// Groups of cells sharing the same digits, ordered by their smallest digit: the basis
    /// of the `r2c16,r5c6<>3` notation.
    pub fn groups(&self) -> Vec<(CellSet, DigitSet)> {
        let mut groups: Vec<(CellSet, DigitSet)> = Vec::new();
        for digit in 1..=9u8 {
            let cells = self.cells_of(digit);
            if cells.is_empty() {
                continue;
            }
            match groups.iter_mut().find(|(c, _)| *c == cells) {
                Some((_, digits)) => digits.insert(digit),
                None => groups.push((cells, DigitSet::single(digit))),
            }
        }
        groups
    }
}

impl FromIterator<(Cell, Digit)> for Candidates {
    fn from_iter<I: IntoIterator<Item = (Cell, Digit)>>(iter: I) -> Self {
        let mut set = Candidates::EMPTY;
        for (cell, digit) in iter {
            set.insert(cell, digit);
        }
        set
    }
}

/// Written as eliminations are: `r2c16,r5c6,r6c3<>3, r8c9<>57`.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (cells, digits)) in self.groups().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(CommaSeparated(f), "{cells}")?;
            write!(f, "<>{digits}")?;
        }
        Ok(())
    }
}

/// Writes through, with the spaces between cell groups turned into commas
/// (`r2c16 r5c6` becomes `r2c16,r5c6`), without an intermediate string.
struct CommaSeparated<'a, 'b>(&'a mut fmt::Formatter<'b>);

impl fmt::Write for CommaSeparated<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for (i, part) in s.split(' ').enumerate() {
            if i > 0 {
                self.0.write_char(',')?;
            }
            self.0.write_str(part)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_groups_cells_by_digit() {
        let mut set = Candidates::EMPTY;
        for (r, c) in [(2, 1), (2, 6), (5, 6), (6, 3)] {
            set.insert(Cell::at(r - 1, c - 1), 3);
        }
        set.insert(Cell::at(7, 8), 5);
        set.insert(Cell::at(7, 8), 7);
        assert_eq!(set.to_string(), "r2c16,r5c6,r6c3<>3, r8c9<>57");
        assert_eq!(set.len(), 6);
        assert_eq!(set.digits().to_string(), "357");
        let listed: Vec<_> = set.iter().map(|(c, d)| format!("{c}{d}")).collect();
        assert_eq!(
            listed,
            ["r2c13", "r2c63", "r5c63", "r6c33", "r8c95", "r8c97"]
        );
    }
}
