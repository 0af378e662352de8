use super::*;
use crate::board::cells::Cell;

const LAST_DIGIT: &str =
    ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.";

#[test]
fn reads_an_81_character_line_with_dots_or_zeros() {
    let (grid, format) = parse_with_format(LAST_DIGIT).unwrap();
    assert_eq!(format, Format::Line);
    assert_eq!(grid.to_line(), LAST_DIGIT);
    let zeros = LAST_DIGIT.replace('.', "0");
    assert_eq!(parse(&zeros).unwrap().to_line(), LAST_DIGIT);
    assert_eq!(
        parse(&format!("  {LAST_DIGIT}\n")).unwrap().to_line(),
        LAST_DIGIT
    );
}

#[test]
fn line_errors_name_length_character_and_cell() {
    assert_eq!(parse("").unwrap_err(), ParseError::Empty);
    assert_eq!(
        parse("123").unwrap_err().to_string(),
        "expected 81 cells (or 729 candidate characters), found 3 characters"
    );
    let bad = format!("{}x{}", &LAST_DIGIT[..11], &LAST_DIGIT[12..]);
    assert_eq!(
        parse(&bad).unwrap_err().to_string(),
        "bad character 'x' at column 12 (cell r2c3): expected a digit 1-9, '.' or '0'"
    );
}

#[test]
fn conflicting_givens_name_both_cells() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(30..31, "5"); // r4c4: not a peer of r1c1
    line.replace_range(72..73, "5"); // r9c1: same column as r1c1
    let err = parse(&line).unwrap_err();
    assert_eq!(
        err.to_string(),
        "conflicting values: r1c1 and r9c1 both hold 5 in column 1"
    );
}

#[test]
fn reads_a_nine_line_grid_with_separators() {
    let text = "\
 . 9 3 | . . . | 7 . .
 5 . 4 | . 7 . | . 1 .
 2 7 . | 3 . . | 5 . 8
-------+-------+------
 . . 2 | . . 7 | 8 . .
 . 4 . | . 5 . | 6 . .
 . . . | 4 . . | . 9 1
-------+-------+------
 4 . 8 | 5 3 . | 9 . .
 . 3 . | . . 4 | . 8 5
 . . 5 | . . 9 | . 3 .
";
    let (grid, format) = parse_with_format(text).unwrap();
    assert_eq!(format, Format::Grid);
    assert_eq!(grid.to_line(), LAST_DIGIT);
    let plain: String = LAST_DIGIT
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(parse(&plain).unwrap().to_line(), LAST_DIGIT);
}

#[test]
fn grid_errors_name_row_and_line() {
    let mut rows: Vec<String> = LAST_DIGIT
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows[3].push('7');
    let err = parse(&rows.join("\n")).unwrap_err();
    assert_eq!(err.to_string(), "row 4 (line 4) has 10 cells, expected 9");
    rows.pop();
    rows[3].pop();
    assert_eq!(
        parse(&rows.join("\n")).unwrap_err(),
        ParseError::WrongRowCount { found: 8 }
    );
    rows.push("..x..9.3.".into());
    let err = parse(&rows.join("\n")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad character 'x' at line 9, column 3 (cell r9c3): expected a digit 1-9, '.' or '0'"
    );
}

/// A HoDoKu-style pencil-mark grid of the Last Digit seed's start position.
fn pencil_marks(grid: &crate::Grid) -> String {
    let mut out = String::from(".---------.\n");
    for r in 0..9 {
        let cells: Vec<String> = (0..9)
            .map(|c| {
                let cell = Cell::at(r, c);
                match grid.value(cell) {
                    Some(d) => d.to_string(),
                    None => grid.candidates(cell).to_string(),
                }
            })
            .collect();
        out += &format!(
            "| {} | {} | {} |\n",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        );
        if r % 3 == 2 {
            out += ":----+----:\n";
        }
    }
    out
}

#[test]
fn reads_a_pencil_mark_grid() {
    let mut grid = parse(LAST_DIGIT).unwrap();
    grid.eliminate(Cell::at(0, 0), 1);
    let text = pencil_marks(&grid);
    let (read, format) = parse_with_format(&text).unwrap();
    assert_eq!(format, Format::PencilMarks);
    assert_eq!(read.to_candidate_string(), grid.to_candidate_string());
    assert!(!read.has_candidate(Cell::at(0, 0), 1));
}

#[test]
fn pencil_mark_errors() {
    let grid = parse(LAST_DIGIT).unwrap();
    let text = pencil_marks(&grid).replacen("| 16", "| 1x6", 1);
    let err = parse(&text).unwrap_err();
    assert!(
        matches!(err, ParseError::BadCharacter { ch: 'x', .. }),
        "{err}"
    );
    assert!(err.to_string().contains("(cell r1c1)"), "{err}");
    let text = pencil_marks(&grid).replacen("| 16", "| 161", 1);
    assert_eq!(
        parse(&text).unwrap_err().to_string(),
        "digit 1 is listed twice at line 2, column 5 (cell r1c1)"
    );
}

#[test]
fn reads_the_729_character_candidate_string() {
    let mut grid = parse(LAST_DIGIT).unwrap();
    grid.eliminate(Cell::at(8, 8), 2);
    let text = grid.to_candidate_string();
    assert_eq!(text.len(), 729);
    let (read, format) = parse_with_format(&text).unwrap();
    assert_eq!(format, Format::CandidateString);
    assert_eq!(read.to_candidate_string(), text);
    let mut bad = text.clone();
    bad.replace_range(0..1, "2");
    let err = parse(&bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "bad character '2' at column 1 (cell r1c1): expected '1', '.' or '0'"
    );
}

#[test]
fn reads_library_state_with_placed_cells_and_deleted_candidates() {
    let state = "6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:";
    let grid = parse(state).unwrap();
    assert_eq!(
        grid.givens_line(),
        "6....3..7....4..6..54867..........1.162.8.749.3..........42193..1..7....4..6....5"
    );
    assert_eq!(
        grid.to_line(),
        "6...534.7....4256.254867391.4..96.1.162385749.3..14.5....42193..1.57...442.63.175"
    );
    let with_deleted = format!("{state}829 111");
    let grid = parse(&with_deleted).unwrap();
    assert!(!grid.has_candidate(Cell::at(1, 8), 8));
    assert!(!grid.has_candidate(Cell::at(0, 0), 1)); // already solved: deleting is harmless
}

#[test]
fn reads_a_whole_library_case() {
    let line = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
    let case = parse_library_case(line).unwrap();
    assert_eq!(case.code, "0003");
    assert_eq!(case.variant, None);
    assert_eq!(case.digits.to_string(), "8");
    assert_eq!(case.placements, vec![(Cell::at(1, 8), 8)]);
    assert!(case.eliminations.is_empty());
    assert_eq!(parse(line).unwrap(), case.grid);
    let x = parse_library_case(":0606-x:34:.....3.....:::::").unwrap_err();
    assert_eq!(x, ParseError::WrongLength { found: 11 });
}

#[test]
fn library_errors() {
    let state = ".".repeat(81);
    let err = parse(&format!("{state}:12 345")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad deleted candidate \"12\" (item 1): expected three digits <digit><row><column>"
    );
    let err = parse(&format!("+.{}:", &state[1..])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad character '.' at column 2 (cell r1c1): expected a digit 1-9 after '+'"
    );
    assert!(matches!(
        parse_library_case(":0000:1:"),
        Err(ParseError::BadLibraryLine(_))
    ));
    // A `+` after the 81st cell once built the out-of-range cell r10c1 (a debug panic).
    for text in [format!("{state}+:"), format!("{state} + :123")] {
        let err = parse(&text).unwrap_err();
        assert!(
            err.to_string().contains("expected a digit 1-9 after '+'"),
            "{text}: {err}"
        );
    }
    let line = format!(":0000:1:{state}+::::");
    assert!(parse_library_case(&line).is_err());
}

#[test]
fn a_byte_order_mark_and_spaces_between_cells_are_ignored() {
    let line = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    let expected = parse(line).unwrap();
    assert_eq!(parse(&format!("\u{feff}{line}\n")).unwrap(), expected);
    let spaced: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    assert_eq!(parse(&spaced.join(" ")).unwrap(), expected);
    assert_eq!(parse(&spaced.join("\t")).unwrap(), expected);
    // Columns in errors count the spaces: what the user sees in the line.
    let bad = format!("{} x{}", &line[..40], &line[41..]);
    assert!(
        parse(&bad)
            .unwrap_err()
            .to_string()
            .contains("column 42 (cell r5c5)")
    );
}

#[test]
fn a_line_with_text_after_the_puzzle_reads_its_first_field() {
    let line = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    let expected = parse(line).unwrap();
    for text in [
        format!("{line}\t7.2"),
        format!("{line} # hard one"),
        format!("{line}# hard one"),
        format!("{line} extra words"),
        format!("{line}   7.2   ED"),
    ] {
        assert_eq!(parse(&text).unwrap(), expected, "{text}");
    }
    // Spaced cells with a rating or a comment after them.
    let spaced: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    let spaced = spaced.join(" ");
    assert_eq!(parse(&format!("{spaced}\t7.2")).unwrap(), expected);
    assert_eq!(parse(&format!("{spaced} # note")).unwrap(), expected);
    // The 729 candidates and a library state too.
    let candidates = pencil_marks_string(&expected);
    assert_eq!(
        parse(&format!("{candidates}\tx")).unwrap(),
        parse(&candidates).unwrap()
    );
    let state = format!("{line}:");
    assert_eq!(parse(&format!("{state}\t# note")).unwrap(), expected);
}

#[test]
fn a_bad_puzzle_with_text_after_it_is_still_refused() {
    let line = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    // One cell short: the error is about the first field, not the whole line.
    assert_eq!(
        parse(&format!("{}\t7.2", &line[1..])).unwrap_err(),
        ParseError::WrongLength { found: 80 }
    );
    let bad = format!("{}x{}\t7.2", &line[..11], &line[12..]);
    assert!(
        parse(&bad)
            .unwrap_err()
            .to_string()
            .contains("bad character 'x' at column 12"),
        "{:?}",
        parse(&bad)
    );
    // Conflicts stay conflicts.
    let conflict = format!("22{} # comment", &line[2..]);
    assert!(matches!(parse(&conflict), Err(ParseError::Conflict(_))));
    // A library state is not cut inside its deleted candidates.
    let state = ".".repeat(81);
    assert!(parse(&format!("{state}:123 45x")).is_err());
    assert!(parse(&format!("{state} + :123")).is_err());
    // Short text is no puzzle, whatever follows.
    assert!(parse("123 # comment").is_err());
}

fn pencil_marks_string(grid: &crate::Grid) -> String {
    Cell::all()
        .flat_map(|cell| {
            let candidates = grid.candidates(cell);
            let value = grid.value(cell);
            (1..=9u8).map(move |d| {
                let on = value == Some(d) || (value.is_none() && candidates.contains(d));
                if on { (b'0' + d) as char } else { '.' }
            })
        })
        .collect()
}

#[test]
fn a_zero_typed_among_candidates_is_a_bad_character_of_that_cell() {
    let grid =
        parse("2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3")
            .unwrap();
    let text = crate::render::pencil_marks(&grid).replacen("3569 ", "125690", 1);
    let err = parse(&text).unwrap_err().to_string();
    assert!(
        err.starts_with("bad character '0' at line 3,"),
        "{err}\n{text}"
    );
    assert!(err.contains("(cell r2c3)"), "{err}");
    // A value grid with spaces and dots is still a value grid.
    let values = crate::render::values(&grid);
    assert_eq!(parse(&values).unwrap(), grid);
}
