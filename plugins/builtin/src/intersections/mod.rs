//! Intersections: a digit confined to where a line and a box meet.

pub mod almost_locked_candidates;
pub mod locked_candidates;
