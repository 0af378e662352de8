//! A program that never calls into `kaidoku_techniques` has no built-in techniques (the
//! linker drops the crate); that must be an error saying how to fix it, not a config whose
//! every technique is "unknown". This test binary does not reference the techniques crate.

use kaidoku_engine::{Config, Registry};
use std::path::Path;

#[test]
fn an_empty_builtin_registry_says_how_to_link_the_techniques() {
    let error = Registry::builtin().unwrap_err().to_string();
    assert!(error.contains("kaidoku_techniques::link()"), "{error}");
    let error = Config::parse(
        "[[technique]]\nid = \"naked-single\"\n",
        "test.toml",
        "test",
        Path::new("."),
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("no built-in techniques are linked"),
        "{error}"
    );
}
