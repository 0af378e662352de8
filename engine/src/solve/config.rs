//! Technique configs (TOML): which techniques run, in which order, with which parameters.
//!
//! ```toml
//! name = "default"              # optional; the file name otherwise
//! [solver]
//! verify = false                # check every step against the solution
//! uniqueness = false            # allow techniques that assume one solution (see below)
//! rate = "easiest"              # how `rate` picks a step: "easiest" or "in-order" (below)
//! [plugins]
//! paths = ["libmy_plugin.so"]   # relative to the config file
//! [[technique]]
//! id = "locked-set"             # order in the file = order of application
//! enabled = true
//! max_size = 4                  # the technique's own parameters
//! skip_kinds = ["naked-quadruple"]   # or `kinds = [...]`: keep or drop single step kinds
//! [rating]
//! x-wing = { er = 3.2, score = 140, level = "hard" }   # see `crate::solve::rating`
//! ```
//!
//! A config can start from another and change it (see the `extends` module):
//!
//! ```toml
//! extends = "default"           # a shipped config's name, or a file relative to this one
//! disable = ["simple-colors"]   # every entry of these ids, switched off
//! [[technique]]
//! id = "dual-two-string-kite"
//! after = "x-chain"             # or `before = "…"`: placed at the first entry of that id;
//!                               # without either, appended at the end
//! ```
//!
//! Every error names the file, the line and the key, and suggests the nearest valid name.
//!
//! Uniqueness techniques (Unique Rectangles, BUG+1 …) assume the puzzle has one solution, which
//! a setter rating puzzles may not want to lean on: a config that enables one without
//! `uniqueness = true` is refused with an error naming its line, so they never run by accident.
//!
//! `rate` says how a rating solve picks its step at each position: `"easiest"` (the lowest ER
//! any technique offers) or `"in-order"` (the first step of the first technique in config
//! order, as Sudoku Explainer asks its hint producers in a fixed order; `configs/se.toml`).

use crate::plugin;
use crate::solve::rating::RatingOverride;
use crate::technique::Params;
use crate::technique::registry::{Registry, RegistryEntry, Source};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

/// A config error: where (file and line), what kind, and the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct ConfigError {
    /// The config file (or `<built-in default>`).
    pub origin: String,
    /// The line of the error, when it has one.
    pub line: Option<usize>,
    /// What went wrong, for programs that react to some errors (e.g. ask the user whether to
    /// allow plugins); the message says it in words.
    pub kind: ConfigErrorKind,
    /// What is wrong, in words.
    pub message: String,
}

/// The kinds of [`ConfigError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    /// The file cannot be read.
    Io,
    /// The text is not valid TOML.
    Toml,
    /// A key the config format does not have (a typo: the message suggests the nearest).
    UnknownKey,
    /// A technique id no registered technique has (or a step kind in its place).
    UnknownTechnique,
    /// The config loads a plugin, and the loader does not allow plugins.
    PluginsNotAllowed,
    /// A plugin library cannot be loaded or registered.
    Plugin,
    /// A technique cannot be built from its parameters.
    Build,
    /// Any other value that is wrong: its type, its range, a uniqueness technique without the
    /// switch, `extends`, `before`/`after`, `kinds`, `[rating]` …
    Invalid,
}

impl ConfigError {
    fn kind(mut self, kind: ConfigErrorKind) -> ConfigError {
        self.kind = kind;
        self
    }
}

/// One technique of the config, validated.
#[derive(Clone, Debug)]
pub struct TechniqueConfig {
    /// The technique's id.
    pub id: String,
    /// Whether it runs (`enabled = false` keeps it listed, switched off).
    pub enabled: bool,
    /// Every parameter of the technique: the config's values, defaults for the rest.
    pub params: Params,
    /// Parameters the config sets explicitly.
    pub explicit: Vec<String>,
    /// The line of its `[[technique]]` entry.
    pub line: usize,
    /// Where the technique comes from: built in or a plugin.
    pub source: Source,
    /// Only steps of these kinds are taken (`kinds = [...]`; empty: every kind).
    pub kinds: Vec<String>,
    /// Steps of these kinds are dropped (`skip_kinds = [...]`).
    pub skip_kinds: Vec<String>,
}

/// A validated config, with the registry its techniques come from.
#[derive(Clone, Debug)]
pub struct Config {
    /// The config's name (`name = …`, or the file's stem).
    pub name: String,
    /// The file (or `<built-in default>`), for messages.
    pub origin: String,
    /// Whether every step is checked against the solution (`[solver] verify`).
    pub verify: bool,
    /// Whether uniqueness techniques may run (`[solver] uniqueness`).
    pub uniqueness: bool,
    /// Which names steps get (`[solver] names`): HoDoKu's and Sudoku Explainer's by default.
    pub names: Names,
    /// How a rating solve picks its step (`[solver] rate`).
    pub rate: RateOrder,
    /// Which way round a rating solve takes the puzzle (`[solver] orientation`).
    pub orientation: Orientation,
    /// The plugin libraries it loads (`[plugins] paths`), resolved against the config's folder.
    pub plugin_paths: Vec<PathBuf>,
    /// The techniques, in order of application.
    pub techniques: Vec<TechniqueConfig>,
    /// The techniques the config may name: the built-ins and its plugins'.
    pub registry: Registry,
    /// The `[rating]` table: changes to the default ratings of step kinds.
    pub rating: Vec<RatingOverride>,
}

const TOP_KEYS: &[&str] = &[
    "name",
    "extends",
    "disable",
    "description",
    "solver",
    "plugins",
    "technique",
    "rating",
];

const PLUGIN_KEYS: &[&str] = &["paths"];
const TECHNIQUE_KEYS: &[&str] = &["id", "enabled", "before", "after", "kinds", "skip_kinds"];

/// How configs are read. A config that names plugin libraries runs their code as soon as it
/// is read, with the reader's rights, so plugins are refused unless the caller allows them
/// explicitly: a library user, a server, a script that reads configs it did not write is
/// safe by default.
#[derive(Clone, Debug)]
pub struct ConfigLoader {
    allow_plugins: bool,
    /// Whether `extends` may name a file beside the config (else shipped configs only).
    allow_files: bool,
    opt_in_hint: Cow<'static, str>,
    /// The configs `extends = "NAME"` may name without a file: name → TOML text.
    shipped: Option<fn(&str) -> Option<&'static str>>,
    /// How many `extends` deep this parse is (a cycle ends at [`extends::MAX_DEPTH`]).
    depth: usize,
    /// Techniques every config gets beside the built-ins, as if a plugin were loaded (a
    /// plugin's tests, in-process).
    extra: Vec<RegistryEntry>,
}

impl Default for ConfigLoader {
    fn default() -> ConfigLoader {
        ConfigLoader {
            allow_plugins: false,
            allow_files: true,
            opt_in_hint: Cow::Borrowed("allow them with `ConfigLoader::allow_plugins(true)`"),
            shipped: None,
            depth: 0,
            extra: Vec::new(),
        }
    }
}

impl ConfigLoader {
    /// A loader that refuses configs with plugins.
    pub fn new() -> ConfigLoader {
        ConfigLoader::default()
    }

    /// Whether configs may load the plugin libraries they name (and so run their code).
    pub fn allow_plugins(mut self, allow: bool) -> ConfigLoader {
        self.allow_plugins = allow;
        self
    }

    /// Whether `extends = "NAME"` may read a file beside the config (the default). A server
    /// reading configs sent by others turns this off, so that a config names shipped configs
    /// only and never makes it read (and quote in an error) a file of its disk.
    pub fn allow_files(mut self, allow: bool) -> ConfigLoader {
        self.allow_files = allow;
        self
    }

    /// How the error for a refused plugin tells the user to opt in (e.g. a command-line
    /// flag), in place of the library call.
    pub fn opt_in_hint(mut self, hint: impl Into<Cow<'static, str>>) -> ConfigLoader {
        self.opt_in_hint = hint.into();
        self
    }

    /// The configs that `extends = "NAME"` may name (e.g. `kaidoku_techniques::shipped_config`):
    /// a name it knows is taken from it, unless a file of that name sits beside the config.
    pub fn shipped_configs(mut self, lookup: fn(&str) -> Option<&'static str>) -> ConfigLoader {
        self.shipped = Some(lookup);
        self
    }

    /// Techniques every config read gets beside the built-ins, as if a plugin were loaded:
    /// how a plugin's tests solve with it in-process (`kaidoku_plugin_sdk::testing`), with no
    /// `[plugins]` table and no library file. Their ids must be new.
    pub fn with_techniques(
        mut self,
        entries: impl IntoIterator<Item = RegistryEntry>,
    ) -> ConfigLoader {
        self.extra.extend(entries);
        self
    }

    /// Read a config file; plugin paths are relative to its folder.
    pub fn from_file(&self, path: &Path) -> Result<Config, ConfigError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            origin: origin.clone(),
            line: None,
            kind: ConfigErrorKind::Io,
            message: format!("cannot read: {e}"),
        })?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| origin.clone());
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        self.parse(&text, &origin, &name, &base)
    }

    /// Read a config from text. `origin` names it in errors, `name` is its default name and
    /// `base_dir` anchors relative plugin paths.
    pub fn parse(
        &self,
        text: &str,
        origin: &str,
        name: &str,
        base_dir: &Path,
    ) -> Result<Config, ConfigError> {
        let reader = Reader { origin, text };
        let doc = DeTable::parse(text).map_err(|e| reader.toml_error(&e))?;
        let doc = doc.get_ref();
        for (key, _) in doc.iter() {
            let table = match key.get_ref().as_ref() {
                k if solver_table::SOLVER_KEYS.contains(&k) => "[solver]",
                k if PLUGIN_KEYS.contains(&k) => "[plugins]",
                _ => "",
            };
            if !table.is_empty() {
                return Err(reader.at(
                    key.span(),
                    format!("`{}` belongs in the {table} table", key.get_ref()),
                ));
            }
            reader.check_key(key, TOP_KEYS, "top-level key", "")?;
        }
        let name = match doc.get("name") {
            Some(v) => reader.string(v, "name")?.to_string(),
            None => name.to_string(),
        };
        let mut config = match doc.get("extends") {
            // The base as it is, renamed: this file's changes come on top.
            Some(base) => Config {
                name,
                origin: origin.to_string(),
                ..self.base(&reader, base, base_dir)?
            },
            None => {
                let mut registry =
                    Registry::builtin().map_err(|e| reader.error(None, e.to_string()))?;
                for entry in &self.extra {
                    registry
                        .add(entry.clone())
                        .map_err(|e| reader.error(None, e.to_string()))?;
                }
                Config {
                    name,
                    origin: origin.to_string(),
                    verify: false,
                    uniqueness: false,
                    names: Names::Hodoku,
                    rate: RateOrder::Easiest,
                    orientation: Orientation::AsGiven,
                    plugin_paths: Vec::new(),
                    techniques: Vec::new(),
                    registry,
                    rating: Vec::new(),
                }
            }
        };
        if let Some(v) = doc.get("description") {
            reader.string(v, "description")?;
        }
        if let Some(solver) = doc.get("solver") {
            solver_table::read(&reader, solver, &mut config)?;
        }
        if let Some(plugins) = doc.get("plugins") {
            let table = reader.table(plugins, "[plugins]")?;
            for (key, value) in table.iter() {
                reader.check_key(key, PLUGIN_KEYS, "key", " in [plugins]")?;
                let DeValue::Array(paths) = value.get_ref() else {
                    return Err(reader.at(
                        value.span(),
                        "`paths` in [plugins] must be an array of file paths",
                    ));
                };
                // Every path is checked before any library is opened: nothing runs from a
                // config that is refused.
                for (span, full) in self.plugin_paths(&reader, paths, base_dir)? {
                    let plugin_error =
                        |e: String| reader.at(span.clone(), e).kind(ConfigErrorKind::Plugin);
                    let entries =
                        plugin::host::load(&full).map_err(|e| plugin_error(e.to_string()))?;
                    for entry in entries {
                        config
                            .registry
                            .add(entry)
                            .map_err(|e| plugin_error(e.to_string()))?;
                    }
                    config.plugin_paths.push(full);
                }
            }
        }
        // After the plugins: `[rating]` may rate their kinds.
        if let Some(rating) = doc.get("rating") {
            config
                .rating
                .extend(rating_table::parse(&reader, rating, &config.registry)?);
        }
        if let Some(list) = doc.get("technique") {
            let DeValue::Array(items) = list.get_ref() else {
                return Err(reader.at(
                    list.span(),
                    "`technique` must be an array of tables: write each as [[technique]]",
                ));
            };
            for item in items.iter() {
                // A technique may be listed more than once, with other parameters: e.g. small
                // locked sets early and large ones late, as GNPX orders them.
                let technique = reader.technique(item, &config.registry)?;
                let at = extends::position(&reader, item, &config.techniques)?;
                match at {
                    Some(index) => config.techniques.insert(index, technique),
                    None => config.techniques.push(technique),
                }
            }
        }
        if let Some(list) = doc.get("disable") {
            extends::disable(&reader, list, &mut config.techniques)?;
        }
        if !config.uniqueness
            && let Some(t) = config
                .enabled()
                .find(|t| config.registry.get(&t.id).is_some_and(|e| e.uniqueness))
        {
            return Err(reader.error(
                Some(t.line),
                format!(
                    "technique `{}` assumes the puzzle has one solution (a uniqueness technique), \
                     and those are off by default: set `uniqueness = true` in [solver] to use it",
                    t.id
                ),
            ));
        }
        Ok(config)
    }

    /// The plugin paths of `[plugins] paths`, each with its span: refused unless plugins are
    /// allowed, and refused when two name the same file.
    fn plugin_paths<'d>(
        &self,
        reader: &Reader,
        paths: &'d toml::de::DeArray<'d>,
        base_dir: &Path,
    ) -> Result<Vec<(Range<usize>, PathBuf)>, ConfigError> {
        let mut checked: Vec<(Range<usize>, PathBuf)> = Vec::new();
        // Canonical path and the path as written, to name both of a file listed twice.
        let mut seen: Vec<(PathBuf, &'d str)> = Vec::new();
        for path in paths.iter() {
            let written = reader.string(path, "each entry of `paths` in [plugins]")?;
            if !self.allow_plugins {
                return Err(reader
                    .at(
                        path.span(),
                        format!(
                            "this config loads plugin `{written}`, and a plugin runs its code \
                             inside Kaidoku with your rights, so plugins are off by default: if \
                             you trust it, {}",
                            self.opt_in_hint
                        ),
                    )
                    .kind(ConfigErrorKind::PluginsNotAllowed));
            }
            let full = base_dir.join(written);
            // A path that does not resolve is left to `load`, which says why.
            if let Ok(canonical) = std::fs::canonicalize(&full) {
                if let Some((_, first)) = seen.iter().find(|(c, _)| *c == canonical) {
                    let message = if *first == written {
                        format!("plugin `{written}` is listed twice in [plugins] paths")
                    } else {
                        format!(
                            "plugin `{written}` is listed twice in [plugins] paths: it is the \
                             same file as `{first}`"
                        )
                    };
                    return Err(reader.at(path.span(), message));
                }
                seen.push((canonical, written));
            }
            checked.push((path.span(), full));
        }
        Ok(checked)
    }
}

impl Config {
    /// Read a config file with the default [`ConfigLoader`]: plugins are refused.
    pub fn from_file(path: &Path) -> Result<Config, ConfigError> {
        ConfigLoader::new().from_file(path)
    }

    /// Read a config from text with the default [`ConfigLoader`]: plugins are refused.
    pub fn parse(
        text: &str,
        origin: &str,
        name: &str,
        base_dir: &Path,
    ) -> Result<Config, ConfigError> {
        ConfigLoader::new().parse(text, origin, name, base_dir)
    }

    /// The enabled techniques, in order.
    pub fn enabled(&self) -> impl Iterator<Item = &TechniqueConfig> {
        self.techniques.iter().filter(|t| t.enabled)
    }

    /// A short hash of what decides the trace: the enabled techniques in order, their
    /// parameters and where they come from, and the uniqueness switch when it is on (so
    /// configs without it keep their hashes).
    pub fn hash(&self) -> String {
        let canonical: Vec<serde_json::Value> = self
            .enabled()
            .map(|t| {
                let params: serde_json::Map<String, serde_json::Value> = t
                    .params
                    .iter()
                    .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
                    .collect();
                let source = match &t.source {
                    Source::Builtin => "builtin".to_string(),
                    Source::Plugin {
                        plugin, version, ..
                    } => format!("plugin:{plugin}@{version}"),
                };
                let mut entry = serde_json::json!({"id": t.id, "params": params, "source": source});
                // Kind filters enter the hash only when set, so other configs keep theirs.
                if !t.kinds.is_empty() {
                    entry["kinds"] = serde_json::json!(t.kinds);
                }
                if !t.skip_kinds.is_empty() {
                    entry["skip_kinds"] = serde_json::json!(t.skip_kinds);
                }
                entry
            })
            .collect();
        let mut canonical = serde_json::Value::Array(canonical);
        if self.uniqueness {
            canonical = serde_json::json!({"uniqueness": true, "techniques": canonical});
        }
        // Names change the texts: in the hash when not the default, so other configs keep
        // their hashes.
        if self.names == Names::Gnpx {
            canonical = serde_json::json!({"names": "gnpx", "techniques": canonical});
        }
        // The rating order only when not the default, for the same reason.
        if self.rate != RateOrder::Easiest {
            canonical = serde_json::json!({"rate": self.rate.as_str(), "techniques": canonical});
        }
        if self.orientation != Orientation::AsGiven {
            canonical = serde_json::json!({
                "orientation": self.orientation.as_str(),
                "techniques": canonical
            });
        }
        // Ratings enter the hash only when set, so configs without them keep their hash.
        if !self.rating.is_empty() {
            canonical = serde_json::json!({"techniques": canonical, "rating": self.rating});
        }
        let digest = Sha256::digest(canonical.to_string().as_bytes());
        digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }

    /// Techniques listed twice with the same parameters, both enabled: the second finds
    /// nothing the first has not (a warning, not an error: a copy-paste slip).
    pub fn repeated(&self) -> Vec<String> {
        let mut out = Vec::new();
        let enabled: Vec<&TechniqueConfig> = self.enabled().collect();
        for (i, later) in enabled.iter().enumerate() {
            if let Some(first) = enabled[..i].iter().find(|t| {
                t.id == later.id
                    && t.params == later.params
                    && t.kinds == later.kinds
                    && t.skip_kinds == later.skip_kinds
            }) {
                out.push(format!(
                    "technique `{}` is listed twice with the same parameters (lines {} and {}): \
                     the second finds nothing the first did not",
                    later.id, first.line, later.line
                ));
            }
        }
        out
    }

    /// The registry entry behind a configured technique.
    pub fn entry(&self, id: &str) -> Option<&RegistryEntry> {
        self.registry.get(id)
    }
}

mod extends;
mod rating_table;
mod solver_table;

pub use solver_table::{Names, Orientation, RateOrder};
mod reader;

pub(crate) use reader::{Reader, unknown};

#[cfg(test)]
mod tests;
