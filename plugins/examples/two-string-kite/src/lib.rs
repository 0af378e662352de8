//! An example Kaidoku plugin: the 2-String Kite, a single-digit pattern Kaidoku does not
//! have built in. Build it with `cargo build --release -p kaidoku-example-two-string-kite`
//! and name the library in a config (see `kite.toml` and `docs/plugins.md`).

pub mod two_string_kite;

use kaidoku_plugin_sdk::kaidoku_engine::reglib::ReglibCode;

kaidoku_plugin_sdk::export_plugin! {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    techniques: [two_string_kite::TECHNIQUE],
}

/// HoDoKu's regression-library code this plugin covers, for `reglib::check_case`.
pub const REGLIB_CODES: &[ReglibCode] = &[ReglibCode {
    code: "0401",
    name: "2-String Kite",
    technique: "two-string-kite",
    params: &[],
}];
