//! The summary of a batch run: counts by status and by technique.

use kaidoku_engine::{Level, Status, Trace};
use std::collections::BTreeMap;

#[derive(Default)]
pub struct Tally {
    /// Lines that held a puzzle (or tried to): every line but blank and comment lines.
    pub puzzles: usize,
    pub by_status: BTreeMap<Status, usize>,
    /// Solved puzzles that needed a last-resort guess: solved, but not by logic alone.
    pub solved_with_guesses: usize,
    /// technique id → (steps, puzzles that used it)
    pub by_technique: BTreeMap<String, (usize, usize)>,
    /// HoDoKu level → puzzles (solved or stuck).
    pub by_level: BTreeMap<Level, usize>,
}

impl Tally {
    pub fn add(&mut self, trace: &Trace) {
        if trace.status != Status::Skipped {
            self.puzzles += 1;
        }
        *self.by_status.entry(trace.status).or_default() += 1;
        if trace.status == Status::Solved && trace.guesses > 0 {
            self.solved_with_guesses += 1;
        }
        if let Some(level) = trace.rating.as_ref().and_then(|r| r.level) {
            *self.by_level.entry(level).or_default() += 1;
        }
        let mut seen: Vec<&str> = Vec::new();
        for step in &trace.steps {
            // Look up before inserting: most steps are of a technique already counted.
            let entry = match self.by_technique.get_mut(&*step.technique) {
                Some(entry) => entry,
                None => self
                    .by_technique
                    .entry(step.technique.to_string())
                    .or_default(),
            };
            entry.0 += 1;
            if !seen.contains(&&*step.technique) {
                seen.push(&step.technique);
                entry.1 += 1;
            }
        }
    }

    /// Add the tally of another part of the input.
    pub fn merge(&mut self, other: Tally) {
        self.puzzles += other.puzzles;
        self.solved_with_guesses += other.solved_with_guesses;
        for (status, n) in other.by_status {
            *self.by_status.entry(status).or_default() += n;
        }
        for (level, n) in other.by_level {
            *self.by_level.entry(level).or_default() += n;
        }
        for (id, (steps, puzzles)) in other.by_technique {
            let entry = self.by_technique.entry(id).or_default();
            entry.0 += steps;
            entry.1 += puzzles;
        }
    }

    /// The summary for stderr; `levels` names the level counts (`batch` counts the levels of
    /// the config's paths, `rate` the ratings).
    pub fn summary(&self, seconds: f64, levels: &str) -> String {
        use std::fmt::Write;
        let rate = if seconds > 0.0 {
            self.puzzles as f64 / seconds
        } else {
            0.0
        };
        let mut text = format!(
            "{} puzzles in {seconds:.2} s ({})\n",
            self.puzzles,
            speed(rate)
        );
        let statuses: Vec<String> = self
            .by_status
            .iter()
            .map(|(s, n)| match s {
                Status::Solved if self.solved_with_guesses > 0 => format!(
                    "solved {n} ({} by logic, {} with guesses)",
                    n - self.solved_with_guesses,
                    self.solved_with_guesses
                ),
                _ => format!("{} {n}", s.as_str()),
            })
            .collect();
        if !statuses.is_empty() {
            let _ = writeln!(text, "status: {}", statuses.join(", "));
        }
        if !self.by_level.is_empty() {
            let counts: Vec<String> = self
                .by_level
                .iter()
                .map(|(l, n)| format!("{l} {n}"))
                .collect();
            let _ = writeln!(text, "{levels}: {}", counts.join(", "));
        }
        if !self.by_technique.is_empty() {
            // As wide as the longest id (a plugin's id can be long).
            let width = self
                .by_technique
                .keys()
                .map(|id| id.chars().count())
                .max()
                .unwrap_or(0)
                .max(20);
            let _ = writeln!(
                text,
                "{:<width$} {:>8} {:>9}",
                "technique", "steps", "puzzles"
            );
            for (id, (steps, puzzles)) in &self.by_technique {
                let _ = writeln!(text, "{id:<width$} {steps:>8} {puzzles:>9}");
            }
        }
        text
    }
}

/// Puzzles a second, readable however slow: `1234 puzzles/s`, `2.5 puzzles/s`, `0.25
/// puzzles/s`, and for slower runs the seconds a puzzle (`40 s a puzzle`).
pub fn speed(rate: f64) -> String {
    if rate >= 10.0 {
        format!("{rate:.0} puzzles/s")
    } else if rate >= 1.0 {
        format!("{rate:.1} puzzles/s")
    } else if rate >= 0.1 {
        format!("{rate:.2} puzzles/s")
    } else if rate > 0.0 {
        format!("{:.0} s a puzzle", 1.0 / rate)
    } else {
        "no puzzles".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_runs_show_a_speed_that_is_not_zero() {
        assert_eq!(speed(1234.4), "1234 puzzles/s");
        assert_eq!(speed(2.54), "2.5 puzzles/s");
        assert_eq!(speed(0.25), "0.25 puzzles/s");
        assert_eq!(speed(0.025), "40 s a puzzle");
        assert_eq!(speed(0.0), "no puzzles");
    }

    #[test]
    fn an_empty_run_has_no_empty_status_line_and_long_ids_keep_their_columns() {
        let empty = Tally::default().summary(0.0, "level");
        assert_eq!(empty, "0 puzzles in 0.00 s (no puzzles)\n");
        let mut tally = Tally::default();
        let long = "a-plugin-technique-with-a-long-id";
        tally.by_technique.insert(long.to_string(), (12, 3));
        tally.by_technique.insert("fish".to_string(), (1, 1));
        let text = tally.summary(1.0, "level");
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("technique"))
            .collect();
        let ends: Vec<usize> = rows.iter().map(|r| r.len()).collect();
        assert!(ends.iter().all(|&e| e == ends[0]), "{text}");
    }
}
