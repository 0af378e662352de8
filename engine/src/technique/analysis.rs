//! What techniques share about one position: the almost locked sets, the link graphs of the
//! chain engine. Each piece is built the first time a technique asks for it and then shared by
//! every technique that looks at the same position, so a config with death blossoms, ALS
//! chains and remote pairs builds the ALS list and the link graph once per step, not once per
//! technique.

use crate::board::changes::Changes;
use crate::board::grid::Grid;
pub use crate::patterns::als::AlsPair;
use crate::patterns::als::{Als, MAX_ALS_CELLS, find_als, rcc_pairs};
use crate::patterns::als_carry::AlsCarry;
use crate::patterns::chains::{CandidateLinks, GraphOptions, LinkGraph};
use std::any::Any;
use std::borrow::Cow;
use std::cell::{Cell, OnceCell, RefCell};

/// One position and what has been worked out about it so far.
pub struct Analysis<'g> {
    grid: &'g Grid,
    als: OnceCell<Vec<Als>>,
    links: OnceCell<LinkGraph>,
    grouped_links: OnceCell<LinkGraph>,
    als_links: OnceCell<LinkGraph>,
    rccs: OnceCell<Vec<AlsPair>>,
    /// Set by the solve loop around each stage's search (see [`crate::technique::last_miss`]).
    changes: Cell<Changes>,
    /// Whether the running search asked for `changes`.
    changes_consulted: Cell<bool>,
    candidate_links: OnceCell<CandidateLinks<'g>>,
    /// The solve loop's ALS list and pairs of its last position, to build these from.
    als_carry: Option<&'g RefCell<AlsCarry>>,
    /// What the running stage kept at its last search on the solve loop's path, lent by the
    /// loop around each search (see [`Analysis::take_notes`]).
    notes: RefCell<Option<Box<dyn Any>>>,
    /// Whether the running stage's notes are kept for its next search (only in the loop).
    keeps_notes: Cell<bool>,
}

impl<'g> Analysis<'g> {
    /// An analysis of `grid`, worked out as techniques ask for it.
    pub fn new(grid: &'g Grid) -> Analysis<'g> {
        Analysis {
            grid,
            als: OnceCell::new(),
            links: OnceCell::new(),
            grouped_links: OnceCell::new(),
            als_links: OnceCell::new(),
            rccs: OnceCell::new(),
            changes: Cell::new(Changes::EVERYTHING),
            changes_consulted: Cell::new(false),
            candidate_links: OnceCell::new(),
            als_carry: None,
            notes: RefCell::new(None),
            keeps_notes: Cell::new(false),
        }
    }

    /// An analysis of a position on the solve loop's path, building its ALS list and pairs
    /// from those the loop carries (see [`crate::patterns::als_carry`]); give them back with
    /// [`Analysis::hand_back_als`].
    pub fn with_als_carry(grid: &'g Grid, carry: &'g RefCell<AlsCarry>) -> Analysis<'g> {
        Analysis {
            als_carry: Some(carry),
            ..Analysis::new(grid)
        }
    }

    /// Gives the ALS list and pairs back to the carry they came from, for the next position.
    pub fn hand_back_als(self) {
        if let Some(carry) = self.als_carry {
            carry
                .borrow_mut()
                .hand_back(self.als.into_inner(), self.rccs.into_inner());
        }
    }

    /// What changed since the running stage last searched this path and found nothing:
    /// a part of the search that depends only on unchanged cells finds nothing again and may
    /// be skipped. [`Changes::EVERYTHING`] outside the step-by-step solve loop.
    pub fn changes_since_last_miss(&self) -> Changes {
        self.changes_consulted.set(true);
        self.changes.get()
    }

    pub(crate) fn set_changes_since_last_miss(&self, changes: Changes) {
        self.changes.set(changes);
    }

    /// Whether a search asked for the changes since the last call.
    pub(crate) fn take_changes_consulted(&self) -> bool {
        self.changes_consulted.replace(false)
    }

    /// What the running stage kept for itself ([`Analysis::keep_notes`]) at its last search
    /// on the solve loop's path, if it is a `T`; taken, so a stage keeps afresh what it wants
    /// next time. Notes are hints from an earlier position: a stage must check anything it
    /// reads there against the position it is looking at.
    pub fn take_notes<T: 'static>(&self) -> Option<T> {
        let notes = self.notes.borrow_mut().take()?;
        notes.downcast().ok().map(|notes| *notes)
    }

    /// Keep `notes` for the running stage's next search on the solve loop's path. Searches
    /// outside the loop (hints, ratings, `steps`) keep nothing.
    pub fn keep_notes<T: 'static>(&self, notes: T) {
        if self.keeps_notes.get() {
            *self.notes.borrow_mut() = Some(Box::new(notes));
        }
    }

    /// Lend the running stage the notes it kept at its last search, and keep its new ones.
    pub(crate) fn lend_notes(&self, notes: Option<Box<dyn Any>>) {
        *self.notes.borrow_mut() = notes;
        self.keeps_notes.set(true);
    }

    /// The notes the running stage kept (see [`Analysis::lend_notes`]).
    pub(crate) fn take_back_notes(&self) -> Option<Box<dyn Any>> {
        self.keeps_notes.set(false);
        self.notes.borrow_mut().take()
    }

    /// The grid analysed.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// Every almost locked set of the position (in [`find_als`] order).
    pub fn als(&self) -> &[Als] {
        self.als.get_or_init(|| match self.als_carry {
            Some(carry) => carry.borrow_mut().als_for(self.grid),
            None => find_als(self.grid, MAX_ALS_CELLS),
        })
    }

    /// The almost locked sets of at most `max_cells` cells, in the same order.
    pub fn als_up_to(&self, max_cells: usize) -> Cow<'_, [Als]> {
        let all = self.als();
        if max_cells >= MAX_ALS_CELLS {
            Cow::Borrowed(all)
        } else {
            Cow::Owned(
                all.iter()
                    .filter(|a| a.size() <= max_cells)
                    .copied()
                    .collect(),
            )
        }
    }

    /// Every pair of ALSs with a restricted common candidate (the basis of ALS-XZ, ALS-XY-Wing
    /// and ALS chains), in index order.
    pub fn als_rccs(&self) -> &[AlsPair] {
        self.rccs.get_or_init(|| {
            let alses = self.als();
            match self.als_carry {
                Some(carry) => carry.borrow_mut().pairs_for(self.grid, alses),
                None => rcc_pairs(self.grid, alses),
            }
        })
    }

    /// The link graph of the candidates.
    pub fn links(&self) -> &LinkGraph {
        self.links
            .get_or_init(|| LinkGraph::build(self.grid, GraphOptions::default()))
    }

    /// The links of the candidates read off the grid, with what the chain searches over them
    /// share (the reach of every start).
    pub fn candidate_links(&self) -> &CandidateLinks<'g> {
        self.candidate_links
            .get_or_init(|| CandidateLinks::new(self.grid))
    }

    /// The link graph with group nodes.
    pub fn grouped_links(&self) -> &LinkGraph {
        self.grouped_links.get_or_init(|| {
            LinkGraph::build(
                self.grid,
                GraphOptions {
                    groups: true,
                    als: false,
                },
            )
        })
    }

    /// The link graph with group and ALS nodes (the ALS list and its pairs shared with
    /// [`Analysis::als`] and [`Analysis::als_rccs`]).
    pub fn als_links(&self) -> &LinkGraph {
        self.als_links.get_or_init(|| {
            let options = GraphOptions {
                groups: true,
                als: true,
            };
            LinkGraph::build_with_als_pairs(self.grid, options, self.als(), self.als_rccs())
        })
    }
}

impl std::fmt::Debug for Analysis<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analysis")
            .field("als", &self.als.get().map(Vec::len))
            .field("links", &self.links.get().map(LinkGraph::node_count))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::als::rccs;

    #[test]
    fn pieces_are_built_once_and_match_a_fresh_build() {
        let grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let analysis = Analysis::new(&grid);
        let first = analysis.als().as_ptr();
        assert_eq!(analysis.als().as_ptr(), first);
        assert_eq!(analysis.als(), find_als(&grid, MAX_ALS_CELLS).as_slice());
        assert_eq!(&*analysis.als_up_to(3), find_als(&grid, 3).as_slice());
        assert!(analysis.grouped_links().node_count() > analysis.links().node_count());
        let alses = analysis.als();
        let pairs = analysis.als_rccs();
        assert!(!pairs.is_empty());
        for pair in pairs {
            let (a, b) = (&alses[pair.first as usize], &alses[pair.second as usize]);
            assert!(pair.first < pair.second);
            assert_eq!(pair.rccs, rccs(a, b));
        }
        let counted = (0..alses.len())
            .flat_map(|i| (i + 1..alses.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| !rccs(&alses[i], &alses[j]).is_empty())
            .count();
        assert_eq!(counted, pairs.len());
    }

    #[test]
    fn the_als_link_graph_from_shared_pairs_is_a_fresh_build() {
        use crate::patterns::chains::Links;
        let grid = crate::text::parse::parse(
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
        )
        .unwrap();
        let analysis = Analysis::new(&grid);
        let shared = analysis.als_links();
        let options = GraphOptions {
            groups: true,
            als: true,
        };
        let fresh = LinkGraph::build(&grid, options);
        assert_eq!(shared.node_count(), fresh.node_count());
        assert!(shared.node_count() > 81 * 9);
        for id in 0..fresh.node_count() as u32 {
            assert_eq!(shared.node(id), fresh.node(id));
            for strong in [true, false] {
                assert_eq!(shared.link_list(id, strong), fresh.link_list(id, strong));
            }
        }
    }
}
