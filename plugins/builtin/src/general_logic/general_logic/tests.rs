//! A hand-run soundness sweep over the shared hardest sets.

use kaidoku_engine::prelude::*;

/// Solves puzzles of a shared set with `configs/hardest.toml` up to its forcing section, then
/// runs general logic where that gets stuck: every step is checked against the solution;
/// prints how often it fires, the time it takes and the first positions as fixture lines, and
/// fails on an unsound step. `GL_SET` (a file of `../shared/puzzles`, default
/// `forum_hardest_1106.txt`), `GL_EVERY` (every Nth puzzle, default 10), `GL_PARAMS`
/// (`name = value`, `;`-separated), `GL_CUT` (the config line to stop before). Run in release:
/// `cargo test --release -p kaidoku-techniques general_logic_soundness_run -- --ignored --nocapture`.
#[test]
#[ignore]
fn general_logic_soundness_run() {
    use kaidoku_engine::fixtures::library_line;
    let Some(dir) = crate::testing::shared_puzzles("general_logic_soundness_run") else {
        return;
    };
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_string());
    let set = env("GL_SET", "forum_hardest_1106.txt");
    let every: usize = env("GL_EVERY", "10").parse().unwrap();
    let params = env("GL_PARAMS", "").replace(';', "\n");
    let text = std::fs::read_to_string(dir.join(&set)).unwrap();
    let hardest = include_str!("../../../../../configs/hardest.toml");
    // `GL_CUT`: where to cut the config (default: before forcing), for easier stuck positions.
    let cut = env("GL_CUT", "# ---- Forcing").replace("\\n", "\n");
    let patterns = &hardest[..hardest.find(&cut).unwrap()];
    let config = crate::parse_config(
        patterns,
        "hardest.toml",
        "hardest",
        std::path::Path::new("."),
    )
    .unwrap();
    let solver = kaidoku_engine::Solver::new(config).unwrap();
    let registry = crate::registry_tests::registry();
    let entry = registry.get("general-logic").unwrap();
    let (mut puzzles, mut stuck, mut fired, mut steps, mut unsound) = (0, 0, 0, 0, 0);
    let mut shown = [0; 2];
    let mut spent = std::time::Duration::ZERO;
    let mut slowest = std::time::Duration::ZERO;
    for line in text.lines().step_by(every.max(1)) {
        let line = line.split('\t').next().unwrap_or("");
        let Some((solution, stuck_at)) = crate::registry_tests::solve_to_stuck(&solver, line)
        else {
            continue;
        };
        puzzles += 1;
        let Some(grid) = stuck_at else {
            continue;
        };
        stuck += 1;
        let clock = std::time::Instant::now();
        let found = crate::registry_tests::all_steps(entry, &params, &grid);
        let took = clock.elapsed();
        spent += took;
        slowest = slowest.max(took);
        if found.is_empty() {
            if stuck - fired <= 2 {
                let line = library_line("gl-x", &grid, &Step::new(StepKind::GUESS));
                println!("{}", line.replacen(":gl-x::", ":gl-x:1:", 1));
            }
            continue;
        }
        fired += 1;
        for (rank, code) in [(0, "gl0"), (1, "gl1")] {
            let kind = if rank == 0 {
                "rank-0-logic"
            } else {
                "rank-1-logic"
            };
            if let Some(step) = found.iter().find(|s| s.kind.id == kind)
                && shown[rank] < 4
            {
                shown[rank] += 1;
                println!("{}", library_line(code, &grid, step));
                println!("# {}", step.text());
            }
        }
        for step in &found {
            steps += 1;
            if let Some(why) = step.unsound_effect(&solution) {
                unsound += 1;
                println!("UNSOUND {line}: {} ({why})", step.text());
            }
        }
    }
    println!(
        "{set} every {every}: {puzzles} puzzles, {stuck} stuck, general logic fired on {fired} \
         ({steps} steps, {unsound} unsound); {:.1} ms a stuck position, slowest {:.1} ms",
        spent.as_secs_f64() * 1e3 / stuck.max(1) as f64,
        slowest.as_secs_f64() * 1e3
    );
    assert_eq!(unsound, 0);
}
