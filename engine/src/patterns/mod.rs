//! The shared pattern engines that techniques are written with: singles, almost locked sets
//! (and carrying them along a solve path), fish, the chain engine (link graph, AIC and loop
//! searches, forcing), SE's own chaining (`se_chaining`), obvious contradictions and small link
//! helpers. An engine finds patterns in a grid; it knows nothing of techniques, configs or the
//! solve loop.
//!
//! May use: `board`, `text`, `step`.

pub mod als;
pub mod als_carry;
pub mod base_cover;
pub mod chains;
pub mod contradiction;
pub mod fish;
pub mod links;
pub mod se_chaining;
pub mod singles;
