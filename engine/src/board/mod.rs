//! The board: the grid's vocabulary that everything else speaks. Digits and digit sets, cells
//! and cell sets (bitboards), houses and their peers, candidates, the grid itself, subsets and
//! combinations, the symmetries of the board and the canonical form, and what changed between
//! two positions.
//!
//! May use: `backtrack` (the grid counts its solutions with it).

pub mod candidates;
pub mod canon;
pub mod cells;
pub mod changes;
pub mod combinations;
pub mod digits;
pub mod grid;
pub mod house;
pub mod house_set;
pub mod subsets;
pub mod symmetry;
pub mod transform;
