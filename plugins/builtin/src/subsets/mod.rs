//! Subsets: digits locked into cells.

pub mod locked_set;
