//! The restricted-common links of the ALS list as one flat adjacency table, shared in shape by
//! the ALS techniques that walk from set to set (one allocation, not one vector per set).

use kaidoku_engine::prelude::*;

/// For every ALS, the sets it is linked to (in index order) and by which digits.
pub struct RccLinks {
    /// Set i's links are `links[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    links: Vec<(u32, DigitSet)>,
}

impl RccLinks {
    /// The links of `analysis.als_rccs()` between sets that `keep(first, second)` accepts.
    pub fn build(analysis: &Analysis, keep: impl Fn(u32, u32) -> bool) -> RccLinks {
        let count = analysis.als().len();
        let pairs = analysis.als_rccs();
        let kept: Vec<bool> = pairs.iter().map(|p| keep(p.first, p.second)).collect();
        let kept_pairs = || pairs.iter().zip(&kept).filter(|&(_, &k)| k).map(|(p, _)| p);
        let mut start = vec![0u32; count + 1];
        for pair in kept_pairs() {
            start[pair.first as usize + 1] += 1;
            start[pair.second as usize + 1] += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut links = vec![(0, DigitSet::EMPTY); start[count] as usize];
        // Pairs come in index order, so each set's links do too: those to earlier sets (as
        // the second of a pair) all come before those to later ones.
        for pair in kept_pairs() {
            for (from, to) in [(pair.first, pair.second), (pair.second, pair.first)] {
                links[next[from as usize] as usize] = (to, pair.rccs);
                next[from as usize] += 1;
            }
        }
        RccLinks { start, links }
    }

    /// The sets linked to set `index`, with the digits of each link.
    #[inline]
    pub fn of(&self, index: usize) -> &[(u32, DigitSet)] {
        &self.links[self.start[index] as usize..self.start[index + 1] as usize]
    }

    /// The number of sets.
    pub fn sets(&self) -> usize {
        self.start.len() - 1
    }
}
