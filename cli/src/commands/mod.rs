//! One file per subcommand.

pub mod batch;
pub mod canon;
pub mod config;
pub mod count;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod rate;
pub mod reglib;
pub mod serve;
pub mod solve;
pub mod steps;
pub mod techniques;
