//! The play page as a static site, with no server: the engine and the service built for
//! `wasm32-unknown-unknown` (the kaidoku-wasm crate, without the plugin host), put beside the
//! page's files, served as plain files, and played in chromium — the page finds no API, loads
//! `kaidoku.wasm` in its worker and answers hints, checks and new puzzles from it. Where the
//! wasm target is not installed the test prints `SKIPPED:`; without chromium and chromedriver
//! it checks the build only.

mod common;

use common::browser::{self, Page, click, js, new_puzzle, open, rating, shot, text, until, value};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

const PUZZLE: &str =
    "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3";
const TARGET: &str = "wasm32-unknown-unknown";

/// Whether the toolchain has the wasm target's standard library.
fn target_installed() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    Command::new(rustc)
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .is_some_and(|dir| dir.is_dir())
}

/// `cargo build -p kaidoku-wasm --target wasm32-unknown-unknown` into its own target folder
/// (no debug info: the module stays a few megabytes); the module's path. The crates whose
/// statics register techniques and kinds (inventory) are built as one codegen unit each and
/// without incremental compilation, as a release build is: wasm-ld leaves out the object files of an archive that nothing names,
/// and with them their registrations.
fn build() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target_dir = root.join("target/wasm-test");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(&root)
        .args([
            "build",
            "-p",
            "kaidoku-wasm",
            "--target",
            TARGET,
            "--target-dir",
        ])
        .arg(&target_dir)
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .env("CARGO_INCREMENTAL", "0")
        .env(
            "CARGO_PROFILE_DEV_PACKAGE_KAIDOKU_TECHNIQUES_CODEGEN_UNITS",
            "1",
        )
        .env(
            "CARGO_PROFILE_DEV_PACKAGE_KAIDOKU_ENGINE_CODEGEN_UNITS",
            "1",
        )
        .status()
        .expect("cargo runs");
    assert!(status.success(), "kaidoku-wasm does not build for {TARGET}");
    target_dir.join(TARGET).join("debug/kaidoku_wasm.wasm")
}

#[test]
fn the_page_plays_from_webassembly_without_a_server() {
    let test = "the_page_plays_from_webassembly_without_a_server";
    if !target_installed() {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: {test} (the {TARGET} target is not installed: rustup target add {TARGET})"
        );
        return;
    }
    let module = std::fs::read(build()).expect("the module was built");
    assert!(module.starts_with(b"\0asm"), "not a WebAssembly module");
    for export in [
        "kaidoku_init",
        "kaidoku_handle",
        "kaidoku_answer_len",
        "kaidoku_alloc",
    ] {
        assert!(
            module.windows(export.len()).any(|w| w == export.as_bytes()),
            "the module does not export {export}"
        );
    }
    // The static site: the page's files and the module, nothing else.
    let mut site: HashMap<String, (&'static str, Vec<u8>)> = kaidoku_server::page_texts()
        .map(|(name, kind, text)| (name.to_string(), (kind, text.as_bytes().to_vec())))
        .collect();
    site.insert("kaidoku.wasm".into(), ("application/wasm", module));
    let site = Arc::new(site);
    browser::with_browser(test, "wasm-page", |page| async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port");
        let url = format!("http://{}/", listener.local_addr().expect("an address"));
        tokio::spawn(async move {
            let _ = axum::serve(listener, static_site(site)).await;
        });
        play(&page, &url).await;
    });
}

/// Plain files by name, `/` being `index.html`; everything else a 404 (`/api` too).
fn static_site(site: Arc<HashMap<String, (&'static str, Vec<u8>)>>) -> axum::Router {
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;
    let serve = move |name: String| {
        let site = Arc::clone(&site);
        async move {
            match site.get(&name) {
                Some((kind, bytes)) => {
                    ([(header::CONTENT_TYPE, *kind)], bytes.clone()).into_response()
                }
                None => StatusCode::NOT_FOUND.into_response(),
            }
        }
    };
    let index = serve.clone();
    axum::Router::new()
        .route("/", axum::routing::get(move || index("index.html".into())))
        .route(
            "/{file}",
            axum::routing::get(
                move |axum::extract::Path(file): axum::extract::Path<String>| serve(file),
            ),
        )
}

async fn play(page: &Page, url: &str) {
    let client = &page.client;
    open(client, &format!("{url}#{PUZZLE}")).await;
    assert_eq!(
        js(client, "document.body.dataset.engine").await,
        serde_json::json!("wasm")
    );
    assert_eq!(value(client, 0).await, "2");
    // The hint's three levels, from the module.
    for level in 1..=3 {
        click(client, "#hint-button").await;
        until(
            client,
            &format!(
                "document.getElementById('hint-output').textContent.startsWith('Hint {level}/3')"
            ),
            "a hint from the module",
        )
        .await;
    }
    assert!(
        text(client, "hint-output")
            .await
            .starts_with("Hint 3/3: Hidden Single #6 in b1 => r2c3=6")
    );
    until(
        client,
        "document.querySelector('#hint-output svg') !== null",
        "the picture",
    )
    .await;
    shot(page, "01-hint-from-webassembly").await;
    click(client, "#apply-hint-button").await;
    assert_eq!(value(client, 11).await, "6");
    // The rating and a new puzzle, from the module too.
    assert!(rating(client).await.contains("ER (Sudoku Explainer)2.0"));
    new_puzzle(client, "easy", None).await;
    let puzzle = js(client, "location.hash.slice(1)").await;
    let grid = kaidoku_engine::parse::parse(puzzle.as_str().unwrap_or_default())
        .expect("the new puzzle reads");
    assert_eq!(grid.solutions(2).count, 1);
    shot(page, "02-new-puzzle-from-webassembly").await;
}
