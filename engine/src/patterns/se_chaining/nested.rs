//! SE's dynamic forcing chains with its "advanced" rules inside: level 1 ("Dynamic Forcing
//! Chains (+)", 9.0) adds its basic rules (`basic`); levels 2 and 3 (nested
//! forcing chains, 9.5 and 10.0) then add "Forcing Chains & Cycles" and multiple forcing
//! chains run on the chain's grid; level 4 (10.5) adds dynamic forcing chains nested at SE's
//! `nestingLimit` (0: plain, 1: plus, 2: level 2). A nested hint hands the container chain its
//! removals, with its rule parents as their parents, and its complexity, which the container
//! adds once per distinct nested chain (so the nested levels reach 10–12).

use super::basic::basic_rules;
use super::board::{Pot, Work};
use super::chaining::{AdvSink, NestRef, Nesting, Outcome};
use super::cycles::cycles_on;
use super::hint::{Rule, SeHint, removal_order, same_effect, sort_hints};
use super::multiple::chains_on;
use crate::board::grid::Grid;
use std::collections::HashMap;

/// Every hint of SE's `Chaining(true, true, false, level, _, limit)` at this position, in the
/// order SE finds them (not yet sorted).
pub fn dynamic_chains(grid: &Grid, level: u8, limit: u8) -> Vec<SeHint> {
    let mut hook = SeNesting::new(level, limit);
    chains_on(&Work::new(grid), Rule::Dynamic(level), &mut hook, None)
}

/// The advanced rules of a dynamic chaining producer of some level.
pub struct SeNesting {
    level: u8,
    limit: u8,
    order: Vec<Pot>,
    parents: Vec<Pot>,
    /// What the rules gave on a grid, by (start grid, chain's grid): a candidate on and its
    /// partner off in a bivalue cell (or a conjugate pair) lead to the same grid, and the
    /// rules read nothing else (their parents are the candidates the chain removed).
    memo: HashMap<u64, Vec<Memo>>,
    memo_len: usize,
}

struct Memo {
    source: Work,
    cur: Work,
    items: Vec<(Pot, u32, u32, Option<NestRef>)>,
    parents: Vec<Pot>,
}

/// Enough remembered grids for a position's chains, not so many that memory grows unbounded.
const MEMO_MAX: usize = 1 << 14;

impl SeNesting {
    /// The rules of SE's `Chaining(…, level, _, limit)` producer: nesting `level`, and `limit` as SE passes it.
    pub fn new(level: u8, limit: u8) -> SeNesting {
        SeNesting {
            level,
            limit,
            order: Vec::new(),
            parents: Vec::new(),
            memo: HashMap::new(),
            memo_len: 0,
        }
    }

    /// Hand over the hints of one nested producer (sorted, equal effects once, as SE's
    /// `getHints` gives them); whether any gave a potential.
    fn emit(&mut self, mut hints: Vec<SeHint>, out: &Outcome, sink: &mut AdvSink) -> bool {
        sort_hints(&mut hints);
        let mut found = false;
        for i in 0..hints.len() {
            if hints[..i].iter().any(|h| same_effect(h, &hints[i])) {
                continue;
            }
            let hint = &hints[i];
            let Some(nest) = &hint.nest else { continue };
            self.parents.clear();
            self.parents
                .extend(nest.parents.iter().copied().filter(|&p| out.contains(p)));
            if self.parents.is_empty() {
                continue; // SE: the rule holds without the chain
            }
            let nested = NestRef {
                key: nest.key,
                complexity: hint.complexity,
            };
            removal_order(&hint.eliminations, &mut self.order);
            for &p in &self.order {
                sink.push(p, &self.parents, Some(nested));
            }
            found = true;
        }
        found
    }
}

impl Nesting for SeNesting {
    fn advanced(&mut self, source: &Work, cur: &Work, out: &Outcome, sink: &mut AdvSink) {
        let key = cur.key() ^ source.key().rotate_left(17);
        if let Some(m) = self.memo.get(&key).and_then(|list| {
            list.iter()
                .find(|m| m.cur.same_candidates(cur) && m.source.same_candidates(source))
        }) {
            sink.items.extend_from_slice(&m.items);
            sink.parents.extend_from_slice(&m.parents);
            return;
        }
        self.compute(source, cur, out, sink);
        if self.memo_len >= MEMO_MAX {
            self.memo.clear();
            self.memo_len = 0;
        }
        self.memo_len += 1;
        self.memo.entry(key).or_default().push(Memo {
            source: *source,
            cur: *cur,
            items: sink.items.clone(),
            parents: sink.parents.clone(),
        });
    }
}

impl SeNesting {
    /// SE's `getAdvancedPotentials`: the first rule (basic ones, then the nested producers of
    /// this level) that gives anything.
    fn compute(&mut self, source: &Work, cur: &Work, out: &Outcome, sink: &mut AdvSink) {
        if basic_rules(source, cur, out, sink) {
            return;
        }
        if self.level < 4 {
            if self.level >= 2 && self.emit(cycles_on(cur, Some(source)), out, sink) {
                return;
            }
            if self.level >= 3 {
                let mut none = super::chaining::NoNesting;
                let hints = chains_on(cur, Rule::Multiple, &mut none, Some(source));
                self.emit(hints, out, sink);
            }
        } else {
            let mut inner = SeNesting::new(self.limit, 0);
            let hints = chains_on(cur, Rule::Dynamic(self.limit), &mut inner, Some(source));
            self.emit(hints, out, sink);
        }
    }
}
