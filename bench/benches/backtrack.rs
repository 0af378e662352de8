//! Criterion: Kaidoku's backtracking solver against the `sudoku` crate on fixed samples
//! (the first 1,000 17-clue puzzles and all of forum_hardest_1106), uniqueness mode.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kaidoku_bench::{default_puzzles_dir, load_set};
use kaidoku_engine::backtrack::solve_values;
use std::hint::black_box;

const SAMPLES: [(&str, Option<usize>); 2] = [("17clue", Some(1000)), ("forum_hardest_1106", None)];

fn backtrack(c: &mut Criterion) {
    let dir = default_puzzles_dir();
    for (name, limit) in SAMPLES {
        let puzzles = match load_set(&dir, name, limit) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipping {name}: puzzle set not found ({e})");
                continue;
            }
        };
        let values: Vec<[u8; 81]> = puzzles.iter().map(|p| p.values).collect();
        let peers: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.line).expect("valid line"))
            .collect();
        let mut group = c.benchmark_group(format!("backtrack/{name}"));
        group.throughput(Throughput::Elements(values.len() as u64));
        group.sample_size(20);
        group.bench_function(BenchmarkId::new("kaidoku", values.len()), |b| {
            b.iter(|| {
                for v in &values {
                    black_box(solve_values(black_box(v), 2));
                }
            })
        });
        group.bench_function(BenchmarkId::new("sudoku", values.len()), |b| {
            b.iter(|| {
                for &s in &peers {
                    black_box(black_box(s).solution());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, backtrack);
criterion_main!(benches);
