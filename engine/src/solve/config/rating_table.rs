//! A config's `[rating]` table: per step kind, its ER, HoDoKu score or level.
//!
//! ```toml
//! [rating]
//! x-wing = { er = 3.2, score = 140, level = "hard" }
//! skyscraper = { er = 4.0 }
//! ```

use super::{ConfigError, Reader, unknown};
use crate::solve::rating::{Level, RatingOverride, RatingTable};
use crate::technique::registry::{Registry, Source, nearest};
use toml::Spanned;
use toml::de::DeValue;

const KEYS: &[&str] = &["er", "score", "level"];

/// Read the `[rating]` table. Its ids are the rating table's kinds and families, the kinds
/// the config's plugins rate, and the ids of plugin techniques (their steps' kind when they
/// name none).
pub(crate) fn parse(
    reader: &Reader,
    value: &Spanned<DeValue>,
    registry: &Registry,
) -> Result<Vec<RatingOverride>, ConfigError> {
    let defaults = RatingTable::default();
    let mut ids = defaults.ids();
    ids.extend(registry.declared_ratings().map(|r| r.kind.as_str()));
    ids.extend(
        registry
            .entries()
            .iter()
            .filter(|e| matches!(e.source, Source::Plugin { .. }))
            .map(|e| e.id.as_str()),
    );
    let table = reader.table(value, "[rating]")?;
    let mut out = Vec::new();
    for (key, value) in table.iter() {
        let id = key.get_ref().as_ref();
        if !ids.contains(&id) {
            return Err(reader.at(key.span(), unknown_kind(id, &ids)));
        }
        let what = format!("`{id}` in [rating]");
        let fields = reader.table(value, &format!("{what} (e.g. {{ er = 3.2 }})"))?;
        let mut rating = RatingOverride {
            id: id.to_string(),
            er: None,
            score: None,
            level: None,
        };
        for (field, value) in fields.iter() {
            reader.check_key(field, KEYS, "key", &format!(" for {what}"))?;
            match field.get_ref().as_ref() {
                "er" => rating.er = Some(er(reader, value, &what)?),
                "score" => rating.score = Some(score(reader, value, &what)?),
                _ => rating.level = Some(level(reader, value, &what)?),
            }
        }
        out.push(rating);
    }
    Ok(out)
}

/// An unknown kind: the nearest known one, never the whole list (some 200 kinds).
fn unknown_kind(id: &str, ids: &[&str]) -> String {
    if nearest(id, ids.iter().copied()).is_some() {
        return unknown("step kind", id, " in [rating]", ids.iter().copied());
    }
    let closest = ids
        .iter()
        .map(|k| (strsim::normalized_damerau_levenshtein(id, k), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(String::new(), |(_, k)| format!("; the nearest is `{k}`"));
    format!(
        "unknown step kind `{id}` in [rating]{closest} (`kaidoku techniques` lists the \
         techniques, and docs/plugins.md how a plugin rates its kinds)"
    )
}

fn er(reader: &Reader, value: &Spanned<DeValue>, what: &str) -> Result<u16, ConfigError> {
    let number = match value.get_ref() {
        DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        DeValue::Integer(i) => i.as_str().replace('_', "").parse::<f64>().ok(),
        _ => None,
    };
    match number {
        Some(er) if (0.0..=20.0).contains(&er) => Ok((er * 10.0).round() as u16),
        _ => Err(reader.at(
            value.span(),
            format!("`er` of {what} must be a number from 0.0 to 20.0"),
        )),
    }
}

fn score(reader: &Reader, value: &Spanned<DeValue>, what: &str) -> Result<u32, ConfigError> {
    let number = match value.get_ref() {
        DeValue::Integer(i) => u32::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok(),
        _ => None,
    };
    number.filter(|&s| s <= 100_000).ok_or_else(|| {
        reader.at(
            value.span(),
            format!("`score` of {what} must be an integer from 0 to 100000"),
        )
    })
}

fn level(reader: &Reader, value: &Spanned<DeValue>, what: &str) -> Result<Level, ConfigError> {
    let text = reader.string(value, &format!("`level` of {what}"))?;
    Level::parse(text).ok_or_else(|| {
        let names = Level::ALL.map(Level::as_str);
        reader.at(
            value.span(),
            unknown(
                "level",
                text,
                &format!(" for {what}"),
                names.iter().copied(),
            ),
        )
    })
}
