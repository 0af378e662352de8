//! A real browser for the page tests: Debian's chromium driven through chromedriver
//! (WebDriver, with fantoccini), and the helpers the tests read the page with.
#![allow(dead_code)]

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// chromedriver on a free port, once it answers.
pub fn chromedriver(driver: &Path) -> (Killed, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver does not answer"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (Killed(child), format!("http://127.0.0.1:{port}"))
}

pub fn screenshots(folder: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/screenshots")
        .join(folder);
    std::fs::create_dir_all(&dir).expect("the screenshot directory");
    dir
}

pub async fn shot(page: &Page, name: &str) {
    let png = page.client.screenshot().await.expect("a screenshot");
    assert!(png.len() > 1000, "an empty screenshot");
    std::fs::write(screenshots(&page.folder).join(format!("{name}.png")), png)
        .expect("the screenshot is saved");
}

/// The value of a JavaScript expression on the page.
pub async fn js(client: &Client, expression: &str) -> Value {
    client
        .execute(&format!("return ({expression});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("{expression}: {e}"))
}

/// Wait (at most a minute) until `condition` holds on the page.
pub async fn until(client: &Client, condition: &str, what: &str) {
    let start = Instant::now();
    loop {
        if js(client, condition).await == json!(true) {
            return;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let status = js(client, "document.getElementById('status').textContent").await;
            let hint = js(client, "document.getElementById('hint-output').textContent").await;
            panic!("{what}: `{condition}` never held (status {status}, hint {hint})");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Cell `i`'s digit as shown ("" when empty).
/// Opens the page at `address` and waits until it has started (loaded the puzzle in the
/// address, found its engine).
pub async fn open(client: &Client, address: &str) {
    client.goto(address).await.expect("the page loads");
    until(
        client,
        "document.body.dataset.ready === 'true'",
        "the page starts",
    )
    .await;
}

/// Asks the Rating tab for the puzzle's rating and returns the panel's text.
pub async fn rating(client: &Client) -> String {
    click(client, "[data-tab=rating]").await;
    click(client, "#rate-button").await;
    until(
        client,
        "document.getElementById('rating-table') !== null",
        "the rating",
    )
    .await;
    text(client, "rating-output").await
}

/// Asks the New puzzle tab for a puzzle of `level` (with `seed`, if given), waits until it is
/// found and returns the tab's status line.
pub async fn new_puzzle(client: &Client, level: &str, seed: Option<&str>) -> String {
    click(client, "[data-tab=generate]").await;
    client
        .find(fantoccini::Locator::Id("gen-level"))
        .await
        .expect("the level")
        .select_by_value(level)
        .await
        .expect("a level of the list");
    if let Some(seed) = seed {
        client
            .find(fantoccini::Locator::Id("gen-seed"))
            .await
            .expect("the seed")
            .send_keys(seed)
            .await
            .expect("a seed");
    }
    click(client, "#generate-button").await;
    until(
        client,
        "document.getElementById('gen-status').textContent.includes('found in')",
        "a new puzzle",
    )
    .await;
    text(client, "gen-status").await
}

pub async fn value(client: &Client, i: usize) -> String {
    js(
        client,
        &format!("document.querySelectorAll('.cell')[{i}].querySelector('.value').textContent"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

pub async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

pub async fn cell(client: &Client, i: usize) {
    click(client, &format!(".cell[data-i='{i}']")).await;
}

pub async fn keys(client: &Client, text: &str) {
    client
        .find(Locator::Id("board"))
        .await
        .expect("the board")
        .send_keys(text)
        .await
        .expect("keys reach the board");
}

pub async fn text(client: &Client, id: &str) -> String {
    js(
        client,
        &format!("document.getElementById('{id}').textContent"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Run `visit` in a fresh headless chromium (screenshots under `target/screenshots/FOLDER`),
/// at most ten minutes; without chromium or chromedriver, say `SKIPPED:` and return.
pub fn with_browser<F>(test: &str, folder: &str, visit: impl FnOnce(Page) -> F)
where
    F: std::future::Future<Output = ()>,
{
    let chromium = super::find_on_path(&[
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]);
    let driver = super::find_on_path(&["chromedriver"])
        .or_else(|| Some(PathBuf::from("/usr/lib/chromium/chromedriver")).filter(|p| p.is_file()));
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: {test} (chromium or chromedriver not found)"
        );
        return;
    };
    let (_driver, webdriver) = chromedriver(&driver);
    let profile = std::env::temp_dir().join(format!("kaidoku-{folder}-{}", std::process::id()));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.display()), "--window-size=1280,1000",
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&webdriver)
            .await
            .expect("a browser session");
        let page = Page {
            client: client.clone(),
            folder: folder.to_string(),
        };
        let outcome = tokio::time::timeout(Duration::from_secs(600), visit(page)).await;
        let _ = client.close().await;
        outcome.expect("the page test finishes within ten minutes");
    });
    let _ = std::fs::remove_dir_all(&profile);
}

/// The browser's session and where its screenshots go.
pub struct Page {
    pub client: Client,
    pub folder: String,
}
