//! Single-digit patterns: logic on the places of one digit.

pub mod fish;
