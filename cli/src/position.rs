//! Writing a position for a player to go on from (`hint --apply`, `steps --apply N`,
//! `solve --until N`): in the format the input came in, or one chosen with `--position`.

pub use kaidoku_api::position::{PositionFormat, write};
