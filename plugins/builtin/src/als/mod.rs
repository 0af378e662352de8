//! Almost locked sets: n cells of a house holding n + 1 digits, forced to lock when they lose
//! one.

pub mod als_chain;
pub mod als_xy_wing;
pub mod als_xz;
pub mod death_blossom;
mod rcc_links;
pub mod sue_de_coq;
// GNPX's wings of almost locked sets (issue 25).
pub mod als_wing;
pub mod xyz_wing_als;
