//! Config text (TOML) to `Config`: an error naming what is wrong, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // `[plugins] paths` loads shared libraries: never let fuzz input pick one to load.
    if text.contains("plugins") || text.contains("paths") {
        return;
    }
    kaidoku_techniques::link();
    if let Ok(config) = kaidoku_engine::Config::parse(text, "<fuzz>", "fuzz", Path::new(".")) {
        let _ = config.hash();
        let _ = kaidoku_engine::Solver::new(config);
    }
});
