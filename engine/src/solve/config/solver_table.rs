//! The `[solver]` table: verify, uniqueness, the names steps get, how `rate` picks its step and
//! which way round it takes the puzzle.

use super::{Config, ConfigError, Reader};
use toml::Spanned;
use toml::de::DeValue;

pub(super) const SOLVER_KEYS: &[&str] = &["verify", "uniqueness", "rate", "names", "orientation"];

/// The names steps get. Techniques name their steps as HoDoKu and Sudoku Explainer do
/// (`Naked Pair`, `Hidden Triple`, `Locked Pair` for a naked pair in one box and one line);
/// `[solver] names = "gnpx"` gives GNPX's names instead (`Locked Pair`, `Locked Pair
/// (hidden)`, `Locked Quartet`, `Locked Set[5D]`), as `configs/gnpx.toml` does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Names {
    #[default]
    /// HoDoKu's and Sudoku Explainer's names.
    Hodoku,
    /// GNPX's names.
    Gnpx,
}

/// How a rating solve ([`crate::Solver::rate`]) picks the step at each position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RateOrder {
    /// The easiest step any technique offers (lowest ER; config order among equals).
    #[default]
    Easiest,
    /// The first step of the first technique in config order: Sudoku Explainer's producers.
    InOrder,
}

impl RateOrder {
    /// The value as the config writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            RateOrder::Easiest => "easiest",
            RateOrder::InOrder => "in-order",
        }
    }
}
/// Which way round a rating solve ([`crate::Solver::rate`]) takes the puzzle.
///
/// Sudoku Explainer's search keeps the first chain it meets in its scan order, so the chains
/// it rates, and sometimes the ER, depend on how the grid is turned and labelled. Taking every
/// puzzle in its canonical form (the forum's minlex) makes a rating the same for all of a
/// puzzle's isomorphs; the steps are carried back to the puzzle as given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// The puzzle as given: Sudoku Explainer's own rating of that text.
    #[default]
    AsGiven,
    /// The puzzle's canonical form: one rating for every isomorph.
    Canonical,
}

impl Orientation {
    /// The value as `[solver] orientation` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Orientation::AsGiven => "as-given",
            Orientation::Canonical => "canonical",
        }
    }
}

/// Reads the `[solver]` table into `config`.
pub(super) fn read(
    reader: &Reader,
    solver: &Spanned<DeValue>,
    config: &mut Config,
) -> Result<(), ConfigError> {
    let table = reader.table(solver, "[solver]")?;
    for (key, value) in table.iter() {
        reader.check_key(key, SOLVER_KEYS, "key", " in [solver]")?;
        let name = key.get_ref().as_ref();
        if name == "names" {
            config.names = match reader.string(value, "names in [solver]")? {
                "hodoku" => Names::Hodoku,
                "gnpx" => Names::Gnpx,
                other => {
                    return Err(reader.at(
                        value.span(),
                        format!(
                            "names in [solver] is `{other}`, but must be \"hodoku\" \
                                 (HoDoKu's and Sudoku Explainer's, the default) or \"gnpx\""
                        ),
                    ));
                }
            };
            continue;
        }
        if name == "orientation" {
            config.orientation = match reader.string(value, "orientation in [solver]")? {
                "as-given" => Orientation::AsGiven,
                "canonical" => Orientation::Canonical,
                other => {
                    return Err(reader.at(
                        value.span(),
                        format!(
                            "orientation in [solver] must be \"as-given\" or \
                                 \"canonical\", found \"{other}\""
                        ),
                    ));
                }
            };
            continue;
        }
        if name == "rate" {
            config.rate = match reader.string(value, "rate in [solver]")? {
                "easiest" => RateOrder::Easiest,
                "in-order" => RateOrder::InOrder,
                other => {
                    return Err(reader.at(
                        value.span(),
                        format!(
                            "rate in [solver] must be \"easiest\" or \"in-order\", \
                                 found \"{other}\""
                        ),
                    ));
                }
            };
            continue;
        }
        let flag = reader.boolean(value, &format!("{name} in [solver]"))?;
        match name {
            "uniqueness" => config.uniqueness = flag,
            _ => config.verify = flag,
        }
    }
    Ok(())
}
