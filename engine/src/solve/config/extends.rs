//! A config built on another: `extends = "default"` (a shipped config's name, when the loader
//! knows the shipped configs, or a file relative to this one), then this file's changes on top:
//! its `[solver]` keys, `[rating]` entries and plugins are added, its `[[technique]]` entries
//! are appended or placed with `before = "ID"` / `after = "ID"` (at the first entry of that
//! id), and `disable = ["ID", …]` switches off every entry of those ids. So a researcher adds
//! one technique without copying a whole config.

use super::{Config, ConfigError, ConfigLoader, Reader, TechniqueConfig};
use crate::technique::registry::nearest;
use std::path::Path;
use toml::Spanned;
use toml::de::DeValue;

/// Configs extending configs extending … : deeper than this is a cycle.
pub(super) const MAX_DEPTH: usize = 8;

impl ConfigLoader {
    /// The config named by `extends`: a file beside this config wins over a shipped config of
    /// that name.
    pub(super) fn base(
        &self,
        reader: &Reader,
        value: &Spanned<DeValue>,
        base_dir: &Path,
    ) -> Result<Config, ConfigError> {
        let name = reader.string(value, "`extends`")?;
        if self.depth >= MAX_DEPTH {
            return Err(reader.at(
                value.span(),
                format!("`extends = \"{name}\"`: configs extend each other more than {MAX_DEPTH} deep (a cycle?)"),
            ));
        }
        let deeper = ConfigLoader {
            depth: self.depth + 1,
            ..self.clone()
        };
        let path = base_dir.join(name);
        let wrap =
            |e: ConfigError| reader.at(value.span(), format!("in `extends = \"{name}\"`: {e}"));
        if self.allow_files && path.is_file() {
            return deeper.from_file(&path).map_err(wrap);
        }
        let Some(text) = self.shipped.and_then(|lookup| lookup(name)) else {
            let shipped = if self.shipped.is_some() {
                "no shipped config of that name either"
            } else {
                "and this reader knows no shipped configs"
            };
            let message = if self.allow_files {
                format!(
                    "`extends = \"{name}\"`: no file {} ({shipped})",
                    path.display()
                )
            } else {
                format!("`extends = \"{name}\"`: not a shipped config (this reader reads no files)")
            };
            return Err(reader.at(value.span(), message));
        };
        deeper
            .parse(
                text,
                &format!("<built-in {name} config>"),
                name,
                Path::new("."),
            )
            .map_err(wrap)
    }
}

/// Where a `[[technique]]` entry goes: the index of the first entry of its `before` id, after
/// that of its `after` id, or `None` (appended).
pub(super) fn position(
    reader: &Reader,
    item: &Spanned<DeValue>,
    techniques: &[TechniqueConfig],
) -> Result<Option<usize>, ConfigError> {
    let table = reader.table(item, "each [[technique]]")?;
    let before = table.get("before");
    let after = table.get("after");
    let (value, offset, key) = match (before, after) {
        (None, None) => return Ok(None),
        (Some(_), Some(value)) => {
            return Err(reader.at(
                value.span(),
                "a [[technique]] takes `before` or `after`, not both",
            ));
        }
        (Some(value), None) => (value, 0, "before"),
        (None, Some(value)) => (value, 1, "after"),
    };
    let id = reader.string(value, &format!("`{key}` of a [[technique]]"))?;
    match techniques.iter().position(|t| t.id == id) {
        Some(index) => Ok(Some(index + offset)),
        None => Err(reader.at(value.span(), not_listed(key, id, techniques))),
    }
}

/// `disable = ["ID", …]`: every entry of those ids is switched off.
pub(super) fn disable(
    reader: &Reader,
    list: &Spanned<DeValue>,
    techniques: &mut [TechniqueConfig],
) -> Result<(), ConfigError> {
    let DeValue::Array(ids) = list.get_ref() else {
        return Err(reader.at(
            list.span(),
            "`disable` must be an array of technique ids, e.g. [\"simple-colors\"]",
        ));
    };
    for value in ids.iter() {
        let id = reader.string(value, "each entry of `disable`")?;
        let mut found = false;
        for technique in techniques.iter_mut().filter(|t| t.id == id) {
            technique.enabled = false;
            found = true;
        }
        if !found {
            return Err(reader.at(value.span(), not_listed("disable", id, techniques)));
        }
    }
    Ok(())
}

fn not_listed(key: &str, id: &str, techniques: &[TechniqueConfig]) -> String {
    let ids = techniques.iter().map(|t| t.id.as_str());
    match nearest(id, ids) {
        Some(near) => format!(
            "`{key} = \"{id}\"`: no technique `{id}` is listed before this point; did you mean `{near}`?"
        ),
        None => format!("`{key} = \"{id}\"`: no technique `{id}` is listed before this point"),
    }
}

/// `kinds` / `skip_kinds` of technique `id`: step kinds it finds. A kind registered to another
/// technique is refused (with that technique's name); a kind nobody knows, with the nearest.
pub(super) fn kinds(
    reader: &Reader,
    value: &Spanned<DeValue>,
    key: &str,
    id: &str,
) -> Result<Vec<String>, ConfigError> {
    let DeValue::Array(items) = value.get_ref() else {
        return Err(reader.at(
            value.span(),
            format!(
                "`{key}` of technique `{id}` must be an array of step kinds, e.g. [\"x-wing\"]"
            ),
        ));
    };
    let table = crate::solve::rating::RatingTable::with_overrides(&[]);
    let mut out = Vec::new();
    for item in items.iter() {
        let kind = reader.string(item, &format!("each entry of `{key}`"))?;
        match crate::technique::kind_mark(kind) {
            Some(mark) if mark.technique != id => {
                return Err(reader.at(
                    item.span(),
                    format!("`{key}`: {}, not of `{id}`", mark.explain()),
                ));
            }
            Some(_) => {}
            None if table.lists(kind) || kind == id => {}
            None => {
                let known = crate::technique::kind_marks()
                    .filter(|m| m.technique == id)
                    .map(|m| m.kind);
                let message = match nearest(kind, known.chain(table.ids())) {
                    Some(near) => {
                        format!("`{key}`: unknown step kind `{kind}`; did you mean `{near}`?")
                    }
                    None => format!("`{key}`: unknown step kind `{kind}`"),
                };
                return Err(reader.at(item.span(), message));
            }
        }
        out.push(kind.to_string());
    }
    Ok(out)
}
