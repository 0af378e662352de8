//! Almost hidden sets: n digits of a house confined to n + 1 of its cells, forced to lock (as a
//! hidden set) when one of those cells is taken by another digit. The dual of almost locked
//! sets, with cells and digits swapped.

pub mod ahs_xz;
