//! `kaidoku explain`: the page and the SVG files, their destinations and errors, and a real
//! browser's rendering of them (skipped, saying so, where no Chromium is installed).

mod common;

use common::{kaidoku, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
/// Stuck under the extended config after 22 steps, among them a 2-String Kite (a chain), an
/// ALS-XY-Wing and a death blossom.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// A fresh scratch directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        // The process's folder goes with its last test (fails harmlessly while others run).
        if let Some(parent) = self.0.parent() {
            let _ = std::fs::remove_dir(parent);
        }
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!(
        "kaidoku-explain-tests-{}/{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temp path")
}

fn assert_ok(o: &Output) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
}

fn assert_error(o: &Output, code: i32, needle: &str) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
    assert!(
        stderr(o).contains(needle),
        "expected {needle:?} in: {}",
        stderr(o)
    );
}

fn svg_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    names
}

#[test]
fn explain_writes_one_page_with_every_step() {
    let dir = scratch("page");
    let page = dir.join("solve.html");
    let o = kaidoku(&["explain", EASY, "--html", arg(&page)]);
    assert_ok(&o);
    let steps: usize = {
        let trace = kaidoku(&["solve", EASY, "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&trace)).unwrap();
        json["steps"].as_array().unwrap().len()
    };
    assert_eq!(
        stdout(&o),
        format!("wrote {} ({steps} steps, solved)\n", page.display())
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<section ").count(), steps + 2);
    assert_eq!(html.matches("<svg ").count(), steps + 2);
    assert!(html.contains("<section id=\"final\">"), "the final grid");
    // An existing page is kept, unless --force (as --svg keeps a non-empty directory).
    assert_error(
        &kaidoku(&["explain", EASY, "--html", arg(&page)]),
        1,
        "the file exists; pass --force to replace it",
    );
    std::fs::write(&page, "old").unwrap();
    assert_ok(&kaidoku(&[
        "explain",
        EASY,
        "--html",
        arg(&page),
        "--force",
    ]));
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn explain_writes_one_svg_per_step_into_a_new_directory() {
    let scratch = scratch("svg");
    let dir = scratch.join("pictures");
    let o = kaidoku(&[
        "explain",
        HARD,
        "--config",
        "configs/extended.toml",
        "--svg",
        arg(&dir),
    ]);
    assert_ok(&o);
    let (steps, status) = {
        let args = [
            "solve",
            HARD,
            "--config",
            "configs/extended.toml",
            "--format",
            "json",
        ];
        let trace = kaidoku(&args);
        let json: serde_json::Value = serde_json::from_str(&stdout(&trace)).unwrap();
        let status = json["status"].as_str().unwrap().to_string();
        (json["steps"].as_array().unwrap().len(), status)
    };
    assert!(steps > 10, "the hard puzzle takes many steps");
    let files = svg_files(&dir);
    assert_eq!(files.len(), steps + 2, "{files:?}");
    assert_eq!(files[0], "final.svg");
    assert_eq!(files[1], "start.svg");
    assert_eq!(files[2], "step-001.svg");
    assert_eq!(
        stdout(&o),
        format!(
            "wrote {} pictures to {} (start.svg, step-001.svg … step-{steps:03}.svg, final.svg; {steps} steps, {status})\n",
            steps + 2,
            dir.display()
        )
    );
    let chains = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(dir.join(f))
                .unwrap()
                .contains("class=\"strong-link\"")
        })
        .count();
    assert!(chains >= 1, "a chain step draws its links");

    // A second run into the same directory needs --force; it then replaces the pictures,
    // removes step files the new run does not write, and leaves other files alone.
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    std::fs::write(dir.join("step-999.svg"), "<svg/>").unwrap();
    let again = kaidoku(&["explain", EASY, "--svg", arg(&dir)]);
    assert_error(&again, 1, "the directory is not empty");
    let forced = kaidoku(&["explain", EASY, "--svg", arg(&dir), "--force"]);
    assert_ok(&forced);
    assert!(!dir.join("step-999.svg").exists());
    let written = stdout(&forced);
    assert!(
        written.starts_with(&format!("wrote {} pictures", svg_files(&dir).len())),
        "{written}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_solved_position_gives_the_start_and_the_end() {
    let count = stdout(&kaidoku(&["count", EASY]));
    let solution = count.trim().strip_prefix("1 ").expect("one solution");
    let scratch = scratch("solved");
    let dir = scratch.join("pictures");
    let o = kaidoku(&["explain", solution, "--svg", arg(&dir)]);
    assert_ok(&o);
    assert_eq!(
        stdout(&o),
        format!(
            "wrote 2 pictures to {} (start.svg, final.svg; 0 steps, solved)\n",
            dir.display()
        )
    );
    assert_eq!(svg_files(&dir), ["final.svg", "start.svg"]);
}

#[test]
fn explain_refuses_bad_destinations_and_bad_puzzles_clearly() {
    let dir = scratch("errors");
    let missing = dir.join("no/such/dir/page.html");
    assert_error(
        &kaidoku(&["explain", EASY, "--html", arg(&missing)]),
        1,
        "does not exist",
    );
    assert_error(
        &kaidoku(&["explain", EASY, "--html", arg(&dir)]),
        1,
        "is a directory",
    );
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    assert_error(
        &kaidoku(&["explain", EASY, "--svg", arg(&file)]),
        1,
        "is a file, not a directory",
    );
    assert_error(
        &kaidoku(&["explain", EASY, "--html", arg(&file.join("page.html"))]),
        1,
        "is not a directory",
    );
    // A directory that cannot be made: its parent is a file.
    assert_error(
        &kaidoku(&["explain", EASY, "--svg", arg(&file.join("pictures"))]),
        1,
        "--svg",
    );
    assert_error(&kaidoku(&["explain", EASY]), 2, "--html");
    assert_error(
        &kaidoku(&["explain", "12345", "--html", arg(&dir.join("x.html"))]),
        1,
        "cannot read the puzzle",
    );
    let two_solutions = format!("12345678{}", ".".repeat(73));
    assert_error(
        &kaidoku(&[
            "explain",
            &two_solutions,
            "--html",
            arg(&dir.join("x.html")),
        ]),
        1,
        "more than one solution",
    );
    assert!(
        !dir.join("x.html").exists(),
        "nothing written for a bad puzzle"
    );
}

// ---- A real browser: Chromium draws the page and a chain step's SVG, and they are not blank.

/// Chromium's binary on PATH, under any of its usual names.
fn find_chromium() -> Option<PathBuf> {
    common::find_on_path(&[
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ])
}

/// Screenshot `file` at `width` × `height` into `png`; Chromium gets a minute.
fn screenshot(chromium: &Path, file: &Path, png: &Path, (width, height): (u32, u32)) {
    let profile = png.with_extension("profile");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--no-first-run",
            "--disable-dev-shm-usage",
            &format!("--user-data-dir={}", profile.display()),
            &format!("--screenshot={}", png.display()),
            &format!("--window-size={width},{height}"),
        ])
        .arg(format!("file://{}", file.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(
                status.success(),
                "chromium failed on {}: {status}",
                file.display()
            );
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over a minute on {}", file.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        png.is_file(),
        "chromium wrote no screenshot of {}",
        file.display()
    );
}

/// The screenshot as RGB pixels, row by row, and its width.
fn load_png(path: &Path) -> (Vec<[u8; 3]>, usize) {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let channels = info.color_type.samples();
    let pixels = buffer[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match channels {
            1 | 2 => [p[0], p[0], p[0]],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    (pixels, info.width as usize)
}

/// Distinct colours and the share of pixels that are not white, in a region.
fn ink(
    pixels: &[[u8; 3]],
    width: usize,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
) -> (usize, f64) {
    let mut colours = std::collections::HashSet::new();
    let (mut inked, mut total) = (0usize, 0usize);
    for y in y0..y1 {
        for x in x0..x1.min(width) {
            let Some(p) = pixels.get(y * width + x) else {
                continue;
            };
            total += 1;
            colours.insert(*p);
            if p.iter().any(|&c| c < 235) {
                inked += 1;
            }
        }
    }
    (colours.len(), inked as f64 / total.max(1) as f64)
}

fn has_colour(pixels: &[[u8; 3]], rgb: [u8; 3]) -> bool {
    pixels
        .iter()
        .any(|p| p.iter().zip(rgb).all(|(&a, b)| a.abs_diff(b) <= 12))
}

#[test]
fn chromium_renders_the_page_and_a_chain_step() {
    let test = "chromium_renders_the_page_and_a_chain_step";
    let Some(chromium) = find_chromium() else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "SKIPPED: {test} (chromium not found)");
        return;
    };
    let dir = scratch("chromium");
    let page = dir.join("solve.html");
    let svgs = dir.join("svg");
    let o = kaidoku(&[
        "explain",
        HARD,
        "--config",
        "configs/extended.toml",
        "--html",
        arg(&page),
        "--svg",
        arg(&svgs),
    ]);
    assert_ok(&o);

    // The page: its top shows the title, the contents and the start grid.
    let shot = dir.join("page.png");
    screenshot(&chromium, &page, &shot, (900, 1100));
    let (pixels, width) = load_png(&shot);
    let (colours, share) = ink(&pixels, width, (0, 0, width, pixels.len() / width));
    assert!(
        colours >= 8 && share > 0.03,
        "page looks blank: {colours} colours, {share:.3} inked"
    );

    // A chain step on its own: the board is at a known place (see picture::board).
    let chain_step = svg_files(&svgs)
        .into_iter()
        .find(|f| {
            std::fs::read_to_string(svgs.join(f))
                .unwrap()
                .contains("class=\"strong-link\"")
        })
        .expect("a chain step");
    let shot = dir.join("chain.png");
    screenshot(&chromium, &svgs.join(&chain_step), &shot, (560, 700));
    let (pixels, width) = load_png(&shot);
    let board = (30, 30, 30 + 486, 30 + 486);
    let (colours, share) = ink(&pixels, width, board);
    assert!(
        colours >= 8 && share > 0.05,
        "{chain_step} looks blank: {colours} colours, {share:.3} inked"
    );
    assert!(
        has_colour(&pixels, [0xff, 0x9d, 0x9d]),
        "{chain_step}: no eliminated candidate drawn"
    );
    assert!(
        has_colour(&pixels, [0x8f, 0xc3, 0xff]),
        "{chain_step}: no chain candidate drawn"
    );
    assert!(
        has_colour(&pixels, [0x1d, 0x3f, 0x8f]),
        "{chain_step}: no link drawn"
    );
}
