//! Kaidoku engine: the grid and its candidates, houses, combinations, almost locked sets, the
//! `Technique` trait and registry, configs, the solve loop, traces, a backtracking solver and
//! the host for dynamic technique plugins.

pub mod backtrack;
pub mod cells;
pub mod digits;
pub mod grid;
pub mod house;

pub use cells::{Cell, CellSet};
pub use digits::{DIGITS, Digit, DigitSet};
pub use grid::{Conflict, Grid};
pub use house::{House, HouseKind, common_houses, common_peers, houses_of, intersection, peers};
