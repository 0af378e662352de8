//! Reading a config's TOML: line numbers for spans, errors that name the line, unknown keys
//! and ids with the nearest valid name.

use super::{ConfigError, ConfigErrorKind, TECHNIQUE_KEYS, TechniqueConfig, extends};
use crate::technique::registry::{Registry, nearest};
use crate::technique::{ParamKind, ParamValue, Params};
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Turns spans into line numbers and builds errors.
pub(crate) struct Reader<'a> {
    pub(crate) origin: &'a str,
    pub(crate) text: &'a str,
}

impl Reader<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())]
            .bytes()
            .filter(|&b| b == b'\n')
            .count()
            + 1
    }

    pub(crate) fn error(&self, line: Option<usize>, message: impl Into<String>) -> ConfigError {
        ConfigError {
            origin: self.origin.to_string(),
            line,
            kind: ConfigErrorKind::Invalid,
            message: message.into(),
        }
    }

    pub(crate) fn at(&self, span: Range<usize>, message: impl Into<String>) -> ConfigError {
        self.error(Some(self.line_of(span.start)), message)
    }

    pub(crate) fn toml_error(&self, e: &toml::de::Error) -> ConfigError {
        let line = e.span().map(|s| self.line_of(s.start));
        self.error(line, format!("invalid TOML: {}", e.message()))
            .kind(ConfigErrorKind::Toml)
    }

    pub(crate) fn check_key(
        &self,
        key: &Spanned<std::borrow::Cow<str>>,
        known: &[&str],
        what: &str,
        context: &str,
    ) -> Result<(), ConfigError> {
        if known.contains(&key.get_ref().as_ref()) {
            return Ok(());
        }
        Err(self
            .at(
                key.span(),
                unknown(what, key.get_ref(), context, known.iter().copied()),
            )
            .kind(ConfigErrorKind::UnknownKey))
    }

    pub(crate) fn table<'d>(
        &self,
        value: &'d Spanned<DeValue<'d>>,
        what: &str,
    ) -> Result<&'d DeTable<'d>, ConfigError> {
        match value.get_ref() {
            DeValue::Table(t) => Ok(t),
            other => Err(self.at(
                value.span(),
                format!("{what} must be a table, found {}", other.type_str()),
            )),
        }
    }

    pub(crate) fn string<'d>(
        &self,
        value: &'d Spanned<DeValue<'d>>,
        what: &str,
    ) -> Result<&'d str, ConfigError> {
        value.get_ref().as_str().ok_or_else(|| {
            self.at(
                value.span(),
                format!(
                    "{what} must be a string, found {}",
                    value.get_ref().type_str()
                ),
            )
        })
    }

    pub(crate) fn boolean(
        &self,
        value: &Spanned<DeValue>,
        what: &str,
    ) -> Result<bool, ConfigError> {
        value.get_ref().as_bool().ok_or_else(|| {
            self.at(
                value.span(),
                format!(
                    "{what} must be a boolean (true or false), found {}",
                    value.get_ref().type_str()
                ),
            )
        })
    }

    pub(crate) fn technique(
        &self,
        item: &Spanned<DeValue>,
        registry: &Registry,
    ) -> Result<TechniqueConfig, ConfigError> {
        let table = self.table(item, "each [[technique]]")?;
        let Some(id_value) = table.get("id") else {
            return Err(self.at(item.span(), "a [[technique]] has no `id`"));
        };
        let id = self.string(id_value, "`id` of a [[technique]]")?;
        let line = self.line_of(id_value.span().start);
        let Some(entry) = registry.get(id) else {
            if let Some(mark) = crate::technique::kind_mark(id) {
                let message = format!(
                    "unknown technique `{id}`: {}; list `{}` (with `kinds = [\"{id}\"]` to take \
                     only these steps)",
                    mark.explain(),
                    mark.technique
                );
                return Err(self
                    .error(Some(line), message)
                    .kind(ConfigErrorKind::UnknownTechnique));
            }
            let message = match registry.suggest(id) {
                Some(near) => format!("unknown technique `{id}`; did you mean `{near}`?"),
                None => {
                    let known: Vec<&str> =
                        registry.entries().iter().map(|e| e.id.as_str()).collect();
                    format!(
                        "unknown technique `{id}` (known techniques: {})",
                        known.join(", ")
                    )
                }
            };
            return Err(self
                .error(Some(line), message)
                .kind(ConfigErrorKind::UnknownTechnique));
        };
        let mut config = TechniqueConfig {
            id: id.to_string(),
            enabled: true,
            params: Params::defaults(&entry.params),
            explicit: Vec::new(),
            line,
            source: entry.source.clone(),
            kinds: Vec::new(),
            skip_kinds: Vec::new(),
        };
        for (key, value) in table.iter() {
            let name = key.get_ref().as_ref();
            match name {
                // Where the entry goes: read by `extends::position`.
                "id" | "before" | "after" => continue,
                "enabled" => {
                    config.enabled =
                        self.boolean(value, &format!("`enabled` of technique `{id}`"))?;
                    continue;
                }
                "kinds" => {
                    config.kinds = extends::kinds(self, value, name, id)?;
                    continue;
                }
                "skip_kinds" => {
                    config.skip_kinds = extends::kinds(self, value, name, id)?;
                    continue;
                }
                _ => {}
            }
            let Some(spec) = entry.params.iter().find(|p| p.name == name) else {
                let known = TECHNIQUE_KEYS
                    .iter()
                    .copied()
                    .chain(entry.params.iter().map(|p| p.name.as_ref()));
                let context = format!(" for technique `{id}`");
                return Err(self
                    .at(key.span(), unknown("key", name, &context, known))
                    .kind(ConfigErrorKind::UnknownKey));
            };
            let found = value.get_ref();
            let parsed = match (spec.kind, found) {
                (ParamKind::Bool { .. }, DeValue::Boolean(b)) => ParamValue::Bool(*b),
                (ParamKind::Int { min, max, .. }, DeValue::Integer(i)) => {
                    let v = i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok();
                    match v {
                        Some(v) if (min..=max).contains(&v) => ParamValue::Int(v),
                        _ => {
                            let message = format!(
                                "`{name}` of technique `{id}` is {i}, but must be in {min}..={max}"
                            );
                            return Err(self.at(value.span(), message));
                        }
                    }
                }
                (kind, other) => {
                    let message = format!(
                        "`{name}` of technique `{id}` must be {}, found {}",
                        kind.describe(),
                        other.type_str()
                    );
                    return Err(self.at(value.span(), message));
                }
            };
            config.params.set(name, parsed);
            config.explicit.push(name.to_string());
        }
        Ok(config)
    }
}

pub(crate) fn unknown<'k>(
    what: &str,
    found: &str,
    context: &str,
    known: impl Iterator<Item = &'k str> + Clone,
) -> String {
    let list: Vec<&str> = known.clone().collect();
    match nearest(found, known) {
        Some(near) => format!("unknown {what} `{found}`{context}; did you mean `{near}`?"),
        None => format!(
            "unknown {what} `{found}`{context} (expected one of: {})",
            list.join(", ")
        ),
    }
}
