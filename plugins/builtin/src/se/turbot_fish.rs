//! Sudoku Explainer's Turbot Fish producer ("Scraper, Kite, Turbot" in Sukaku Explainer): two
//! strong links of one digit, the first in a line (the base), the second in a line or a box
//! (the cover), joined by a weak link between one end of each. One of the two far ends holds
//! the digit, so a cell seeing both loses it.
//!
//! SE names the step after the kinds of its two strong links, not after the weak link:
//! row + row or column + column is a Skyscraper (4.0) even when the weak link is a box, row +
//! column a 2-String Kite (4.1), a line + a box a Turbot Fish (4.2). A box whose candidates
//! of the digit (three to five) lie in one row and one column of it stands in for the second
//! strong link: an Empty Rectangle (4.3 to the rater of the Sudoku Exchange bank). So does a
//! line whose candidates (three to six) lie in two of its boxes, a strong link between the two
//! groups (with a conjugate pair in a line or a box, or another such line): a grouped Turbot
//! Fish, also 4.3 (the bank's ratings show it; the newest source
//! generalizes it in its `StrongLinks` producer, "grouped" links at +0.3).
//!
//! SE collects every such step, then offers them easiest first and, among equals, the one with
//! the most eliminations first (a stable sort: scan order last). The scan: skyscrapers on rows,
//! on columns, kites (column, then row), line + box with rows, then with columns; digits 1-9
//! inside each, base house then cover house in index order.

use kaidoku_engine::prelude::*;

pub struct SeTurbotFish;

const SKYSCRAPER: StepKind = StepKind::new("skyscraper", "Skyscraper");
const KITE: StepKind = StepKind::new("two-string-kite", "2-String Kite");
const TURBOT: StepKind = StepKind::new("turbot-fish", "Turbot Fish");
const EMPTY_RECTANGLE: StepKind = StepKind::new("empty-rectangle", "Empty Rectangle");
const GROUPED: StepKind = StepKind::new("se-grouped-turbot-fish", "Grouped Turbot Fish");

/// SE's order of (base kind, cover kind).
const SETS: [(HouseKind, HouseKind); 5] = [
    (HouseKind::Row, HouseKind::Row),
    (HouseKind::Column, HouseKind::Column),
    (HouseKind::Column, HouseKind::Row),
    (HouseKind::Row, HouseKind::Box),
    (HouseKind::Column, HouseKind::Box),
];

fn houses(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |i| match kind {
        HouseKind::Row => House::row(i),
        HouseKind::Column => House::column(i),
        HouseKind::Box => House::box_(i),
    })
}

/// The house two cells share, as SE looks for it: column first, then row, then box.
fn shared(a: Cell, b: Cell) -> Option<House> {
    if a.col() == b.col() {
        Some(House::column(a.col()))
    } else if a.row() == b.row() {
        Some(House::row(a.row()))
    } else if a.box_index() == b.box_index() {
        Some(House::box_(a.box_index()))
    } else {
        None
    }
}

/// The cells of the box whose row and column hold all the box's candidates `cells` of the
/// digit: the hearts of an empty rectangle.
pub(super) fn hearts(bx: House, cells: CellSet) -> impl Iterator<Item = Cell> {
    bx.cells().iter().filter(move |&h| {
        let cross = House::row(h.row()).cells() | House::column(h.col()).cells();
        cells.is_subset_of(cross)
    })
}

struct Found {
    step: Step,
    er_rank: u8,
    eliminated: u32,
}

impl Technique for SeTurbotFish {
    fn find_steps(&self, grid: &Grid, sink: &mut StepSink) -> Flow {
        let mut found: Vec<Found> = Vec::new();
        for (base_kind, cover_kind) in SETS {
            for digit in 1..=9 {
                scan(grid, digit, base_kind, cover_kind, &mut found);
            }
        }
        for digit in 1..=9 {
            grouped(grid, digit, &mut found);
        }
        // Easiest first, then most eliminations; stable, so scan order breaks the rest.
        found.sort_by_key(|f| (f.er_rank, std::cmp::Reverse(f.eliminated)));
        for f in found {
            sink.push(f.step)?;
        }
        ControlFlow::Continue(())
    }
}

fn scan(
    grid: &Grid,
    digit: Digit,
    base_kind: HouseKind,
    cover_kind: HouseKind,
    out: &mut Vec<Found>,
) {
    for (i1, base) in houses(base_kind).enumerate() {
        let base_cells = grid.house_cells_with(base, digit);
        if base_cells.len() != 2 {
            continue;
        }
        let skip = if base_kind == cover_kind { i1 + 1 } else { 0 };
        for cover in houses(cover_kind).skip(skip) {
            let cover_cells = grid.house_cells_with(cover, digit);
            let n = cover_cells.len();
            let rectangle = cover_kind == HouseKind::Box && (3..6).contains(&n);
            if n != 2 && !rectangle {
                continue;
            }
            let mut b = base_cells.iter();
            let (b0, b1) = (b.next().unwrap_or_default(), b.next().unwrap_or_default());
            // The cover's two ends: its pair, or the heart of each way its candidates make an
            // empty rectangle (every heart, so that what is found does not depend on how the
            // grid is turned; SE tries the first in box order).
            let mut covers = [[Cell::default(); 2]; 9];
            let mut n_covers = 0;
            if rectangle {
                for h in hearts(cover, cover_cells) {
                    // The heart may not be a base cell, nor share a box with one.
                    if h != b0
                        && h != b1
                        && h.box_index() != b0.box_index()
                        && h.box_index() != b1.box_index()
                    {
                        covers[n_covers] = [h, h];
                        n_covers += 1;
                    }
                }
            } else {
                let mut c = cover_cells.iter();
                let (c0, c1) = (c.next().unwrap_or_default(), c.next().unwrap_or_default());
                if !base_cells.contains(c0) && !base_cells.contains(c1) {
                    covers[0] = [c0, c1];
                    n_covers = 1;
                }
            }
            let base_pair = [b0, b1];
            for &cover_pair in &covers[..n_covers] {
                for i in 0..2 {
                    let (start, bridge1) = (base_pair[i], base_pair[1 - i]);
                    for j in 0..(if rectangle { 1 } else { 2 }) {
                        let (bridge2, end) = (cover_pair[j], cover_pair[1 - j]);
                        let Some(share) = shared(bridge1, bridge2) else {
                            continue;
                        };
                        if share == base || share == cover {
                            continue;
                        }
                        let mut victims = peers(start) & peers(end) & grid.cells_with(digit);
                        victims -= CellSet::single(start) | CellSet::single(end);
                        if rectangle {
                            victims -= cover.cells() | base.cells();
                        }
                        if victims.is_empty() {
                            continue;
                        }
                        let (kind, er_rank) = if rectangle {
                            (EMPTY_RECTANGLE, 3)
                        } else if cover_kind == HouseKind::Box {
                            (TURBOT, 2)
                        } else if base_kind == cover_kind {
                            (SKYSCRAPER, 0)
                        } else {
                            (KITE, 1)
                        };
                        let mut eliminations = Candidates::EMPTY;
                        eliminations.insert_cells(victims, digit);
                        let mut links = Candidates::EMPTY;
                        links.insert_cells(base_cells, digit);
                        let mut second = Candidates::EMPTY;
                        second.insert_cells(cover_cells, digit);
                        let step = Step::new(kind)
                            .part(Part::Digit(digit))
                            .part(Part::House(base))
                            .part(Part::House(cover))
                            .part(Part::Cells(CellSet::single(start) | CellSet::single(end)))
                            .eliminations(eliminations)
                            .pattern("strong link", links)
                            .pattern(
                                if rectangle {
                                    "empty rectangle"
                                } else {
                                    "strong link"
                                },
                                second,
                            );
                        out.push(Found {
                            step,
                            er_rank,
                            eliminated: victims.len(),
                        });
                    }
                }
            }
        }
    }
}

/// The house all of `cells` share, column first, then row, then box.
pub(super) fn shared_by(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    [
        House::column(first.col()),
        House::row(first.row()),
        House::box_(first.box_index()),
    ]
    .into_iter()
    .find(|h| cells.is_subset_of(h.cells()))
}

/// A line whose candidates lie in exactly two of its three box segments: a strong link
/// between the two groups.
pub(super) fn line_groups(grid: &Grid, line: House, digit: Digit) -> Option<[CellSet; 2]> {
    let cells = grid.house_cells_with(line, digit);
    if !(3..=6).contains(&cells.len()) {
        return None;
    }
    let mut groups = Vec::with_capacity(3);
    for b in 0..9 {
        let part = cells & House::box_(b).cells();
        if !part.is_empty() {
            groups.push(part);
        }
    }
    (groups.len() == 2).then(|| [groups[0], groups[1]])
}

/// Two strong links, at least one of them a grouped line (the other a conjugate pair in a
/// line, a conjugate pair in a box not in one line, or another grouped line).
fn grouped(grid: &Grid, digit: Digit, out: &mut Vec<Found>) {
    let mut links: Vec<(House, [CellSet; 2], bool)> = Vec::new();
    for house in House::all() {
        let cells = grid.house_cells_with(house, digit);
        if cells.len() == 2 {
            let mut it = cells.iter();
            let (a, b) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
            if house.kind() == HouseKind::Box && (a.row() == b.row() || a.col() == b.col()) {
                continue;
            }
            links.push((house, [CellSet::single(a), CellSet::single(b)], false));
        } else if let Some(groups) = house
            .is_line()
            .then(|| line_groups(grid, house, digit))
            .flatten()
        {
            links.push((house, groups, true));
        }
    }
    for (i, &(base, base_ends, base_grouped)) in links.iter().enumerate() {
        for &(cover, cover_ends, cover_grouped) in &links[i + 1..] {
            if !base_grouped && !cover_grouped {
                continue;
            }
            let base_cells = base_ends[0] | base_ends[1];
            let cover_cells = cover_ends[0] | cover_ends[1];
            if base_cells.intersects(cover_cells) {
                continue;
            }
            for k in 0..2 {
                let (start, bridge1) = (base_ends[k], base_ends[1 - k]);
                for j in 0..2 {
                    let (bridge2, end) = (cover_ends[j], cover_ends[1 - j]);
                    let Some(share) = shared_by(bridge1 | bridge2) else {
                        continue;
                    };
                    if share == base || share == cover {
                        continue;
                    }
                    let mut victims =
                        common_peers(start) & common_peers(end) & grid.cells_with(digit);
                    victims -= base.cells() | cover.cells() | start | end;
                    if victims.is_empty() {
                        continue;
                    }
                    let mut eliminations = Candidates::EMPTY;
                    eliminations.insert_cells(victims, digit);
                    let mut first = Candidates::EMPTY;
                    first.insert_cells(base_cells, digit);
                    let mut second = Candidates::EMPTY;
                    second.insert_cells(cover_cells, digit);
                    let step = Step::new(GROUPED)
                        .part(Part::Digit(digit))
                        .part(Part::House(base))
                        .part(Part::House(cover))
                        .part(Part::Cells(start | end))
                        .eliminations(eliminations)
                        .pattern("strong link", first)
                        .pattern("strong link", second);
                    out.push(Found {
                        step,
                        er_rank: 3,
                        eliminated: victims.len(),
                    });
                }
            }
        }
    }
}

register_technique!(TechniqueInfo {
    id: "se-turbot-fish",
    name: "Turbot Fish (Sudoku Explainer)",
    summary: "SE's Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle, named by the kinds of their strong links, easiest first",
    params: &[],
    build: |_| Ok(Box::new(SeTurbotFish)),
});

register_fixtures!("se-turbot-fish", "turbot_fish.fixtures");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_house_is_looked_for_column_first() {
        assert_eq!(
            shared(Cell::at(0, 0), Cell::at(1, 0)),
            Some(House::column(0))
        );
        assert_eq!(shared(Cell::at(0, 0), Cell::at(0, 1)), Some(House::row(0)));
        assert_eq!(shared(Cell::at(0, 0), Cell::at(1, 1)), Some(House::box_(0)));
        assert_eq!(shared(Cell::at(0, 0), Cell::at(4, 4)), None);
    }
}
