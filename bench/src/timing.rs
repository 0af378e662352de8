//! Timing passes of a solver: wall time, and the CPU time of the measuring thread.
//!
//! On a machine shared with other work, a pass that waits for a core is charged for the wait
//! in wall time but not in thread CPU time, so the CPU-time rates are the steadier measure
//! there; both are reported.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The best (shortest) times seen over several passes.
#[derive(Clone, Copy)]
pub struct Best {
    pub wall: Duration,
    /// `None` where the platform has no per-thread CPU clock.
    pub cpu: Option<Duration>,
}

impl Best {
    const NONE: Best = Best {
        wall: Duration::MAX,
        cpu: Some(Duration::MAX),
    };

    fn keep(&mut self, wall: Duration, cpu: Option<Duration>) {
        self.wall = self.wall.min(wall);
        self.cpu = match (self.cpu, cpu) {
            (Some(best), Some(now)) => Some(best.min(now)),
            _ => None,
        };
    }
}

/// The CPU time the calling thread has used so far.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    return cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

/// The CPU time all threads of the process have used so far.
pub fn process_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    return cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

#[cfg(unix)]
fn cpu_clock(clock: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let status = unsafe { libc::clock_gettime(clock, &mut ts) };
    (status == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// One pass of `solve` over every input, its answers into `answers`; updates `best`.
fn pass<T: Copy, R>(inputs: &[T], answers: &mut Vec<R>, solve: &impl Fn(T) -> R, best: &mut Best) {
    answers.clear();
    let cpu_start = thread_cpu_time();
    let start = Instant::now();
    for &input in inputs {
        answers.push(solve(black_box(input)));
    }
    let wall = start.elapsed();
    let cpu = thread_cpu_time()
        .zip(cpu_start)
        .map(|(end, start)| end.saturating_sub(start));
    best.keep(wall, cpu);
}

/// Runs two solvers over their inputs `rounds` times, taking turns so that a busy spell of
/// the machine slows both alike; returns each one's best times and its answers.
pub fn time_both<A: Copy, B: Copy, R>(
    rounds: usize,
    (inputs_a, solve_a): (&[A], impl Fn(A) -> R),
    (inputs_b, solve_b): (&[B], impl Fn(B) -> R),
) -> [(Best, Vec<R>); 2] {
    let mut a = (Best::NONE, Vec::with_capacity(inputs_a.len()));
    let mut b = (Best::NONE, Vec::with_capacity(inputs_b.len()));
    for _ in 0..rounds {
        pass(inputs_a, &mut a.1, &solve_a, &mut a.0);
        pass(inputs_b, &mut b.1, &solve_b, &mut b.0);
    }
    [a, b]
}

/// Runs one solver over its inputs `rounds` times; returns its best times and its answers.
pub fn time_one<T: Copy, R>(rounds: usize, inputs: &[T], solve: impl Fn(T) -> R) -> (Best, Vec<R>) {
    let mut best = (Best::NONE, Vec::with_capacity(inputs.len()));
    for _ in 0..rounds {
        pass(inputs, &mut best.1, &solve, &mut best.0);
    }
    best
}

/// `n` items in time `t`, as items per second.
pub fn per_second(n: usize, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64().max(1e-12)
}
