//! Wings: a pivot cell and pincer cells that see it, forcing a digit into one of the pincers
//! or the pivot. (XY-Wings and W-Wings are chains: see `chains`.)

pub mod wxyz_wing;
pub mod xyz_wing;
