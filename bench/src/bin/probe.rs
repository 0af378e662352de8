use kaidoku_bench::{default_puzzles_dir, load_set};
use kaidoku_engine::backtrack::solve_values;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(1);
    let limit = args.get(3).map(|s| s.parse().unwrap());
    let p = load_set(&default_puzzles_dir(), &args[1], limit).unwrap();
    let sp: Vec<sudoku::Sudoku> = p
        .iter()
        .map(|q| sudoku::Sudoku::from_str_line(&q.line).unwrap())
        .collect();
    let (mut bk, mut bs) = (f64::MAX, f64::MAX);
    let mut c = 0;
    let peer = std::env::var("NOPEER").is_err();
    for _ in 0..rounds {
        let t = Instant::now();
        for q in &p {
            c += solve_values(std::hint::black_box(&q.values), 2).count;
        }
        bk = bk.min(t.elapsed().as_secs_f64());
        if peer {
            let t = Instant::now();
            for q in &sp {
                c += std::hint::black_box(*q).solutions_count_up_to(2);
            }
            bs = bs.min(t.elapsed().as_secs_f64());
        }
    }
    let n = (p.len() * rounds) as f64;
    let len = p.len() as f64;
    println!(
        "{:<26} {:>6} {:>9.0}/s sudoku {:>9.0}/s ratio {:.3} [{c}] {n}",
        args[1],
        p.len(),
        len / bk,
        len / bs,
        bs / bk
    );
}
