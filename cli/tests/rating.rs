//! `kaidoku rate` against Sudoku Explainer's ratings: Spearman's rank correlation over the
//! in-repo Sudoku Exchange sample (every run), and over the whole rated set of
//! `../shared/puzzles` per rating band (ignored: run it in release,
//! `cargo test --release -p kaidoku-cli --test rating -- --ignored --nocapture`; set
//! `KAIDOKU_RATE_EVERY=N` to rate every N-th puzzle).

mod common;

use std::collections::BTreeMap;

/// One `rate` line as a number to rank: the ER, and above every solved rating when the
/// techniques stopped short (`>X`: harder than X, ranked by X).
fn rank_value(line: &str) -> f64 {
    let er = line.split(' ').next().unwrap_or_default();
    match er.strip_prefix('>') {
        Some(lower) => 100.0 + lower.parse::<f64>().expect("ER"),
        None => er
            .parse()
            .unwrap_or_else(|_| panic!("not a rating line: {line}")),
    }
}

/// Ranks with ties averaged.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let average = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = average;
        }
        i = j + 1;
    }
    ranks
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 {
        return 0.0;
    }
    cov / (va * vb).sqrt()
}

/// Rate `puzzles` with the binary; the rating lines, in order.
fn rate(puzzles: &[String]) -> Vec<String> {
    let input = puzzles.join("\n") + "\n";
    let out = common::kaidoku_with_stdin(&["rate", "--threads", "0"], &input);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let lines: Vec<String> = common::stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), puzzles.len());
    lines
}

#[test]
fn spearman_rank_correlation_with_se_on_the_in_repo_sample() {
    let sample = common::exchange_sample();
    let puzzles: Vec<String> = sample.iter().map(|(p, _)| p.clone()).collect();
    let ours: Vec<f64> = rate(&puzzles).iter().map(|l| rank_value(l)).collect();
    let theirs: Vec<f64> = sample.iter().map(|(_, r)| f64::from(*r)).collect();
    let rho = spearman(&ours, &theirs);
    println!(
        "Spearman over the {} sample puzzles: {rho:.3}",
        puzzles.len()
    );
    // A guard against regressions, a little below the figure measured (see the README).
    assert!(rho > 0.92, "Spearman {rho:.3}");
}

#[test]
fn spearman_of_known_orders() {
    assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-9);
    assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-9);
    assert_eq!(ranks(&[5.0, 1.0, 5.0]), [2.5, 1.0, 2.5]);
    assert_eq!(rank_value("4.2 1.2 1.2 hard 700 xy-wing x"), 4.2);
    assert!(rank_value(">6.6 extreme 900 x-chain x unsolved") > 100.0);
}

#[test]
#[ignore = "rates 43,476 puzzles: run in release with --ignored"]
fn spearman_rank_correlation_with_se_per_band() {
    let file = "se_rated_sudoku_exchange.rated.tsv";
    let Some(dir) = common::shared_puzzles("spearman_rank_correlation_with_se_per_band", &[file])
    else {
        return;
    };
    let text = std::fs::read_to_string(dir.join(file)).expect(file);
    // KAIDOKU_RATE_EVERY=N rates every N-th puzzle only (the file is in rating order, so
    // every band keeps its share).
    let every: usize = std::env::var("KAIDOKU_RATE_EVERY")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    let rows: Vec<(String, f64)> = text
        .lines()
        .step_by(every)
        .filter_map(|l| l.split_once('\t'))
        .map(|(p, r)| (p.to_string(), r.trim().parse().expect("rating")))
        .collect();
    let puzzles: Vec<String> = rows.iter().map(|(p, _)| p.clone()).collect();
    let lines = rate(&puzzles);
    let ours: Vec<f64> = lines.iter().map(|l| rank_value(l)).collect();
    let theirs: Vec<f64> = rows.iter().map(|(_, r)| *r).collect();
    println!(
        "all {} puzzles: Spearman {:.3}",
        rows.len(),
        spearman(&ours, &theirs)
    );
    // The HoDoKu-style score of the same paths (unfinished ones on top), for comparison.
    let scores: Vec<f64> = lines
        .iter()
        .map(|l| {
            let score: f64 = l
                .split(' ')
                .nth(4)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0.0);
            if l.ends_with(" unsolved") {
                1e9 + score
            } else {
                score
            }
        })
        .collect();
    println!(
        "HoDoKu-style score of the same paths: Spearman {:.3}",
        spearman(&scores, &theirs)
    );
    let bands = [
        (1.0, 2.5),
        (2.5, 3.0),
        (3.0, 4.0),
        (4.0, 5.0),
        (5.0, 6.0),
        (6.0, 7.0),
        (7.0, 8.0),
        (8.0, 9.0),
        (9.0, 10.0),
    ];
    println!(
        "| SE band | puzzles | Spearman in band | same ER | within 0.1 | within 0.5 | unsolved |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (low, high) in bands {
        let picked: Vec<usize> = (0..rows.len())
            .filter(|&i| theirs[i] >= low - 1e-9 && theirs[i] < high - 1e-9)
            .collect();
        if picked.is_empty() {
            continue;
        }
        let a: Vec<f64> = picked.iter().map(|&i| ours[i]).collect();
        let b: Vec<f64> = picked.iter().map(|&i| theirs[i]).collect();
        let n = picked.len() as f64;
        let same = picked
            .iter()
            .filter(|&&i| (ours[i] - theirs[i]).abs() < 0.05)
            .count();
        let close = picked
            .iter()
            .filter(|&&i| (ours[i] - theirs[i]).abs() < 0.15)
            .count();
        let near = picked
            .iter()
            .filter(|&&i| (ours[i] - theirs[i]).abs() <= 0.5)
            .count();
        let unsolved = picked.iter().filter(|&&i| ours[i] >= 100.0).count();
        println!(
            "| {low:.1}–{:.1} | {} | {:.3} | {:.0}% | {:.0}% | {:.0}% | {:.0}% |",
            high - 0.1,
            picked.len(),
            spearman(&a, &b),
            100.0 * same as f64 / n,
            100.0 * close as f64 / n,
            100.0 * near as f64 / n,
            100.0 * unsolved as f64 / n
        );
    }
    // Which of our hardest kinds the SE levels got, to see where the table is off.
    let mut by_level: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for (line, se) in lines.iter().zip(&theirs) {
        let hardest = line.split(' ').nth(5).unwrap_or("-").to_string();
        let er = line.split(' ').next().unwrap_or("-");
        *by_level
            .entry(format!("{se:.1}"))
            .or_default()
            .entry(format!("{er} {hardest}"))
            .or_default() += 1;
    }
    for (se, kinds) in by_level {
        let mut top: Vec<(String, usize)> = kinds.into_iter().collect();
        top.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        top.truncate(4);
        println!("SE {se}: {top:?}");
    }
}

/// A random-looking isomorph of `puzzle` (seeded): the grid transposed or not, bands, rows
/// in bands, stacks and columns in stacks permuted, digits relabelled.
fn isomorph(puzzle: &str, seed: u64) -> String {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut shuffle = |items: &mut Vec<usize>| {
        for i in (1..items.len()).rev() {
            items.swap(i, next(i + 1));
        }
    };
    let mut order = |items: &mut Vec<usize>| {
        let mut outer = vec![0, 1, 2];
        shuffle(&mut outer);
        let mut lines = Vec::new();
        for o in outer {
            let mut inner = vec![0, 1, 2];
            shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|i| o * 3 + i));
        }
        *items = lines;
    };
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    order(&mut rows);
    order(&mut cols);
    let mut digits: Vec<usize> = (1..=9).collect();
    shuffle(&mut digits);
    let transpose = next(2) == 1;
    let cells: Vec<char> = puzzle.chars().collect();
    let mut out = String::new();
    for &r in &rows {
        for &c in &cols {
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            out.push(match cells[r * 9 + c].to_digit(10) {
                Some(d) if d > 0 => char::from_digit(digits[d as usize - 1] as u32, 10).unwrap(),
                _ => '.',
            });
        }
    }
    out
}

/// ER, EP, ED and the hardest kind of a `rate` line.
fn rating_of(line: &str) -> String {
    let fields: Vec<&str> = line.split(' ').collect();
    format!("{} {} {} {}", fields[0], fields[1], fields[2], fields[5])
}

/// A puzzle and its isomorphs get the same ER, EP, ED and hardest kind, in every shipped
/// config: the rating configs on puzzles of every SE band, the others on one puzzle of each
/// band up to 7 (their forcing nets take half a minute a puzzle above that in a debug build,
/// and `rate` takes the canonical form whatever the config, so a hard puzzle adds time, not
/// cases).
#[test]
fn every_isomorph_gets_the_same_rating_in_every_shipped_config() {
    let sample = common::exchange_sample();
    let spread = |per_band: usize, top_band: i32| -> Vec<String> {
        let mut picked: Vec<String> = Vec::new();
        for band in 1..=top_band {
            let in_band = sample.iter().filter(|(_, r)| r.floor() as i32 == band);
            picked.extend(in_band.take(per_band).map(|(p, _)| p.clone()));
        }
        picked
    };
    let rate_with = |config: &str, puzzles: &[String]| -> Vec<String> {
        let input = puzzles.join("\n") + "\n";
        let out =
            common::kaidoku_with_stdin(&["rate", "--threads", "0", "--config", config], &input);
        assert!(out.status.success(), "{}", common::stderr(&out));
        common::stdout(&out).lines().map(rating_of).collect()
    };
    let mut configs: Vec<String> = std::fs::read_dir(common::root().join("configs"))
        .expect("configs")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".toml")?.to_string())
        })
        .collect();
    configs.sort();
    for config in configs {
        // The rating configs on more puzzles (`se` is `rate`'s default), the others on a few.
        let (per_band, top_band, seeds) = match config.as_str() {
            "rating" | "se" => (3, 9, 1..3),
            _ => (1, 7, 1..2),
        };
        let puzzles = spread(per_band, top_band);
        let base = rate_with(&config, &puzzles);
        for seed in seeds {
            let turned: Vec<String> = puzzles
                .iter()
                .enumerate()
                .map(|(i, p)| isomorph(p, seed * 1000 + i as u64))
                .collect();
            let again = rate_with(&config, &turned);
            for ((p, t), (a, b)) in puzzles.iter().zip(&turned).zip(base.iter().zip(&again)) {
                assert_eq!(a, b, "config {config}: {p} and its isomorph {t}");
            }
        }
    }
}

/// Sudoku Explainer's chains depend on how the grid is turned: this puzzle (SE 7.7) rates 7.7
/// as given and 7.8 turned when rated as SE does (`--as-given`), so `rate` takes every puzzle
/// in its canonical form by default and gives both the same rating.
#[test]
fn rate_takes_the_canonical_form_and_as_given_follows_se_on_the_text() {
    let puzzle =
        ".7.....4.2...9...8..18.52....4...5.....4.2....5.7.3.1...2...1..4..2.1..73.......5";
    let turned =
        ".2.....5.7...94.....15....4..4.5.16...7.1.29.8........1...26....9.....4...51....2";
    let rate = |args: &[&str], p: &str| -> String {
        let mut all = vec!["rate"];
        all.extend_from_slice(args);
        let out = common::kaidoku_with_stdin(&all, &format!("{p}\n"));
        assert!(out.status.success(), "{}", common::stderr(&out));
        rating_of(common::stdout(&out).trim())
    };
    assert_eq!(rate(&[], puzzle), rate(&[], turned));
    let as_given = rate(&["--as-given"], puzzle);
    assert!(as_given.starts_with("7.7 "), "{as_given}");
    let turned_as_given = rate(&["--as-given"], turned);
    assert!(turned_as_given.starts_with("7.8 "), "{turned_as_given}");
}
