//! The grid as text: reading every input format (81 characters, pencil-mark grids, HoDoKu's
//! library lines) and writing grids back in the forms the readers take.
//!
//! May use: `board`.

pub mod parse;
pub mod render;
