//! Output for people and regression runs: SVG/HTML pictures of steps and traces, HoDoKu's
//! regression library runner and technique fixtures.
//!
//! May use: every layer below.

pub mod fixtures;
pub mod picture;
pub mod reglib;
