//! The typed parts of a step's pattern: digits, cells, houses, fish base and cover sets and
//! fins, almost locked sets, restricted commons, chains. A step's text is written from its
//! parts (each part writes itself in the notation), and the JSON trace carries them as data,
//! so pictures and ratings never parse text.

use crate::board::candidates::Candidates;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::{Digit, DigitSet};
use crate::board::house::House;
use crate::board::house_set::HouseSet;
use serde::ser::{SerializeMap, SerializeSeq};
use std::fmt;

/// How two chain nodes are linked: strong (at least one is true) or weak (at most one is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// At least one of the two nodes is true.
    Strong,
    /// At most one of the two nodes is true.
    Weak,
}

impl LinkKind {
    /// `=` for strong, `-` for weak, as in Eureka notation.
    pub fn symbol(self) -> char {
        match self {
            LinkKind::Strong => '=',
            LinkKind::Weak => '-',
        }
    }
}

/// What a chain node stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// One candidate: `digit` in the one cell of `cells`.
    Candidate,
    /// A group: `digit` in some of `cells` (two or three cells of a box-line intersection).
    Group,
    /// An almost locked set holding `digits` in `cells`; the node is "`digit` is (not) in the
    /// set".
    /// An almost locked set holding `digits` in `cells`; the node is "`digit` is (not) in the set".
    Als {
        /// The set's digits.
        digits: DigitSet,
    },
}

/// One node of a chain: a digit in a cell, a group of cells, or an ALS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The node's digit.
    pub digit: Digit,
    /// Its cells: one for a candidate, more for a group or an ALS.
    pub cells: CellSet,
    /// What the node stands for.
    pub kind: NodeKind,
}

impl ChainNode {
    /// The node of one candidate.
    pub fn candidate(cell: Cell, digit: Digit) -> ChainNode {
        ChainNode {
            digit,
            cells: CellSet::single(cell),
            kind: NodeKind::Candidate,
        }
    }

    /// The node of `digit` in `cells` (a candidate node for one cell).
    pub fn group(cells: CellSet, digit: Digit) -> ChainNode {
        let kind = if cells.len() == 1 {
            NodeKind::Candidate
        } else {
            NodeKind::Group
        };
        ChainNode { digit, cells, kind }
    }
}

/// `5r1c2`, `5r1c23` (group), `5ALS:r1c23#125`.
impl fmt::Display for ChainNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            NodeKind::Als { digits } => write!(f, "{}ALS:{}#{digits}", self.digit, self.cells),
            _ => write!(f, "{}{}", self.digit, self.cells),
        }
    }
}

/// A chain: nodes in order and the links between them (`links.len() + 1 == nodes.len()`).
/// A loop repeats its first node at the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Chain {
    /// The nodes, in order.
    pub nodes: Vec<ChainNode>,
    /// The links between consecutive nodes.
    pub links: Vec<LinkKind>,
}

impl Chain {
    /// The number of links.
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether the chain has no link.
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// Whether the chain ends where it started.
    pub fn is_loop(&self) -> bool {
        self.nodes.len() > 2 && self.nodes.first() == self.nodes.last()
    }

    /// The candidates of its nodes (a step's "chain" pattern).
    pub fn candidates(&self) -> Candidates {
        let mut out = Candidates::EMPTY;
        for node in &self.nodes {
            out.insert_cells(node.cells, node.digit);
        }
        out
    }
}

/// Eureka-like: `3r4c5=7r4c5-7r5c4=3r5c4`.
impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                write!(f, "{}", self.links[i - 1].symbol())?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}

/// One typed part of a step's pattern.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The digit of a single-digit pattern: `#3`.
    Digit(Digit),
    /// The digits of a pattern: `#38`.
    Digits(DigitSet),
    /// The cells of a pattern: `r6c45`.
    Cells(CellSet),
    /// The house a pattern lies in: `in b1`.
    House(House),
    /// A fish's base sets, as HoDoKu writes them: `r348`, `r34b5`.
    Base(HouseSet),
    /// A fish's cover sets: `c136`.
    Cover(HouseSet),
    /// A fish's fins (base candidates outside the cover sets), each cell after an `f` as in
    /// HoDoKu: `fr5c4 fr6c4`.
    Fins(CellSet),
    /// A fish's endo fins (base candidates in two base sets), each after `ef`: `efr5c4`.
    EndoFins(CellSet),
    /// Cover candidates in two cover sets, eliminated by cannibalism: `cannibalistic r2c2`.
    Cannibals(CellSet),
    /// The stem cell of a death blossom and its candidates: `Stem r2c3 #69`.
    Stem {
        /// The stem cell.
        cell: Cell,
        /// Its candidates.
        digits: DigitSet,
    },
    /// An almost locked set, linked by `link` when it is a petal: `#6-ALS r27c7 #567`.
    Als {
        /// The set's cells.
        cells: CellSet,
        /// The set's digits.
        digits: DigitSet,
        /// The petal's digit, linking the set to the stem.
        link: Option<Digit>,
    },
    /// Restricted common candidates: `RCC #5`.
    Rcc(DigitSet),
    /// A chain of alternating links.
    Chain(Chain),
    /// Cells in chain order, each linked to the next (a remote pair): `r4c5 r5c4 r5c9`.
    Path(Vec<Cell>),
    /// Free text (plugins, or a word such as `(hidden)`).
    Text(String),
}

impl Part {
    /// What stands between this part and the one before it in the text.
    fn separator(&self) -> &'static str {
        match self {
            Part::Als { link: Some(_), .. } => ", ",
            _ => " ",
        }
    }

    /// The JSON `type` of the part.
    pub fn type_name(&self) -> &'static str {
        match self {
            Part::Digit(_) => "digit",
            Part::Digits(_) => "digits",
            Part::Cells(_) => "cells",
            Part::House(_) => "house",
            Part::Base(_) => "base",
            Part::Cover(_) => "cover",
            Part::Fins(_) => "fins",
            Part::EndoFins(_) => "endo-fins",
            Part::Cannibals(_) => "cannibals",
            Part::Stem { .. } => "stem",
            Part::Als { .. } => "als",
            Part::Rcc(_) => "rcc",
            Part::Chain(_) => "chain",
            Part::Path(_) => "path",
            Part::Text(_) => "text",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Digit(d) => write!(f, "#{d}"),
            Part::Digits(d) => write!(f, "#{d}"),
            Part::Cells(c) => write!(f, "{c}"),
            Part::House(h) => write!(f, "in {h}"),
            Part::Base(h) | Part::Cover(h) => write!(f, "{h}"),
            Part::Fins(c) => write_fins(f, "f", *c),
            Part::EndoFins(c) => write_fins(f, "ef", *c),
            Part::Cannibals(c) => write!(f, "cannibalistic {c}"),
            Part::Stem { cell, digits } => write!(f, "Stem {cell} #{digits}"),
            Part::Als {
                cells,
                digits,
                link: Some(link),
            } => write!(f, "#{link}-ALS {cells} #{digits}"),
            Part::Als { cells, digits, .. } => write!(f, "ALS {cells} #{digits}"),
            Part::Rcc(d) => write!(f, "RCC #{d}"),
            Part::Chain(c) => write!(f, "{c}"),
            Part::Path(cells) => {
                for (i, cell) in cells.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{cell}")?;
                }
                Ok(())
            }
            Part::Text(t) => f.write_str(t),
        }
    }
}

/// Each fin cell after its prefix, blank-separated: `fr1c5 fr6c3` (HoDoKu's notation).
fn write_fins(f: &mut fmt::Formatter<'_>, prefix: &str, cells: CellSet) -> fmt::Result {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{prefix}{cell}")?;
    }
    Ok(())
}

/// The parts joined as in a step's text: `#3 r348 c136`.
pub(crate) struct PartsText<'a>(pub &'a [Part]);

impl fmt::Display for PartsText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(part.separator())?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

// ---- JSON: every part is `{"type": ..., ...}` with one-based rows, columns and digits.

struct CellsJson(CellSet);

impl serde::Serialize for CellsJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len() as usize))?;
        for cell in self.0 {
            seq.serialize_element(&[cell.row() + 1, cell.col() + 1])?;
        }
        seq.end()
    }
}

struct DigitsJson(DigitSet);

impl serde::Serialize for DigitsJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

struct HousesJson(HouseSet);

impl serde::Serialize for HousesJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|h| h.to_string()))
    }
}

struct NodeJson<'a>(&'a ChainNode);

impl serde::Serialize for NodeJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = self.0;
        let mut map = serializer.serialize_map(None)?;
        let kind = match node.kind {
            NodeKind::Candidate => "candidate",
            NodeKind::Group => "group",
            NodeKind::Als { .. } => "als",
        };
        map.serialize_entry("kind", kind)?;
        map.serialize_entry("digit", &node.digit)?;
        map.serialize_entry("cells", &CellsJson(node.cells))?;
        if let NodeKind::Als { digits } = node.kind {
            map.serialize_entry("als_digits", &DigitsJson(digits))?;
        }
        map.end()
    }
}

struct ChainJson<'a>(&'a Chain);

impl serde::Serialize for ChainJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let chain = self.0;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(
            "nodes",
            &chain.nodes.iter().map(NodeJson).collect::<Vec<_>>(),
        )?;
        map.serialize_entry(
            "links",
            &chain
                .links
                .iter()
                .map(|l| match l {
                    LinkKind::Strong => "strong",
                    LinkKind::Weak => "weak",
                })
                .collect::<Vec<_>>(),
        )?;
        map.end()
    }
}

impl serde::Serialize for Part {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", self.type_name())?;
        match self {
            Part::Digit(d) => map.serialize_entry("digit", d)?,
            Part::Digits(d) | Part::Rcc(d) => map.serialize_entry("digits", &DigitsJson(*d))?,
            Part::Cells(c) | Part::Fins(c) | Part::EndoFins(c) | Part::Cannibals(c) => {
                map.serialize_entry("cells", &CellsJson(*c))?
            }
            Part::House(h) => map.serialize_entry("house", &h.to_string())?,
            Part::Base(h) | Part::Cover(h) => map.serialize_entry("houses", &HousesJson(*h))?,
            Part::Stem { cell, digits } => {
                map.serialize_entry("cell", &[cell.row() + 1, cell.col() + 1])?;
                map.serialize_entry("digits", &DigitsJson(*digits))?;
            }
            Part::Als {
                cells,
                digits,
                link,
            } => {
                map.serialize_entry("cells", &CellsJson(*cells))?;
                map.serialize_entry("digits", &DigitsJson(*digits))?;
                if let Some(link) = link {
                    map.serialize_entry("link", link)?;
                }
            }
            Part::Chain(c) => map.serialize_entry("chain", &ChainJson(c))?,
            Part::Path(cells) => map.serialize_entry(
                "cells",
                &cells
                    .iter()
                    .map(|c| [c.row() + 1, c.col() + 1])
                    .collect::<Vec<_>>(),
            )?,
            Part::Text(t) => map.serialize_entry("text", t)?,
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::house::House;

    #[test]
    fn parts_write_the_notation() {
        let cells: CellSet = [Cell::at(5, 3), Cell::at(5, 4)].into_iter().collect();
        let parts = [
            Part::Cells(cells),
            Part::Digits(DigitSet::from_bits(0b1000_0100)),
        ];
        assert_eq!(PartsText(&parts).to_string(), "r6c45 #38");
        let chain = Chain {
            nodes: vec![
                ChainNode::candidate(Cell::at(3, 4), 3),
                ChainNode::candidate(Cell::at(3, 4), 7),
                ChainNode::group(cells, 7),
            ],
            links: vec![LinkKind::Strong, LinkKind::Weak],
        };
        assert_eq!(chain.to_string(), "3r4c5=7r4c5-7r6c45");
        // Fish parts in HoDoKu's notation, never internal names.
        let rows = [2, 3].into_iter().map(House::row).collect();
        let fish = [
            Part::Digit(3),
            Part::Base(HouseSet::single(House::box_(4)).union(rows)),
            Part::Cover(HouseSet::of_kind(
                crate::board::house::HouseKind::Column,
                0b10_0101,
            )),
            Part::Fins(cells),
            Part::EndoFins(CellSet::single(Cell::at(4, 3))),
            Part::Cannibals(CellSet::single(Cell::at(1, 1))),
        ];
        assert_eq!(
            PartsText(&fish).to_string(),
            "#3 r34b5 c136 fr6c4 fr6c5 efr5c4 cannibalistic r2c2"
        );
        let petal = Part::Als {
            cells,
            digits: DigitSet::from_bits(0b111),
            link: Some(6),
        };
        let stem = Part::Stem {
            cell: Cell::at(1, 2),
            digits: DigitSet::from_bits(0b1_0010_0000),
        };
        assert_eq!(
            PartsText(&[stem, petal.clone()]).to_string(),
            "Stem r2c3 #69, #6-ALS r6c45 #123"
        );
        let json = serde_json::to_string(&petal).unwrap();
        assert_eq!(
            json,
            r#"{"type":"als","cells":[[6,4],[6,5]],"digits":[1,2,3],"link":6}"#
        );
        let json = serde_json::to_string(&Part::Chain(chain)).unwrap();
        assert!(json.starts_with(r#"{"type":"chain","chain":{"nodes":[{"kind":"candidate","digit":3,"cells":[[4,5]]}"#), "{json}");
    }
}
