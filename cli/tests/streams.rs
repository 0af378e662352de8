//! Output and input streams: closed pipes and full disks, batch streaming with bounded memory
//! and flushed output, and line-for-line output whatever a line holds.

mod common;

use common::{kaidoku, kaidoku_with_bytes, kaidoku_with_stdin, root, stderr, stdout, temp_file};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

const SEED: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

/// Every command, with arguments that produce output.
fn every_command() -> Vec<Vec<String>> {
    let file = temp_file("pipes.txt", &format!("{SEED}\n{SEED}\n"));
    let givens =
        "12345678.........................................................................";
    let reglib = temp_file("pipes-reglib.txt", &format!(":0000:9:{givens}:::919:\n"));
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    [
        vec!["solve", SEED],
        vec!["solve", SEED, "--format", "json"],
        vec!["steps", SEED],
        vec!["techniques"],
        vec!["count", &path(&file)],
        vec!["batch", &path(&file)],
        vec!["batch", &path(&file), "--threads", "2"],
        vec!["reglib", &path(&reglib)],
        vec!["--help"],
        vec!["solve", "--help"],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_string).collect())
    .collect()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in every_command() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
            .args(&args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the only reader before the command writes: every write fails with EPIPE.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("error"), "{args:?}: {err}");
    }
}

#[test]
fn a_full_disk_is_a_clear_error_for_every_command() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: a_full_disk_is_a_clear_error_for_every_command: no /dev/full here");
        return;
    }
    for args in every_command() {
        if args.iter().any(|a| a == "--help") {
            continue; // clap prints help itself
        }
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
            .args(&args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write the output: No space left on device"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn batch_gives_one_line_per_input_line_and_names_bad_lines() {
    let mut input = b"\xEF\xBB\xBF".to_vec(); // a byte order mark before line 1
    input.extend_from_slice(format!("{SEED}\n\n# a comment\n").as_bytes());
    input.extend_from_slice(b"\xFF\xFEnot utf-8\n");
    input.extend_from_slice(&vec![b'1'; 10_000]);
    input.extend_from_slice(b"\nnot a puzzle\r\n");
    let spaced = SEED
        .as_bytes()
        .chunks(9)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    input.extend_from_slice(format!("{spaced}\n").as_bytes());
    for threads in ["1", "2", "0"] {
        let o = kaidoku_with_bytes(&["batch", "--threads", threads], input.clone());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let lines: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let status: Vec<&str> = lines
            .iter()
            .map(|l| l["status"].as_str().unwrap())
            .collect();
        assert_eq!(
            status,
            [
                "solved", "skipped", "skipped", "invalid", "invalid", "invalid", "solved"
            ],
            "threads {threads}"
        );
        let error = |i: usize| lines[i]["error"].as_str().unwrap().to_string();
        assert_eq!(error(1), "line 2: blank line");
        assert_eq!(error(2), "line 3: comment line");
        assert_eq!(error(3), "line 4: not UTF-8 text (bad byte at column 1)");
        assert_eq!(error(4), "line 5: line longer than 4096 bytes");
        assert!(
            error(5).starts_with("line 6: expected 81 cells"),
            "{}",
            error(5)
        );
        assert_eq!(lines[6]["puzzle"], SEED);
        let summary = stderr(&o);
        assert!(summary.contains("5 puzzles in"), "{summary}");
        assert!(summary.contains("skipped 2"), "{summary}");
    }
}

#[test]
fn batch_reads_an_endless_line_in_bounded_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("SKIPPED: batch_reads_an_endless_line_in_bounded_memory: no /proc here");
        return;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
        .args(["batch", "/dev/zero", "--threads", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    assert!(
        peak_kb < 64 * 1024,
        "peak RSS {peak_kb} kB reading /dev/zero"
    );
}

/// The old batch read the whole input before writing a line with `--threads 0`. Now a reader
/// that does not read the output stalls the pipeline after a bounded part of the input.
#[test]
fn batch_with_threads_reads_ahead_only_a_bounded_amount() {
    let line = format!("{SEED}\n");
    let total = 40_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
        .args(["batch", "--threads", "0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let written = Arc::new(AtomicUsize::new(0));
    let counter = written.clone();
    std::thread::spawn(move || {
        for _ in 0..total {
            if stdin.write_all(line.as_bytes()).is_err() {
                return;
            }
            counter.fetch_add(1, Ordering::Relaxed);
        }
    });
    // Nobody reads stdout yet: once its pipe is full, kaidoku must stop reading stdin.
    std::thread::sleep(Duration::from_millis(3000));
    let accepted = written.load(Ordering::Relaxed);
    child.kill().unwrap();
    child.wait().unwrap();
    // Output pipe (64 KiB, ~30 traces) + in-flight chunks + input buffers and pipe: a few
    // thousand lines at most, far from all.
    assert!(accepted < 5_000, "kaidoku took {accepted} of {total} lines");
}

/// Each trace is written and flushed as soon as it is in order: a consumer sees the first
/// trace while the input is still open (a later hang or kill loses nothing done).
#[test]
fn batch_flushes_each_trace_before_the_input_ends() {
    for threads in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
            .args(["batch", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{SEED}").unwrap();
        stdin.flush().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = BufReader::new(out).read_line(&mut first);
            let _ = tx.send(first);
        });
        let first = rx.recv_timeout(Duration::from_secs(60));
        drop(stdin);
        child.kill().ok();
        child.wait().unwrap();
        let first = first.unwrap_or_else(|_| panic!("no trace before the input ended ({threads})"));
        assert!(first.contains("\"status\":\"solved\""), "{first}");
    }
}

/// Work is handed out by the time it takes (hard puzzles one by one), yet the output stays in
/// input order: hard and easy lines mixed give the same traces on 1, 2 and 3 threads.
#[test]
fn batch_keeps_input_order_when_hard_and_easy_lines_are_mixed() {
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let mut input = String::new();
    for i in 0..60 {
        input.push_str(if i % 7 == 3 { hard } else { SEED });
        input.push('\n');
        if i % 11 == 0 {
            input.push_str("# a comment\n");
        }
    }
    let run = |threads: &str| {
        let o = kaidoku_with_stdin(&["batch", "--config", "fast", "--threads", threads], &input);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let one = run("1");
    assert_eq!(one.lines().count(), input.lines().count());
    for (line, trace) in input.lines().zip(one.lines()) {
        if !line.starts_with('#') {
            assert!(
                trace.contains(&format!("\"puzzle\":\"{line}\"")),
                "{line}: {trace}"
            );
        }
    }
    assert_eq!(run("2"), one);
    assert_eq!(run("3"), one);
}

#[test]
fn batch_refuses_absurd_thread_counts() {
    let o = kaidoku_with_stdin(&["batch", "--threads", "100000"], SEED);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("100000 is not in 0..=256"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn count_gives_one_line_per_input_line() {
    let conflict = format!("22{}", &SEED[2..]);
    let mut input = format!("{SEED}\n\n# note\n{conflict}\n12\n").into_bytes();
    input.extend_from_slice(b"\xFF\n");
    let o = kaidoku_with_bytes(&["count", "-"], input);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[0].starts_with("1 278916354"), "{text}");
    assert_eq!(lines[1], "skipped line 2: blank line");
    assert_eq!(lines[2], "skipped line 3: comment line");
    assert_eq!(
        lines[3],
        "invalid line 4: conflicting values: r1c1 and r1c2 both hold 2 in row 1"
    );
    assert!(
        lines[4].starts_with("invalid line 5: expected 81 cells"),
        "{text}"
    );
    assert!(lines[5].starts_with("invalid line 6: not UTF-8"), "{text}");
    // The same conflict as an argument.
    let o = kaidoku(&["count", &conflict]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("r1c1 and r1c2 both hold 2 in row 1"));
}
