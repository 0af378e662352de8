//! What kind of step a step is: a stable kebab-case id (`finned-swordfish`, `naked-pair`,
//! `x-chain`), the name people read (`Finned Swordfish`), and a size or length where the kind
//! has one (3 for a swordfish, the number of links for a chain). Ratings, hints and pictures
//! key on the id; the size refines them.

use std::borrow::Cow;
use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash)]
/// What a step is: its stable id, display name and size (see [`crate::step::Step::kind`]).
pub struct StepKind {
    /// Stable kebab-case id, e.g. `finned-swordfish`.
    pub id: Cow<'static, str>,
    /// Display name, e.g. `Finned Swordfish`.
    pub name: Cow<'static, str>,
    /// Size (fish, subsets, petals) or length (chains); 0 when the kind has none.
    pub size: u8,
}

impl StepKind {
    /// The last-resort guess: a cell set to its digit in the solution, found by backtracking.
    /// Traces count these steps apart (`guesses`): a puzzle that needed one was not solved by
    /// logic alone.
    pub const GUESS: StepKind = StepKind::new("guess", "Guess");

    /// Whether this is the last-resort guess.
    pub fn is_guess(&self) -> bool {
        self.id == Self::GUESS.id
    }

    /// The ids of the singles' kinds (also their techniques' ids): the placements every
    /// solver makes first.
    pub const SINGLES: [&'static str; 3] = ["last-digit", "hidden-single", "naked-single"];

    /// Whether this is a single (Last Digit, Hidden or Naked Single).
    pub fn is_single(&self) -> bool {
        Self::SINGLES.contains(&self.id.as_ref())
    }

    /// A kind without a size.
    pub const fn new(id: &'static str, name: &'static str) -> StepKind {
        StepKind {
            id: Cow::Borrowed(id),
            name: Cow::Borrowed(name),
            size: 0,
        }
    }

    /// A kind built at run time (plugins, generated names).
    pub fn owned(id: impl Into<Cow<'static, str>>, name: impl Into<Cow<'static, str>>) -> Self {
        StepKind {
            id: id.into(),
            name: name.into(),
            size: 0,
        }
    }

    /// The same kind with a size or length.
    pub fn sized(mut self, size: usize) -> StepKind {
        self.size = size.min(u8::MAX as usize) as u8;
        self
    }

    /// The size, when the kind has one.
    pub fn size(&self) -> Option<usize> {
        (self.size > 0).then_some(self.size as usize)
    }
}

impl fmt::Debug for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.size() {
            Some(size) => write!(f, "{}[{size}]", self.id),
            None => f.write_str(&self.id),
        }
    }
}

impl serde::Serialize for StepKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &*self.id)?;
        if let Some(size) = self.size() {
            map.serialize_entry("size", &size)?;
        }
        map.end()
    }
}

/// The usual names of fish by size: X-Wing (2) … Leviathan (7), and their ids.
pub fn fish_size_name(size: usize) -> (&'static str, &'static str) {
    match size {
        1 => ("skyfish", "Skyfish"),
        2 => ("x-wing", "X-Wing"),
        3 => ("swordfish", "Swordfish"),
        4 => ("jellyfish", "Jellyfish"),
        5 => ("squirmbag", "Squirmbag"),
        6 => ("whale", "Whale"),
        _ => ("leviathan", "Leviathan"),
    }
}

/// The usual names of subsets by size: pair, triple, quadruple, then `set of n`.
pub fn subset_size_name(size: usize) -> (&'static str, &'static str) {
    match size {
        1 => ("single", "Single"),
        2 => ("pair", "Pair"),
        3 => ("triple", "Triple"),
        4 => ("quadruple", "Quadruple"),
        _ => ("set", "Set"),
    }
}

/// GNPX's names of naked and hidden sets (`Locked Pair`, `Locked Pair (hidden)`, `Locked
/// Quartet`, `Locked Set[5D]`), for the kinds `naked-pair` … `hidden-set`: what a config with
/// `[solver] names = "gnpx"` shows in place of HoDoKu's `Naked Pair`, `Hidden Pair` … `None`
/// for every other kind.
pub fn gnpx_set_name(kind: &StepKind) -> Option<String> {
    let (hidden, word) = match kind.id.split_once('-')? {
        ("naked", word) => (false, word),
        ("hidden", word) => (true, word),
        _ => return None,
    };
    let base = match word {
        "pair" => "Locked Pair".to_string(),
        "triple" => "Locked Triple".to_string(),
        "quadruple" => "Locked Quartet".to_string(),
        "set" => format!("Locked Set[{}D]", kind.size()?),
        _ => return None,
    };
    Some(if hidden {
        format!("{base} (hidden)")
    } else {
        base
    })
}

#[cfg(test)]
mod gnpx_name_tests {
    use super::*;

    #[test]
    fn gnpx_names_of_naked_and_hidden_sets() {
        let name = |id: &'static str, size| gnpx_set_name(&StepKind::new(id, "").sized(size));
        assert_eq!(name("naked-pair", 2).as_deref(), Some("Locked Pair"));
        assert_eq!(
            name("hidden-triple", 3).as_deref(),
            Some("Locked Triple (hidden)")
        );
        assert_eq!(
            name("naked-quadruple", 4).as_deref(),
            Some("Locked Quartet")
        );
        assert_eq!(
            name("hidden-set", 5).as_deref(),
            Some("Locked Set[5D] (hidden)")
        );
        assert_eq!(name("x-wing", 2), None);
        assert_eq!(name("hidden-single", 1), None);
    }
}
