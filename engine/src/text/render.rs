//! Readable grids: the values in a 9x9 frame, and the pencil-mark grid in the layout HoDoKu
//! prints (which [`crate::text::parse`] reads back).

use crate::board::cells::Cell;
use crate::board::grid::Grid;

/// The values in a frame, `.` for empty cells.
pub fn values(grid: &Grid) -> String {
    let mut out = String::new();
    for row in 0..9 {
        if row > 0 && row % 3 == 0 {
            out.push_str("------+-------+------\n");
        }
        for col in 0..9 {
            if col > 0 {
                out.push_str(if col % 3 == 0 { " | " } else { " " });
            }
            out.push(match grid.value(Cell::at(row, col)) {
                Some(d) => (b'0' + d) as char,
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// The pencil-mark grid: every cell as its value or its candidates, columns aligned.
pub fn pencil_marks(grid: &Grid) -> String {
    let text = |cell: Cell| match grid.value(cell) {
        Some(d) => d.to_string(),
        None => grid.candidates(cell).to_string(),
    };
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| text(Cell::at(row, col)).len())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let border = |left: char, mid: char, right: char| {
        let mut line = String::new();
        line.push(left);
        for stack in 0..3 {
            if stack > 0 {
                line.push(mid);
            }
            let inner: usize = widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
            line.push_str(&"-".repeat(inner));
        }
        line.push(right);
        line.push('\n');
        line
    };
    let mut out = border('.', '.', '.');
    for row in 0..9 {
        if row > 0 && row % 3 == 0 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for (col, &width) in widths.iter().enumerate() {
            out.push(' ');
            out.push_str(&format!("{:<width$}", text(Cell::at(row, col))));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_values_and_reads_back_pencil_marks() {
        let line =
            ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.";
        let grid = crate::text::parse::parse(line).unwrap();
        let shown = values(&grid);
        assert_eq!(shown.lines().next(), Some(". 9 3 | . . . | 7 . ."));
        assert_eq!(crate::text::parse::parse(&shown).unwrap(), grid);
        let marks = pencil_marks(&grid);
        assert!(marks.starts_with(".---"), "{marks}");
        assert_eq!(
            crate::text::parse::parse(&marks)
                .unwrap()
                .to_candidate_string(),
            grid.to_candidate_string()
        );
    }
}
