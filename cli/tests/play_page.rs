//! The play page in a real browser: `kaidoku serve` on a free port, Debian's chromium driven
//! through chromedriver (WebDriver, with fantoccini) the way a player uses the page — a puzzle
//! from the address, digits typed, undo and redo, a pencil mark, each hint level and the hint
//! applied, a conflict and a wrong digit checked, the steps to the end, the rating, a new
//! puzzle, a technique switched off, the game kept over a reload — with the page's DOM
//! asserted at each point and screenshots saved under `target/screenshots/play-page/`.
//! Without chromium and chromedriver the test prints `SKIPPED:` and passes.

mod common;

use common::browser::{
    self, Killed, Page, cell, click, js, keys, new_puzzle, open, rating, shot, text, until, value,
};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";

/// `kaidoku serve --port 0`, and the page's address it prints.
fn serve() -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
        .args(["serve", "--port", "0", "--workers", "2"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("kaidoku serve starts");
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut line = String::new();
    BufReader::new(stderr)
        .read_line(&mut line)
        .expect("kaidoku serve says where it is");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Killed(child), url)
}

#[test]
fn a_player_plays_on_the_page_in_chromium() {
    let (_server, url) = serve();
    browser::with_browser(
        "a_player_plays_on_the_page_in_chromium",
        "play-page",
        |page| async move { play(&page, &url).await },
    );
}

async fn play(page: &Page, url: &str) {
    let client = &page.client;
    // The puzzle from the address.
    open(client, &format!("{url}#{PUZZLE}")).await;
    assert_eq!(value(client, 0).await, "2");
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.given').length").await,
        json!(33)
    );
    assert_eq!(js(client, "location.hash.slice(1)").await, json!(PUZZLE));
    shot(page, "01-loaded").await;

    // Type a digit, undo it, redo it.
    cell(client, 1).await;
    keys(client, "7").await;
    assert_eq!(value(client, 1).await, "7");
    click(client, "#undo-button").await;
    assert_eq!(value(client, 1).await, "");
    click(client, "#redo-button").await;
    assert_eq!(value(client, 1).await, "7");
    // The same from the keyboard: Ctrl+Z, Ctrl+Y (WebDriver's Control key is U+E009).
    keys(client, "\u{E009}z\u{E009}").await;
    assert_eq!(value(client, 1).await, "");
    keys(client, "\u{E009}y\u{E009}").await;
    assert_eq!(value(client, 1).await, "7");
    click(client, "#undo-button").await;
    // Shift+digit writes a pencil mark whatever the mode: Shift+7 takes 7 out, again puts it back.
    keys(client, "\u{E008}7\u{E008}").await;
    assert_eq!(value(client, 1).await, "");

    // A pencil mark: Space switches to pencil marks, 3 takes the candidate out of r1c2.
    let cands = "Array.from(document.querySelectorAll('.cell')[1].querySelectorAll('.cand')).map(c => c.textContent).join('')";
    assert_eq!(js(client, cands).await, json!("3"));
    keys(client, "\u{E008}7\u{E008}").await;
    assert_eq!(js(client, cands).await, json!("37"));
    cell(client, 1).await;
    keys(client, " 3").await;
    assert_eq!(js(client, cands).await, json!("7"));
    assert_eq!(text(client, "mode-button").await, "Mode: pencil mark");
    keys(client, " ").await;
    click(client, "#undo-button").await;
    assert_eq!(js(client, cands).await, json!("37"));

    // A hint in three levels, then applied.
    click(client, "#hint-button").await;
    until(
        client,
        "document.querySelector('#hint-output .hint-text') !== null",
        "hint 1",
    )
    .await;
    assert_eq!(
        text(client, "hint-output").await,
        "Hint 1/3: Look for a Hidden Single (ER 1.2).Press Hint again to be told more."
    );
    click(client, "#hint-button").await;
    until(
        client,
        "document.querySelectorAll('.cell.region').length > 0",
        "hint 2",
    )
    .await;
    assert!(
        text(client, "hint-output")
            .await
            .starts_with("Hint 2/3: Look for a Hidden Single (ER 1.2) in b1.")
    );
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.region').length").await,
        json!(9)
    );
    shot(page, "02-hint-level-2").await;
    click(client, "#hint-button").await;
    until(
        client,
        "document.querySelector('#hint-output svg') !== null",
        "hint 3",
    )
    .await;
    assert!(
        text(client, "hint-output")
            .await
            .starts_with("Hint 3/3: Hidden Single #6 in b1 => r2c3=6")
    );
    assert_eq!(
        js(client, "document.querySelectorAll('.cand.place').length").await,
        json!(1)
    );
    shot(page, "03-hint-level-3").await;
    click(client, "#apply-hint-button").await;
    assert_eq!(value(client, 11).await, "6");
    assert!(
        text(client, "status")
            .await
            .starts_with("Applied: Hidden Single")
    );

    // A conflict shows at once; a wrong digit is found by Check, and only it.
    cell(client, 1).await;
    keys(client, "2").await;
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.conflict').length").await,
        json!(2)
    );
    assert!(text(client, "status").await.starts_with("Conflict: "));
    keys(client, "3").await;
    assert_eq!(value(client, 1).await, "3");
    click(client, "#check-button").await;
    until(
        client,
        "document.querySelectorAll('.cell.wrong').length > 0",
        "check",
    )
    .await;
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.wrong').length").await,
        json!(1)
    );
    assert_eq!(
        text(client, "status").await,
        "1 mistake: r1c2 holds 3, but the solution has 7 there."
    );
    shot(page, "04-check").await;
    keys(client, "\u{E017}").await; // Delete
    assert_eq!(value(client, 1).await, "");

    // The steps to the end, one chosen and drawn.
    click(client, "[data-tab=steps]").await;
    click(client, "#solve-button").await;
    until(
        client,
        "document.querySelectorAll('#steps-list li').length > 10",
        "solve",
    )
    .await;
    assert!(
        text(client, "steps-summary")
            .await
            .starts_with("Solved in ")
    );
    click(client, "#steps-list li:nth-child(3) button").await;
    until(
        client,
        "document.querySelector('#step-view svg') !== null",
        "a step's picture",
    )
    .await;
    assert!(text(client, "step-view").await.starts_with("Step 3 of "));
    shot(page, "05-steps").await;
    click(client, "#play-to-button").await;
    assert!(text(client, "status").await.starts_with("Played 3 steps"));

    // The rating.
    assert!(rating(client).await.contains("ER (Sudoku Explainer)2.0"));

    // The game is kept over a reload.
    let before = js(client, "Array.from(document.querySelectorAll('.cell .value')).map(v => v.textContent || '.').join('')").await;
    client.refresh().await.expect("reload");
    until(
        client,
        "document.body.dataset.ready === 'true'",
        "the page starts again",
    )
    .await;
    let after = js(client, "Array.from(document.querySelectorAll('.cell .value')).map(v => v.textContent || '.').join('')").await;
    assert_eq!(before, after);

    // A technique switched off: hints do without it.
    click(client, "[data-tab=config]").await;
    until(
        client,
        "document.querySelector('#config-list input[data-id=hidden-single]') !== null",
        "the techniques",
    )
    .await;
    click(client, "#config-list input[data-id=hidden-single]").await;
    until(
        client,
        "document.getElementById('config-status').textContent.includes('techniques on')",
        "the config",
    )
    .await;
    shot(page, "06-techniques").await;
    click(client, "[data-tab=hint]").await;
    click(client, "#hint-button").await;
    until(
        client,
        "document.querySelector('#hint-output .hint-text') !== null",
        "a hint without hidden singles",
    )
    .await;
    let hint = text(client, "hint-output").await;
    assert!(
        hint.starts_with("Hint 1/3: Look for ") && !hint.contains("Hidden Single"),
        "{hint}"
    );

    // A new puzzle, by level and symmetry, with progress while it searches.
    let status = new_puzzle(client, "easy", Some("11")).await;
    assert!(
        status.contains("easy") && status.contains("rotational"),
        "{status}"
    );
    let hash = js(client, "location.hash.slice(1)").await;
    let puzzle = hash.as_str().unwrap();
    assert_ne!(puzzle, PUZZLE);
    let grid = kaidoku_engine::parse::parse(puzzle).expect("the new puzzle reads");
    assert_eq!(grid.solutions(2).count, 1, "{puzzle}");
    assert_eq!(
        value(client, 0).await,
        (puzzle.as_bytes()[0] as char).to_string().replace('.', "")
    );
    shot(page, "07-new-puzzle").await;

    // A practice puzzle: choosing the technique clears the level and the symmetry.
    client
        .find(fantoccini::Locator::Id("gen-practice"))
        .await
        .expect("the practice list")
        .select_by_value("x-wing")
        .await
        .expect("x-wing is in the list");
    assert_eq!(
        js(client, "document.getElementById('gen-level').value").await,
        ""
    );
    assert_eq!(
        js(client, "document.getElementById('gen-symmetry').value").await,
        "none"
    );
    click(client, "#generate-button").await;
    until(
        client,
        "document.getElementById('gen-status').textContent.includes('practice: X-Wing')",
        "a practice puzzle",
    )
    .await;
    let status = text(client, "gen-status").await;
    assert!(status.contains("found in"), "{status}");
    let hash = js(client, "location.hash.slice(1)").await;
    let practice = hash.as_str().unwrap().to_string();
    assert_ne!(practice, puzzle);
    // Singles and X-Wings solve it, on the rating path the filter reads.
    let mut rate = Command::new(env!("CARGO_BIN_EXE_kaidoku"))
        .args(["rate", "--config", "rating", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kaidoku rate runs");
    std::io::Write::write_all(&mut rate.stdin.take().unwrap(), practice.as_bytes()).unwrap();
    let rated = rate.wait_with_output().expect("kaidoku rate ends");
    let line = String::from_utf8_lossy(&rated.stdout).to_string();
    assert_eq!(line.split_whitespace().nth(5), Some("x-wing"), "{line}");
    shot(page, "07b-practice-puzzle").await;

    // On a phone: the board fits the screen.
    client
        .set_window_size(390, 844)
        .await
        .expect("a phone's size");
    let width = js(
        client,
        "document.getElementById('board').getBoundingClientRect().width",
    )
    .await;
    assert!(width.as_f64().unwrap() <= 390.0, "{width}");
    shot(page, "08-phone").await;
}
