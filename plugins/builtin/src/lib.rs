//! Kaidoku's built-in techniques, and the entry points for library users: configs and solvers
//! built here always have the built-in techniques (calling into this crate is what keeps it,
//! and its registrations, linked).
//!
//! ```
//! let solver = kaidoku_techniques::default_solver()?;
//! let puzzle = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
//! let grid = kaidoku_engine::parse::parse(puzzle)?;
//! let trace = solver.solve(&grid);
//! assert_eq!(trace.status, kaidoku_engine::Status::Solved);
//! assert_eq!(trace.grid, "278916354956342178413578692324795861781624539695831247532487916849163725167259483");
//! for step in &trace.steps {
//!     println!("{}", step.text()); // e.g. "Full House: r5c5=2"
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each technique lives in its own file, named after it, with its tests beside it, and
//! registers itself with `register_technique!`; configs decide which ones run and in which
//! order.

#![warn(missing_docs)]

mod als;
mod chains;
mod coloring;
mod exocet;
mod exotic_sets;
mod fireworks;
mod forcing;
mod general_logic;
mod hidden_sets;
mod intersections;
mod kinds;
mod last_resort;
mod reglib_codes;
mod se;
mod se_chaining;
mod single_digit;
mod singles;
mod subsets;
mod templates;
mod uniqueness;
mod wings;

pub use reglib_codes::REGLIB_CODES;

use kaidoku_engine::{Config, ConfigError, ConfigLoader, Solver};
use std::path::Path;

#[cfg(test)]
mod last_miss_tests;
#[cfg(test)]
mod rating_tests;
#[cfg(test)]
mod registry_tests;
#[cfg(test)]
mod symmetry_tests;
#[cfg(test)]
mod testing;

/// The default config (`configs/default.toml`), the one `kaidoku` uses without `--config`.
pub const DEFAULT_CONFIG: &str = include_str!("../../../configs/default.toml");

/// The config `kaidoku hint` uses (`configs/rating.toml`): every technique SE rates, under the
/// names HoDoKu players know, taken easiest step first.
pub const RATING_CONFIG: &str = include_str!("../../../configs/rating.toml");

/// The config `kaidoku rate` and `generate --er` use (`configs/se.toml`): Sudoku Explainer's
/// hint producers in SE's order, rated as SE (serate) rates them.
pub const SE_CONFIG: &str = include_str!("../../../configs/se.toml");

/// Every config shipped in `configs/`, by name (its file stem), compiled in: the command line
/// takes `--config NAME` for these, so an installed binary needs no checkout.
pub const SHIPPED_CONFIGS: &[(&str, &str)] = &[
    ("default", DEFAULT_CONFIG),
    ("fast", include_str!("../../../configs/fast.toml")),
    ("all", include_str!("../../../configs/all.toml")),
    ("hardest", include_str!("../../../configs/hardest.toml")),
    ("basic", include_str!("../../../configs/basic.toml")),
    ("extended", include_str!("../../../configs/extended.toml")),
    ("gnpx", include_str!("../../../configs/gnpx.toml")),
    ("peer", include_str!("../../../configs/peer.toml")),
    ("rating", RATING_CONFIG),
    ("se", SE_CONFIG),
    ("singles", include_str!("../../../configs/singles.toml")),
];

/// The text of the shipped config named `name` (see [`SHIPPED_CONFIGS`]).
pub fn shipped_config(name: &str) -> Option<&'static str> {
    SHIPPED_CONFIGS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The default config, with the built-in techniques.
pub fn default_config() -> Result<Config, ConfigError> {
    parse_config(
        DEFAULT_CONFIG,
        "<built-in default config>",
        "default",
        Path::new("."),
    )
}

/// A solver with the default config.
pub fn default_solver() -> Result<Solver, ConfigError> {
    Solver::new(default_config()?)
}

/// A config file (TOML), with the built-in techniques and the plugins it names; its `extends`
/// may name a shipped config (see [`SHIPPED_CONFIGS`]).
pub fn load_config(path: &Path) -> Result<Config, ConfigError> {
    link();
    ConfigLoader::new()
        .shipped_configs(shipped_config)
        .from_file(path)
}

/// A config from text; see [`Config::parse`]. Its `extends` may name a shipped config.
pub fn parse_config(
    text: &str,
    origin: &str,
    name: &str,
    base_dir: &Path,
) -> Result<Config, ConfigError> {
    link();
    ConfigLoader::new()
        .shipped_configs(shipped_config)
        .parse(text, origin, name, base_dir)
}

/// Rate a puzzle as `kaidoku rate` does, in one call: the config `kaidoku rate` uses
/// ([`SE_CONFIG`]) and its `[solver] rate` order ([`Solver::rate`]). The trace's `rating`
/// holds the ER (with EP and ED), HoDoKu's level and score and the hardest step; its `status`
/// and `error` say why a puzzle has none (no solution, several). The solver is built once and
/// shared.
///
/// ```
/// let grid = kaidoku_engine::parse::parse(
///     "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3",
/// )
/// .expect("a puzzle");
/// let trace = kaidoku_techniques::rate(&grid).expect("the rating config reads");
/// let rating = trace.rating.expect("a puzzle with one solution is rated");
/// assert!(rating.complete, "solved by the rating config");
/// println!("ER {} ({:?}), hardest step {:?}", rating.er_text(), rating.level, rating.hardest);
/// ```
pub fn rate(grid: &kaidoku_engine::Grid) -> Result<kaidoku_engine::Trace, ConfigError> {
    static RATING: std::sync::OnceLock<Result<Solver, ConfigError>> = std::sync::OnceLock::new();
    let solver = RATING.get_or_init(|| {
        let config = parse_config(SE_CONFIG, "<built-in se config>", "se", Path::new("."))?;
        Solver::new(config)
    });
    match solver {
        Ok(solver) => Ok(solver.rate(grid)),
        Err(e) => Err(e.clone()),
    }
}

/// Makes the linker keep this crate, and with it every registration; returns how many
/// built-in techniques there are. The functions above call it; call it yourself before
/// using `kaidoku_engine`'s `Config` or `Registry::builtin` directly.
#[inline(never)]
pub fn link() -> usize {
    kaidoku_engine::Registry::builtin()
        .map(|r| r.len())
        .unwrap_or(0)
}
