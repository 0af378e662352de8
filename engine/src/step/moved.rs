//! A step moved by a [`Transform`]: the same step on the transformed position. Ratings taken
//! on a puzzle's canonical form are carried back to the puzzle as given with it, so every
//! part is mapped as data; free text (`Part::Text`, written by a few techniques) is mapped
//! token by token in the notation the engine writes (`r1c23`, `r1c2=5`, `<>38`, `#38`, `b5`,
//! `5r1c2`, `row 3`, `digit 4`).

use crate::board::canon::Transform;
use crate::board::cells::{Cell, CellSet};
use crate::board::digits::DigitSet;
use crate::board::house::House;
use crate::step::part::{Chain, ChainNode, NodeKind, Part};
use crate::step::{PatternPart, Step};

impl Step {
    /// This step on the position moved by `t`.
    pub fn moved(&self, t: &Transform) -> Step {
        Step {
            technique: self.technique.clone(),
            kind: self.kind.clone(),
            parts: self.parts.iter().map(|p| moved_part(p, t)).collect(),
            placements: self
                .placements
                .iter()
                .map(|&(c, d)| (t.map_cell(c), t.map_digit(d)))
                .collect(),
            eliminations: t.map_candidates(&self.eliminations),
            pattern: self
                .pattern
                .iter()
                .map(|p| PatternPart {
                    role: p.role.clone(),
                    candidates: t.map_candidates(&p.candidates),
                })
                .collect(),
        }
    }
}

fn moved_part(part: &Part, t: &Transform) -> Part {
    match part {
        Part::Digit(d) => Part::Digit(t.map_digit(*d)),
        Part::Digits(d) => Part::Digits(t.map_digits(*d)),
        Part::Cells(c) => Part::Cells(t.map_cells(*c)),
        Part::House(h) => Part::House(t.map_house(*h)),
        Part::Base(h) => Part::Base(t.map_houses(*h)),
        Part::Cover(h) => Part::Cover(t.map_houses(*h)),
        Part::Fins(c) => Part::Fins(t.map_cells(*c)),
        Part::EndoFins(c) => Part::EndoFins(t.map_cells(*c)),
        Part::Cannibals(c) => Part::Cannibals(t.map_cells(*c)),
        Part::Stem { cell, digits } => Part::Stem {
            cell: t.map_cell(*cell),
            digits: t.map_digits(*digits),
        },
        Part::Als {
            cells,
            digits,
            link,
        } => Part::Als {
            cells: t.map_cells(*cells),
            digits: t.map_digits(*digits),
            link: link.map(|d| t.map_digit(d)),
        },
        Part::Rcc(d) => Part::Rcc(t.map_digits(*d)),
        Part::Chain(chain) => Part::Chain(Chain {
            nodes: chain.nodes.iter().map(|n| moved_node(n, t)).collect(),
            links: chain.links.clone(),
        }),
        Part::Path(cells) => Part::Path(cells.iter().map(|&c| t.map_cell(c)).collect()),
        Part::Text(text) => Part::Text(moved_text(text, t)),
    }
}

fn moved_node(node: &ChainNode, t: &Transform) -> ChainNode {
    ChainNode {
        digit: t.map_digit(node.digit),
        cells: t.map_cells(node.cells),
        kind: match node.kind {
            NodeKind::Als { digits } => NodeKind::Als {
                digits: t.map_digits(digits),
            },
            other => other,
        },
    }
}

/// Free text with its cells, houses and digits moved.
pub fn moved_text(text: &str, t: &Transform) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let word_start = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        // `5r1c2`: a chain node's digit before its cells.
        if word_start
            && b[i].is_ascii_digit()
            && b.get(i + 1) == Some(&b'r')
            && let Some((cells, end)) = cells_at(b, i + 1)
        {
            out.push(char::from(b'0' + t.map_digit(b[i] - b'0')));
            out.push_str(&t.map_cells(cells).to_string());
            i = end;
            continue;
        }
        if word_start
            && b[i] == b'r'
            && let Some((cells, end)) = cells_at(b, i)
        {
            out.push_str(&t.map_cells(cells).to_string());
            i = end;
            continue;
        }
        if word_start
            && matches!(b[i], b'r' | b'c' | b'b')
            && let Some(house) = house_at(b, i)
        {
            out.push_str(&t.map_house(house).to_string());
            i += 2;
            continue;
        }
        // Digits after `=`, `<>` and `#`.
        let lead = if b[i] == b'=' || b[i] == b'#' {
            1
        } else if b[i..].starts_with(b"<>") {
            2
        } else {
            0
        };
        if lead > 0 {
            let end = digits_end(b, i + lead);
            if end > i + lead {
                out.push_str(&text[i..i + lead]);
                out.push_str(&moved_digits(&text[i + lead..end], t));
                i = end;
                continue;
            }
        }
        // `row 3`, `column 4`, `box 5`; `digit 6`, `for 6`.
        if word_start
            && let Some((word, house_kind)) = [
                ("row ", Some(0)),
                ("column ", Some(1)),
                ("box ", Some(2)),
                ("digit ", None),
                ("for ", None),
            ]
            .into_iter()
            .find(|(w, _)| b[i..].starts_with(w.as_bytes()))
        {
            let at = i + word.len();
            if digits_end(b, at) == at + 1 {
                let n = (b[at] - b'1') as usize;
                // A row may become a column: the moved house's own name is written.
                match house_kind {
                    Some(0) => out.push_str(&t.map_house(House::row(n)).long_name()),
                    Some(1) => out.push_str(&t.map_house(House::column(n)).long_name()),
                    Some(_) => out.push_str(&t.map_house(House::box_(n)).long_name()),
                    None => {
                        out.push_str(word);
                        out.push(char::from(b'0' + t.map_digit(b[at] - b'0')));
                    }
                }
                i = at + 1;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Where the run of digits 1-9 from `i` ends.
fn digits_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b'1'..=b'9').contains(&b[i]) {
        i += 1;
    }
    i
}

/// `r12c3` at `i`: the cells and where the token ends.
fn cells_at(b: &[u8], i: usize) -> Option<(CellSet, usize)> {
    let rows_end = digits_end(b, i + 1);
    if rows_end == i + 1 || b.get(rows_end) != Some(&b'c') {
        return None;
    }
    let cols_end = digits_end(b, rows_end + 1);
    if cols_end == rows_end + 1 || b.get(cols_end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut cells = CellSet::EMPTY;
    for &r in &b[i + 1..rows_end] {
        for &c in &b[rows_end + 1..cols_end] {
            cells.insert(Cell::at((r - b'1') as usize, (c - b'1') as usize));
        }
    }
    Some((cells, cols_end))
}

/// `b5`, `r3`, `c4` alone at `i`.
fn house_at(b: &[u8], i: usize) -> Option<House> {
    let d = *b.get(i + 1)?;
    if !(b'1'..=b'9').contains(&d) || b.get(i + 2).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let n = (d - b'1') as usize;
    Some(match b[i] {
        b'r' => House::row(n),
        b'c' => House::column(n),
        _ => House::box_(n),
    })
}

/// `38` relabelled, in increasing order as digit sets are written.
fn moved_digits(digits: &str, t: &Transform) -> String {
    let set: DigitSet = digits.bytes().map(|d| t.map_digit(d - b'0')).collect();
    set.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::canon::canonical_transform;
    use crate::step::StepKind;

    fn transform() -> Transform {
        let puzzle =
            "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
        let mut values = [0u8; 81];
        for (v, ch) in values.iter_mut().zip(puzzle.bytes()) {
            *v = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        canonical_transform(&values)
    }

    #[test]
    fn text_moves_as_the_parts_do() {
        let t = transform();
        let cell = Cell::at(0, 1);
        let house = House::box_(4);
        let text = format!(
            "{cell}=5: 3{cell} (Hidden Single), {house} has no place for 7 => digit 2 has \
             no place in row 3, Level 2 #38 <>4"
        );
        let moved = moved_text(&text, &t);
        let expected = format!(
            "{}={}: {}{} (Hidden Single), {} has no place for {} => digit {} has no place in {}, \
             Level 2 #{} <>{}",
            t.map_cell(cell),
            t.map_digit(5),
            t.map_digit(3),
            t.map_cell(cell),
            t.map_house(house),
            t.map_digit(7),
            t.map_digit(2),
            t.map_house(House::row(2)).long_name(),
            DigitSet::from_iter([t.map_digit(3), t.map_digit(8)]),
            t.map_digit(4),
        );
        assert_eq!(moved, expected);
        // Moved back, the text is the original.
        assert_eq!(moved_text(&moved, &t.inverse()), text);
    }

    #[test]
    fn a_step_moved_and_moved_back_is_the_same_step() {
        let t = transform();
        let kind = StepKind::new("x", "X");
        let step = Step::new(kind)
            .part(Part::House(House::row(3)))
            .part(Part::Digits(DigitSet::from_iter([2, 7])))
            .part(Part::Cells(CellSet::from_iter([
                Cell::at(3, 4),
                Cell::at(3, 5),
            ])))
            .eliminate(Cell::at(3, 0), 2);
        let back = step.moved(&t).moved(&t.inverse());
        assert_eq!(back, step);
        assert_eq!(back.text(), step.text());
    }
}
