use super::*;
use crate::technique::{Flow, ParamSpec, StepSink, Technique, TechniqueInfo};
use std::path::Path;

/// A technique that exists only in the engine's unit tests.
struct Probe;
impl Technique for Probe {
    fn find_steps(&self, _: &crate::Grid, _: &mut StepSink) -> Flow {
        Flow::Continue(())
    }
}

const PROBE_PARAMS: &[ParamSpec] = &[
    ParamSpec::int("max_size", "largest set", 4, 2, 7),
    ParamSpec::bool("hidden", "also hidden sets", true),
];

crate::register_technique!(TechniqueInfo {
    id: "config-probe",
    name: "Config Probe",
    summary: "test fixture",
    params: PROBE_PARAMS,
    build: |_| Ok(Box::new(Probe)),
});

crate::register_technique!(TechniqueInfo {
    id: "config-other",
    name: "Config Other",
    summary: "test fixture",
    params: &[],
    build: |_| Ok(Box::new(Probe)),
});

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, "test.toml", "test", Path::new("."))
}

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn reads_order_parameters_and_enabled_flags() {
    let config = parse(
        r#"
name = "mine"
[solver]
verify = true

[[technique]]
id = "config-other"

[[technique]]
id = "config-probe"
max_size = 6
enabled = false
"#,
    )
    .unwrap();
    assert_eq!(config.name, "mine");
    assert!(config.verify);
    let ids: Vec<_> = config.techniques.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["config-other", "config-probe"]);
    let probe = &config.techniques[1];
    assert!(!probe.enabled);
    assert_eq!(probe.params.int("max_size"), 6);
    assert!(probe.params.bool("hidden"), "defaults fill the rest");
    assert_eq!(probe.explicit, ["max_size"]);
    assert_eq!(probe.line, 10);
    assert_eq!(config.enabled().count(), 1);
}

#[test]
fn name_defaults_to_the_given_name_and_hash_follows_content() {
    let a = parse("[[technique]]\nid = \"config-probe\"\n").unwrap();
    let b = parse("[[technique]]\nid = \"config-probe\"\nmax_size = 4\n").unwrap();
    let c = parse("[[technique]]\nid = \"config-probe\"\nmax_size = 5\n").unwrap();
    assert_eq!(a.name, "test");
    assert_eq!(
        a.hash(),
        b.hash(),
        "explicit defaults do not change the effective config"
    );
    assert_ne!(a.hash(), c.hash());
    assert_eq!(a.hash().len(), 16);
}

#[test]
fn unknown_technique_names_line_and_suggests() {
    assert_eq!(
        err("\n[[technique]]\nid = \"config-prob\"\n"),
        "test.toml:3: unknown technique `config-prob`; did you mean `config-probe`?"
    );
    let message = err("[[technique]]\nid = \"zzzzzzzzzzzzzzzzzzzz\"\n");
    assert!(
        message.starts_with(
            "test.toml:2: unknown technique `zzzzzzzzzzzzzzzzzzzz` (known techniques: "
        ),
        "{message}"
    );
}

#[test]
fn unknown_keys_name_line_and_suggest() {
    assert_eq!(
        err("[[technique]]\nid = \"config-probe\"\nmax_sise = 3\n"),
        "test.toml:3: unknown key `max_sise` for technique `config-probe`; did you mean `max_size`?"
    );
    assert_eq!(
        err("verfy = true\n"),
        "test.toml:1: unknown top-level key `verfy` (expected one of: name, description, solver, plugins, technique)"
    );
    assert_eq!(
        err("verify = true\n"),
        "test.toml:1: `verify` belongs in the [solver] table"
    );
    assert_eq!(
        err("[solver]\nverfy = true\n"),
        "test.toml:2: unknown key `verfy` in [solver]; did you mean `verify`?"
    );
    assert_eq!(
        err("[techniqe]\n"),
        "test.toml:1: unknown top-level key `techniqe`; did you mean `technique`?"
    );
}

#[test]
fn wrong_types_and_ranges() {
    assert_eq!(
        err("[[technique]]\nid = \"config-probe\"\nmax_size = \"big\"\n"),
        "test.toml:3: `max_size` of technique `config-probe` must be integer 2..=7, found string"
    );
    assert_eq!(
        err("[[technique]]\nid = \"config-probe\"\nmax_size = 9\n"),
        "test.toml:3: `max_size` of technique `config-probe` is 9, but must be in 2..=7"
    );
    assert_eq!(
        err("[[technique]]\nid = \"config-probe\"\nhidden = 1\n"),
        "test.toml:3: `hidden` of technique `config-probe` must be boolean, found integer"
    );
    assert_eq!(
        err("[[technique]]\nid = \"config-probe\"\nenabled = \"yes\"\n"),
        "test.toml:3: `enabled` of technique `config-probe` must be a boolean (true or false), found string"
    );
    assert_eq!(
        err("[solver]\nverify = 1\n"),
        "test.toml:2: verify in [solver] must be a boolean (true or false), found integer"
    );
    assert_eq!(
        err("[[technique]]\nenabled = true\n"),
        "test.toml:1: a [[technique]] has no `id`"
    );
    assert_eq!(
        err("technique = 3\n"),
        "test.toml:1: `technique` must be an array of tables: write each as [[technique]]"
    );
}

#[test]
fn repeated_techniques_and_bad_toml() {
    // A technique may run twice with other parameters (small sets early, large ones late).
    let twice = parse("[[technique]]\nid = \"config-probe\"\nmax_size = 2\n[[technique]]\nid = \"config-probe\"\n")
        .unwrap();
    let sizes: Vec<i64> = twice
        .techniques
        .iter()
        .map(|t| t.params.int("max_size"))
        .collect();
    assert_eq!(sizes, [2, 4]);
    let message = err("[[technique]\nid = 3\n");
    assert!(
        message.starts_with("test.toml:1: invalid TOML: "),
        "{message}"
    );
}

#[test]
fn missing_file_is_a_clear_error() {
    let message = Config::from_file(Path::new("/nonexistent/kaidoku.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("/nonexistent/kaidoku.toml: cannot read: "),
        "{message}"
    );
}

#[test]
fn bad_plugin_path_names_the_line() {
    let message = err("[plugins]\npaths = [\"nope/libmissing.so\"]\n");
    assert!(message.starts_with("test.toml:2: plugin "), "{message}");
    assert!(message.contains("libmissing.so"), "{message}");
}
