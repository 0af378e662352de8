//! Step kinds where users type techniques: a config naming `x-wing` is told it is a step of
//! `fish`, `kinds`/`skip_kinds` keep or drop single kinds of a family (HoDoKu drops the
//! Skyscraper and keeps the 2-String Kite), and `steps --technique` takes a kind.

mod common;

use common::{kaidoku, stderr, stdout};

/// A position where the x-chain technique finds 3-link chains (a 2-String Kite or Turbot
/// Fish, as its classification says).
const CHAINS: &str =
    "..5....4.72..3..6....8.9..2..23.76...1..8..3...34.15..2..9.5....9..1..53.5....4..";

#[test]
fn a_kind_in_a_config_names_its_technique_and_parameters() {
    for (kind, expected) in [
        (
            "x-wing",
            "X-Wing is a step of `fish` (with `max_size = 2`); list `fish`",
        ),
        (
            "xy-wing",
            "XY-Wing is a step of `xy-chain` (with `max_length = 3`)",
        ),
        ("w-wing", "W-Wing is a step of `aic`"),
        (
            "naked-pair",
            "Naked Pair is a step of `locked-set` (with `max_size = 2`)",
        ),
        ("two-string-kite", "2-String Kite is a step of `x-chain`"),
    ] {
        let config = common::temp_file(
            &format!("kind-{kind}.toml"),
            &format!("[[technique]]\nid = \"{kind}\"\n"),
        );
        let out = kaidoku(&["techniques", "--config", config.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{kind}");
        assert!(stderr(&out).contains(expected), "{kind}: {}", stderr(&out));
    }
}

#[test]
fn kinds_and_skip_kinds_keep_or_drop_single_kinds_of_a_family() {
    let run = |entry: &str| {
        let config = common::temp_file(
            &format!("kinds-{}.toml", entry.len()),
            &format!("[[technique]]\nid = \"x-chain\"\nmax_length = 3\n{entry}"),
        );
        let out = kaidoku(&[
            "steps",
            CHAINS,
            "--config",
            config.to_str().unwrap(),
            "--format",
            "json",
            "--limit",
            "0",
        ]);
        assert!(out.status.success(), "{entry}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let mut kinds: Vec<(String, String)> = json["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let id = s["kind"]["id"].as_str().unwrap().to_string();
                (id, s["name"].as_str().unwrap().to_string())
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    };
    let all = run("");
    assert!(!all.is_empty(), "x-chain finds steps here");
    let (kind, name) = all[0].clone();
    let others: Vec<_> = all.iter().filter(|(k, _)| *k != kind).cloned().collect();
    assert_eq!(run(&format!("skip_kinds = [\"{kind}\"]\n")), others);
    assert_eq!(run(&format!("kinds = [\"{kind}\"]\n")), [all[0].clone()]);
    // In a solve too: dropping the kind changes what the config can do.
    let config = common::temp_file(
        "kinds-solve.toml",
        &format!(
            "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n\
             [[technique]]\nid = \"x-chain\"\nmax_length = 3\nskip_kinds = [\"{kind}\"]\n"
        ),
    );
    let out = kaidoku(&["solve", CHAINS, "--config", config.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains(&name), "{}", stdout(&out));
    // A kind of another family, and a typo, are refused.
    let bad = common::temp_file(
        "kinds-bad.toml",
        "[[technique]]\nid = \"fish\"\nskip_kinds = [\"skyscraper\"]\n",
    );
    let out = kaidoku(&["techniques", "--config", bad.to_str().unwrap()]);
    assert!(
        stderr(&out).contains(
            "`skip_kinds`: Skyscraper is a step of `x-chain` (with `max_length = 3`), not of `fish`"
        ),
        "{}",
        stderr(&out)
    );
    let typo = common::temp_file(
        "kinds-typo.toml",
        "[[technique]]\nid = \"fish\"\nkinds = [\"x-wnig\"]\n",
    );
    let out = kaidoku(&["techniques", "--config", typo.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("unknown step kind `x-wnig`; did you mean `x-wing`?"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn steps_takes_a_kind() {
    // The kinds x-chain finds here, by name: each listed alone with `--technique KIND`.
    let out = kaidoku(&[
        "steps",
        CHAINS,
        "--technique",
        "x-chain",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let first = &json["steps"][0];
    let (kind, name) = (
        first["kind"]["id"].as_str().unwrap(),
        first["name"].as_str().unwrap(),
    );
    assert!(
        kaidoku_engine::technique::kind_mark(kind).is_some(),
        "{kind} is a registered kind"
    );
    let out = kaidoku(&["steps", CHAINS, "--technique", kind]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let listed: Vec<&str> = text.lines().filter(|l| l.contains(". ")).collect();
    assert!(!listed.is_empty(), "{text}");
    assert!(listed.iter().all(|l| l.contains(name)), "{text}");
}
