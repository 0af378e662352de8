//! `kaidoku hint` and `kaidoku rate` end to end: graded hints, the checks of a position, pencil
//! marks copied from HoDoKu and Sudoku Explainer, and rating lines for every kind of input
//! line.

mod common;

use common::{kaidoku, kaidoku_with_stdin, stderr, stdout};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const SOLUTION: &str =
    "278916354956342178413578692324795861781624539695831247532487916849163725167259483";

#[test]
fn hints_come_in_three_levels() {
    let one = kaidoku(&["hint", PUZZLE]);
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(
        stdout(&one),
        "Hint 1/3: Look for a Hidden Single (ER 1.2).\n(`--level 2` tells more.)\n"
    );
    // Level 2 names the house of a single, not its cell (that would be the answer).
    let two = stdout(&kaidoku(&["hint", PUZZLE, "--level", "2"]));
    assert!(
        two.starts_with("Hint 2/3: Look for a Hidden Single (ER 1.2) in b1."),
        "{two}"
    );
    let three = stdout(&kaidoku(&["hint", PUZZLE, "--level", "3"]));
    assert_eq!(
        three,
        "Hint 3/3: Hidden Single #6 in b1 => r2c3=6 (ER 1.2)\n"
    );
    let bad = kaidoku(&["hint", PUZZLE, "--level", "4"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn level_two_names_where_to_look_but_never_the_answer() {
    let level_two = |puzzle: &str, config: &str| {
        let out = kaidoku(&["hint", puzzle, "--level", "2", "--config", config]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out).lines().next().unwrap_or_default().to_string()
    };
    // A naked single (r1c7=3) is named by its box; a last digit by its house.
    let naked = common::temp_file("hint-naked.toml", "[[technique]]\nid = \"naked-single\"\n");
    assert_eq!(
        level_two(PUZZLE, naked.to_str().unwrap()),
        "Hint 2/3: Look for a Naked Single (ER 2.3) in b3."
    );
    let last = format!("{}.{}", &SOLUTION[..40], &SOLUTION[41..]);
    assert_eq!(
        level_two(&last, "rating"),
        "Hint 2/3: Look for a Last Digit (ER 1.0) in r5."
    );
    // Other steps: the cells of the pattern, which are not the eliminations.
    let locked = common::temp_file(
        "hint-locked.toml",
        "[[technique]]\nid = \"locked-candidates\"\n",
    );
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    assert_eq!(
        level_two(hard, locked.to_str().unwrap()),
        "Hint 2/3: Look for a Locked Candidates Type 2 (Claiming) (ER 1.9) at r8c456."
    );
}

#[test]
fn a_solved_grid_is_said_plainly_and_a_position_beyond_the_config_still_gets_a_hint() {
    let solved = kaidoku(&["hint", SOLUTION]);
    assert!(solved.status.success());
    assert_eq!(stdout(&solved), "The puzzle is solved.\n");
    let config = common::temp_file(
        "hint-singles.toml",
        "[[technique]]\nid = \"naked-single\"\n",
    );
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = kaidoku(&[
        "hint",
        hard,
        "--config",
        config.to_str().unwrap(),
        "--level",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "No technique of config `hint-singles` finds a step here; this hint comes from the \
         techniques of config `default`.\n\
         Hint 3/3: Hidden Single #7 in b7 => r9c3=7 (ER 1.2)\n"
    );
}

#[test]
fn a_position_beyond_the_rating_config_gets_a_hint_from_stronger_techniques() {
    // One of the forum's hardest: neither the singles nor (today) the rating config, which
    // stops at forcing nets, finds a step at the start; the default config's nested forcing
    // chains do.
    let hardest =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let out = kaidoku(&["hint", hardest, "--config", "singles", "--level", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        "No technique of config `singles` finds a step here; this hint comes from the \
         techniques of config `default`."
    );
    // A long step reads in a short sentence: its key links, the rest folded.
    assert!(
        lines[1].starts_with("Hint 3/3: Nested Forcing r1c3=2: "),
        "{text}"
    );
    assert!(lines[1].ends_with("=> r1c3<>2 (ER 9.5)"), "{text}");
    assert!(lines[1].contains(" more) …"), "{text}");
    assert!(lines[1].chars().count() < 250, "{text}");
    assert_eq!(
        lines[2],
        "(The step is folded to its key links: `--full` prints it whole, `--svg FILE` draws it.)"
    );
    // Level 2 names where the net starts, not the thirty cells it runs through.
    let out = kaidoku(&["hint", hardest, "--config", "singles", "--level", "2"]);
    let text = stdout(&out);
    assert!(
        text.contains("Look for a Nested Forcing (ER 9.5) from r1c3."),
        "{text}"
    );
    // `--full` gives the whole text, `--svg` the picture.
    let svg = common::temp_file("hint-hardest.svg", "");
    let out = kaidoku(&[
        "hint",
        hardest,
        "--config",
        "singles",
        "--level",
        "3",
        "--full",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let full = stdout(&out);
    assert!(full.lines().nth(1).unwrap().chars().count() > 250, "{full}");
    assert!(!full.contains(" more) …"), "{full}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("assumption"),
        "{picture}"
    );
    // With the rating config: never a dead end, whichever config the hint comes from.
    let out = kaidoku(&["hint", hardest]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Hint 1/3: Look for "), "{text}");
    assert!(!text.contains("finds a step in this position"), "{text}");
}

#[test]
fn a_puzzle_without_a_solution_or_with_several_is_refused() {
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = kaidoku(&["hint", &none]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the puzzle has no solution"),
        "{}",
        stderr(&out)
    );
    let out = kaidoku(&["hint", &".".repeat(81)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("several solutions"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_wrong_placed_digit_and_a_removed_solution_candidate_are_named() {
    // HoDoKu's library state: `+` before a placed digit; deleted candidates as digit-row-col.
    // r1c2 is 7 in the solution: placing 3 there is wrong.
    let placed = format!("2+3{}:", &PUZZLE[2..]);
    let out = kaidoku(&["hint", &placed]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("r1c2 holds 3, but the solution has 7 there"),
        "{}",
        stderr(&out)
    );
    let removed = format!("{PUZZLE}:712");
    let out = kaidoku(&["hint", &removed]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("r1c2: candidate 7 was removed, but it is the solution"),
        "{}",
        stderr(&out)
    );
    // A right placed digit and a harmless deletion are fine.
    let fine = format!("2+7{}:312", &PUZZLE[2..]);
    let out = kaidoku(&["hint", &fine]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn pencil_marks_copied_from_hodoku_and_sudoku_explainer_are_read() {
    kaidoku_techniques::link();
    let grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
    // HoDoKu prints `.---.` borders and `|` between boxes.
    let hodoku = kaidoku_engine::render::pencil_marks(&grid);
    let out = kaidoku_with_stdin(&["hint", "-", "--level", "3"], &hodoku);
    assert!(out.status.success(), "{}\n{hodoku}", stderr(&out));
    assert!(stdout(&out).contains("r2c3=6"), "{}", stdout(&out));
    // Sudoku Explainer: no outer border, `|` between boxes, `---+---` between bands.
    let mut se = String::new();
    for row in 0..9 {
        if row == 3 || row == 6 {
            se.push_str("-------------------+-------------------+-------------------\n");
        }
        let cells: Vec<String> = (0..9)
            .map(|col| {
                let cell = kaidoku_engine::Cell::at(row, col);
                match grid.value(cell) {
                    Some(d) => d.to_string(),
                    None => grid.candidates(cell).to_string(),
                }
            })
            .collect();
        let stack = |i: usize| format!("{:<6}{:<6}{:<6}", cells[i], cells[i + 1], cells[i + 2]);
        se.push_str(&format!(" {} | {} | {}\n", stack(0), stack(3), stack(6)));
    }
    let out = kaidoku_with_stdin(&["hint", "-", "--level", "3"], &se);
    assert!(out.status.success(), "{}\n{se}", stderr(&out));
    assert!(stdout(&out).contains("r2c3=6"), "{}", stdout(&out));
}

#[test]
fn rate_writes_one_line_per_input_line() {
    let config = common::temp_file(
        "rate-singles.toml",
        "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n",
    );
    let easy = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";
    let input = format!(
        "{easy}\n\n# a comment\nnot a puzzle\n{PUZZLE}\n{}\n",
        ".".repeat(81)
    );
    let out = kaidoku_with_stdin(&["rate", "-", "--config", config.to_str().unwrap()], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    // ER, EP (the hardest step up to the first placement), ED (the first step).
    assert_eq!(
        lines[0],
        format!("1.2 1.2 1.2 easy 714 hidden-single {easy}")
    );
    assert_eq!(lines[1], "skipped line 2: blank line");
    assert_eq!(lines[2], "skipped line 3: comment line");
    assert!(lines[3].starts_with("invalid line 4: "), "{}", lines[3]);
    // The seed needs a hidden pair: singles stop short.
    assert_eq!(
        lines[4],
        format!(">1.5 1.2 1.2 extreme 224 hidden-single {PUZZLE} unsolved")
    );
    assert!(
        lines[5].starts_with("multiple-solutions line 6"),
        "{}",
        lines[5]
    );
    assert!(
        stderr(&out).contains("level: easy 1, extreme 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn rate_formats_have_a_header_and_every_field_in_fixed_columns() {
    let input = format!("{PUZZLE}\nnot a puzzle\n");
    let header = "line,status,er,ep,ed,level,score,hardest,solved,puzzle,error";
    let csv = stdout(&kaidoku_with_stdin(&["rate", "--format", "csv"], &input));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert_eq!(lines[0], header);
    let first: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(first.len(), 11, "{csv}");
    assert_eq!(&first[..3], ["1", "solved", "2.0"], "{csv}");
    assert_eq!(first[8], "true");
    assert_eq!(first[9], PUZZLE);
    // The error text holds a comma: quoted.
    assert!(lines[2].starts_with("2,invalid,,,,,,,false,"), "{csv}");
    assert!(lines[2].ends_with('"'), "{csv}");
    let tsv = stdout(&kaidoku_with_stdin(&["rate", "--format", "tsv"], &input));
    assert_eq!(tsv.lines().next(), Some(header.replace(',', "\t").as_str()));
    assert!(tsv.lines().all(|l| l.split('\t').count() == 11), "{tsv}");
    let json = stdout(&kaidoku_with_stdin(&["rate", "--format", "json"], &input));
    let rows: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{json}");
    let first_line = json.lines().next().unwrap();
    let at: Vec<usize> = header
        .split(',')
        .map(|key| first_line.find(&format!("\"{key}\":")).expect(key))
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "keys in column order: {first_line}"
    );
    assert_eq!(rows[0].as_object().unwrap().len(), 11);
    assert_eq!(rows[0]["er"], 2.0);
    assert_eq!(rows[0]["ep"], 1.2);
    assert_eq!(rows[0]["ed"], 1.2);
    // SE's direct hidden pair (configs/se.toml, the default of `rate`).
    assert_eq!(rows[0]["hardest"], "se-direct-hidden-pair");
    assert_eq!(rows[1]["status"], "invalid");
    assert!(rows[1]["er"].is_null() && rows[1]["error"].is_string());
}

#[test]
fn batch_traces_carry_the_rating_and_the_summary_the_levels() {
    let out = kaidoku_with_stdin(&["batch"], &format!("{PUZZLE}\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    let trace: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let rating = &trace["rating"];
    assert_eq!(rating["complete"], true, "{trace}");
    // The ER of the config's path, named so that nobody takes it for `rate`'s rating.
    assert!(rating["path_er"].as_f64().unwrap() >= 1.0, "{rating}");
    assert!(rating["path_ed"].as_f64().unwrap() >= 1.0, "{rating}");
    assert!(rating.get("er").is_none(), "{rating}");
    assert!(
        rating["level"].is_string() && rating["score"].is_u64(),
        "{rating}"
    );
    assert!(rating["hardest"].is_string(), "{rating}");
    assert!(
        stderr(&out).contains("path level (this config's paths, not `kaidoku rate`'s rating): "),
        "{}",
        stderr(&out)
    );
}
