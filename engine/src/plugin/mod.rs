//! Plugins: the small, versioned C ABI a technique in a shared library speaks, and the host
//! that loads such a library and registers its techniques beside the built-in ones.
//!
//! May use: `board`, `text`, `step`, `patterns`, `technique`.

pub mod abi;
pub mod host;
