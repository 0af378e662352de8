//! Kaidoku's built-in techniques. Each technique lives in its own file, named after it, with
//! its tests beside it, and registers itself with `register_technique!`; configs decide which
//! ones run and in which order.

pub mod als;
pub mod chains;
pub mod intersections;
pub mod reglib_codes;
pub mod single_digit;
pub mod singles;
pub mod subsets;

pub use reglib_codes::REGLIB_CODES;

#[cfg(test)]
mod symmetry_tests;
#[cfg(test)]
mod testing;

/// Call this from every binary and test that needs the built-in techniques: it makes the
/// linker keep this crate, and with it every registration.
#[inline(never)]
pub fn link() -> usize {
    kaidoku_engine::Registry::builtin()
        .map(|r| r.len())
        .unwrap_or(0)
}
