//! POM Nice Loop: nice loops whose single-digit links are read off the digit's templates (the
//! Pattern Overlay Method), not off its houses alone.
//!
//! In the solution the cells of a digit `d` form one of d's fitting templates (see
//! `templates/mod.rs`). So, for two candidate cells `p` and `q` of `d`:
//!
//! - if every fitting template of `d` uses `p` or `q`, then `p` or `q` is `d`: a strong link
//!   (a conjugate pair of a house is one: every template uses one of the two cells);
//! - if no fitting template of `d` uses both, then not both are `d`: a weak link (two cells
//!   of a house are one: no template uses two cells of a house).
//!
//! Both hold between cells that share no house as well, which is what the templates add.
//! Links inside a cell are the usual ones (a bivalue cell's two digits are strongly linked,
//! any two digits of a cell weakly). Every link is a true "or" (strong) or "not both" (weak)
//! about the solution, so the engine's nice loops over them are sound as nice loops are: a
//! continuous loop makes each weak link hold both ways, so a candidate seeing both of its
//! ends is false; a discontinuous loop places or eliminates its start. (Eliminations are the
//! usual ones, candidates that see the nodes; template links are never used to eliminate.)
//!
//! Only conclusions that plain nice loops (house and cell links, same length cap) do not
//! reach are reported (a start proved true written as a nice loop writes it: its cell's other
//! digits go), and only where each digit's own templates prove nothing
//! (Template Set / Delete come first). A digit with more than [`MAX_TEMPLATES`] fitting
//! templates keeps its house links only: reading links off thousands of templates costs more
//! than it finds.

use super::{TEMPLATES, placed_cells};
use kaidoku_engine::chains::graph::candidate_id;
use kaidoku_engine::chains::{CandidateLinks, ChainFilter, LinkVia, Links, LoopKind, NodeId};
use kaidoku_engine::chains::{NiceLoop as Loop, find_nice_loops};
use kaidoku_engine::prelude::*;
use std::collections::HashSet;

pub struct PomNiceLoop {
    max_length: usize,
}

const CONTINUOUS: StepKind = StepKind::new("pom-continuous-nice-loop", "POM Continuous Nice Loop");
const DISCONTINUOUS: StepKind =
    StepKind::new("pom-discontinuous-nice-loop", "POM Discontinuous Nice Loop");

/// Above this many fitting templates a digit keeps its house links only.
const MAX_TEMPLATES: usize = 2048;

/// The candidates of a position, linked as the module doc says.
struct TemplateLinks {
    strong: Vec<Vec<(NodeId, LinkVia)>>,
    weak: Vec<Vec<(NodeId, LinkVia)>>,
}

impl Links for TemplateLinks {
    fn node_count(&self) -> usize {
        81 * 9
    }

    fn node(&self, id: NodeId) -> ChainNode {
        ChainNode::candidate(Cell::new(id as usize / 9), (id % 9) as Digit + 1)
    }

    fn is_live(&self, grid: &Grid, id: NodeId) -> bool {
        grid.has_candidate(Cell::new(id as usize / 9), (id % 9) as Digit + 1)
    }

    fn for_each_link(&self, id: NodeId, strong: bool, visit: &mut dyn FnMut(NodeId, LinkVia)) {
        for &(next, via) in self.link_list(id, strong).unwrap_or(&[]) {
            visit(next, via);
        }
    }

    fn link_list(&self, id: NodeId, strong: bool) -> Option<&[(NodeId, LinkVia)]> {
        let lists = if strong { &self.strong } else { &self.weak };
        Some(&lists[id as usize])
    }
}

/// How a link between two cells of one digit is named: the first house they share, or, for
/// cells sharing none, the templates that alone link them.
fn via(p: Cell, q: Cell) -> LinkVia {
    match common_houses(CellSet::single(p) | CellSet::single(q)).next() {
        Some(house) => LinkVia::House(house),
        None => LinkVia::Templates,
    }
}

/// Whether `p` and `q` (candidates of `digit`) are a conjugate pair of some house.
fn conjugate(grid: &Grid, digit: Digit, p: Cell, q: Cell) -> bool {
    let pair = CellSet::single(p) | CellSet::single(q);
    common_houses(pair).any(|house| grid.house_cells_with(house, digit) == pair)
}

/// The links of `grid`, or `None` when some digit's own templates already prove something
/// (a candidate in none of them, an empty cell in all) or fit nowhere (a broken grid).
fn build(grid: &Grid) -> Option<TemplateLinks> {
    let mut links = TemplateLinks {
        strong: vec![Vec::new(); 81 * 9],
        weak: vec![Vec::new(); 81 * 9],
    };
    let mut add = |a: NodeId, b: NodeId, strong: bool, weak: bool, via: LinkVia| {
        if strong {
            links.strong[a as usize].push((b, via));
            links.strong[b as usize].push((a, via));
        }
        if weak {
            links.weak[a as usize].push((b, via));
            links.weak[b as usize].push((a, via));
        }
    };
    for cell in grid.empty_cells() {
        let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
        let bivalue = digits.len() == 2;
        for (i, &a) in digits.iter().enumerate() {
            for &b in &digits[i + 1..] {
                let (x, y) = (candidate_id(cell, a), candidate_id(cell, b));
                add(x, y, bivalue, true, LinkVia::Cell);
            }
        }
    }
    for digit in 1..=9 {
        let cells: Vec<Cell> = grid.cells_with(digit).iter().collect();
        if cells.is_empty() {
            continue;
        }
        let placed = placed_cells(grid, digit).bits();
        let allowed = grid.cells_with(digit).bits() | placed;
        let templates: Vec<u128> = TEMPLATES
            .iter()
            .copied()
            .filter(|&t| t & !allowed == 0 && t & placed == placed)
            .take(MAX_TEMPLATES + 1)
            .collect();
        if templates.is_empty() {
            return None;
        }
        if templates.len() > MAX_TEMPLATES {
            for (i, &p) in cells.iter().enumerate() {
                for &q in &cells[i + 1..] {
                    let weak = peers(p).contains(q);
                    let strong = weak && conjugate(grid, digit, p, q);
                    if weak {
                        add(
                            candidate_id(p, digit),
                            candidate_id(q, digit),
                            strong,
                            weak,
                            via(p, q),
                        );
                    }
                }
            }
            continue;
        }
        // For each candidate cell, which templates use it (a bitset over the templates).
        let words = templates.len().div_ceil(64);
        let mut used = vec![0u64; cells.len() * words];
        for (t, &template) in templates.iter().enumerate() {
            for (i, cell) in cells.iter().enumerate() {
                if template & (1u128 << cell.index()) != 0 {
                    used[i * words + t / 64] |= 1 << (t % 64);
                }
            }
        }
        let all: Vec<u64> = (0..words)
            .map(|w| match (w + 1) * 64 <= templates.len() {
                true => u64::MAX,
                false => (1u64 << (templates.len() % 64)) - 1,
            })
            .collect();
        let of = |i: usize| &used[i * words..(i + 1) * words];
        for i in 0..cells.len() {
            let none = of(i).iter().all(|&w| w == 0);
            let every = of(i).iter().zip(&all).all(|(&w, &a)| w == a);
            if none || every {
                return None;
            }
        }
        for i in 0..cells.len() {
            for j in i + 1..cells.len() {
                let both = of(i).iter().zip(of(j)).any(|(&u, &v)| u & v != 0);
                let neither = of(i)
                    .iter()
                    .zip(of(j))
                    .zip(&all)
                    .any(|((&u, &v), &a)| !u & !v & a != 0);
                if both && neither {
                    continue;
                }
                let (p, q) = (cells[i], cells[j]);
                add(
                    candidate_id(p, digit),
                    candidate_id(q, digit),
                    !neither,
                    !both,
                    via(p, q),
                );
            }
        }
    }
    Some(links)
}

impl Technique for PomNiceLoop {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let Some(links) = build(grid) else {
            return ControlFlow::Continue(());
        };
        let filter = ChainFilter {
            node: &|_| true,
            strong: &|_| true,
            weak: &|_| true,
            max_links: self.max_length,
        };
        // What plain nice loops (house and cell links only) conclude is theirs: a loop is
        // kept when its conclusion is not one of theirs. (Comparing conclusions, not the
        // chains found, keeps the result blind to the search order: from one start the
        // search may meet a plain chain or a template chain to the same conclusion.)
        let effects = |found_loop: &Loop| {
            let mut eliminations = found_loop.eliminations;
            if let Some((cell, digit)) = found_loop.placement {
                eliminations.insert_digits(cell, grid.candidates(cell) - DigitSet::single(digit));
            }
            eliminations
        };
        let mut plain = HashSet::new();
        let _ = find_nice_loops(&CandidateLinks::new(grid), grid, &filter, |found_loop| {
            plain.insert(effects(found_loop));
            ControlFlow::<()>::Continue(())
        });
        let mut found = Vec::new();
        let _ = find_nice_loops(&links, grid, &filter, |found_loop| {
            if !plain.contains(&effects(found_loop)) {
                found.push(found_loop.clone());
            }
            ControlFlow::<()>::Continue(())
        });
        found.sort_by_key(|l| l.chain.len());
        let mut seen = HashSet::new();
        for found_loop in found {
            let eliminations = effects(&found_loop);
            if eliminations.is_empty() || !seen.insert(eliminations) {
                continue;
            }
            let kind = match found_loop.kind {
                LoopKind::Continuous => CONTINUOUS,
                LoopKind::Discontinuous => DISCONTINUOUS,
            };
            let pattern = found_loop.chain.candidates();
            let step = Step::new(kind.sized(found_loop.chain.len()))
                .part(Part::Chain(found_loop.chain))
                .eliminations(eliminations)
                .pattern("chain", pattern);
            sink.push(step)?;
        }
        ControlFlow::Continue(())
    }
}

const PARAMS: &[ParamSpec] = &[ParamSpec::int(
    "max_length",
    "most links, the closing one included",
    12,
    3,
    31,
)];

register_technique!(TechniqueInfo {
    id: "pom-nice-loop",
    name: "POM Nice Loop",
    summary: "nice loops whose links between two cells of a digit come from the digit's \
              templates: every placement uses one of the two cells (strong), or none uses both \
              (weak)",
    params: PARAMS,
    build: |params| {
        Ok(Box::new(PomNiceLoop {
            max_length: params.int("max_length") as usize,
        }))
    },
});

register_fixtures!("pom-nice-loop", "pom_nice_loop.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of the fixtures (`givens:deleted`), the `-x` ones included.
    fn positions() -> Vec<Grid> {
        include_str!("pom_nice_loop.fixtures")
            .lines()
            .filter(|line| line.starts_with(':'))
            .map(|line| {
                let fields: Vec<&str> = line.split(':').collect();
                let state = format!("{}:{}", fields[3], fields[4]);
                kaidoku_engine::parse::parse(&state).expect("a position")
            })
            .collect()
    }

    #[test]
    fn every_template_link_holds_in_the_solution() {
        let mut checked = 0;
        for grid in positions() {
            let Some(links) = build(&grid) else {
                continue;
            };
            let solution = grid.solutions(2).first.expect("a solution");
            let holds = |id: NodeId| {
                let node = links.node(id);
                solution[node.cells.first().unwrap().index()] == node.digit
            };
            for id in 0..links.node_count() as NodeId {
                for &(next, _) in links.link_list(id, true).unwrap() {
                    assert!(holds(id) || holds(next), "strong link {id}-{next}");
                    checked += 1;
                }
                for &(next, _) in links.link_list(id, false).unwrap() {
                    assert!(!(holds(id) && holds(next)), "weak link {id}-{next}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked} links checked");
    }

    #[test]
    fn templates_link_cells_sharing_no_house() {
        let grid = positions().remove(0);
        let links = build(&grid).expect("links");
        let beyond_houses = (0..links.node_count() as NodeId).any(|id| {
            let p = links.node(id).cells.first().unwrap();
            links
                .link_list(id, false)
                .unwrap()
                .iter()
                .any(|&(next, _)| {
                    let q = links.node(next).cells.first().unwrap();
                    p != q && !peers(p).contains(q)
                })
        });
        assert!(beyond_houses);
    }
}
