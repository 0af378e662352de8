//! What is wrong with a position a player brings, whatever its format: checked against the
//! solution of its givens. Only what the player did is blamed: a placed digit that differs
//! from the solution, and a removed candidate that is the solution digit, unless a peer's
//! (wrong) value is why it went (a plain 81-character line removes nothing by hand, so it
//! has only digits to blame). Pencil-mark grids and the 729 candidates cannot tell givens
//! from placed digits (every solved cell reads as a given), so when the givens have no
//! solution the fewest of them whose removal leaves exactly one solution are blamed.

use crate::error::{ApiError, ApiResult, ErrorKind};
use crate::position::seen_digits;
use kaidoku_engine::{Cell, Digit, Grid, Status, Trace};
use serde::Serialize;

/// Pairs of givens are tried only up to this many solves (a position has at most 80 givens,
/// 3,160 pairs; each solve of a near-full grid takes microseconds).
const MAX_PAIR_SOLVES: usize = 4000;

/// One mistake of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The cell, as `r1c2`.
    pub cell: String,
    /// Its row, 1 to 9.
    pub row: u8,
    /// Its column, 1 to 9.
    pub col: u8,
    /// `value`: the cell holds `digit`, the solution has `solution`; `candidate`: the
    /// candidate `digit` was removed, and it is the solution.
    pub kind: &'static str,
    /// The digit placed, or the candidate removed.
    pub digit: Digit,
    /// The solution's digit in the cell.
    pub solution: Digit,
}

impl Mistake {
    fn new(cell: Cell, kind: &'static str, digit: Digit, solution: Digit) -> Mistake {
        Mistake {
            cell: cell.to_string(),
            row: cell.row() as u8 + 1,
            col: cell.col() as u8 + 1,
            kind,
            digit,
            solution,
        }
    }

    /// The mistake in words, as the CLI prints it.
    pub fn text(&self) -> String {
        match self.kind {
            "value" => format!(
                "{} holds {}, but the solution has {} there",
                self.cell, self.digit, self.solution
            ),
            _ => format!(
                "{}: candidate {} was removed, but it is the solution",
                self.cell, self.digit
            ),
        }
    }
}

/// What a position is, against the solution of its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The givens' solution, which the position agrees with.
    Solution([Digit; 81]),
    /// The givens have several solutions.
    Several,
    /// What is wrong (conflicts, mistakes, no solution), with the mistakes when known.
    Wrong(ApiError),
}

/// The solution of the position's givens when the position agrees with it; otherwise an error
/// naming each mistake with its cell.
pub fn check_position(grid: &Grid) -> ApiResult<[Digit; 81]> {
    match verdict(grid) {
        Verdict::Solution(solution) => Ok(solution),
        Verdict::Several => Err(ApiError::unsolvable(
            "the puzzle has several solutions, so no step can be sure",
        )),
        Verdict::Wrong(error) => Err(error),
    }
}

/// Hints and steps only make sense on a position with exactly one solution: conflicting
/// values, no solution (with what is wrong, when the givens tell) and several solutions are
/// errors.
pub fn check_solvable(grid: &Grid) -> ApiResult<()> {
    if let Some(conflict) = grid.conflict() {
        return Err(ApiError::bad_input(format!(
            "conflicting values: {conflict}"
        )));
    }
    match grid.solutions(2).count {
        0 => Err(match verdict(grid) {
            Verdict::Wrong(error) => error,
            _ => match kaidoku_engine::obvious_contradiction(grid) {
                Some(why) => ApiError::unsolvable(format!("the position has no solution: {why}")),
                None => ApiError::unsolvable("the position has no solution"),
            },
        }),
        1 => Ok(()),
        _ => Err(ApiError::unsolvable(
            "the position has more than one solution; steps are only listed for one",
        )),
    }
}

/// Why a solve did not start or ended without a path (its trace's status is neither solved
/// nor stuck), as `kaidoku solve` says it: no solution (which placed digit or removed
/// candidate is wrong, or the reason when one shows at a glance), several solutions, an
/// unreadable puzzle or a failing technique.
pub fn unsolvable(trace: &Trace, grid: &Grid) -> ApiError {
    match trace.status {
        Status::NoSolution => match verdict(grid) {
            Verdict::Wrong(why) => why,
            _ => match kaidoku_engine::obvious_contradiction(grid) {
                Some(why) => ApiError::unsolvable(format!("the puzzle has no solution: {why}")),
                None => ApiError::unsolvable("the puzzle has no solution"),
            },
        },
        Status::MultipleSolutions => ApiError::unsolvable("the puzzle has more than one solution"),
        Status::Invalid => ApiError::bad_input(why(trace)),
        _ => ApiError::new(ErrorKind::Failed, why(trace)),
    }
}

/// A trace's error, or its status.
fn why(trace: &Trace) -> String {
    trace
        .error
        .clone()
        .unwrap_or_else(|| trace.status.as_str().to_string())
}

/// The position against the solution of its givens.
pub fn verdict(grid: &Grid) -> Verdict {
    if let Some(conflict) = grid.conflict() {
        return Verdict::Wrong(ApiError::bad_input(format!(
            "conflicting values: {conflict}"
        )));
    }
    let givens = givens_of(grid);
    let solutions = match solve(&givens) {
        Ok(solutions) => solutions,
        Err(error) => return Verdict::Wrong(error),
    };
    match (solutions.count, solutions.first) {
        (1, Some(solution)) => {
            let mistakes = against(grid, &solution, &[]);
            if mistakes.is_empty() {
                Verdict::Solution(solution)
            } else {
                Verdict::Wrong(mistakes_error(mistakes, None))
            }
        }
        (0, _) => Verdict::Wrong(blame(grid, &givens)),
        _ => Verdict::Several,
    }
}

fn givens_of(grid: &Grid) -> [Digit; 81] {
    let mut givens = [0 as Digit; 81];
    for cell in grid.givens().iter() {
        givens[cell.index()] = grid.value(cell).unwrap_or(0);
    }
    givens
}

fn solve(values: &[Digit; 81]) -> ApiResult<kaidoku_engine::backtrack::Solutions> {
    let grid = Grid::from_givens(values).map_err(|c| ApiError::bad_input(c.to_string()))?;
    Ok(grid.solutions(2))
}

/// The unique solution of `values` without the cells in `removed`, if it has one.
fn unique_without(values: &[Digit; 81], removed: &[Cell]) -> Option<[Digit; 81]> {
    let mut fewer = *values;
    for cell in removed {
        fewer[cell.index()] = 0;
    }
    let solutions = solve(&fewer).ok()?;
    (solutions.count == 1).then_some(solutions.first).flatten()
}

/// Whether the player removed the solution digit `right` from the empty `cell` by hand: it is
/// gone, and no peer's value removed it.
fn removed_by_hand(grid: &Grid, cell: Cell, right: Digit) -> bool {
    !grid.candidates(cell).contains(right) && !seen_digits(grid, cell).contains(right)
}

/// The position's values and candidates against `solution`; `blamed` givens come first.
fn against(grid: &Grid, solution: &[Digit; 81], blamed: &[Cell]) -> Vec<Mistake> {
    let mut mistakes = Vec::new();
    for cell in Cell::all() {
        let right = solution[cell.index()];
        match grid.value(cell) {
            Some(placed) if placed != right => {
                let mistake = Mistake::new(cell, "value", placed, right);
                if blamed.contains(&cell) {
                    mistakes.insert(0, mistake);
                } else {
                    mistakes.push(mistake);
                }
            }
            Some(_) => {}
            None if removed_by_hand(grid, cell, right) => {
                mistakes.push(Mistake::new(cell, "candidate", right, right));
            }
            None => {}
        }
    }
    mistakes
}

fn mistakes_error(mistakes: Vec<Mistake>, note: Option<String>) -> ApiError {
    let mut lines: Vec<String> = mistakes.iter().map(Mistake::text).collect();
    lines.extend(note);
    ApiError {
        kind: ErrorKind::Unsolvable,
        message: format!("the position has mistakes:\n  {}", lines.join("\n  ")),
        mistakes,
    }
}

/// The givens have no solution: blame the fewest (one, else two) whose removal leaves exactly
/// one solution. Several equally good blames are all named; none found, the plain verdict.
fn blame(grid: &Grid, givens: &[Digit; 81]) -> ApiError {
    let cells: Vec<Cell> = Cell::all().filter(|c| givens[c.index()] != 0).collect();
    let mut found: Vec<(Vec<Cell>, [Digit; 81])> = Vec::new();
    for &cell in &cells {
        if let Some(solution) = unique_without(givens, &[cell]) {
            found.push((vec![cell], solution));
        }
    }
    let pairs = cells.len() * cells.len().saturating_sub(1) / 2;
    if found.is_empty() && pairs <= MAX_PAIR_SOLVES {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if let Some(solution) = unique_without(givens, &[a, b]) {
                    found.push((vec![a, b], solution));
                }
            }
        }
    }
    // Several ways to mend the digits: the candidates decide. Keep the ways that leave the
    // fewest candidates removed by hand that are the solution.
    if found.len() > 1 {
        let others = |(_, solution): &(Vec<Cell>, [Digit; 81])| {
            Cell::all()
                .filter(|&cell| {
                    grid.value(cell).is_none()
                        && removed_by_hand(grid, cell, solution[cell.index()])
                })
                .count()
        };
        let fewest = found.iter().map(others).min().unwrap_or(0);
        found.retain(|way| others(way) == fewest);
    }
    match found.as_slice() {
        [] => match kaidoku_engine::obvious_contradiction(grid) {
            Some(why) => ApiError::unsolvable(format!("the puzzle has no solution: {why}")),
            None => ApiError::unsolvable("the puzzle has no solution"),
        },
        [(blamed, solution)] => {
            let note = format!(
                "(the digits have no solution together; without {} they have exactly one)",
                list(blamed)
            );
            mistakes_error(against(grid, solution, blamed), Some(note))
        }
        several => {
            const SHOWN: usize = 8;
            let mut options: Vec<String> = several
                .iter()
                .take(SHOWN)
                .map(|(blamed, solution)| {
                    let fixes: Vec<String> = blamed
                        .iter()
                        .map(|c| format!("{c}={}", solution[c.index()]))
                        .collect();
                    fixes.join(" and ")
                })
                .collect();
            if several.len() > SHOWN {
                options.push("…".to_string());
            }
            ApiError::unsolvable(format!(
                "the puzzle has no solution, and {} ways to mend it by changing {} digit{} each: \
                 {}",
                several.len(),
                several[0].0.len(),
                if several[0].0.len() == 1 { "" } else { "s" },
                options.join(", ")
            ))
        }
    }
}

fn list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    names.join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
    const SOLUTION: &str =
        "278916354956342178413578692324795861781624539695831247532487916849163725167259483";

    fn with(placed: &[(usize, u8)], deleted: &[(usize, u8)]) -> Grid {
        let mut grid = kaidoku_engine::parse::parse(PUZZLE).unwrap();
        for &(i, d) in placed {
            grid.place(Cell::new(i), d);
        }
        for &(i, d) in deleted {
            grid.eliminate(Cell::new(i), d);
        }
        grid
    }

    fn solution(i: usize) -> u8 {
        SOLUTION.as_bytes()[i] - b'0'
    }

    #[test]
    fn one_wrong_digit_is_the_only_mistake_named() {
        // r1c2 is 7 in the solution; a 3 there removes 3 from its peers, among them cells
        // whose solution is 3: those removals are the wrong digit's doing, not the player's.
        let grid = with(&[(1, 3)], &[]);
        let error = check_position(&grid).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Unsolvable);
        assert_eq!(error.mistakes.len(), 1, "{error}");
        let mistake = &error.mistakes[0];
        assert_eq!((mistake.cell.as_str(), mistake.kind), ("r1c2", "value"));
        assert_eq!((mistake.digit, mistake.solution), (3, 7));
        assert!(!error.message.contains("candidate"), "{error}");
        // The same position written as a plain line: still one mistake.
        let line = kaidoku_engine::parse::parse(&grid.to_line()).unwrap();
        assert_eq!(check_position(&line).unwrap_err().mistakes.len(), 1);
    }

    #[test]
    fn a_solution_candidate_removed_by_hand_is_named() {
        let cell = 1;
        let grid = with(&[], &[(cell, solution(cell))]);
        let error = check_position(&grid).unwrap_err();
        assert_eq!(error.mistakes.len(), 1, "{error}");
        assert_eq!(error.mistakes[0].kind, "candidate");
        assert_eq!(
            error.mistakes[0].text(),
            "r1c2: candidate 7 was removed, but it is the solution"
        );
        // A right position passes, and gives the solution.
        let right = with(&[(1, 7)], &[(10, 3)]);
        let found = check_position(&right).unwrap();
        assert_eq!(
            found.map(|d| (b'0' + d) as char).iter().collect::<String>(),
            SOLUTION
        );
    }

    #[test]
    fn several_solutions_and_conflicts_are_refused() {
        let open = format!(".{}", &PUZZLE[1..]).replacen('8', ".", 3);
        let grid = kaidoku_engine::parse::parse(&open).unwrap();
        assert!(
            check_position(&grid)
                .unwrap_err()
                .message
                .contains("several solutions")
        );
        let conflict = format!("22{}", &PUZZLE[2..]);
        let error = kaidoku_engine::parse::parse(&conflict)
            .map(|g| check_position(&g).unwrap_err().message)
            .unwrap_or_else(|e| e.to_string());
        assert!(
            error.contains("conflict") || error.contains("r1c1"),
            "{error}"
        );
    }
}
