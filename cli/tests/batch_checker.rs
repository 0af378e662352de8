//! An independent checker of `kaidoku batch` output. It shares no code with the engine: it
//! reads the JSON traces, keeps its own candidate grid (plain arrays), finds each puzzle's
//! solution with its own brute-force search, and replays every step: each placement and
//! elimination must name a current candidate, placements must be the solution's digits and
//! eliminations must not be; the trace's final grid must be what the replay gives.

mod common;

use serde_json::Value;

/// The houses of the grid, as cell indices.
fn houses() -> Vec<[usize; 9]> {
    let mut houses = Vec::new();
    for i in 0..9 {
        houses.push(std::array::from_fn(|k| i * 9 + k)); // row
        houses.push(std::array::from_fn(|k| k * 9 + i)); // column
        let (r0, c0) = (i / 3 * 3, i % 3 * 3);
        houses.push(std::array::from_fn(|k| (r0 + k / 3) * 9 + c0 + k % 3)); // box
    }
    houses
}

/// The 20 peers of every cell.
fn peer_table() -> Vec<Vec<usize>> {
    (0..81)
        .map(|cell| {
            (0..81)
                .filter(|&o| {
                    o != cell
                        && (o / 9 == cell / 9
                            || o % 9 == cell % 9
                            || (o / 27 == cell / 27 && o % 9 / 3 == cell % 9 / 3))
                })
                .collect()
        })
        .collect()
}

/// Plain brute force, most constrained cell first: count solutions up to 2, keep the first.
fn brute_force(
    peers: &[Vec<usize>],
    values: &mut [u8; 81],
    count: &mut usize,
    first: &mut Option<[u8; 81]>,
) {
    let mut best: Option<(usize, u16)> = None;
    for cell in (0..81).filter(|&c| values[c] == 0) {
        let used = peers[cell].iter().fold(0u16, |m, &p| m | 1 << values[p]);
        let allowed = !used & 0b11_1111_1110;
        if best.is_none_or(|(_, b)| allowed.count_ones() < b.count_ones()) {
            best = Some((cell, allowed));
            if allowed.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((cell, allowed)) = best else {
        *count += 1;
        first.get_or_insert(*values);
        return;
    };
    for digit in 1..=9 {
        if allowed & (1 << digit) != 0 {
            values[cell] = digit;
            brute_force(peers, values, count, first);
            values[cell] = 0;
            if *count > 1 {
                return;
            }
        }
    }
}

struct Replay {
    peers: Vec<Vec<usize>>,
    values: [u8; 81],
    /// Bit `d` set: digit `d` is still a candidate.
    candidates: [u16; 81],
}

impl Replay {
    fn new(puzzle: &str) -> Replay {
        let mut replay = Replay {
            peers: peer_table(),
            values: [0; 81],
            candidates: [0b11_1111_1110; 81],
        };
        for (cell, c) in puzzle.bytes().enumerate() {
            if c.is_ascii_digit() && c != b'0' {
                replay.place(cell, c - b'0');
            }
        }
        replay
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        for &p in &self.peers[cell] {
            self.candidates[p] &= !(1 << digit);
        }
    }

    fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] & (1 << digit) != 0
    }
}

fn triples(value: &Value) -> Vec<(usize, u8)> {
    value
        .as_array()
        .expect("array of [row, col, digit]")
        .iter()
        .map(|t| {
            let t: Vec<u64> = t
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            assert_eq!(t.len(), 3);
            assert!(t.iter().all(|&v| (1..=9).contains(&v)), "{t:?}");
            ((t[0] as usize - 1) * 9 + t[1] as usize - 1, t[2] as u8)
        })
        .collect()
}

/// Check one trace; returns its status.
fn check_trace(trace: &Value) -> String {
    let puzzle = trace["puzzle"].as_str().expect("puzzle");
    let status = trace["status"].as_str().expect("status").to_string();
    assert!(trace["config"]["name"].is_string() && trace["config"]["hash"].is_string());
    if status != "solved" && status != "stuck" {
        return status;
    }
    let mut replay = Replay::new(puzzle);
    let (mut count, mut first) = (0, None);
    brute_force(
        &replay.peers,
        &mut replay.values.clone(),
        &mut count,
        &mut first,
    );
    assert_eq!(
        count, 1,
        "{puzzle}: kaidoku solved a puzzle without a unique solution"
    );
    let solution = first.unwrap();
    for step in trace["steps"].as_array().expect("steps") {
        let text = step["text"].as_str().expect("text");
        let placements = triples(&step["placements"]);
        let eliminations = triples(&step["eliminations"]);
        assert!(
            !placements.is_empty() || !eliminations.is_empty(),
            "{puzzle}: empty step {text}"
        );
        for &(cell, digit) in &eliminations {
            assert!(replay.has(cell, digit), "{puzzle}: {text}: not a candidate");
            assert_ne!(solution[cell], digit, "{puzzle}: UNSOUND {text}");
            replay.candidates[cell] &= !(1 << digit);
        }
        for &(cell, digit) in &placements {
            assert!(replay.has(cell, digit), "{puzzle}: {text}: not a candidate");
            assert_eq!(solution[cell], digit, "{puzzle}: UNSOUND {text}");
            replay.place(cell, digit);
        }
    }
    let grid: String = replay
        .values
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect();
    assert_eq!(
        trace["grid"].as_str(),
        Some(grid.as_str()),
        "{puzzle}: final grid"
    );
    let solved = replay.values.iter().all(|&v| v != 0);
    assert_eq!(solved, status == "solved", "{puzzle}: status {status}");
    if solved {
        assert_eq!(replay.values, solution);
    }
    assert!(houses().iter().all(|h| {
        let mut seen = 0u16;
        h.iter().all(|&c| {
            let bit = (1u16 << replay.values[c]) & !1;
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    }));
    status
}

fn batch(config: &str, input: &str) -> Vec<Value> {
    let config = common::root().join("configs").join(config);
    let config = config.to_str().expect("utf-8 path");
    let args = ["batch", "-", "--threads", "2", "--config", config];
    let out = common::kaidoku_with_stdin(&args, input);
    assert!(out.status.success(), "{}", common::stderr(&out));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON trace a line"))
        .collect()
}

fn check_all(config: &str, puzzles: &[String]) {
    let traces = batch(config, &puzzles.join("\n"));
    assert_eq!(traces.len(), puzzles.len());
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for (trace, puzzle) in traces.iter().zip(puzzles) {
        assert_eq!(
            trace["puzzle"].as_str(),
            Some(puzzle.as_str()),
            "input order"
        );
        *tally.entry(check_trace(trace)).or_default() += 1;
    }
    eprintln!("{config}: {} traces checked {tally:?}", traces.len());
    assert_eq!(
        tally.get("solved").copied().unwrap_or(0) + tally.get("stuck").copied().unwrap_or(0),
        puzzles.len()
    );
}

#[test]
fn batch_traces_of_the_in_repo_puzzles_replay_soundly() {
    let mut puzzles: Vec<String> = common::seeds().into_iter().map(|(_, p)| p).collect();
    puzzles.extend(common::exchange_sample().into_iter().map(|(p, _)| p));
    for config in common::shipped_configs() {
        check_all(&config, &puzzles);
    }
}

#[test]
fn batch_traces_of_the_hard_shared_sets_replay_soundly() {
    let Some(dir) = common::shared_puzzles(
        "batch_traces_of_the_hard_shared_sets_replay_soundly",
        &["17clue.txt", "top1465.txt", "unbiased.txt"],
    ) else {
        return;
    };
    let mut puzzles = common::spread_lines(&dir.join("top1465.txt"), 200);
    puzzles.extend(common::spread_lines(&dir.join("17clue.txt"), 200));
    puzzles.extend(common::spread_lines(&dir.join("unbiased.txt"), 200));
    check_all("gnpx.toml", &puzzles);
}
