//! Chains: links between candidates followed from cell to cell.

pub mod remote_pair;
