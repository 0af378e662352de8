//! Difficulty ratings: every step kind has a Sudoku Explainer style rating (ER, the scale of
//! the hardest step) and a HoDoKu style score and level (the sum of every step's score, and
//! the hardest level met). The default table (`table.rs`) can be overridden per kind in a
//! config's `[rating]` table (read by `solve::config`).
//!
//! A kind the table does not list falls back to its family (the id without its last
//! `-word`, repeatedly: `unique-rectangle-3` → `unique-rectangle`), then to a rule on words of
//! the id (`…-chain`, `…-wing`, fish names, `forcing`), then to a default; `lookup` says which.
//!
//! SE's procedure rates a puzzle by solving it with the easiest step available at each
//! position; [`crate::Solver::solve_easiest`] does that with these ratings.

mod fish_table;
mod floors;
mod table;
#[cfg(test)]
mod tests;

use crate::board::cells::CellSet;
use crate::board::grid::Grid;
use crate::board::house::House;
use crate::step::{Part, Step, StepKind};
use crate::technique::registry::DeclaredRating;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

pub use crate::technique::Level;

impl Level {
    /// HoDoKu's highest total score of a puzzle at this level; a puzzle whose score passes it
    /// moves up a level.
    fn max_score(self) -> u64 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u64::MAX,
        }
    }

    fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            _ => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An ER (Explainer rating) in tenths: `Er(42)` is 4.2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Er(pub u16);

impl Er {
    /// The ER as a number (`4.2`).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Er {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Er {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

/// Where a default rating comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Sudoku Explainer 1.2.1's published ratings.
    Se,
    /// Sukaku Explainer, the SE fork that rated the Sudoku Exchange bank.
    Sukaku,
    /// HoDoKu's default score and level; ER estimated.
    Hodoku,
    /// No published value: an estimate (the ER of the SE technique that does the same work).
    Estimate,
    /// Set by the config's `[rating]` table.
    Config,
    /// Declared by the plugin technique that gives the kind.
    Plugin,
}

/// How the ER grows with the kind's size or length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    /// The same ER for every size.
    Fixed,
    /// SE's length scale: +0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32 … (the
    /// kind's size is the chain's number of links).
    ChainLength,
    /// `tenths` more per size above `from`.
    PerSize {
        /// The size from which the ER grows.
        from: u8,
        /// How much it grows per size, in tenths.
        tenths: u16,
    },
}

/// SE's easier variants of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// No easier variant.
    None,
    /// A hidden single: the ER is the box one; this is the ER in a row or column.
    InLine(u16),
    /// The ER when the step's eliminations leave a hidden single at once (SE's "direct").
    Direct(u16),
}

/// The rating of one step kind: ER in tenths, HoDoKu score and level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<Id> {
    /// The kind's id (or the family's).
    pub id: Id,
    /// The ER in tenths, at the smallest size.
    pub er: u16,
    /// How the ER grows with size.
    pub growth: Growth,
    /// SE's easier variant of the kind, if any.
    pub variant: Variant,
    /// HoDoKu's score of one step.
    pub score: u32,
    /// HoDoKu's level of the kind.
    pub level: Level,
    /// Where the values come from.
    pub origin: Origin,
}

/// How a kind found its rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match {
    /// The table lists the kind.
    Exact,
    /// Through the entry of its family or a word of its id (the entry's id).
    Family(String),
    /// No entry fits: the default.
    Default,
}

/// The rating of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepRating {
    /// Sudoku Explainer's rating of the step.
    pub er: Er,
    /// HoDoKu's score of the step.
    pub score: u32,
    /// HoDoKu's level of the step.
    pub level: Level,
}

/// What a config changes in one kind's rating; part of the config's hash.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RatingOverride {
    /// The kind (or family) id it changes.
    pub id: String,
    /// ER in tenths.
    pub er: Option<u16>,
    /// The HoDoKu score, when changed.
    pub score: Option<u32>,
    /// The HoDoKu level, when changed.
    pub level: Option<Level>,
}

/// The rating table: the defaults and a config's overrides.
#[derive(Clone, Debug)]
pub struct RatingTable {
    entries: HashMap<String, Entry<String>>,
    floors: HashMap<&'static str, u16>,
    /// The lowest ER a config set, which lowers every technique's floor.
    lowest_override: Option<u16>,
}

/// The rating of a kind nothing fits: hard, between forcing chains and nets.
const DEFAULT: Entry<&str> = Entry {
    id: "default",
    er: 85,
    growth: Growth::Fixed,
    variant: Variant::None,
    score: 500,
    level: Level::Extreme,
    origin: Origin::Estimate,
};

impl Default for RatingTable {
    fn default() -> RatingTable {
        let mut entries: HashMap<String, Entry<String>> = table::ENTRIES
            .iter()
            .map(|e| (e.id.to_string(), owned(e)))
            .collect();
        for e in fish_table::entries() {
            entries.insert(e.id.clone(), e);
        }
        RatingTable {
            entries,
            floors: floors::TECHNIQUE_FLOORS.iter().copied().collect(),
            lowest_override: None,
        }
    }
}

fn owned(e: &Entry<&str>) -> Entry<String> {
    Entry {
        id: e.id.to_string(),
        er: e.er,
        growth: e.growth,
        variant: e.variant,
        score: e.score,
        level: e.level,
        origin: e.origin,
    }
}

impl RatingTable {
    /// The default table with a config's overrides applied (their ids are checked when the
    /// config is read).
    pub fn with_overrides(overrides: &[RatingOverride]) -> RatingTable {
        RatingTable::with_declared(std::iter::empty(), overrides)
    }

    /// The default table, then the ratings plugins declare for their kinds (over a default
    /// of the same id: the config loads the plugin), then a config's overrides.
    pub fn with_declared<'a>(
        declared: impl Iterator<Item = &'a DeclaredRating>,
        overrides: &[RatingOverride],
    ) -> RatingTable {
        let mut table = RatingTable::default();
        for d in declared {
            table.entries.insert(
                d.kind.clone(),
                Entry {
                    id: d.kind.clone(),
                    er: d.er,
                    score: d.score,
                    level: d.level,
                    origin: Origin::Plugin,
                    ..owned(&DEFAULT)
                },
            );
        }
        for o in overrides {
            let entry = table.entries.entry(o.id.clone()).or_insert_with(|| Entry {
                id: o.id.clone(),
                ..owned(&DEFAULT)
            });
            if let Some(er) = o.er {
                entry.er = er;
                entry.variant = Variant::None;
                table.lowest_override = Some(table.lowest_override.map_or(er, |l| l.min(er)));
            }
            if let Some(score) = o.score {
                entry.score = score;
            }
            if let Some(level) = o.level {
                entry.level = level;
            }
            entry.origin = Origin::Config;
        }
        table
    }

    /// Every kind id the table lists, sorted.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.entries.keys().map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    /// Whether the table lists `id` itself (no fallback).
    pub fn lists(&self, id: &str) -> bool {
        self.entries.contains_key(id)
    }

    /// The entry for a kind id, and how it was found.
    pub fn lookup(&self, id: &str) -> (Entry<&str>, Match) {
        if let Some(e) = self.entries.get(id) {
            return (borrowed(e), Match::Exact);
        }
        let mut family = id;
        while let Some((head, _)) = family.rsplit_once('-') {
            family = head;
            if let Some(e) = self.entries.get(family) {
                return (borrowed(e), Match::Family(e.id.clone()));
            }
        }
        let by_word = [
            ("forcing-net", "forcing-net"),
            ("forcing", "forcing-chain"),
            ("kraken", "kraken-fish"),
            ("grouped", "grouped-aic"),
            ("nice-loop", "nice-loop"),
            ("loop", "nice-loop"),
            ("aic", "aic"),
            ("xy-chain", "xy-chain"),
            ("chain", "aic"),
            ("colo", "multi-colors"),
            ("rectangle", "unique-rectangle"),
            ("wing", "wxyz-wing"),
            ("swordfish", "finned-swordfish"),
            ("jellyfish", "finned-jellyfish"),
            ("x-wing", "finned-x-wing"),
            ("als", "als-xz"),
        ];
        for (word, to) in by_word {
            if id.contains(word)
                && let Some(e) = self.entries.get(to)
            {
                return (borrowed(e), Match::Family(e.id.clone()));
            }
        }
        (DEFAULT, Match::Default)
    }

    /// The lowest ER a technique's steps can have (see [`RatingTable::rate`]).
    pub fn floor(&self, technique: &str) -> Er {
        let floor = self.floors.get(technique).copied().unwrap_or(0);
        Er(self.lowest_override.map_or(floor, |l| l.min(floor)))
    }

    /// The rating of a kind without looking at a step: its size or length applied.
    pub fn rate_kind(&self, kind: &StepKind) -> StepRating {
        let (entry, _) = self.lookup(&kind.id);
        StepRating {
            er: Er(entry.er + growth(entry.growth, kind.size as usize)),
            score: entry.score,
            level: entry.level,
        }
    }

    /// The rating of a step taken at `before`: its kind's rating, or SE's easier variant when
    /// the step is one (a hidden single in a box, a locked set or intersection that gives a
    /// hidden single at once).
    pub fn rate(&self, step: &Step, before: &Grid) -> StepRating {
        let (entry, _) = self.lookup(&step.kind.id);
        let er = match entry.variant {
            Variant::InLine(line) if in_line(step) => line,
            Variant::Direct(direct) if gives_hidden_single(step, before) => direct,
            _ => entry.er + growth(entry.growth, step.kind.size as usize),
        };
        StepRating {
            er: Er(er),
            score: entry.score,
            level: entry.level,
        }
    }
}

fn borrowed(e: &Entry<String>) -> Entry<&str> {
    Entry {
        id: e.id.as_str(),
        er: e.er,
        growth: e.growth,
        variant: e.variant,
        score: e.score,
        level: e.level,
        origin: e.origin,
    }
}

fn growth(growth: Growth, size: usize) -> u16 {
    match growth {
        Growth::Fixed => 0,
        Growth::ChainLength => se_length_difficulty(size),
        Growth::PerSize { from, tenths } => {
            (size.saturating_sub(from as usize) as u16).saturating_mul(tenths)
        }
    }
}

/// SE's length scale in tenths: 0 up to 4, then +1 each time the length passes the next of
/// 4, 6, 8, 12, 16, 24, 32, 48 … (alternately times 3/2 and 4/3).
pub fn se_length_difficulty(length: usize) -> u16 {
    let (mut added, mut ceiling, mut odd) = (0, 4, false);
    while length > ceiling {
        added += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

fn in_line(step: &Step) -> bool {
    step.parts
        .iter()
        .any(|p| matches!(p, Part::House(h) if h.is_line()))
}

/// Whether applying the step leaves a digit it removed with one place in a house, as SE's
/// direct techniques look for it: for an intersection, in another house of the kind of its
/// source house (another box for pointing, a parallel line for claiming); for a hidden set, in
/// the house it is hidden in.
fn gives_hidden_single(step: &Step, before: &Grid) -> bool {
    if step.eliminations.is_empty() {
        return false;
    }
    let source = step.parts.iter().find_map(|p| match p {
        Part::House(h) => Some(*h),
        _ => None,
    });
    let set = step.parts.iter().find_map(|p| match p {
        Part::Cells(cells) => Some(*cells),
        _ => None,
    });
    let digits = step.parts.iter().find_map(|p| match p {
        Part::Digits(digits) => Some(*digits),
        _ => None,
    });
    // A hidden set's own house: the one where its digits have no place outside its cells.
    let hidden_in = |house: House, cells: CellSet| {
        (cells - house.cells()).is_empty()
            && digits.is_some_and(|digits| {
                digits
                    .iter()
                    .all(|d| (before.house_cells_with(house, d) - cells).is_empty())
            })
    };
    let looks_in = |house: House| match (source, set) {
        (Some(source), _) => house != source && house.kind() == source.kind(),
        (None, Some(cells)) => cells.len() > 1 && hidden_in(house, cells),
        _ => false,
    };
    let mut after = before.clone();
    step.apply(&mut after);
    step.eliminations.iter().any(|(cell, digit)| {
        crate::board::house::houses_of(cell)
            .into_iter()
            .any(|house: House| {
                looks_in(house)
                    && !after.placed_in(house).contains(digit)
                    && after.house_cells_with(house, digit).len() == 1
            })
    })
}

/// The rating of a solve path, built step by step: the ER of the hardest step (SE), the sum
/// of the scores and the level (HoDoKu).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PathRating {
    /// The hardest step's ER; when `complete` is false the puzzle is harder than this.
    pub er: Er,
    /// The sum of the steps' HoDoKu scores.
    pub score: u64,
    /// HoDoKu's level: the hardest step's, raised by the total score (see [`PathRating::finish`]).
    pub level: Option<Level>,
    /// The kind of the hardest step (of the kinds of that ER, the first by id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest: Option<String>,
    /// SE's pearl (EP): the hardest step up to and including the first that places a digit;
    /// none until a step places one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ep: Option<Er>,
    /// SE's diamond (ED): the first step's rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ed: Option<Er>,
    /// Whether the steps solved the puzzle.
    pub complete: bool,
}

impl PathRating {
    /// Count one more step of the path, rated `rating`.
    pub fn add(&mut self, step: &Step, rating: StepRating) {
        // Among kinds of the same ER the first in kind order, not in path order: steps found
        // together are applied in whatever order the grid's orientation gives.
        let harder = rating.er > self.er
            || (rating.er == self.er
                && self.hardest.as_deref().is_some_and(|h| *step.kind.id < *h));
        if self.hardest.is_none() || harder {
            self.er = rating.er;
            self.hardest = Some(step.kind.id.to_string());
        }
        // As serate keeps them: ED after the first step, EP at the first placement.
        self.ed.get_or_insert(self.er);
        if self.ep.is_none() && !step.placements.is_empty() {
            self.ep = Some(self.er);
        }
        self.score += u64::from(rating.score);
        self.level = Some(self.level.map_or(rating.level, |l| l.max(rating.level)));
    }

    /// Close the path: HoDoKu raises the level while the total score passes its bound; a
    /// puzzle the steps do not solve is `extreme` (HoDoKu gives up).
    pub fn finish(mut self, solved: bool) -> PathRating {
        self.complete = solved;
        let mut level = self.level.unwrap_or(Level::Easy);
        while level != Level::Extreme && self.score > level.max_score() {
            level = level.next();
        }
        if !solved {
            level = Level::Extreme;
        }
        self.level = Some(level);
        self
    }

    /// EP as text: `-` when no step placed a digit.
    pub fn ep_text(&self) -> String {
        self.ep.map_or_else(|| "-".to_string(), |ep| ep.to_string())
    }

    /// ED as text: `-` before any step.
    pub fn ed_text(&self) -> String {
        self.ed.map_or_else(|| "-".to_string(), |ed| ed.to_string())
    }

    /// `4.2`, or `>4.2` when the steps did not solve the puzzle.
    pub fn er_text(&self) -> String {
        if self.complete {
            self.er.to_string()
        } else {
            format!(">{}", self.er)
        }
    }
}
