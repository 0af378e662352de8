//! SE's basic rules inside a chain (levels 1 and up: "dynamic plus"): Pointing and Claiming,
//! Hidden Pair, Naked Pair and X-Wing, run on the chain's grid in SE's order, each hint handing
//! the chain the candidates it removes with, as parents, the removals by the chain it needed
//! (SE's `getRuleParents`). A hint that needs none is not the chain's work and is skipped. The
//! first rule that gives anything ends the round.

use super::board::{Pot, Work, pot};
use super::chaining::{AdvSink, Outcome};
use super::hint::removal_order;
use crate::board::candidates::Candidates;
use crate::board::cells::CellSet;
use crate::board::digits::Digit;
use crate::board::house::House;

/// SE's region types by its indices: 0 blocks, 1 rows, 2 columns.
fn house(kind: usize, i: usize) -> House {
    match kind {
        0 => House::box_(i),
        1 => House::row(i),
        _ => House::column(i),
    }
}

/// SE's `Permutations(2, 9)`: pairs in increasing order of their bit pattern.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The basic rules in SE's order; whether any gave a potential.
pub fn basic_rules(source: &Work, cur: &Work, out: &Outcome, sink: &mut AdvSink) -> bool {
    let mut rules = Rules {
        source,
        cur,
        out,
        sink,
        parents: Vec::new(),
        order: Vec::new(),
    };
    rules.locking() || rules.hidden_pairs() || rules.naked_pairs() || rules.x_wings()
}

struct Rules<'a> {
    source: &'a Work,
    cur: &'a Work,
    out: &'a Outcome,
    sink: &'a mut AdvSink,
    parents: Vec<Pot>,
    order: Vec<Pot>,
}

impl Rules<'_> {
    /// Hand over a hint's removals if it has parents; whether it did.
    fn emit(&mut self, removable: &Candidates) -> bool {
        self.parents.retain(|&p| self.out.contains(p));
        if self.parents.is_empty() || removable.is_empty() {
            return false;
        }
        removal_order(removable, &mut self.order);
        for &p in &self.order {
            self.sink.push(p, &self.parents, None);
        }
        true
    }

    /// The places of `digit` in `house` the chain removed.
    fn removed(&self, house: House, digit: Digit) -> CellSet {
        self.source.positions(house, digit) - self.cur.positions(house, digit)
    }

    /// Pointing and claiming (SE's `Locking(false)`): box/column, box/row, column/box, row/box.
    fn locking(&mut self) -> bool {
        let mut found = false;
        for (kind1, kind2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
            for digit in 1..=9 {
                for i1 in 0..9 {
                    let region1 = house(kind1, i1);
                    let places = self.cur.positions(region1, digit);
                    if places.len() < 2 {
                        continue;
                    }
                    for i2 in 0..9 {
                        let region2 = house(kind2, i2);
                        if !region1.cells().intersects(region2.cells())
                            || !places.is_subset_of(region2.cells())
                        {
                            continue;
                        }
                        let mut removable = Candidates::EMPTY;
                        removable.insert_cells(
                            self.cur.positions(region2, digit) - region1.cells(),
                            digit,
                        );
                        self.parents.clear();
                        for cell in self.removed(region1, digit) - region2.cells() {
                            self.parents.push(pot(cell, digit, false));
                        }
                        found |= self.emit(&removable);
                    }
                }
            }
        }
        found
    }

    /// Hidden pairs, in blocks, columns, then rows.
    fn hidden_pairs(&mut self) -> bool {
        let mut found = false;
        for kind in [0, 2, 1] {
            for i in 0..9 {
                let region = house(kind, i);
                if (region.cells() & self.cur.empty()).len() <= 4 {
                    continue;
                }
                for (a, b) in pairs() {
                    let (da, db) = (a as Digit + 1, b as Digit + 1);
                    let (pa, pb) = (
                        self.cur.positions(region, da),
                        self.cur.positions(region, db),
                    );
                    let cells = pa | pb;
                    if pa.len() <= 1 || pb.len() <= 1 || cells.len() != 2 {
                        continue;
                    }
                    let pair = (1u16 << a) | (1u16 << b);
                    let mut removable = Candidates::EMPTY;
                    for cell in cells {
                        let mut others = self.cur.mask(cell) & !pair;
                        while others != 0 {
                            removable.insert(cell, others.trailing_zeros() as Digit + 1);
                            others &= others - 1;
                        }
                    }
                    if removable.is_empty() {
                        continue;
                    }
                    self.parents.clear();
                    for cell in region.cells() - cells {
                        for d in [da, db] {
                            if self.source.has(cell, d) {
                                self.parents.push(pot(cell, d, false));
                            }
                        }
                    }
                    found |= self.emit(&removable);
                }
            }
        }
        found
    }

    /// Naked pairs, in blocks, columns, then rows.
    fn naked_pairs(&mut self) -> bool {
        let mut found = false;
        for kind in [0, 2, 1] {
            for i in 0..9 {
                let region = house(kind, i);
                if (region.cells() & self.cur.empty()).len() < 4 {
                    continue;
                }
                let cells: Vec<_> = region.cells().iter().collect();
                for (a, b) in pairs() {
                    let (ma, mb) = (self.cur.mask(cells[a]), self.cur.mask(cells[b]));
                    let pair = ma | mb;
                    if ma.count_ones() <= 1 || mb.count_ones() <= 1 || pair.count_ones() != 2 {
                        continue;
                    }
                    let mut removable = Candidates::EMPTY;
                    for (k, &other) in cells.iter().enumerate() {
                        if k == a || k == b {
                            continue;
                        }
                        let mut common = self.cur.mask(other) & pair;
                        while common != 0 {
                            removable.insert(other, common.trailing_zeros() as Digit + 1);
                            common &= common - 1;
                        }
                    }
                    if removable.is_empty() {
                        continue;
                    }
                    self.parents.clear();
                    for cell in [cells[a], cells[b]] {
                        for d in 1..=9 {
                            if self.source.has(cell, d) && pair >> (d - 1) & 1 == 0 {
                                self.parents.push(pot(cell, d, false));
                            }
                        }
                    }
                    found |= self.emit(&removable);
                }
            }
        }
        found
    }

    /// X-Wings: base columns and cover rows, then base rows and cover columns.
    fn x_wings(&mut self) -> bool {
        let mut found = false;
        for (base_kind, cover_kind) in [(2, 1), (1, 2)] {
            // Each base line's places of each digit as indexes along it (a column's rows, a
            // row's columns).
            let mut along = [[0u16; 9]; 9];
            for (line, row) in along.iter_mut().enumerate() {
                for (k, cell) in house(base_kind, line).cells().iter().enumerate() {
                    let mut mask = self.cur.mask(cell);
                    while mask != 0 {
                        row[mask.trailing_zeros() as usize] |= 1 << k;
                        mask &= mask - 1;
                    }
                }
            }
            for (a, b) in pairs() {
                let (base_a, base_b) = (house(base_kind, a), house(base_kind, b));
                for digit in 1..=9 {
                    if self.cur.placed(digit) + 4 > 9 {
                        continue;
                    }
                    let (pa, pb) = (along[a][digit as usize - 1], along[b][digit as usize - 1]);
                    let cover = pa | pb;
                    if pa.count_ones() <= 1 || pb.count_ones() <= 1 || cover.count_ones() != 2 {
                        continue;
                    }
                    let covers: Vec<House> = (0..9)
                        .filter(|&k| cover >> k & 1 == 1)
                        .map(|k| house(cover_kind, k))
                        .collect();
                    let bases = base_a.cells() | base_b.cells();
                    let mut removable = Candidates::EMPTY;
                    let mut cover_cells = CellSet::EMPTY;
                    for &line in &covers {
                        cover_cells |= line.cells();
                        removable.insert_cells(self.cur.positions(line, digit) - bases, digit);
                    }
                    if removable.is_empty() {
                        continue;
                    }
                    self.parents.clear();
                    for base in [base_a, base_b] {
                        for cell in self.removed(base, digit) - cover_cells {
                            self.parents.push(pot(cell, digit, false));
                        }
                    }
                    found |= self.emit(&removable);
                }
            }
        }
        found
    }
}
