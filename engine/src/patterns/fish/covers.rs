//! The cover sets of one choice of base sets, found by branching on body cells rather than by
//! trying every n houses.
//!
//! Take the first base candidate that is neither covered nor a fin yet. In the finished fish it
//! lies in a cover, and that cover is its row, its column or its box; or it is a fin. So the
//! search branches at most four ways per cell, and each branch is cut as soon as it can no
//! longer give a fish: more than n covers, more fins than allowed, or fins that see no
//! candidate the fish could remove. The houses of the earlier branches are barred from the
//! later ones (and a fin's houses from every cover), so each set of covers is met once.

use super::{Fish, FishSpec};
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::house::{House, houses_of, peers};
use crate::board::house_set::HouseSet;

/// One base choice and what its covers may be.
pub(super) struct CoverSearch<'a> {
    pub digit: Digit,
    pub spec: &'a FishSpec,
    /// Every candidate of the digit.
    pub candidates: CellSet,
    pub base: HouseSet,
    pub body: CellSet,
    /// Base candidates in two base sets: fins whatever the covers.
    pub endo_fins: CellSet,
    /// Houses that may be covers: of the cover kinds, not in the base, holding body cells.
    pub allowed: HouseSet,
    /// The fish found, in the order met.
    pub found: &'a mut Vec<Fish>,
}

/// Where the branching stands: the covers chosen and what they hold.
#[derive(Clone, Copy)]
struct Partial {
    covers: HouseSet,
    count: usize,
    covered: CellSet,
    /// Candidates in two of the covers (cannibals, when in the body).
    twice: CellSet,
    fins: CellSet,
    /// The cells that see every fin (every cell while there is none).
    seen: CellSet,
    /// Houses no longer to choose in this branch.
    barred: HouseSet,
}

impl CoverSearch<'_> {
    pub fn run(&mut self) {
        let fins = self.endo_fins;
        let seen = if fins.is_empty() {
            CellSet::ALL
        } else {
            fins.iter()
                .fold(CellSet::ALL, |acc, cell| acc & peers(cell))
        };
        if fins.len() as usize > self.spec.max_fins || !self.fins_may_eliminate(seen) {
            return;
        }
        self.branch(Partial {
            covers: HouseSet::EMPTY,
            count: 0,
            covered: CellSet::EMPTY,
            twice: CellSet::EMPTY,
            fins,
            seen,
            barred: HouseSet::EMPTY,
        });
    }

    /// Whether fins seeing `seen` leave some candidate the fish could still remove.
    fn fins_may_eliminate(&self, seen: CellSet) -> bool {
        let removable = if self.spec.cannibalism {
            self.candidates
        } else {
            self.candidates - self.body
        };
        seen.intersects(removable)
    }

    fn branch(&mut self, at: Partial) {
        let n = self.spec.size;
        let pending = self.body - at.covered - at.fins;
        let Some(cell) = pending.first() else {
            self.fill(
                at,
                self.allowed.bits() & !at.barred.bits() & !at.covers.bits(),
            );
            return;
        };
        if at.count == n {
            // No cover left: every pending cell is a fin.
            if (at.fins.len() + pending.len()) as usize <= self.spec.max_fins {
                let seen = pending.iter().fold(at.seen, |acc, c| acc & peers(c));
                if self.fins_may_eliminate(seen) {
                    self.finish(Partial {
                        fins: at.fins | pending,
                        seen,
                        ..at
                    });
                }
            }
            return;
        }
        let mut barred = at.barred;
        for house in houses_of(cell) {
            if !self.allowed.contains(house) || barred.contains(house) {
                continue;
            }
            self.branch(self.with_cover(at, house, barred));
            barred.insert(house);
        }
        if (at.fins.len() as usize) < self.spec.max_fins {
            let seen = at.seen & peers(cell);
            if self.fins_may_eliminate(seen) {
                let mut fins = at.fins;
                fins.insert(cell);
                self.branch(Partial {
                    fins,
                    seen,
                    barred,
                    ..at
                });
            }
        }
    }

    fn with_cover(&self, at: Partial, house: House, barred: HouseSet) -> Partial {
        let cells = house.cells() & self.candidates;
        Partial {
            covers: at.covers.union(HouseSet::single(house)),
            count: at.count + 1,
            covered: at.covered | cells,
            twice: at.twice | (at.covered & cells),
            barred,
            ..at
        }
    }

    /// Every body cell is covered or a fin: add the covers still missing from `options` (a
    /// house mask), in every way.
    fn fill(&mut self, at: Partial, options: u32) {
        if at.count == self.spec.size {
            self.finish(at);
            return;
        }
        let missing = self.spec.size - at.count;
        let mut rest = options;
        while rest.count_ones() as usize >= missing {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let next = self.with_cover(at, House::new(index), at.barred);
            self.fill(next, rest);
        }
    }

    fn finish(&mut self, at: Partial) {
        let cannibals = if self.spec.cannibalism {
            (at.twice & self.body & at.seen) - at.fins
        } else {
            CellSet::EMPTY
        };
        let eliminations = ((at.covered - self.body) & at.seen) | cannibals;
        if eliminations.is_empty() {
            return;
        }
        self.found.push(Fish {
            digit: self.digit,
            base: self.base,
            cover: at.covers,
            fins: at.fins,
            endo_fins: self.endo_fins,
            cannibals,
            eliminations,
            body: self.body,
        });
    }
}

/// Whether `a` comes before `b` when sets of houses are listed as n-subsets in index order
/// (`{0,1,5}` before `{0,2,3}`): the lowest house in one set only decides.
pub(super) fn house_order(a: HouseSet, b: HouseSet) -> std::cmp::Ordering {
    let differ = a.bits() ^ b.bits();
    if differ == 0 {
        std::cmp::Ordering::Equal
    } else if a.bits() >> differ.trailing_zeros() & 1 != 0 {
        std::cmp::Ordering::Less
    } else {
        std::cmp::Ordering::Greater
    }
}
