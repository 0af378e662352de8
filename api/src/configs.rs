//! Where configs come from: a shipped config by name, TOML text, or (for local callers) a
//! file; the shipped configs listed; a config as a player sees it (techniques in order, with
//! their switches and parameters).

use crate::error::{ApiError, ApiResult};
use kaidoku_engine::{Config, ConfigLoader, ParamKind, ParamValue, Solver};
use serde::Serialize;
use std::path::Path;

/// How configs are read: which of them may load plugins or read files.
#[derive(Clone, Debug)]
pub struct ConfigSource {
    allow_plugins: bool,
    allow_files: bool,
    opt_in_hint: String,
}

impl ConfigSource {
    /// Configs of the local user (the CLI, a script): files are read, plugins load only when
    /// `allow_plugins`; a refused plugin's error says how to opt in (`opt_in_hint`).
    pub fn local(allow_plugins: bool, opt_in_hint: impl Into<String>) -> ConfigSource {
        ConfigSource {
            allow_plugins,
            allow_files: true,
            opt_in_hint: opt_in_hint.into(),
        }
    }

    /// Configs sent by others (a server's requests): shipped configs and TOML text only;
    /// no plugin is loaded and no file read, `extends` included.
    pub fn untrusted() -> ConfigSource {
        ConfigSource {
            allow_plugins: false,
            allow_files: false,
            opt_in_hint: "a config sent to the server cannot load plugins".into(),
        }
    }

    fn loader(&self) -> ConfigLoader {
        // The loader reads the registry of built-ins: keep them linked.
        kaidoku_techniques::link();
        ConfigLoader::new()
            .shipped_configs(kaidoku_techniques::shipped_config)
            .allow_plugins(self.allow_plugins)
            .allow_files(self.allow_files)
            .opt_in_hint(self.opt_in_hint.clone())
    }

    /// A shipped config by name (`default`, `rating`, `all` …); an unknown name is an error
    /// listing them, with the nearest.
    pub fn shipped(&self, name: &str) -> ApiResult<Config> {
        let Some(text) = kaidoku_techniques::shipped_config(name) else {
            return Err(ApiError::bad_input(unknown_config(name)));
        };
        self.builtin(text, name)
    }

    /// A config compiled into the program: its TOML `text`, named `name`.
    pub fn builtin(&self, text: &str, name: &str) -> ApiResult<Config> {
        Ok(self.loader().parse(
            text,
            &format!("<built-in {name} config>"),
            name,
            Path::new("."),
        )?)
    }

    /// A config from TOML text; `origin` names it in errors (`<request config>`), and its
    /// name is `name = …` or `custom`.
    pub fn toml(&self, text: &str, origin: &str) -> ApiResult<Config> {
        Ok(self
            .loader()
            .parse(text, origin, "custom", Path::new("."))?)
    }

    /// A config file (local callers only).
    pub fn file(&self, path: &Path) -> ApiResult<Config> {
        if !self.allow_files {
            return Err(ApiError::bad_input(format!(
                "config {}: this reader reads no files (name a shipped config or send TOML)",
                path.display()
            )));
        }
        Ok(self.loader().from_file(path)?)
    }

    /// The config a request chooses: `None` is the shipped config `default`; a bare word
    /// (letters, digits, `-`, `_`) is a shipped config's name; anything else is TOML text.
    pub fn choose(&self, choice: Option<&str>, default: &str) -> ApiResult<Config> {
        match choice.map(str::trim) {
            None | Some("") => self.shipped(default),
            Some(word) if is_name(word) => self.shipped(word),
            Some(text) => self.toml(text, "<request config>"),
        }
    }
}

/// Whether `text` is a bare config name rather than TOML or a path.
pub fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// No shipped config of that name: say which there are, and the nearest.
pub fn unknown_config(name: &str) -> String {
    let names = kaidoku_techniques::SHIPPED_CONFIGS.iter().map(|(n, _)| *n);
    let nearest = kaidoku_engine::registry::nearest(name, names.clone())
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default();
    let list: Vec<&str> = names.collect();
    format!(
        "config `{name}`: no such file, and no shipped config of that name (shipped: {}){nearest}",
        list.join(", ")
    )
}

/// The solver of a config, and what is surely not meant about the config (a technique listed
/// twice alike, no technique at all) as warnings.
pub fn solver(config: Config) -> ApiResult<(Solver, Vec<String>)> {
    let solver = Solver::new(config)?;
    let config = solver.config();
    let mut warnings: Vec<String> = config
        .repeated()
        .into_iter()
        .map(|repeated| format!("config {}: {repeated}", config.origin))
        .collect();
    if config.enabled().next().is_none() {
        let what = if config.techniques.is_empty() {
            "lists no techniques"
        } else {
            "disables every technique it lists"
        };
        warnings.push(format!(
            "config {} ({what}) runs no technique: every solve stops at once as `stuck`",
            config.origin
        ));
    }
    Ok((solver, warnings))
}

/// A shipped config: its name and the first sentence of its leading comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShippedConfig {
    /// Its name, for `--config NAME`.
    pub name: &'static str,
    /// What it runs, in a sentence.
    pub description: String,
}

/// The shipped configs, in the order `kaidoku config list` prints them.
pub fn shipped_configs() -> Vec<ShippedConfig> {
    kaidoku_techniques::SHIPPED_CONFIGS
        .iter()
        .map(|(name, text)| ShippedConfig {
            name,
            description: first_sentence(text),
        })
        .collect()
}

/// The TOML text of a shipped config.
pub fn shipped_text(name: &str) -> ApiResult<&'static str> {
    kaidoku_techniques::shipped_config(name).ok_or_else(|| {
        let names = kaidoku_techniques::SHIPPED_CONFIGS.iter().map(|(n, _)| *n);
        let nearest = kaidoku_engine::registry::nearest(name, names.clone())
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        let list: Vec<&str> = names.collect();
        ApiError::bad_input(format!(
            "no shipped config `{name}` (shipped: {}){nearest}",
            list.join(", ")
        ))
    })
}

/// The first sentence of the comment a config starts with.
fn first_sentence(text: &str) -> String {
    let comment: Vec<&str> = text
        .lines()
        .map_while(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect();
    let comment = comment.join(" ");
    match comment.find(". ") {
        Some(end) => comment[..end + 1].to_string(),
        None => comment,
    }
}

/// A config as a player sees it: its `[solver]` switches and its techniques in order, each
/// with its switch and the parameters it sets, and the techniques it could add.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfigView {
    /// The config's name.
    pub name: String,
    /// Where it comes from (`<built-in rating config>`, a file).
    pub origin: String,
    /// Its hash, as traces carry it.
    pub hash: String,
    /// The `[solver]` table.
    pub solver: SolverView,
    /// The techniques, in order of application.
    pub techniques: Vec<TechniqueView>,
    /// Built-in techniques the config does not list (to add).
    pub available: Vec<TechniqueView>,
}

/// The `[solver]` table of a config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolverView {
    /// `uniqueness = true`: uniqueness techniques may run.
    pub uniqueness: bool,
    /// `rate`: `easiest` or `in-order`.
    pub rate: &'static str,
    /// `orientation`: `as-given` or `canonical`.
    pub orientation: &'static str,
    /// `names`: `hodoku` or `gnpx`.
    pub names: &'static str,
}

/// One technique entry of a config.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TechniqueView {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// What it does, in a line.
    pub summary: String,
    /// Whether it runs.
    pub enabled: bool,
    /// Whether it assumes a unique solution (needs `uniqueness = true`).
    pub uniqueness: bool,
    /// Every parameter, with its value here.
    pub params: Vec<ParamView>,
    /// `kinds = [...]`: only these kinds are taken (empty: all).
    pub kinds: Vec<String>,
    /// `skip_kinds = [...]`: these kinds are dropped.
    pub skip_kinds: Vec<String>,
}

/// A technique's parameter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParamView {
    /// Its name in the config.
    pub name: String,
    /// Its value here (a number or a boolean).
    pub value: serde_json::Value,
    /// Whether the config sets it (else it is the default).
    pub set: bool,
    /// Its type and range (`integer 2..=7`, `boolean`).
    pub kind: String,
    /// What it does.
    pub help: String,
}

impl ConfigView {
    /// The view of `config`.
    pub fn of(config: &Config) -> ConfigView {
        let techniques = config
            .techniques
            .iter()
            .map(|t| {
                let entry = config.entry(&t.id);
                let params = entry
                    .map(|e| {
                        e.params
                            .iter()
                            .map(|spec| ParamView {
                                name: spec.name.to_string(),
                                value: t.params.get(&spec.name).map_or(
                                    default_value(spec.kind),
                                    |v| match v {
                                        ParamValue::Int(i) => serde_json::json!(i),
                                        ParamValue::Bool(b) => serde_json::json!(b),
                                    },
                                ),
                                set: t.explicit.iter().any(|n| *n == spec.name),
                                kind: spec.kind.describe(),
                                help: spec.help.to_string(),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                TechniqueView {
                    id: t.id.clone(),
                    name: entry.map_or_else(|| t.id.clone(), |e| e.name.clone()),
                    summary: entry.map(|e| e.summary.clone()).unwrap_or_default(),
                    enabled: t.enabled,
                    uniqueness: entry.is_some_and(|e| e.uniqueness),
                    params,
                    kinds: t.kinds.clone(),
                    skip_kinds: t.skip_kinds.clone(),
                }
            })
            .collect();
        let available = config
            .registry
            .entries()
            .iter()
            .filter(|e| !config.techniques.iter().any(|t| t.id == e.id))
            .map(|e| TechniqueView {
                id: e.id.clone(),
                name: e.name.clone(),
                summary: e.summary.clone(),
                enabled: false,
                uniqueness: e.uniqueness,
                params: Vec::new(),
                kinds: Vec::new(),
                skip_kinds: Vec::new(),
            })
            .collect();
        ConfigView {
            name: config.name.clone(),
            origin: config.origin.clone(),
            hash: config.hash(),
            solver: SolverView {
                uniqueness: config.uniqueness,
                rate: config.rate.as_str(),
                orientation: config.orientation.as_str(),
                names: match config.names {
                    kaidoku_engine::Names::Hodoku => "hodoku",
                    kaidoku_engine::Names::Gnpx => "gnpx",
                },
            },
            techniques,
            available,
        }
    }
}

fn default_value(kind: ParamKind) -> serde_json::Value {
    match kind {
        ParamKind::Int { default, .. } => serde_json::json!(default),
        ParamKind::Bool { default } => serde_json::json!(default),
    }
}
