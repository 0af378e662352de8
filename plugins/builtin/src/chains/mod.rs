//! Chains: links between candidates followed from cell to cell, on the engine's chain search.

pub mod aic;
mod aic_steps;
pub mod nice_loop;
pub mod remote_pair;
pub mod x_chain;
pub mod xy_chain;
