//! What runs when logic runs out.

pub mod guess;
