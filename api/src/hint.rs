//! A hint for a player, in three levels: 1 the technique, 2 where to look (the smallest region
//! that holds the pattern), 3 the whole step as a short sentence and its picture, a long
//! chain's or net's text folded to its few key links.
//!
//! The step is the easiest one available (Sudoku Explainer's choice, as `kaidoku rate` makes
//! it), from the rating config unless another is chosen. When that config finds no step, the
//! stronger shipped configs are tried in turn (`default`, then `all`) and the hint says which
//! one it comes from: a position with one solution always gets a hint.

use crate::error::ApiResult;
use crate::solvers::Solvers;
use kaidoku_engine::{Cell, CellSet, DigitSet, Er, Grid, House, Part, Solver, Step, picture};
use serde::Serialize;

/// Shipped configs tried in turn when the chosen one finds no step: each has stronger
/// techniques than the last (`default` ends with nested forcing chains and a guess, `all` adds
/// templates and kraken fish).
pub const FALLBACKS: [&str; 2] = ["default", "all"];

/// A step text longer than this is folded in a hint's sentence.
const SENTENCE_CHARS: usize = 160;

/// A folded description keeps about this many characters, at its head and tail.
const FOLDED_CHARS: usize = 110;

/// The step a hint is about, its ER, and the shipped config it came from when the chosen
/// config found none.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The easiest step.
    pub step: Step,
    /// Its ER, as the config that found it rates it.
    pub er: Er,
    /// The shipped config it comes from, when the chosen one found no step.
    pub fallback: Option<&'static str>,
}

/// The easiest step of `solver`'s config, else of the first fallback config that has one.
/// The position must have been checked (one solution, no mistakes).
pub fn find(solver: &Solver, grid: &Grid, solvers: &Solvers) -> ApiResult<Option<Hint>> {
    if let Some(step) = solver.easiest_step(grid)? {
        let er = solver.ratings().rate(&step, grid).er;
        return Ok(Some(Hint {
            step,
            er,
            fallback: None,
        }));
    }
    for name in FALLBACKS {
        if name == solver.config().name {
            continue;
        }
        let stronger = solvers.shipped(name)?;
        if let Some(step) = stronger.easiest_step(grid)? {
            let er = stronger.ratings().rate(&step, grid).er;
            return Ok(Some(Hint {
                step,
                er,
                fallback: Some(name),
            }));
        }
    }
    Ok(None)
}

impl Hint {
    /// What the hint says at `level` (1 to 3), as one line.
    pub fn text(&self, level: u8) -> String {
        let (name, er) = (self.step.name(), self.er);
        let a = article(name);
        match level {
            1 => format!("Look for {a} {name} (ER {er})."),
            2 => format!("Look for {a} {name} (ER {er}) {}.", self.region().text),
            _ => format!("{} (ER {er})", self.sentence().text),
        }
    }

    /// Where to look (level 2).
    pub fn region(&self) -> Region {
        region(&self.step)
    }

    /// The step in a short sentence (level 3).
    pub fn sentence(&self) -> Sentence {
        sentence(&self.step)
    }

    /// The step's picture on the position `before` it, without a caption (the page writes
    /// the sentence beside it).
    pub fn svg(&self, before: &Grid) -> String {
        picture::step_svg_captioned(before, &self.step, None)
    }

    /// Why the hint comes from another config, when it does.
    pub fn fallback_note(&self, config: &str) -> Option<String> {
        self.fallback.map(|fallback| {
            format!(
                "No technique of config `{config}` finds a step here; this hint comes from the \
                 techniques of config `{fallback}`."
            )
        })
    }
}

/// `a` or `an` before a technique's name, as it is said: `an X-Wing`, `an ALS-XZ`, `an AIC`,
/// `a W-Wing`, `a Unique Rectangle`, `an Empty Rectangle`, `an 8-…`.
pub fn article(name: &str) -> &'static str {
    let word = name.split([' ', '-', '(']).next().unwrap_or_default();
    let Some(first) = word.chars().next() else {
        return "a";
    };
    // Said letter by letter (`ALS`, `SK`, `X` of X-Wing): by how the first letter is named.
    let spelled = word.chars().all(|c| c.is_ascii_uppercase()) && !is_word(word);
    let an = if spelled {
        "AEFHILMNORSX".contains(first)
    } else if first.is_ascii_digit() {
        word.starts_with('8') || word == "11" || word == "18"
    } else {
        match first.to_ascii_uppercase() {
            'A' | 'E' | 'I' | 'O' => true,
            // `Unique` and `Uni…` sound as `you`; `Un…` otherwise as `un`.
            'U' => !word.to_ascii_lowercase().starts_with("uni"),
            _ => false,
        }
    };
    if an { "an" } else { "a" }
}

/// Upper-case names read as words, not letters.
fn is_word(word: &str) -> bool {
    matches!(word, "BUG")
}

/// Where to look: a few cells or houses, named and listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Region {
    /// In words, after the technique's name: `in b5`, `at r1c2 r4c5`, `from r1c9`.
    pub text: String,
    /// The cells to highlight, as `[row, col]` (1-based).
    pub cells: Vec<[u8; 2]>,
}

impl Region {
    fn new(text: String, cells: CellSet) -> Region {
        Region {
            text,
            cells: cells
                .iter()
                .map(|c| [c.row() as u8 + 1, c.col() as u8 + 1])
                .collect(),
        }
    }
}

/// A step's cells to look at: its pattern, else its placements, else its eliminations.
pub fn step_cells(step: &Step) -> CellSet {
    let mut cells = pattern_cells(step);
    if cells.is_empty() {
        for &(cell, _) in &step.placements {
            cells.insert(cell);
        }
    }
    if cells.is_empty() {
        cells = step.eliminations.cells();
    }
    cells
}

fn pattern_cells(step: &Step) -> CellSet {
    let mut cells = CellSet::EMPTY;
    for part in &step.pattern {
        cells |= part.candidates.cells();
    }
    cells
}

/// Where to look, without giving the answer away (HoDoKu's vague hint), as small as it can
/// be told: a single's house (its cell would be the answer); a nested forcing's assumption;
/// the few cells or the house that hold the pattern; the start of a chain or net that spans
/// the grid (or its two ends); else the fewest houses (up to three) or the boxes it lies in.
pub fn region(step: &Step) -> Region {
    if step.kind.is_single() {
        let house = step.parts.iter().find_map(|part| match part {
            Part::House(house) => Some(*house),
            _ => None,
        });
        // A naked single names no house: the box of its cell.
        let house = house.or_else(|| {
            let &(cell, _) = step.placements.first()?;
            Some(House::box_(cell.box_index()))
        });
        if let Some(house) = house {
            return Region::new(format!("in {house}"), house.cells());
        }
    }
    if let Some(assumed) = step.pattern.iter().find(|p| p.role == "assumption") {
        let cells = assumed.candidates.cells();
        return Region::new(format!("from {cells}"), cells);
    }
    let cells = pattern_cells(step);
    if cells.is_empty() {
        return Region::new(about_digits(step), step_cells(step));
    }
    // The smaller first: up to three cells, the house that holds them, up to four cells.
    if cells.len() <= 3 {
        return Region::new(format!("at {cells}"), cells);
    }
    if let Some(house) = House::all().find(|h| cells.is_subset_of(h.cells())) {
        return Region::new(format!("in {house}"), cells);
    }
    if cells.len() <= 4 {
        return Region::new(format!("at {cells}"), cells);
    }
    let cover = house_cover(cells, 2);
    if let Some(houses) = cover.as_ref().filter(|_| chains(step).next().is_none()) {
        return Region::new(format!("in {}", and_list(houses)), cells);
    }
    if let Some(region) = chain_region(step) {
        return region;
    }
    if let Some(houses) = cover.or_else(|| house_cover(cells, 3)) {
        return Region::new(format!("in {}", and_list(&houses)), cells);
    }
    let boxes: Vec<String> = (0..9)
        .filter(|&b| cells.intersects(House::box_(b).cells()))
        .map(|b| House::box_(b).to_string())
        .collect();
    if boxes.len() <= 4 {
        return Region::new(format!("in {}", and_list(&boxes)), cells);
    }
    Region::new(format!("at {cells}"), cells)
}

fn chains(step: &Step) -> impl Iterator<Item = &kaidoku_engine::Chain> {
    step.parts.iter().filter_map(|part| match part {
        Part::Chain(chain) => Some(chain),
        _ => None,
    })
}

/// A chain's or net's start: the cell every branch starts from, else the two ends of a single
/// chain.
fn chain_region(step: &Step) -> Option<Region> {
    let chains: Vec<_> = chains(step).filter(|c| !c.nodes.is_empty()).collect();
    let first = chains.first()?;
    let start = first.nodes[0].cells;
    if chains.len() > 1 {
        let starts = chains
            .iter()
            .fold(CellSet::EMPTY, |cells, chain| cells | chain.nodes[0].cells);
        if starts.len() <= 3 {
            return Some(Region::new(format!("from {starts}"), starts));
        }
        if let Some(house) = House::all().find(|h| starts.is_subset_of(h.cells())) {
            return Some(Region::new(format!("from {house}"), starts));
        }
        return None;
    }
    let end = first.nodes[first.nodes.len() - 1].cells;
    if start == end {
        return Some(Region::new(format!("from {start}"), start));
    }
    Some(Region::new(
        format!("between {start} and {end}"),
        start | end,
    ))
}

/// The fewest houses (at most `most`) whose cells hold `cells`, in house order.
fn house_cover(cells: CellSet, most: usize) -> Option<Vec<String>> {
    let houses: Vec<House> = House::all()
        .filter(|h| cells.intersects(h.cells()))
        .collect();
    let names = |chosen: &[House]| chosen.iter().map(|h| h.to_string()).collect::<Vec<_>>();
    for (i, &a) in houses.iter().enumerate() {
        if most >= 2 {
            for (j, &b) in houses.iter().enumerate().skip(i + 1) {
                if cells.is_subset_of(a.cells() | b.cells()) {
                    return Some(names(&[a, b]));
                }
                if most >= 3 {
                    for &c in &houses[j + 1..] {
                        if cells.is_subset_of(a.cells() | b.cells() | c.cells()) {
                            return Some(names(&[a, b, c]));
                        }
                    }
                }
            }
        }
    }
    None
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

fn about_digits(step: &Step) -> String {
    let mut digits = DigitSet::EMPTY;
    for (_, digit) in step.eliminations.iter() {
        digits.insert(digit);
    }
    for &(_, digit) in &step.placements {
        digits.insert(digit);
    }
    let s = if digits.len() == 1 { "" } else { "s" };
    format!("about digit{s} {digits}")
}

/// A step told in a sentence short enough to read at a glance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sentence {
    /// The sentence: the step's whole text when short, else its name, the head and tail of
    /// its pattern (the few key links of a chain or net) and its effects.
    pub text: String,
    /// Whether the pattern was folded (the whole text is the step's `text`).
    pub folded: bool,
}

/// The step in a short sentence (see [`Sentence`]).
pub fn sentence(step: &Step) -> Sentence {
    let text = step.text();
    if text.chars().count() <= SENTENCE_CHARS {
        return Sentence {
            text,
            folded: false,
        };
    }
    let description = step.description();
    Sentence {
        text: format!(
            "{} {} => {}",
            step.name(),
            fold(&description, FOLDED_CHARS),
            step.effects()
        ),
        folded: true,
    }
}

/// `text` cut to about `chars` characters by leaving out whole pieces in its middle: pieces
/// are split at `, ` (a nested forcing's path, a net's branches) or, in a chain, at spaces,
/// never inside parentheses; the gap says how many pieces it holds.
pub fn fold(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let by_commas = pieces(text, ", ");
    let (pieces, separator) = if by_commas.len() >= 4 {
        (by_commas, ", ")
    } else {
        (self::pieces(text, " "), " ")
    };
    if pieces.len() < 3 {
        return text.to_string();
    }
    // The last piece always stays (where a chain ends); the head takes the rest of the room.
    let tail = pieces[pieces.len() - 1];
    let mut room = chars.saturating_sub(tail.chars().count());
    let mut head = 0;
    while head < pieces.len() - 2 {
        let len = pieces[head].chars().count() + separator.len();
        if len > room && head > 0 {
            break;
        }
        room = room.saturating_sub(len);
        head += 1;
    }
    let left_out = pieces.len() - 1 - head;
    if left_out == 0 {
        return text.to_string();
    }
    format!(
        "{}{separator}… ({left_out} more) …{separator}{tail}",
        pieces[..head].join(separator)
    )
}

/// `text` split at `separator` outside parentheses.
fn pieces<'a>(text: &'a str, separator: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if depth == 0 && text[i..].starts_with(separator) => {
                out.push(&text[start..i]);
                i += separator.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&text[start..]);
    out
}

/// The cell a region text names, for tests and callers that check a region.
pub fn region_cells(region: &Region) -> CellSet {
    let mut cells = CellSet::EMPTY;
    for &[row, col] in &region.cells {
        cells.insert(Cell::at(row as usize - 1, col as usize - 1));
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_folds_to_its_head_and_tail_and_says_how_much_is_left_out() {
        let path: Vec<String> = (1..=30)
            .map(|i| format!("r{}c{}<>{} (Naked Pair)", i % 9 + 1, i % 7 + 1, i % 9 + 1))
            .collect();
        let text = format!("r1c9=7: {}", path.join(", "));
        let folded = fold(&text, 110);
        assert!(folded.chars().count() < 160, "{folded}");
        assert!(
            folded.starts_with("r1c9=7: r2c2<>2 (Naked Pair)"),
            "{folded}"
        );
        assert!(folded.ends_with(&path[29]), "{folded}");
        assert!(folded.contains("more) …"), "{folded}");
        // Short text stays whole; parentheses are never cut.
        assert_eq!(fold("r1c2 -3- r1c5", 110), "r1c2 -3- r1c5");
        assert!(pieces("a (b, c), d", ", ").len() == 2);
    }

    #[test]
    fn names_get_the_article_they_are_said_with() {
        for (name, a) in [
            ("Hidden Single", "a"),
            ("X-Wing", "an"),
            ("W-Wing", "a"),
            ("ALS-XZ", "an"),
            ("AIC", "an"),
            ("XY-Chain", "an"),
            ("Unique Rectangle Type 1", "a"),
            ("Empty Rectangle", "an"),
            ("Almost Locked Pair", "an"),
            ("BUG+1", "a"),
            ("SK Loop", "an"),
            ("MSLS", "an"),
            ("3D Medusa", "a"),
            ("2-String Kite", "a"),
            ("Nested Forcing", "a"),
        ] {
            assert_eq!(article(name), a, "{name}");
        }
    }

    #[test]
    fn the_fewest_houses_hold_a_pattern() {
        let mut cells = CellSet::EMPTY;
        for col in [1, 5, 8] {
            cells.insert(Cell::at(2, col));
            cells.insert(Cell::at(6, col));
        }
        assert_eq!(house_cover(cells, 2), Some(vec!["r3".into(), "r7".into()]));
        assert_eq!(
            and_list(&["r3".into(), "r7".into(), "c2".into()]),
            "r3, r7 and c2"
        );
    }
}
