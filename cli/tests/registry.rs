//! The built-in techniques are linked and registered (the linker drops an unreferenced crate
//! and its `inventory` registrations with it), and the shipped configs name only real ones.

mod common;

/// The ids of every `register_technique!` in the built-in techniques' sources: what the
/// binary must hold once the linker is done (no hand-kept list to forget).
fn registered_in_the_sources() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let mut from = 0;
                while let Some(at) = text[from..].find("register_technique!(TechniqueInfo {") {
                    let start = from + at;
                    let id = text[start..]
                        .split("id: \"")
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .expect("a registration names its id");
                    out.push(id.to_string());
                    from = start + 1;
                }
            }
        }
    }
    let mut ids = Vec::new();
    walk(&common::root().join("plugins/builtin/src"), &mut ids);
    ids.sort();
    ids
}

#[test]
fn every_builtin_technique_is_registered() {
    let expected = registered_in_the_sources();
    assert!(expected.len() >= 8, "{expected:?}");
    assert_eq!(kaidoku_techniques::link(), expected.len());
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let ids: Vec<&str> = registry.entries().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, expected);
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

#[test]
fn uniqueness_techniques_are_marked_and_every_mark_names_one() {
    let registry = kaidoku_engine::Registry::builtin().unwrap();
    let marked: Vec<&str> = registry
        .entries()
        .iter()
        .filter(|e| e.uniqueness)
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(
        marked,
        [
            "avoidable-rectangle",
            "bug-plus-n",
            "bug-plus-one",
            "extended-unique-rectangle",
            "gurths-symmetrical-placement",
            "hidden-rectangle",
            "se-bug",
            "se-unique-loop",
            "unique-rectangle"
        ]
    );
    let marks =
        kaidoku_engine::inventory::iter::<kaidoku_engine::technique::UniquenessMark>.into_iter();
    for mark in marks {
        assert!(
            registry.get(mark.technique).is_some_and(|e| e.uniqueness),
            "register_uniqueness!(\"{}\") names no registered technique",
            mark.technique
        );
    }
}
