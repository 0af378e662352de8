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

pub mod als;
pub mod als_carry;
pub mod analysis;
pub mod backtrack;
pub mod candidates;
pub mod cells;
pub mod chains;
pub mod combinations;
pub mod config;
pub mod contradiction;
pub mod digits;
pub mod fish;
pub mod fixtures;
pub mod generate;
pub mod grid;
pub mod house;
pub mod house_set;
pub mod last_miss;
pub mod links;
pub mod parse;
pub mod picture;
pub mod plugin_abi;
pub mod plugin_host;
pub mod rating;
pub mod registry;
pub mod reglib;
pub mod render;
pub mod singles;
pub mod solver;
pub mod step;
pub mod subsets;
pub mod symmetry;
pub mod technique;
pub mod trace;

pub use als::{Als, MAX_ALS_CELLS, find_als, find_als_into, rcc_cell_als, rccs};
pub use analysis::{AlsPair, Analysis};
pub use candidates::Candidates;
pub use cells::{Cell, CellSet};
pub use combinations::{Combinations, combinations, digit_combinations};
pub use config::{Config, ConfigError, ConfigLoader, TechniqueConfig};
pub use contradiction::obvious_contradiction;
pub use digits::{DIGITS, Digit, DigitSet};
pub use fish::{Fish, FishFamily, FishSpec, HouseKinds, find_fish};
pub use grid::{Conflict, Grid};
pub use house::{House, HouseKind, common_houses, common_peers, houses_of, intersection, peers};
pub use house_set::HouseSet;
pub use last_miss::{Changes, MissMemory};
pub use rating::{Er, Level, PathRating, RatingTable, StepRating};
pub use registry::{Registry, RegistryEntry, Source};
pub use solver::{SolveError, Solver};
pub use step::{
    Chain, ChainNode, LinkKind, NodeKind, Part, Parts, Pattern, PatternPart, Placements, Step,
    StepKind, fish_size_name, subset_size_name,
};
pub use subsets::{grow_subsets, subsets_of_size};
pub use technique::{
    Flow, Halt, ParamKind, ParamSpec, ParamValue, Params, StepSink, Technique, TechniqueInfo,
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
