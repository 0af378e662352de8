//! Singles: a cell's value follows from one house or one cell.

pub mod hidden_single;
pub mod last_digit;
pub mod naked_single;
