//! What is wrong with a position a player brings, whatever its format: checked against the
//! solution of its givens. Pencil-mark grids and the 729 candidates cannot tell givens from
//! placed digits (every solved cell reads as a given), so when the givens have no solution the
//! fewest of them whose removal leaves exactly one solution are blamed.

use anyhow::{Result, anyhow};
use kaidoku_engine::{Cell, Digit, Grid};

/// Pairs of givens are tried only up to this many solves (a position has at most 80 givens,
/// 3,160 pairs; each solve of a near-full grid takes microseconds).
const MAX_PAIR_SOLVES: usize = 4000;

/// The solution of the position's givens when the position agrees with it; otherwise an error
/// naming each mistake with its cell: a placed digit that differs from the solution, a removed
/// candidate that is the solution digit, or givens to blame.
pub fn check_position(grid: &Grid) -> Result<[Digit; 81]> {
    match verdict(grid)? {
        Verdict::Solution(solution) => Ok(solution),
        Verdict::Several => Err(anyhow!(
            "the puzzle has several solutions, so no step can be sure"
        )),
        Verdict::Mistakes(error) => Err(error),
    }
}

/// For a position without a solution: what is wrong in it, when the givens tell (`None` when
/// they have several solutions, so nothing can be blamed).
pub fn mistakes(grid: &Grid) -> Option<anyhow::Error> {
    match verdict(grid) {
        Err(error) | Ok(Verdict::Mistakes(error)) => Some(error),
        Ok(_) => None,
    }
}

enum Verdict {
    /// The givens' solution, which the position agrees with.
    Solution([Digit; 81]),
    /// The givens have several solutions.
    Several,
    Mistakes(anyhow::Error),
}

fn verdict(grid: &Grid) -> Result<Verdict> {
    if let Some(conflict) = grid.conflict() {
        return Err(anyhow!("conflicting values: {conflict}"));
    }
    let givens = givens_of(grid);
    let solutions = solve(&givens)?;
    Ok(match (solutions.count, solutions.first) {
        (1, Some(solution)) => {
            let problems = against(grid, &solution, &[]);
            if problems.is_empty() {
                Verdict::Solution(solution)
            } else {
                Verdict::Mistakes(mistakes_of(&problems))
            }
        }
        (0, _) => Verdict::Mistakes(blame(grid, &givens)),
        _ => Verdict::Several,
    })
}

fn givens_of(grid: &Grid) -> [Digit; 81] {
    let mut givens = [0 as Digit; 81];
    for cell in grid.givens().iter() {
        givens[cell.index()] = grid.value(cell).unwrap_or(0);
    }
    givens
}

fn solve(values: &[Digit; 81]) -> Result<kaidoku_engine::backtrack::Solutions> {
    let grid = Grid::from_givens(values).map_err(|c| anyhow!("{c}"))?;
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

/// The position's values and candidates against `solution`; `blamed` givens are said first.
fn against(grid: &Grid, solution: &[Digit; 81], blamed: &[Cell]) -> Vec<String> {
    let mut problems = Vec::new();
    for cell in Cell::all() {
        let right = solution[cell.index()];
        match grid.value(cell) {
            Some(placed) if placed != right => {
                let line = format!("{cell} holds {placed}, but the solution has {right} there");
                if blamed.contains(&cell) {
                    problems.insert(0, line);
                } else {
                    problems.push(line);
                }
            }
            Some(_) => {}
            None if !grid.candidates(cell).contains(right) => problems.push(format!(
                "{cell}: candidate {right} was removed, but it is the solution"
            )),
            None => {}
        }
    }
    problems
}

fn mistakes_of(problems: &[String]) -> anyhow::Error {
    anyhow!("the position has mistakes:\n  {}", problems.join("\n  "))
}

/// The givens have no solution: blame the fewest (one, else two) whose removal leaves exactly
/// one solution. Several equally good blames are all named; none found, the plain verdict.
fn blame(grid: &Grid, givens: &[Digit; 81]) -> anyhow::Error {
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
    // Several ways to mend the digits: the candidates decide. A removed candidate that is the
    // solution is another mistake, unless a blamed peer holds that digit (the player removed
    // it because of the wrong digit): keep the ways that leave the fewest other mistakes.
    if found.len() > 1 {
        let others = |(blamed, solution): &(Vec<Cell>, [Digit; 81])| {
            Cell::all()
                .filter(|&cell| {
                    let right = solution[cell.index()];
                    grid.value(cell).is_none()
                        && !grid.candidates(cell).contains(right)
                        && !blamed.iter().any(|&b| {
                            kaidoku_engine::peers(b).contains(cell) && grid.value(b) == Some(right)
                        })
                })
                .count()
        };
        let fewest = found.iter().map(others).min().unwrap_or(0);
        found.retain(|way| others(way) == fewest);
    }
    match found.as_slice() {
        [] => match kaidoku_engine::obvious_contradiction(grid) {
            Some(why) => anyhow!("the puzzle has no solution: {why}"),
            None => anyhow!("the puzzle has no solution"),
        },
        [(blamed, solution)] => {
            let mut problems = against(grid, solution, blamed);
            problems.push(format!(
                "(the digits have no solution together; without {} they have exactly one)",
                list(blamed)
            ));
            mistakes_of(&problems)
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
            anyhow!(
                "the puzzle has no solution, and {} ways to mend it by changing {} digit{} each: \
                 {}",
                several.len(),
                several[0].0.len(),
                if several[0].0.len() == 1 { "" } else { "s" },
                options.join(", ")
            )
        }
    }
}

fn list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    names.join(" and ")
}
