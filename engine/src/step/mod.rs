//! A step: what a technique found (placements, eliminations), its kind, the typed parts of the
//! pattern behind it, and its one-line explanation in the usual notation, written from those
//! parts (`Locked Pair r6c45 #38 => r6c1<>3, r6c9<>8`).
//!
//! May use: `board`.

mod kind;
mod moved;
mod part;

pub use kind::{StepKind, fish_size_name, gnpx_set_name, subset_size_name};
pub use moved::moved_text;
pub use part::{Chain, ChainNode, LinkKind, NodeKind, Part};

use crate::board::candidates::Candidates;
use crate::board::cells::Cell;
use crate::board::digits::Digit;
use crate::board::grid::Grid;
use serde::ser::{SerializeMap, SerializeSeq};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// The typed parts of a step: two inline (a hidden single has a digit and a house), more on
/// the heap.
pub type Parts = SmallVec<[Part; 2]>;

/// The cells a step solves: up to eight inline, in the space a `Vec` takes.
pub type Placements = SmallVec<[(Cell, Digit); 8]>;

/// The pattern's groups of candidates: one inline (a single's cell), more on the heap.
pub type Pattern = SmallVec<[PatternPart; 1]>;

/// A named group of candidates of the pattern, for rendering (e.g. `base`, `stem`, `petal 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternPart {
    /// The group's role, e.g. `base`, `fin`, `petal 1`.
    pub role: Cow<'static, str>,
    /// Its candidates.
    pub candidates: Candidates,
}

/// One logical step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The kebab-case id of the technique that found the step; filled in by the [`StepSink`](crate::technique::StepSink).
    pub technique: Arc<str>,
    /// What kind of step it is (`finned-swordfish`, size 3) and its display name.
    pub kind: StepKind,
    /// The typed parts of the pattern, in text order; the text is `name parts => effects`.
    /// Short lists are kept inline, so that most steps (singles) need no heap allocation.
    pub parts: Parts,
    /// Cells solved by the step (not the peer eliminations that follow from them).
    pub placements: Placements,
    /// Candidates removed by the step.
    pub eliminations: Candidates,
    /// The candidates to highlight, grouped by role (`base`, `fin`, `petal 1` …).
    pub pattern: Pattern,
}

/// The step's text, as traces print it: `Hidden Single #6 in b1 => r2c3=6`.
impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl Step {
    /// A step of `kind` with no parts and no effects yet.
    pub fn new(kind: StepKind) -> Step {
        thread_local! {
            // The sink stamps the real id; sharing one empty id saves an allocation a step.
            static NO_TECHNIQUE: Arc<str> = Arc::from("");
        }
        Step::by(NO_TECHNIQUE.with(Arc::clone), kind)
    }

    /// A step of `kind` found by `technique`, with no parts and no effects yet.
    #[inline]
    pub fn by(technique: Arc<str>, kind: StepKind) -> Step {
        Step {
            technique,
            kind,
            parts: Parts::new(),
            placements: Placements::new(),
            eliminations: Candidates::EMPTY,
            pattern: Pattern::new(),
        }
    }

    /// Append a step of `kind` with no parts and no effects yet to `steps`, and return it to
    /// be filled in where it stays. The same as pushing [`Step::by`], but built in place:
    /// a step is a few hundred bytes, and copying one from the stack (a `memcpy` a step, its
    /// bytes read back just after being written) was a sixth of the solve loop's time on
    /// easy puzzles.
    #[inline]
    pub fn push_new(steps: &mut Vec<Step>, technique: Arc<str>, kind: StepKind) -> &mut Step {
        steps.reserve(1);
        let len = steps.len();
        let slot = steps.spare_capacity_mut()[0].as_mut_ptr();
        // SAFETY: `slot` is the vector's first spare slot (room reserved above). Every field
        // is written through a raw pointer, without reading or dropping what was there
        // (`all_fields_written` stops the build if a field is added and not written here),
        // so the step is whole before the length takes it in and a reference is made.
        unsafe {
            std::ptr::addr_of_mut!((*slot).technique).write(technique);
            std::ptr::addr_of_mut!((*slot).kind).write(kind);
            std::ptr::addr_of_mut!((*slot).parts).write(Parts::new());
            std::ptr::addr_of_mut!((*slot).placements).write(Placements::new());
            std::ptr::addr_of_mut!((*slot).eliminations).write(Candidates::EMPTY);
            std::ptr::addr_of_mut!((*slot).pattern).write(Pattern::new());
            steps.set_len(len + 1);
        }
        &mut steps[len]
    }

    /// Add a typed part of the pattern (written in the text in the order added).
    pub fn part(mut self, part: Part) -> Step {
        self.parts.push(part);
        self
    }

    /// The display name, e.g. `Locked Candidates Type 1 (Pointing)`.
    pub fn name(&self) -> &str {
        &self.kind.name
    }

    /// The pattern in notation, written from the parts, e.g. `r6c45 #38`.
    pub fn description(&self) -> String {
        part::PartsText(&self.parts).to_string()
    }

    /// The step places `digit` in `cell`.
    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push((cell, digit));
        self
    }

    /// The step removes `digit` from `cell`.
    pub fn eliminate(mut self, cell: Cell, digit: Digit) -> Step {
        self.eliminations.insert(cell, digit);
        self
    }

    /// The step removes these candidates too.
    pub fn eliminations(mut self, eliminations: Candidates) -> Step {
        self.eliminations = self.eliminations.union(&eliminations);
        self
    }

    /// Highlight `candidates` in the role `role` (`base`, `fin` …).
    pub fn pattern(mut self, role: impl Into<Cow<'static, str>>, candidates: Candidates) -> Step {
        self.pattern.push(PatternPart {
            role: role.into(),
            candidates,
        });
        self
    }

    /// Whether the step changes nothing.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// The effects in notation: `r3c3=6` for placements, `r6c1<>3` for eliminations.
    pub fn effects(&self) -> String {
        Effects(self).to_string()
    }

    /// The one-line explanation, e.g. `Locked Pair r6c45 #38 => r6c1<>3, r6c9<>8`, or
    /// `Naked Single: r3c3=6` when the step has no description.
    pub fn text(&self) -> String {
        self.display_text().to_string()
    }

    /// The explanation as a `Display`, written without building a `String` (traces of big
    /// batches write millions of them).
    pub fn display_text(&self) -> impl fmt::Display + '_ {
        Text(self)
    }

    /// Whether the step has the effects of `other` exactly.
    pub fn same_effects(&self, other: &Step) -> bool {
        let mut a = self.placements.clone();
        let mut b = other.placements.clone();
        a.sort();
        b.sort();
        a == b && self.eliminations == other.eliminations
    }

    /// Check that every effect names a current candidate and that the step changes something.
    pub fn check_applicable(&self, grid: &Grid) -> Result<(), String> {
        if self.is_empty() {
            return Err("the step changes nothing".into());
        }
        for &(cell, digit) in &self.placements {
            if !(1..=9).contains(&digit) || !grid.has_candidate(cell, digit) {
                return Err(format!(
                    "placement {cell}={digit} is not a candidate of the grid"
                ));
            }
            if self.eliminations.contains(cell, digit) {
                return Err(format!(
                    "the step both places and eliminates {cell}={digit}"
                ));
            }
        }
        for (cell, digit) in self.eliminations.iter() {
            if !grid.has_candidate(cell, digit) {
                return Err(format!(
                    "elimination {cell}<>{digit} is not a candidate of the grid"
                ));
            }
        }
        Ok(())
    }

    /// Apply the step: eliminations first, then placements (which clear their peers).
    /// Keep only the effects still to be had on `grid` (placements of empty cells that
    /// still hold the digit, eliminations of candidates still there); whether any are left.
    /// For a step found at an earlier position of the same solve, e.g. one of several found
    /// together and applied in turn.
    pub fn keep_applicable(&mut self, grid: &Grid) -> bool {
        self.placements.retain(|&mut (cell, digit)| {
            grid.value(cell).is_none() && grid.has_candidate(cell, digit)
        });
        let mut kept = Candidates::default();
        for (cell, digit) in self.eliminations.iter() {
            if grid.has_candidate(cell, digit) {
                kept.insert(cell, digit);
            }
        }
        self.eliminations = kept;
        !self.is_empty()
    }

    /// Apply the step's eliminations and placements to `grid`.
    pub fn apply(&self, grid: &mut Grid) {
        for (cell, digit) in self.eliminations.iter() {
            grid.eliminate(cell, digit);
        }
        for &(cell, digit) in &self.placements {
            if grid.value(cell).is_none() {
                grid.place(cell, digit);
            }
        }
    }

    /// The first effect that contradicts `solution`, if any.
    pub fn unsound_effect(&self, solution: &[Digit; 81]) -> Option<String> {
        for &(cell, digit) in &self.placements {
            if solution[cell.index()] != digit {
                return Some(format!(
                    "places {cell}={digit}, but the solution has {}",
                    solution[cell.index()]
                ));
            }
        }
        for (cell, digit) in self.eliminations.iter() {
            if solution[cell.index()] == digit {
                return Some(format!("eliminates {cell}<>{digit}, the solution's digit"));
            }
        }
        None
    }
}

/// Names every field of a step: adding one to [`Step`] fails to build here until
/// [`Step::push_new`] writes it too.
#[allow(dead_code)]
fn all_fields_written(step: Step) {
    let Step {
        technique: _,
        kind: _,
        parts: _,
        placements: _,
        eliminations: _,
        pattern: _,
    } = step;
}

struct Effects<'a>(&'a Step);

impl fmt::Display for Effects<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self.0;
        for (i, (cell, digit)) in step.placements.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}={digit}")?;
        }
        if !step.eliminations.is_empty() {
            if !step.placements.is_empty() {
                f.write_str(", ")?;
            }
            write!(f, "{}", step.eliminations)?;
        }
        Ok(())
    }
}

struct Text<'a>(&'a Step);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self.0;
        if step.parts.is_empty() {
            write!(f, "{}: {}", step.kind.name, Effects(step))
        } else {
            write!(
                f,
                "{} {} => {}",
                step.kind.name,
                part::PartsText(&step.parts),
                Effects(step)
            )
        }
    }
}

/// Serialises a `Display` as a JSON string, escaping on the fly.
struct AsString<T: fmt::Display>(T);

impl<T: fmt::Display> serde::Serialize for AsString<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// `[[row, col, digit], ...]`, one-based.
struct Triples<I: Iterator<Item = (Cell, Digit)> + Clone>(I);

impl<I: Iterator<Item = (Cell, Digit)> + Clone> serde::Serialize for Triples<I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for (cell, digit) in self.0.clone() {
            seq.serialize_element(&[cell.row() + 1, cell.col() + 1, digit as usize])?;
        }
        seq.end()
    }
}

/// The JSON step object of the trace contract: `{"technique", "kind": {"id", "size"},
/// "name", "text", "placements": [[r,c,d]], "eliminations": [[r,c,d]], "parts", "pattern"}`.
impl serde::Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(8))?;
        map.serialize_entry("technique", &*self.technique)?;
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("name", &self.kind.name)?;
        map.serialize_entry("text", &AsString(self.display_text()))?;
        map.serialize_entry("placements", &Triples(self.placements.iter().copied()))?;
        map.serialize_entry("eliminations", &Triples(self.eliminations.iter()))?;
        map.serialize_entry("parts", self.parts.as_slice())?;
        map.serialize_entry("pattern", &PatternList(&self.pattern))?;
        map.end()
    }
}

struct PatternList<'a>(&'a [PatternPart]);

impl serde::Serialize for PatternList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for part in self.0 {
            seq.serialize_element(&PatternJson {
                role: &part.role,
                candidates: Triples(part.candidates.iter()),
            })?;
        }
        seq.end()
    }
}

struct PatternJson<'a, I: Iterator<Item = (Cell, Digit)> + Clone> {
    role: &'a str,
    candidates: Triples<I>,
}

impl<I: Iterator<Item = (Cell, Digit)> + Clone> serde::Serialize for PatternJson<'_, I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("role", self.role)?;
        map.serialize_entry("candidates", &self.candidates)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json() {
        let pair: crate::CellSet = [Cell::at(5, 3), Cell::at(5, 4)].into_iter().collect();
        let step = Step::new(StepKind::new("locked-pair", "Locked Pair").sized(2))
            .part(Part::Cells(pair))
            .part(Part::Digits([3, 8].into_iter().collect()))
            .eliminate(Cell::at(5, 0), 3)
            .eliminate(Cell::at(5, 8), 8);
        assert_eq!(step.text(), "Locked Pair r6c45 #38 => r6c1<>3, r6c9<>8");
        assert_eq!(step.description(), "r6c45 #38");
        let single =
            Step::new(StepKind::new("naked-single", "Naked Single")).place(Cell::at(2, 2), 6);
        assert_eq!(single.text(), "Naked Single: r3c3=6");
        let json = serde_json::to_string(&single).unwrap();
        assert_eq!(
            json,
            r#"{"technique":"","kind":{"id":"naked-single"},"name":"Naked Single","text":"Naked Single: r3c3=6","placements":[[3,3,6]],"eliminations":[],"parts":[],"pattern":[]}"#
        );
        let json = serde_json::to_string(&step).unwrap();
        assert!(
            json.contains(r#""kind":{"id":"locked-pair","size":2}"#)
                && json.contains(r#""parts":[{"type":"cells","cells":[[6,4],[6,5]]},{"type":"digits","digits":[3,8]}]"#),
            "{json}"
        );
    }

    #[test]
    fn a_step_built_in_place_is_the_step_built_by_value() {
        let kind = StepKind::new("naked-single", "Naked Single");
        let mut steps = Vec::new();
        for i in 0..3 {
            let step = Step::push_new(&mut steps, Arc::from("naked-single"), kind.clone());
            step.placements.push((Cell::new(i), 4));
        }
        let by_value = Step::by(Arc::from("naked-single"), kind).place(Cell::new(2), 4);
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[2], by_value);
    }

    #[test]
    fn applicability_and_soundness() {
        let grid = Grid::new();
        assert!(
            Step::new(StepKind::new("x", "x"))
                .check_applicable(&grid)
                .is_err()
        );
        let mut g = grid.clone();
        g.eliminate(Cell::at(0, 0), 1);
        let step = Step::new(StepKind::new("x", "x")).eliminate(Cell::at(0, 0), 1);
        assert_eq!(
            step.check_applicable(&g).unwrap_err(),
            "elimination r1c1<>1 is not a candidate of the grid"
        );
        let mut solution = [0u8; 81];
        solution[0] = 1;
        assert_eq!(
            step.unsound_effect(&solution).unwrap(),
            "eliminates r1c1<>1, the solution's digit"
        );
        let place = Step::new(StepKind::new("x", "x")).place(Cell::at(0, 0), 2);
        assert!(
            place
                .unsound_effect(&solution)
                .unwrap()
                .contains("the solution has 1")
        );
    }
}
