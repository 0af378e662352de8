//! Fast backtracking solver (being written).
