//! Configs for researchers: `extends` a shipped config with one technique added, `disable`,
//! `kaidoku config show|list`, and a warning for a technique listed twice alike.

mod common;

use common::{kaidoku, stderr, stdout};

const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn a_config_extends_default_with_one_technique_placed() {
    let config = common::temp_file(
        "extends-kite.toml",
        "extends = \"default\"\ndisable = [\"simple-colors\", \"multi-colors\"]\n\
         [[technique]]\nid = \"dual-two-string-kite\"\nafter = \"x-chain\"\n",
    );
    let out = kaidoku(&["techniques", "--config", config.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .map(|(_, rest)| rest.split_whitespace().next().unwrap_or(""))
        .collect();
    let kite = ids
        .iter()
        .position(|id| *id == "dual-two-string-kite")
        .expect("kite listed");
    assert_eq!(ids[kite - 1], "x-chain", "{text}");
    assert_eq!(ids.last(), Some(&"guess"), "{text}");
    assert!(
        text.contains("simple-colors") && text.contains("[disabled]"),
        "{text}"
    );
    // It solves like the default config, with its changes.
    let out = kaidoku(&[
        "solve",
        HARD,
        "--config",
        config.to_str().unwrap(),
        "--verify",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("Simple Colors"), "{}", stdout(&out));
}

#[test]
fn config_show_prints_a_shipped_config_that_reads_back() {
    let out = kaidoku(&["config", "show", "fast"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(
        text,
        std::fs::read_to_string(common::root().join("configs/fast.toml")).unwrap()
    );
    let list = stdout(&kaidoku(&["config", "list"]));
    assert!(list.lines().any(|l| l.starts_with("rating ")), "{list}");
    assert_eq!(
        list.lines().count(),
        common::shipped_configs().len(),
        "{list}"
    );
    let bad = kaidoku(&["config", "show", "defualt"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("did you mean `default`?"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn a_technique_listed_twice_alike_is_warned_about() {
    let config = common::temp_file(
        "twice.toml",
        "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n\
         [[technique]]\nid = \"hidden-single\"\n",
    );
    let out = kaidoku(&["solve", HARD, "--config", config.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("warning: config ",)
            && stderr(&out).contains(
                "technique `hidden-single` is listed twice with the same parameters (lines 2 and 6)"
            ),
        "{}",
        stderr(&out)
    );
    // No shipped config does it.
    for name in common::shipped_configs() {
        let config = common::config_file(&name);
        assert_eq!(config.repeated(), Vec::<String>::new(), "{name}");
    }
}

/// The [[technique]] entries of a config file, comments and blank lines left out.
fn entries(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join(path)).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("[[technique]]"))
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// docs/plugins.md says so: the example's config is the basic order with the kite after the
/// locked candidates.
#[test]
fn the_kite_example_config_is_the_basic_order_plus_the_kite() {
    let mut basic = entries("configs/basic.toml");
    let at = basic
        .iter()
        .position(|l| l == "id = \"locked-candidates\"")
        .unwrap();
    basic.splice(
        at + 1..at + 1,
        [
            "[[technique]]".to_string(),
            "id = \"two-string-kite\"".to_string(),
        ],
    );
    assert_eq!(entries("plugins/examples/two-string-kite/kite.toml"), basic);
    let docs = std::fs::read_to_string(common::root().join("docs/plugins.md")).unwrap();
    assert!(!docs.contains("does not have built in"));
    assert!(docs.contains("two-string-kite/kite.toml` is the basic order"));
}
