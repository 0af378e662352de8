//! Almost locked sets: n cells of a house holding n + 1 digits, forced to lock when they lose
//! one.

pub mod als_chain;
pub mod als_xy_wing;
pub mod als_xz;
pub mod death_blossom;
mod rcc_links;
pub mod sue_de_coq;
// Sue de Coq and Death Blossom extended (GNPX), with the petal index they share.
mod death_blossom_extended;
mod petals;
mod sue_de_coq_extended;

// GNPX's wings of almost locked sets (issue 25).
mod als_wing;
mod xyz_wing_als;
