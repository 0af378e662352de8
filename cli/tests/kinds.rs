//! Step kinds where users type techniques: a config naming `x-wing` is told it is a step of
//! `fish`, `kinds`/`skip_kinds` keep or drop single kinds of a family (HoDoKu drops the
//! Skyscraper and keeps the 2-String Kite), and `steps --technique` takes a kind.

mod common;

use common::{kaidoku, stderr, stdout};

/// A position with a Turbot Fish (x-chain, 3 links) and AICs.
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
        let mut kinds: Vec<String> = json["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["kind"]["id"].as_str().unwrap().to_string())
            .collect();
        kinds.dedup();
        kinds
    };
    let all = run("");
    assert!(all.contains(&"turbot-fish".to_string()), "{all:?}");
    assert_eq!(
        run("skip_kinds = [\"turbot-fish\"]\n"),
        Vec::<String>::new()
    );
    assert_eq!(run("kinds = [\"turbot-fish\"]\n"), ["turbot-fish"]);
    // In a solve too: dropping the kind changes what the config can do.
    let config = common::temp_file(
        "kinds-solve.toml",
        "[[technique]]\nid = \"hidden-single\"\n[[technique]]\nid = \"naked-single\"\n\
         [[technique]]\nid = \"x-chain\"\nmax_length = 3\nskip_kinds = [\"turbot-fish\"]\n",
    );
    let out = kaidoku(&["solve", CHAINS, "--config", config.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("Turbot Fish"), "{}", stdout(&out));
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
    let out = kaidoku(&[
        "steps",
        CHAINS,
        "--technique",
        "turbot-fish",
        "--config",
        "all",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let listed: Vec<&str> = text.lines().filter(|l| l.contains(". ")).collect();
    assert!(!listed.is_empty(), "{text}");
    assert!(listed.iter().all(|l| l.contains("Turbot Fish")), "{text}");
}
