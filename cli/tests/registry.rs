//! The built-in techniques are linked and registered (the linker drops an unreferenced crate
//! and its `inventory` registrations with it), and the shipped configs name only real ones.

mod common;

/// Update when a technique is added.
const BUILTIN_TECHNIQUES: &[&str] = &[
    "death-blossom",
    "fish",
    "hidden-single",
    "last-digit",
    "locked-candidates",
    "locked-set",
    "naked-single",
    "remote-pair",
];

#[test]
fn every_builtin_technique_is_registered() {
    assert_eq!(kaidoku_techniques::link(), BUILTIN_TECHNIQUES.len());
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let ids: Vec<&str> = registry.entries().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, BUILTIN_TECHNIQUES);
}

#[test]
fn shipped_configs_load_and_the_default_is_compiled_in() {
    for name in common::shipped_configs() {
        let config = common::config_file(&name);
        assert!(!config.techniques.is_empty(), "{name}");
        kaidoku_engine::Solver::new(config).unwrap();
    }
    let default = std::fs::read_to_string(common::root().join("configs/default.toml")).unwrap();
    assert!(default.contains("name = \"default\""));
    // The library holds the same config; library users get it without the file.
    assert_eq!(kaidoku_techniques::DEFAULT_CONFIG, default);
    let config = kaidoku_techniques::default_config().unwrap();
    assert_eq!(config.name, "default");
    assert!(config.enabled().count() >= 8);
}

#[test]
fn every_reglib_code_names_a_registered_technique() {
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    for row in kaidoku_techniques::REGLIB_CODES {
        let entry = registry
            .get(row.technique)
            .unwrap_or_else(|| panic!("{} -> {}", row.code, row.technique));
        for (name, _) in row.params {
            assert!(
                entry.params.iter().any(|p| p.name == *name),
                "{}: {} has no {name}",
                row.code,
                row.technique
            );
        }
    }
}
