//! Sukaku Explainer's "3 Strong-linked Fishes": an X-chain of one digit with three strong
//! links, each a conjugate pair in a row, a column or a box (a box pair not in one line), or an
//! empty rectangle (a box whose three to five candidates lie in one row and one column of it,
//! standing for "the row part or the column part") or a grouped line (candidates in two of its
//! boxes, "this group or that one"), joined by two weak links (a cell or group seeing the
//! whole group at the next link). One of the two
//! far ends holds the digit, so a cell seeing both loses it (cells of the links' houses and of
//! the weak links' houses excepted, as SE does).
//!
//! SE rates it by the kinds of the three strong-link houses: three rows or three columns 5.4
//! ("3 Skyscrapers"), rows and columns mixed 5.6 ("3-String Kite"), a box with lines of one
//! kind 5.5 ("3-Turbot Fish"), any empty rectangle or grouped line 5.7. It offers the easiest
//! first, then the one with the most eliminations.

use super::turbot_fish::{hearts, line_groups, shared_by};
use kaidoku_engine::prelude::*;

pub struct SeThreeStrongLinks;

const KINDS: [StepKind; 4] = [
    StepKind::new("se-three-skyscrapers", "3 Skyscrapers"),
    StepKind::new("se-three-turbot-fish", "3-Turbot Fish"),
    StepKind::new("se-three-string-kite", "3-String Kite"),
    StepKind::new(
        "se-three-links-empty-rectangle",
        "3 Strong Links with Empty Rectangle",
    ),
];

#[derive(Clone, Copy)]
struct Link {
    house: House,
    /// The two ends: single cells, or the groups of a grouped line link.
    ends: [CellSet; 2],
    /// An empty rectangle (both ends its heart) or a grouped line: rated as SE's "empty" links.
    rectangle: bool,
    cells: CellSet,
}

fn links(grid: &Grid, digit: Digit) -> Vec<Link> {
    let mut out = Vec::new();
    for house in House::all() {
        let cells = grid.house_cells_with(house, digit);
        let n = cells.len();
        let is_box = house.kind() == HouseKind::Box;
        if n == 2 {
            let mut it = cells.iter();
            let (a, b) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
            if is_box && (a.row() == b.row() || a.col() == b.col()) {
                continue;
            }
            out.push(Link {
                house,
                ends: [CellSet::single(a), CellSet::single(b)],
                rectangle: false,
                cells,
            });
        } else if !is_box {
            if let Some(groups) = line_groups(grid, house, digit) {
                out.push(Link {
                    house,
                    ends: groups,
                    rectangle: true,
                    cells,
                });
            }
        } else if is_box && (3..6).contains(&n) {
            // Every heart (SE tries the first in box order), so that what is found does not
            // depend on how the grid is turned.
            for h in hearts(house, cells) {
                out.push(Link {
                    house,
                    ends: [CellSet::single(h), CellSet::single(h)],
                    rectangle: true,
                    cells,
                });
            }
        }
    }
    out
}

/// SE's rank above 5.4: by the kinds of the three strong-link houses.
fn rank(chain: &[Link; 3]) -> u8 {
    if chain.iter().any(|l| l.rectangle) {
        return 3;
    }
    let rows = chain.iter().any(|l| l.house.kind() == HouseKind::Row);
    let cols = chain.iter().any(|l| l.house.kind() == HouseKind::Column);
    let boxes = chain.iter().any(|l| l.house.kind() == HouseKind::Box);
    match (rows && cols, boxes) {
        (true, _) => 2,
        (false, true) => 1,
        (false, false) => 0,
    }
}

struct Found {
    step: Step,
    rank: u8,
    eliminated: u32,
}

impl Technique for SeThreeStrongLinks {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut found = Vec::new();
        for digit in 1..=9 {
            let links = links(grid, digit);
            let n = links.len();
            // Which links a weak link can join (an end of each in one house): a chain's
            // middle link must be joined to both others, which rules out most triples.
            let joined: Vec<Vec<bool>> = links
                .iter()
                .map(|x| links.iter().map(|y| can_join(x, y)).collect())
                .collect();
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        let (la, lb, lc) = (links[a], links[b], links[c]);
                        for (chain, [x, m, y]) in [
                            ([la, lb, lc], [a, b, c]),
                            ([lb, la, lc], [b, a, c]),
                            ([la, lc, lb], [a, c, b]),
                        ] {
                            if joined[x][m] && joined[m][y] {
                                chains(grid, digit, &chain, &mut found);
                            }
                        }
                    }
                }
            }
        }
        found.sort_by_key(|f: &Found| (f.rank, std::cmp::Reverse(f.eliminated)));
        for f in found {
            sink.push(f.step)?;
        }
        ControlFlow::Continue(())
    }
}

/// Whether an end of `x` and an end of `y` lie in one house (a weak link may join them).
fn can_join(x: &Link, y: &Link) -> bool {
    x.ends
        .iter()
        .any(|&p| y.ends.iter().any(|&q| shared_by(p | q).is_some()))
}

/// The chains outer–middle–outer through `chain` (the middle one in the middle), every way
/// round.
fn chains(grid: &Grid, digit: Digit, chain: &[Link; 3], found: &mut Vec<Found>) {
    let [first, middle, last] = *chain;
    // Real cells must be distinct, and an empty rectangle's box holds no other link's cell.
    let mut all = CellSet::EMPTY;
    let mut count = 0;
    for l in chain {
        let heart = l.ends[0] == l.ends[1];
        for c in l.ends.iter().take(if heart { 1 } else { 2 }) {
            all |= *c;
            count += c.len();
        }
    }
    if all.len() != count {
        return;
    }
    for l in chain {
        let heart = l.ends[0] == l.ends[1];
        if heart && !((all - l.ends[0]) & l.house.cells()).is_empty() {
            return;
        }
    }
    let bases = first.house.cells() | middle.house.cells() | last.house.cells();
    let is_base = |h: House| h == first.house || h == middle.house || h == last.house;
    for i in 0..2 {
        let (start, bridge11) = (first.ends[i], first.ends[1 - i]);
        for j in 0..2 {
            let (bridge12, bridge21) = (middle.ends[j], middle.ends[1 - j]);
            let Some(share1) = shared_by(bridge11 | bridge12) else {
                continue;
            };
            if is_base(share1) {
                continue;
            }
            for k in 0..2 {
                let (bridge22, end) = (last.ends[k], last.ends[1 - k]);
                let Some(share2) = shared_by(bridge21 | bridge22) else {
                    continue;
                };
                if is_base(share2) || share1 == share2 {
                    continue;
                }
                let mut victims = common_peers(start) & common_peers(end) & grid.cells_with(digit);
                victims -= bases | share1.cells() | share2.cells() | start | end;
                if victims.is_empty() {
                    continue;
                }
                let mut eliminations = Candidates::EMPTY;
                eliminations.insert_cells(victims, digit);
                let mut pattern = Candidates::EMPTY;
                for l in chain {
                    pattern.insert_cells(l.cells, digit);
                }
                let rank = rank(chain);
                let step = Step::new(KINDS[rank as usize].clone())
                    .part(Part::Digit(digit))
                    .part(Part::House(first.house))
                    .part(Part::House(middle.house))
                    .part(Part::House(last.house))
                    .part(Part::Cells(start | end))
                    .eliminations(eliminations)
                    .pattern("strong links", pattern);
                found.push(Found {
                    step,
                    rank,
                    eliminated: victims.len(),
                });
            }
        }
    }
}

register_technique!(TechniqueInfo {
    id: "se-three-strong-links",
    name: "3 Strong-linked Fishes (Sudoku Explainer)",
    summary: "SE's X-chains of three strong links (lines, boxes, empty rectangles), rated by the kinds of their houses, easiest first",
    params: &[],
    build: |_| Ok(Box::new(SeThreeStrongLinks)),
});

register_fixtures!("se-three-strong-links", "three_strong_links.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    fn link(house: House) -> Link {
        Link {
            house,
            ends: [
                CellSet::single(Cell::at(0, 0)),
                CellSet::single(Cell::at(0, 1)),
            ],
            rectangle: false,
            cells: CellSet::EMPTY,
        }
    }

    #[test]
    fn rated_by_the_kinds_of_the_strong_link_houses() {
        let (r, c, b) = (House::row(0), House::column(0), House::box_(0));
        assert_eq!(rank(&[link(r), link(r), link(r)]), 0);
        assert_eq!(rank(&[link(b), link(r), link(r)]), 1);
        assert_eq!(rank(&[link(r), link(b), link(c)]), 2);
        let mut er = link(b);
        er.rectangle = true;
        assert_eq!(rank(&[link(r), er, link(c)]), 3);
    }
}
