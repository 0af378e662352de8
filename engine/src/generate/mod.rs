//! Making puzzles: the canonical form that tells puzzles apart up to symmetry.

pub mod canon;
