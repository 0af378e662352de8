//! Sudoku Explainer's own producers, where SE finds or names a step differently from the
//! techniques Kaidoku shares with HoDoKu: run in SE's order by `configs/se.toml`, they let
//! `kaidoku rate` give the ER that Sukaku Explainer's `serate` gives (see `docs/se-rating.md`).

pub mod aligned_pair_exclusion;
pub mod aligned_triple_exclusion;
pub mod bug;
pub mod direct_hidden_set;
pub mod direct_pointing;
pub mod locked_set;
pub mod three_strong_links;
pub mod turbot_fish;
pub mod unique_loop;
pub mod vwxyz_wing;
pub mod wxyz_wing;
pub mod xy_wing;
