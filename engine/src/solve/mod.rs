//! Solving: configs (which techniques run, in which order, with which parameters), the solve
//! loop, its trace, and the ratings of steps and paths.
//!
//! May use: every layer below (`backtrack` … `plugin`; a config loads plugins).

pub mod config;
pub mod deadline;
pub mod rating;
pub mod solver;
pub mod trace;
