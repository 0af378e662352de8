//! Forcing chains and nets: assume a candidate and follow what it forces.

pub mod forcing_chain;
mod forcing_steps;
pub mod nested_forcing;
