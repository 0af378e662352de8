//! Intersections: a digit confined to where a line and a box meet.

pub mod locked_candidates;
