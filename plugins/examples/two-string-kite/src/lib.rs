//! An example Kaidoku plugin: the 2-String Kite, written as a plugin (Kaidoku has it built
//! in too, as a step of `x-chain`), with the rating of its steps. Build it with `cargo build --release -p kaidoku-example-two-string-kite`
//! and name the library in a config (see `kite.toml` and `docs/plugins.md`).

pub mod two_string_kite;

use kaidoku_plugin_sdk::kaidoku_engine::reglib::ReglibCode;

kaidoku_plugin_sdk::export_plugin! {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    techniques: [two_string_kite::TECHNIQUE => two_string_kite::RATINGS],
}

/// HoDoKu's regression-library code this plugin covers, for `reglib::check_case`.
pub const REGLIB_CODES: &[ReglibCode] = &[ReglibCode {
    code: "0401",
    name: "2-String Kite",
    technique: "two-string-kite",
    params: &[],
}];
