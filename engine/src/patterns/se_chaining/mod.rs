//! Sudoku Explainer's chaining producers, rebuilt to rate as SE rates (issue 23).
//!
//! SE (and Sukaku Explainer, which rated the Sudoku Exchange bank) finds every chain by
//! breadth-first search over *potentials*: a candidate assumed on or off. An "on" potential
//! turns off the candidate's cell-mates (a Y-link) and its digit's other places in its box,
//! row and column (X-links, box first, then the row and column outside the box); an "off"
//! potential turns on the cell's last candidate (Y) or the digit's last place in a house (X,
//! box, row, column). Each producer collects all its hints at a position, sorts them by
//! difficulty, then complexity (the number of distinct potentials in the chains), then a key
//! per hint type, and hands over the first; the sort is stable, so ties go to the hint found
//! first in SE's search order, which this module follows exactly (cells row by row, digits
//! ascending, implications in SE's order).
//!
//! - [`board`]: the working grid and the two implication rules.
//! - [`hint`]: a hint, its SE difficulty (computed in `f64` as SE does, so ties and
//!   rounding match) and SE's order.
//! - [`cycles`]: the static producer "Forcing Chains & Cycles" (X-, Y- and XY-cycles, forcing
//!   X-chains and forcing chains).
//! - `chaining`: SE's general implication search (static, Nishio, dynamic), whose outcome
//!   keeps every potential's parents.
//! - [`multiple`]: the producers built on it: Nishio, multiple (cell and region) and dynamic
//!   forcing chains.
//! - `measure`: a hint's complexity (with its nested chains) and, nested, its rule parents.
//! - `basic`: SE's basic rules inside a chain (level 1 up).
//! - [`nested`]: dynamic forcing chains with the advanced rules: plus and the nested levels.
//!
//! May use: `board`, `step`.

pub(crate) mod basic;
pub mod board;
pub(crate) mod chaining;
pub mod cycles;
pub mod hint;
pub(crate) mod measure;
pub mod multiple;
pub mod nested;
#[cfg(test)]
mod tests;

pub use board::{Pot, Work};
pub use hint::{Rule, SeHint, Shape, sort_hints};
