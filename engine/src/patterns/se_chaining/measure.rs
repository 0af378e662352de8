//! What SE reads off a hint's chains: its complexity (the distinct potentials of each chain,
//! plus once the complexity of each distinct nested chain they rest on) and, for a hint used
//! inside another chain, its "rule parents" (the removals of the container chain its "on"
//! steps needed: SE's `collectRuleParents`) and its `FullChain` identity.

use super::board::{Pot, PotSet, Work, is_on, pot, pot_cell, pot_digit};
use super::chaining::{CAUSE_ADVANCED, CAUSE_CELL, CAUSE_NONE, NestRef, Outcome};
use crate::board::house::House;

/// What a nested hint hands its container: the removals it rests on and its identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nest {
    pub parents: Vec<Pot>,
    pub key: u64,
}

/// The reusable buffers of the measure.
#[derive(Default)]
pub struct Measurer {
    done: PotSet,
    level: Vec<u32>,
    next: Vec<u32>,
    keys: Vec<u64>,
    listed: PotSet,
    parents: Vec<Pot>,
}

const FNV: u64 = 0x0100_0000_01b3;

/// Push the candidates the container removed that an "on" potential with this (packed) cause
/// rested on: the cell's other candidates, or the digit's other places in the house.
pub fn collect_removed(
    initial: &Work,
    cur: &Work,
    p: Pot,
    cause: u8,
    listed: &mut PotSet,
    out: &mut Vec<Pot>,
) {
    let (cell, digit) = (pot_cell(p), pot_digit(p));
    match cause {
        CAUSE_NONE | CAUSE_ADVANCED => {}
        CAUSE_CELL => {
            for d in 1..=9 {
                if initial.has(cell, d) && !cur.has(cell, d) && listed.insert(pot(cell, d, false)) {
                    out.push(pot(cell, d, false));
                }
            }
        }
        house => {
            let gone = initial.positions(House::new(house as usize), digit)
                - cur.positions(House::new(house as usize), digit);
            for c in gone {
                if listed.insert(pot(c, digit, false)) {
                    out.push(pot(c, digit, false));
                }
            }
        }
    }
}

impl Measurer {
    /// The complexity of a hint whose chains end at `targets` (an entry of an outcome each),
    /// and, when `ctx` holds the container's (initial, current) grids, what it hands the
    /// container. `root` is the cause SE gives the assumptions (cell and region hints).
    pub fn measure(
        &mut self,
        targets: &[(&Outcome, u32)],
        root: u8,
        ctx: Option<(&Work, &Work)>,
    ) -> (u32, Option<Nest>) {
        let mut complexity = 0;
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        self.keys.clear();
        self.listed.clear();
        self.parents.clear();
        for &(out, at) in targets {
            self.done.clear();
            self.level.clear();
            self.level.push(at);
            while !self.level.is_empty() {
                self.next.clear();
                for i in 0..self.level.len() {
                    let (p, parents, cause, nest) = out.entry(self.level[i]);
                    if !self.done.insert(p) {
                        continue;
                    }
                    complexity += 1;
                    if let Some(NestRef {
                        key: k,
                        complexity: c,
                    }) = nest
                        && !self.keys.contains(&k)
                    {
                        self.keys.push(k);
                        complexity += c;
                    }
                    if let Some((initial, cur)) = ctx {
                        key = (key ^ (u64::from(p) + 1)).wrapping_mul(FNV);
                        if is_on(p) {
                            let cause = if cause == CAUSE_NONE { root } else { cause };
                            collect_removed(
                                initial,
                                cur,
                                p,
                                cause,
                                &mut self.listed,
                                &mut self.parents,
                            );
                        }
                    }
                    for &q in parents {
                        if let Some(e) = out.find(q) {
                            self.next.push(e);
                        }
                    }
                }
                std::mem::swap(&mut self.level, &mut self.next);
            }
            key = (key ^ 0xffff).wrapping_mul(FNV);
        }
        let nest = ctx.map(|_| Nest {
            parents: self.parents.clone(),
            key,
        });
        (complexity, nest)
    }
}
