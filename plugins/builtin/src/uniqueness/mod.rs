//! Uniqueness techniques: they assume the puzzle has one solution (Kaidoku checks that before
//! it solves) and remove what would allow a second. They are opt-in: a config runs them only
//! with `[solver] uniqueness = true` (each declares itself with `register_uniqueness!`), since a
//! setter who rates puzzles may not want them.

pub mod avoidable_rectangle;
pub mod bug_plus_n;
pub mod bug_plus_one;
pub mod extended_unique_rectangle;
pub mod gurths_symmetrical_placement;
pub mod hidden_rectangle;
mod rectangle;
pub mod unique_rectangle;

#[cfg(test)]
mod scan_tests;
