//! Uniqueness techniques: they assume the puzzle has one solution (Kaidoku checks that before
//! it solves) and remove what would allow a second. No shipped config runs them unless it
//! lists them: a setter who rates puzzles may not want them.

pub mod bug_plus_one;
pub mod unique_rectangle;
