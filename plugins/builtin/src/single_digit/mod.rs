//! Single-digit patterns: logic on the places of one digit.

pub mod dual_two_string_kite;
pub mod empty_rectangle;
pub mod fish;
pub mod kraken_fish;
