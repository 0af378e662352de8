//! The registry of available techniques: the built-ins collected by `inventory`, plus those
//! loaded from plugins. The registry knows what exists; only a config says what runs and in
//! which order.
//!
//! The linker note: a crate of techniques that no code references is dropped from the binary,
//! and its registrations with it. Every binary and test links the built-in techniques crate
//! explicitly (`kaidoku_techniques::link()`), and a test checks the registered count.

use crate::technique::{Level, ParamSpec, Params, Technique, TechniqueInfo, UniquenessMark};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Builds a technique from validated parameters.
pub type Builder = Arc<dyn Fn(&Params) -> Result<Box<dyn Technique>, String> + Send + Sync>;

/// Where a technique comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Compiled into Kaidoku (`kaidoku-techniques`).
    Builtin,
    /// Loaded from a plugin library.
    Plugin {
        /// The library's path, as the config named it.
        path: PathBuf,
        /// The plugin's name.
        plugin: String,
        /// The plugin's version.
        version: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Builtin => f.write_str("built-in"),
            Source::Plugin {
                path,
                plugin,
                version,
            } => {
                write!(f, "plugin {plugin} {version} ({})", path.display())
            }
        }
    }
}

/// One available technique.
#[derive(Clone)]
pub struct RegistryEntry {
    /// The technique's kebab-case id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// One line on what it does.
    pub summary: String,
    /// The parameters it takes.
    pub params: Vec<ParamSpec>,
    /// Built in or from a plugin.
    pub source: Source,
    /// Whether the technique assumes a unique solution (see [`UniquenessMark`]); plugins
    /// cannot declare it, so theirs are never.
    pub uniqueness: bool,
    /// The ratings the technique declares for its step kinds (plugins; the built-ins' are in
    /// the rating table).
    pub ratings: Vec<DeclaredRating>,
    /// Builds the technique from validated parameters.
    pub build: Builder,
}

/// A step kind's rating as its technique declares it (a plugin's [`KindRating`], checked).
///
/// [`KindRating`]: crate::technique::KindRating
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredRating {
    /// The kind's id.
    pub kind: String,
    /// The ER in tenths.
    pub er: u16,
    /// HoDoKu's score of one step.
    pub score: u32,
    /// HoDoKu's level.
    pub level: Level,
}

impl fmt::Debug for RegistryEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegistryEntry")
            .field("id", &self.id)
            .field("source", &self.source)
            .finish()
    }
}

impl From<&TechniqueInfo> for RegistryEntry {
    fn from(info: &TechniqueInfo) -> Self {
        let build = info.build;
        RegistryEntry {
            id: info.id.to_string(),
            name: info.name.to_string(),
            summary: info.summary.to_string(),
            params: info.params.to_vec(),
            source: Source::Builtin,
            uniqueness: inventory::iter::<UniquenessMark>
                .into_iter()
                .any(|mark| mark.technique == info.id),
            ratings: Vec::new(),
            build: Arc::new(move |params: &Params| build(params)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
/// Why a technique cannot join a registry.
pub enum RegistryError {
    #[error("technique id `{id}` is provided twice: by {first} and by {second}")]
    /// Two providers give the same id.
    Duplicate {
        /// The id.
        id: String,
        /// The first provider.
        first: String,
        /// The second provider.
        second: String,
    },
    #[error(
        "technique id `{id}` ({provider}) is not kebab-case (lowercase letters, digits and dashes)"
    )]
    /// An id that is not kebab-case.
    BadId {
        /// The id.
        id: String,
        /// Who provides it.
        provider: String,
    },
    #[error(
        "no built-in techniques are linked into this program: call `kaidoku_techniques::link()` \
         first, or build configs with `kaidoku_techniques::default_config()` / `load_config()`"
    )]
    /// No built-in technique is linked (see the message).
    NoBuiltins,
}

/// The available techniques, sorted by id.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    entries: Vec<RegistryEntry>,
}

impl Registry {
    /// Every built-in technique linked into this binary. None is an error that says how to
    /// link them: without it a library user's config fails with "unknown technique" for
    /// every id, which points nowhere near the cause.
    pub fn builtin() -> Result<Registry, RegistryError> {
        let mut registry = Registry::default();
        for info in inventory::iter::<TechniqueInfo> {
            registry.add(RegistryEntry::from(info))?;
        }
        if registry.entries.is_empty() {
            return Err(RegistryError::NoBuiltins);
        }
        Ok(registry)
    }

    /// Add a technique; its id must be new and kebab-case.
    pub fn add(&mut self, entry: RegistryEntry) -> Result<(), RegistryError> {
        if !is_kebab_case(&entry.id) {
            return Err(RegistryError::BadId {
                id: entry.id,
                provider: entry.source.to_string(),
            });
        }
        match self
            .entries
            .binary_search_by(|e| e.id.as_str().cmp(&entry.id))
        {
            Ok(i) => Err(RegistryError::Duplicate {
                id: entry.id,
                first: self.entries[i].source.to_string(),
                second: entry.source.to_string(),
            }),
            Err(i) => {
                self.entries.insert(i, entry);
                Ok(())
            }
        }
    }

    /// The entry of `id`.
    pub fn get(&self, id: &str) -> Option<&RegistryEntry> {
        self.entries
            .binary_search_by(|e| e.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The ratings every technique of the registry declares for its kinds.
    pub fn declared_ratings(&self) -> impl Iterator<Item = &DeclaredRating> {
        self.entries.iter().flat_map(|e| e.ratings.iter())
    }

    /// Every entry, in the order added.
    pub fn entries(&self) -> &[RegistryEntry] {
        &self.entries
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The registered id nearest to a misspelt one.
    pub fn suggest(&self, id: &str) -> Option<&str> {
        nearest(id, self.entries.iter().map(|e| e.id.as_str()))
    }
}

/// The candidate closest to `word`, if it is close enough to be a plausible typo.
pub fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|c| (strsim::normalized_damerau_levenshtein(word, c), c))
        .filter(|(score, _)| *score >= 0.5)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Whether `id` is kebab-case: lowercase letters, digits and inner dashes.
pub fn is_kebab_case(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::{Flow, StepSink};

    struct Nothing;
    impl Technique for Nothing {
        fn find_steps(&self, _: &crate::Grid, _: &mut StepSink) -> Flow {
            Flow::Continue(())
        }
    }

    fn entry(id: &str, source: Source) -> RegistryEntry {
        RegistryEntry {
            id: id.into(),
            name: id.into(),
            summary: String::new(),
            params: Vec::new(),
            source,
            uniqueness: false,
            ratings: Vec::new(),
            build: Arc::new(|_: &Params| Ok(Box::new(Nothing) as Box<dyn Technique>)),
        }
    }

    #[test]
    fn duplicates_and_bad_ids_are_errors() {
        let mut registry = Registry::default();
        registry
            .add(entry("naked-single", Source::Builtin))
            .unwrap();
        let plugin = Source::Plugin {
            path: "libx.so".into(),
            plugin: "x".into(),
            version: "1.0".into(),
        };
        let err = registry.add(entry("naked-single", plugin)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "technique id `naked-single` is provided twice: by built-in and by plugin x 1.0 (libx.so)"
        );
        assert!(matches!(
            registry.add(entry("Naked Single", Source::Builtin)),
            Err(RegistryError::BadId { .. })
        ));
    }

    #[test]
    fn suggests_the_nearest_id() {
        let mut registry = Registry::default();
        for id in ["naked-single", "hidden-single", "locked-candidates"] {
            registry.add(entry(id, Source::Builtin)).unwrap();
        }
        assert_eq!(registry.suggest("naked-singel"), Some("naked-single"));
        assert_eq!(
            registry.suggest("locked-candidate"),
            Some("locked-candidates")
        );
        assert_eq!(registry.suggest("xyz"), None);
        assert_eq!(registry.get("hidden-single").unwrap().id, "hidden-single");
    }
}
