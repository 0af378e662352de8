//! Kaidoku engine: the grid and its candidates, houses, combinations, almost locked sets, the
//! `Technique` trait and registry, configs, the solve loop, traces, a backtracking solver and
//! the host for dynamic technique plugins.

pub mod als;
pub mod backtrack;
pub mod candidates;
pub mod cells;
pub mod chains;
pub mod combinations;
pub mod config;
pub mod digits;
pub mod fish;
pub mod grid;
pub mod house;
pub mod house_set;
pub mod lines;
pub mod links;
pub mod parse;
pub mod plugin_abi;
pub mod plugin_host;
pub mod registry;
pub mod reglib;
pub mod render;
pub mod solver;
pub mod step;
pub mod subsets;
pub mod technique;
pub mod trace;

pub use als::{Als, MAX_ALS_CELLS, find_als, find_als_into, rcc_cell_als, rccs};
pub use candidates::Candidates;
pub use cells::{Cell, CellSet};
pub use combinations::{Combinations, combinations, digit_combinations};
pub use config::{Config, ConfigError, ConfigLoader, TechniqueConfig};
pub use digits::{DIGITS, Digit, DigitSet};
pub use fish::{Fish, FishFamily, FishSpec, HouseKinds, find_fish};
pub use grid::{Conflict, Grid};
pub use house::{House, HouseKind, common_houses, common_peers, houses_of, intersection, peers};
pub use house_set::HouseSet;
pub use lines::{DigitLines, LineKind, digit_lines};
pub use registry::{Registry, RegistryEntry, Source};
pub use solver::{SolveError, Solver};
pub use step::{
    Chain, ChainNode, LinkKind, NodeKind, Part, PatternPart, Step, StepKind, fish_size_name,
    subset_size_name,
};
pub use subsets::{grow_subsets, subsets_of_size};
pub use technique::{
    Flow, Halt, ParamKind, ParamSpec, ParamValue, Params, StepSink, Technique, TechniqueInfo,
};
pub use trace::{Status, Trace};

#[doc(hidden)]
pub use inventory;

/// What a technique file needs, in one import.
pub mod prelude {
    pub use crate::{Als, find_als, find_als_into, rcc_cell_als, rccs};
    pub use crate::{
        Candidates, Cell, CellSet, Chain, ChainNode, Combinations, Digit, DigitSet, Flow, Grid,
        House, HouseKind, HouseSet, LinkKind, NodeKind, ParamSpec, Params, Part, Step, StepKind,
        StepSink, Technique, TechniqueInfo, combinations, common_houses, common_peers,
        digit_combinations, houses_of, intersection, peers, register_technique,
    };
    pub use std::ops::ControlFlow;
}
