//! Kaidoku engine: the grid and its candidates, houses, combinations, almost locked sets, the
//! `Technique` trait and registry, configs, the solve loop, traces, a backtracking solver and
//! the host for dynamic technique plugins.
//!
//! The techniques themselves live in `kaidoku_techniques`; build configs through it (or call
//! `kaidoku_techniques::link()` first), else [`Registry::builtin`] reports that none are
//! linked.
//!
//! ```
//! use kaidoku_engine::{Solver, Status, parse};
//!
//! // A config of two techniques, in order of application.
//! let config = kaidoku_techniques::parse_config(
//!     "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n",
//!     "<example>",
//!     "singles",
//!     std::path::Path::new("."),
//! )?;
//! let solver = Solver::new(config)?;
//! let grid = parse::parse(
//!     "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
//! )?;
//! let trace = solver.solve(&grid);
//! assert_eq!(trace.status, Status::Solved);
//! println!("{}", trace.to_text()); // every step, explained, and the final grid
//!
//! // The backtracking solver counts solutions (up to a limit).
//! assert_eq!(grid.solutions(2).count, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layers
//!
//! The source is grouped by layer, bottom up. A file imports only from its own layer and the
//! layers below it (unit tests may use any layer, as dev-dependencies may), and files do not
//! import each other in loops except inside the small units named in `tests/layers.rs`, which
//! checks both rules on every `cargo test`.
//!
//! | layer | what it is | may use |
//! |---|---|---|
//! | [`backtrack`] | the fast backtracking solver: counts solutions, checks uniqueness | nothing |
//! | [`board`] | digits, cells, houses, candidates, the grid, subsets, symmetries, changes | `backtrack` |
//! | [`text`] | reading every input format, writing grids as text | the above |
//! | [`step`] | a step, its kind, its parts and its explanation: what every technique speaks | the above |
//! | [`patterns`] | shared engines: singles, ALS, fish, chains and forcing, contradictions | the above |
//! | [`technique`] | the `Technique` trait, registry, analysis of a position, miss memory | the above |
//! | [`plugin`] | the C ABI of technique plugins and the host that loads them | the above |
//! | [`solve`] | configs, the solve loop, traces, ratings | the above |
//! | [`generate`] | making puzzles: solution grids, clue removal, filters, canonical forms | the above |
//! | [`io`] | SVG/HTML pictures, HoDoKu's regression library, technique fixtures | the above |
//!
//! The modules are also re-exported flat (`kaidoku_engine::grid`, `kaidoku_engine::chains`,
//! `kaidoku_engine::parse` …) and the everyday types at the root (`kaidoku_engine::Grid`).

#![warn(missing_docs)]

pub mod backtrack;
pub mod board;
pub mod generate;
pub mod io;
pub mod patterns;
pub mod plugin;
pub mod solve;
pub mod step;
pub mod technique;
pub mod text;

// The flat module paths of the public API.
pub use board::{
    candidates, cells, changes, combinations, digits, grid, house, house_set, subsets, symmetry,
};
pub use io::{fixtures, picture, reglib};
pub use patterns::{als, als_carry, chains, contradiction, fish, links, se_chaining, singles};
pub use plugin::{abi as plugin_abi, host as plugin_host};
pub use solve::{config, rating, solver, trace};
pub use technique::{analysis, registry};
pub use text::{parse, render};

pub use als::{Als, MAX_ALS_CELLS, find_als, find_als_into, rcc_cell_als, rccs};
pub use analysis::{AlsPair, Analysis};
pub use board::changes::Changes;
pub use candidates::Candidates;
pub use cells::{Cell, CellSet};
pub use combinations::{Combinations, combinations, digit_combinations};
pub use config::{
    Config, ConfigError, ConfigErrorKind, ConfigLoader, Names, Orientation, RateOrder,
    TechniqueConfig,
};
pub use contradiction::obvious_contradiction;
pub use digits::{DIGITS, Digit, DigitSet};
pub use fish::{Fish, FishFamily, FishSpec, HouseKinds, find_fish};
pub use grid::{Conflict, Grid};
pub use house::{House, HouseKind, common_houses, common_peers, houses_of, intersection, peers};
pub use house_set::HouseSet;
pub use rating::{Er, Level, PathRating, RatingTable, StepRating};
pub use registry::{Registry, RegistryEntry, Source};
pub use solver::{SolveError, Solver};
pub use step::{
    Chain, ChainNode, LinkKind, NodeKind, Part, Parts, Pattern, PatternPart, Placements, Step,
    StepKind, fish_size_name, gnpx_set_name, subset_size_name,
};
pub use subsets::{grow_subsets, subsets_of_size};
pub use technique::last_miss::MissMemory;
pub use technique::{
    Flow, Halt, KindRating, ParamKind, ParamSpec, ParamValue, Params, StepSink, Technique,
    TechniqueInfo,
};
pub use trace::{KAIDOKU_VERSION, Status, TRACE_FORMAT, Trace};

#[doc(hidden)]
pub use inventory;

/// What a technique file needs, in one import.
pub mod prelude {
    pub use crate::Changes;
    pub use crate::{Als, Analysis, find_als, find_als_into, rcc_cell_als, rccs};
    pub use crate::{
        Candidates, Cell, CellSet, Chain, ChainNode, Combinations, Digit, DigitSet, Flow, Grid,
        House, HouseKind, HouseSet, LinkKind, NodeKind, ParamSpec, Params, Part, Step, StepKind,
        StepSink, Technique, TechniqueInfo, combinations, common_houses, common_peers,
        digit_combinations, houses_of, intersection, peers, register_fixtures, register_technique,
    };
    pub use std::ops::ControlFlow;
}
