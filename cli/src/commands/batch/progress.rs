//! The progress bar of `batch` and `rate` (on a terminal only): puzzles done, of how many when
//! the input is a file, the average speed and the time elapsed. Bytes read said little: a file
//! whose puzzles get harder showed `eta 0s` at 8%.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::PathBuf;
use std::time::Duration;

/// A bar on stderr when it is a terminal. For a file, its puzzle lines are counted on another
/// thread and the total appears when known; stdin has none.
pub fn bar(file: Option<PathBuf>) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    Some(start(file, ProgressDrawTarget::stderr()))
}

fn start(file: Option<PathBuf>, target: ProgressDrawTarget) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, target).with_style(style(false));
    // Redraw while a slow puzzle is solved, so that the elapsed time moves.
    bar.enable_steady_tick(Duration::from_millis(250));
    if let Some(path) = file {
        let counted = bar.clone();
        std::thread::spawn(move || {
            if let Ok(file) = std::fs::File::open(path)
                && let Ok(total) = count_puzzle_lines(file)
            {
                counted.set_length(total);
                counted.set_style(style(true));
            }
        });
    }
    bar
}

fn style(total: bool) -> ProgressStyle {
    let template = if total {
        "{bar:30} {pos}/{len} puzzles, {speed}, {elapsed_precise} elapsed"
    } else {
        "{spinner} {pos} puzzles, {speed}, {elapsed_precise} elapsed"
    };
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "speed",
            |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let seconds = state.elapsed().as_secs_f64();
                let rate = if seconds > 0.0 {
                    state.pos() as f64 / seconds
                } else {
                    0.0
                };
                let _ = out.write_str(&super::tally::speed(rate));
            },
        )
}

/// The lines that hold a puzzle (or try to): all but blank and `#` comment lines, as the
/// summary counts them. A byte scan: no line is kept.
pub fn count_puzzle_lines(input: impl Read) -> std::io::Result<u64> {
    #[derive(PartialEq)]
    enum State {
        Start,
        Comment,
        Content,
    }
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let (mut count, mut state) = (0u64, State::Start);
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        for &byte in buf {
            match (byte, &state) {
                (b'\n', _) => {
                    count += u64::from(state == State::Content);
                    state = State::Start;
                }
                (b'#', State::Start) => state = State::Comment,
                (b, State::Start) if b.is_ascii_whitespace() => {}
                (_, State::Start) => state = State::Content,
                _ => {}
            }
        }
        let n = buf.len();
        reader.consume(n);
    }
    Ok(count + u64::from(state == State::Content))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn puzzle_lines_are_counted_without_blank_and_comment_lines() {
        let text = b"123\n\n  \n# note\n  # indented note\n456\r\nlast";
        assert_eq!(count_puzzle_lines(&text[..]).unwrap(), 3);
        assert_eq!(count_puzzle_lines(&b""[..]).unwrap(), 0);
        assert_eq!(count_puzzle_lines(&b"x\n"[..]).unwrap(), 1);
    }

    /// A terminal that keeps what is drawn.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            120
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn last_drawn(screen: &Screen, bar: &ProgressBar) -> String {
        bar.tick();
        let drawn = screen.0.lock().unwrap();
        drawn
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn the_bar_counts_puzzles_with_speed_and_elapsed_time() {
        let file = std::env::temp_dir().join(format!("kaidoku-progress-{}", std::process::id()));
        std::fs::write(&file, "a\nb\n# c\nd\n").unwrap();
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(screen.clone()), 100);
        let bar = start(Some(file.clone()), target);
        bar.inc(2);
        // The total comes from another thread.
        let mut line = String::new();
        for _ in 0..200 {
            std::thread::sleep(Duration::from_millis(10));
            line = last_drawn(&screen, &bar);
            if line.contains("/3 ") {
                break;
            }
        }
        assert!(line.contains(" 2/3 puzzles, "), "{line}");
        assert!(
            line.contains("puzzles/s") || line.contains("s a puzzle"),
            "{line}"
        );
        assert!(line.ends_with(" elapsed"), "{line}");
        let _ = std::fs::remove_file(file);
        // Stdin: no total.
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(screen.clone()), 100);
        let bar = start(None, target);
        bar.inc(5);
        std::thread::sleep(Duration::from_millis(20));
        let line = last_drawn(&screen, &bar);
        assert!(line.contains(" 5 puzzles, "), "{line}");
        assert!(!line.contains('/') || line.contains("puzzles/s"), "{line}");
    }
}
