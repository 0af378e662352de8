//! The symmetries a puzzle's clue pattern may have: the ten setters name (none, the rotations,
//! the mirrors and their combinations up to the full dihedral group of the square), as groups
//! of cell maps, and the orbits they split the 81 cells into. A symmetric puzzle gives or
//! leaves out whole orbits.

use crate::board::cells::{Cell, CellSet};
use std::fmt;
use std::sync::OnceLock;

/// A clue symmetry: the group of cell maps that leave the pattern of clues unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClueSymmetry {
    /// No symmetry.
    None,
    /// Half-turn about the centre (the most common in published puzzles).
    Rotational180,
    /// Quarter-turn about the centre (implies the half-turn).
    Rotational90,
    /// Mirror in the vertical axis (column `c` ↔ `8 - c`).
    Vertical,
    /// Mirror in the horizontal axis (row `r` ↔ `8 - r`).
    Horizontal,
    /// Mirror in the main diagonal (`r1c1`–`r9c9`).
    Diagonal,
    /// Mirror in the anti-diagonal (`r1c9`–`r9c1`).
    AntiDiagonal,
    /// Both axis mirrors (and so the half-turn).
    BothMirrors,
    /// Both diagonal mirrors (and so the half-turn).
    BothDiagonals,
    /// Every rotation and mirror of the square.
    Dihedral,
}

/// The eight maps of the square's symmetry group, by index: identity, quarter-turn,
/// half-turn, three-quarter-turn, vertical axis, horizontal axis, diagonal, anti-diagonal.
/// A map of the square: (row, column) to (row, column).
type CellMap = fn(usize, usize) -> (usize, usize);

const MAPS: [CellMap; 8] = [
    |r, c| (r, c),
    |r, c| (c, 8 - r),
    |r, c| (8 - r, 8 - c),
    |r, c| (8 - c, r),
    |r, c| (r, 8 - c),
    |r, c| (8 - r, c),
    |r, c| (c, r),
    |r, c| (8 - c, 8 - r),
];

impl ClueSymmetry {
    /// Every symmetry, in the order `--symmetry` lists them.
    pub const ALL: [ClueSymmetry; 10] = [
        ClueSymmetry::None,
        ClueSymmetry::Rotational180,
        ClueSymmetry::Rotational90,
        ClueSymmetry::Vertical,
        ClueSymmetry::Horizontal,
        ClueSymmetry::Diagonal,
        ClueSymmetry::AntiDiagonal,
        ClueSymmetry::BothMirrors,
        ClueSymmetry::BothDiagonals,
        ClueSymmetry::Dihedral,
    ];

    /// The name on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            ClueSymmetry::None => "none",
            ClueSymmetry::Rotational180 => "rotational",
            ClueSymmetry::Rotational90 => "rotational90",
            ClueSymmetry::Vertical => "vertical",
            ClueSymmetry::Horizontal => "horizontal",
            ClueSymmetry::Diagonal => "diagonal",
            ClueSymmetry::AntiDiagonal => "antidiagonal",
            ClueSymmetry::BothMirrors => "mirrors",
            ClueSymmetry::BothDiagonals => "diagonals",
            ClueSymmetry::Dihedral => "dihedral",
        }
    }

    /// Reads a name of [`ClueSymmetry::name`] (also `rotational180`, `central`, `full`).
    pub fn from_name(name: &str) -> Option<ClueSymmetry> {
        let name = name.to_ascii_lowercase();
        let alias = match name.as_str() {
            "rotational180" | "central" | "r180" => "rotational",
            "r90" => "rotational90",
            "anti-diagonal" => "antidiagonal",
            "both-mirrors" => "mirrors",
            "both-diagonals" => "diagonals",
            "full" => "dihedral",
            other => other,
        };
        ClueSymmetry::ALL.into_iter().find(|s| s.name() == alias)
    }

    /// The indices into [`MAPS`] of the group's maps.
    fn maps(self) -> &'static [usize] {
        match self {
            ClueSymmetry::None => &[0],
            ClueSymmetry::Rotational180 => &[0, 2],
            ClueSymmetry::Rotational90 => &[0, 1, 2, 3],
            ClueSymmetry::Vertical => &[0, 4],
            ClueSymmetry::Horizontal => &[0, 5],
            ClueSymmetry::Diagonal => &[0, 6],
            ClueSymmetry::AntiDiagonal => &[0, 7],
            ClueSymmetry::BothMirrors => &[0, 2, 4, 5],
            ClueSymmetry::BothDiagonals => &[0, 2, 6, 7],
            ClueSymmetry::Dihedral => &[0, 1, 2, 3, 4, 5, 6, 7],
        }
    }

    /// Where the group's maps take `cell`.
    pub fn images(self, cell: Cell) -> impl Iterator<Item = Cell> {
        self.maps().iter().map(move |&m| {
            let (r, c) = MAPS[m](cell.row(), cell.col());
            Cell::at(r, c)
        })
    }

    /// The orbits of the 81 cells, each a set of cells the group moves into each other, in
    /// the order of their first cells.
    pub fn orbits(self) -> Vec<CellSet> {
        // Made once per symmetry: every try of the generator asks (4% of a plain run).
        static ORBITS: OnceLock<Vec<Vec<CellSet>>> = OnceLock::new();
        let all = ORBITS.get_or_init(|| ClueSymmetry::ALL.map(|s| s.find_orbits()).to_vec());
        let index = ClueSymmetry::ALL.iter().position(|&s| s == self);
        all[index.expect("every symmetry is in ALL")].clone()
    }

    fn find_orbits(self) -> Vec<CellSet> {
        let mut seen = CellSet::EMPTY;
        let mut out = Vec::new();
        for cell in Cell::all() {
            if seen.contains(cell) {
                continue;
            }
            let orbit: CellSet = self.images(cell).collect();
            seen |= orbit;
            out.push(orbit);
        }
        out
    }

    /// Whether a set of cells is a union of orbits (the group leaves it unchanged).
    pub fn keeps(self, cells: CellSet) -> bool {
        cells
            .iter()
            .all(|cell| self.images(cell).all(|to| cells.contains(to)))
    }

    /// The strongest symmetry of the ten that `cells` has (the one with the largest group).
    pub fn of(cells: CellSet) -> ClueSymmetry {
        ClueSymmetry::ALL
            .into_iter()
            .rev()
            .filter(|s| s.keeps(cells))
            .max_by_key(|s| s.maps().len())
            .unwrap_or(ClueSymmetry::None)
    }
}

impl fmt::Display for ClueSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_split_the_cells_and_each_group_is_closed() {
        for symmetry in ClueSymmetry::ALL {
            let orbits = symmetry.orbits();
            let mut all = CellSet::EMPTY;
            for orbit in &orbits {
                assert!(!all.intersects(*orbit));
                all |= *orbit;
                assert!(symmetry.keeps(*orbit), "{symmetry}");
                assert!(orbit.len() as usize <= symmetry.maps().len());
            }
            assert_eq!(all, CellSet::ALL);
            assert_eq!(ClueSymmetry::from_name(symmetry.name()), Some(symmetry));
        }
        assert_eq!(ClueSymmetry::None.orbits().len(), 81);
        assert_eq!(ClueSymmetry::Rotational180.orbits().len(), 41);
        assert_eq!(ClueSymmetry::Rotational90.orbits().len(), 21);
        assert_eq!(ClueSymmetry::Vertical.orbits().len(), 45);
        assert_eq!(ClueSymmetry::Diagonal.orbits().len(), 45);
        assert_eq!(ClueSymmetry::BothMirrors.orbits().len(), 25);
        assert_eq!(ClueSymmetry::Dihedral.orbits().len(), 15);
    }

    #[test]
    fn the_strongest_symmetry_of_a_pattern_is_found() {
        let centre = CellSet::single(Cell::at(4, 4));
        assert_eq!(ClueSymmetry::of(centre), ClueSymmetry::Dihedral);
        let pair: CellSet = [Cell::at(0, 1), Cell::at(8, 7)].into_iter().collect();
        assert_eq!(ClueSymmetry::of(pair), ClueSymmetry::Rotational180);
        let lone = CellSet::single(Cell::at(0, 1));
        assert_eq!(ClueSymmetry::of(lone), ClueSymmetry::None);
        assert!(!ClueSymmetry::Vertical.keeps(pair));
    }
}
