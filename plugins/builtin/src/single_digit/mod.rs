//! Single-digit patterns: logic on the places of one digit.

pub mod empty_rectangle;
pub mod fish;
