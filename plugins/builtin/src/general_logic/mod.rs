//! General logic: Allan Barker's base/cover set logic (GNPX's "General Logic"), found with the
//! engine's `patterns::base_cover`.

// One technique a file, named after it: the family and its one technique share the name.
#[allow(clippy::module_inception)]
pub mod general_logic;
