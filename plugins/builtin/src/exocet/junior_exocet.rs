//! Junior Exocet (David P. Bird's JE2). Written for a band of rows (columns alike):
//!
//! - base: two empty cells B1, B2 of one mini-row (row rb, box b0) holding 3 or 4 digits
//!   together, the base digits;
//! - targets: T1 in row r1 and box b1, T2 in row r2 and box b2, where {rb, r1, r2} are the
//!   band's rows and {b0, b1, b2} its boxes (r1 = r2, the "aligned" form, is proved the same
//!   way; it has no companions and no mirror nodes);
//! - cross-lines: the column x0 of the base mini-row's third cell and the targets' columns x1,
//!   x2; their 18 cells outside the band are the S-cells (aligned: with the two cells of x1
//!   and x2 in the band's third row);
//! - companions: the cross-line cells x1r2 and x2r1 hold no base digit, not even placed;
//! - each base digit can be in the S-cells only within two houses (cover lines).
//!
//! Why the targets hold the base cells' digits: let d be the digit of a base cell. Each of x0,
//! x1, x2 holds d once; in the S-cells d fits at most twice (two houses, one d each), so one
//! cross-line has d inside the band. Not x0 (box b0 has its d in the base), not in row rb
//! (the base has it), not in a companion: so d is in T1 or T2. Both base digits are, and they
//! differ: the targets hold exactly the two base digits, one each.
//!
//! What follows, each proved from that:
//! - the targets lose non-base digits; base cell, target cell and target cell hold values
//!   {b1, b2} = {t1, t2} with b1 != b2, so every candidate of the four cells without such a
//!   match goes (a base digit neither target can hold is false in the base);
//! - cross-line rule: if T1 = d, x1 has its d in the band, so x0 and x2 have theirs in S-cells
//!   (x2's band cells are row rb, a companion and T2, which holds the other digit), and in
//!   different rows: T1 loses d when no such pair of S-cells exists; and for both targets at
//!   once, T1 = x with T2 = y needs x and y in different S-cells of x0 as well;
//! - mirror rule: if T1 = d, box b2 has d in row r2 (not rb: the base has it; not r1: T1 has
//!   it), not at T2: so d is in T1's mirror node, the two cells of row r2 in box b2 off x2. T1
//!   loses digits its mirror node cannot hold; when one mirror cell cannot hold any of T1's
//!   digits, the other one must (it keeps only those); a target left with one digit locks it
//!   in its mirror node (the rest of that row and box lose it);
//! - a base digit known to be true (a target's only digit, or one of the base's last two)
//!   is locked in the base cells (their row and box lose it elsewhere) and fills exactly two
//!   S-cells, one in each of two cover houses that hold all its S-cells: those houses lose it
//!   outside the S-cells.

use super::{Base, Exocet};
use kaidoku_engine::prelude::*;

pub struct JuniorExocet;

const KIND: StepKind = StepKind::new("junior-exocet", "Junior Exocet");

impl Technique for JuniorExocet {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        super::push_steps(grid, sink, KIND, each)
    }
}

/// Every exocet of this kind in `grid`, handed to `f`.
pub fn each(grid: &Grid, placed: &[CellSet; 10], f: &mut dyn FnMut(Exocet) -> Flow) -> Flow {
    for base in Base::all(grid) {
        let axis = base.axis;
        let lines: Vec<usize> = (3 * base.band..3 * base.band + 3)
            .filter(|&i| i != base.line0)
            .collect();
        let [s1, s2] = base.other_stacks();
        let pairs = [
            (lines[0], lines[1]),
            (lines[1], lines[0]),
            (lines[0], lines[0]),
            (lines[1], lines[1]),
        ];
        for (l1, l2) in pairs {
            for x1 in 3 * s1..3 * s1 + 3 {
                for x2 in 3 * s2..3 * s2 + 3 {
                    // T1's mirror node: T2's mini-line off x2; T2's: T1's off x1.
                    let mirror = |line: usize, stack: usize, off: usize| {
                        (3 * stack..3 * stack + 3)
                            .filter(|&x| x != off)
                            .fold(CellSet::EMPTY, |acc, x| {
                                acc | CellSet::single(axis.cell(line, x))
                            })
                    };
                    let mirrors = (l1 != l2).then(|| [mirror(l2, s2, x2), mirror(l1, s1, x1)]);
                    let targets = [axis.cell(l1, x1), axis.cell(l2, x2)];
                    let Some(exocet) = base.exocet(grid, placed, targets, [x1, x2], mirrors) else {
                        continue;
                    };
                    f(exocet)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

register_technique!(TechniqueInfo {
    id: "junior-exocet",
    name: "Junior Exocet",
    summary: "two base cells of a mini-line whose 3-4 digits fill too few cover lines of the \
              cross-lines: their digits reappear in two target cells of the band",
    params: &[],
    build: |_| Ok(Box::new(JuniorExocet)),
});

register_fixtures!("junior-exocet", "junior_exocet.fixtures");
