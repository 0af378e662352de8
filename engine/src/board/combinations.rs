//! k-subsets of cells, digits or indices, in lexicographic order, without allocating.

use crate::board::cells::{Cell, CellSet};
use crate::board::digits::DigitSet;

/// k-subsets of the indices `0..n`, in lexicographic order. A lending iterator: each call of
/// [`Combinations::next_indices`] returns the next subset as a slice.
#[derive(Clone, Debug)]
pub struct Combinations {
    n: usize,
    k: usize,
    indices: [usize; 81],
    started: bool,
    done: bool,
}

impl Combinations {
    /// Subsets of size `k` of `0..n` (`n` at most 81); none when `k > n`.
    pub fn new(n: usize, k: usize) -> Combinations {
        let n = n.min(81);
        let mut indices = [0; 81];
        for (i, slot) in indices.iter_mut().enumerate().take(k.min(81)) {
            *slot = i;
        }
        Combinations {
            n,
            k,
            indices,
            started: false,
            done: k > n,
        }
    }

    /// The next subset, or `None` when all have been returned.
    pub fn next_indices(&mut self) -> Option<&[usize]> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(&self.indices[..self.k]);
        }
        // Advance the rightmost index that can still move, then reset those after it.
        let (n, k) = (self.n, self.k);
        let mut i = k;
        while i > 0 {
            i -= 1;
            if self.indices[i] < n - k + i {
                self.indices[i] += 1;
                for j in i + 1..k {
                    self.indices[j] = self.indices[j - 1] + 1;
                }
                return Some(&self.indices[..k]);
            }
        }
        self.done = true;
        None
    }
}

/// Iterator over the k-subsets of a set of cells.
#[derive(Clone, Debug)]
pub struct CellCombinations {
    cells: [Cell; 81],
    inner: Combinations,
}

impl Iterator for CellCombinations {
    type Item = CellSet;
    fn next(&mut self) -> Option<CellSet> {
        let indices = self.inner.next_indices()?;
        Some(indices.iter().map(|&i| self.cells[i]).collect())
    }
}

/// The k-subsets of `cells`, e.g. the candidate cells of a locked set.
pub fn combinations(cells: CellSet, k: usize) -> CellCombinations {
    let mut list = [Cell::default(); 81];
    for (slot, cell) in list.iter_mut().zip(cells) {
        *slot = cell;
    }
    CellCombinations {
        cells: list,
        inner: Combinations::new(cells.len() as usize, k),
    }
}

/// Iterator over the k-subsets of a set of digits.
#[derive(Clone, Debug)]
pub struct DigitCombinations {
    digits: [u8; 9],
    inner: Combinations,
}

impl Iterator for DigitCombinations {
    type Item = DigitSet;
    fn next(&mut self) -> Option<DigitSet> {
        let indices = self.inner.next_indices()?;
        Some(indices.iter().map(|&i| self.digits[i]).collect())
    }
}

/// The k-subsets of `digits`.
pub fn digit_combinations(digits: DigitSet, k: usize) -> DigitCombinations {
    let mut list = [0u8; 9];
    for (slot, digit) in list.iter_mut().zip(digits) {
        *slot = digit;
    }
    DigitCombinations {
        digits: list,
        inner: Combinations::new(digits.len() as usize, k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn index_subsets_in_lexicographic_order() {
        let mut c = Combinations::new(4, 2);
        let mut seen = Vec::new();
        while let Some(s) = c.next_indices() {
            seen.push(s.to_vec());
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert!(Combinations::new(2, 3).next_indices().is_none());
        let mut empty = Combinations::new(3, 0);
        assert_eq!(empty.next_indices(), Some(&[][..]));
        assert_eq!(empty.next_indices(), None);
    }

    #[test]
    fn counts_match_binomials() {
        let house = crate::House::row(0).cells();
        for k in 0..=9 {
            assert_eq!(combinations(house, k).count(), binomial(9, k), "k={k}");
            assert!(combinations(house, k).all(|s| s.len() as usize == k && s.is_subset_of(house)));
        }
        let digits: DigitSet = [1, 4, 6, 9].into_iter().collect();
        let pairs: Vec<String> = digit_combinations(digits, 2)
            .map(|d| d.to_string())
            .collect();
        assert_eq!(pairs, ["14", "16", "19", "46", "49", "69"]);
    }
}
