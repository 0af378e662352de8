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

crate::register_technique!(TechniqueInfo {
    id: "config-unique",
    name: "Config Unique",
    summary: "test fixture: a uniqueness technique",
    params: &[],
    build: |_| Ok(Box::new(Probe)),
});
crate::register_uniqueness!("config-unique");

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
        "test.toml:1: unknown top-level key `verfy` (expected one of: name, extends, disable, description, solver, plugins, technique, rating)"
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

fn allowed(text: &str) -> Result<Config, ConfigError> {
    let loader = ConfigLoader::new().allow_plugins(true);
    loader.parse(text, "test.toml", "test", Path::new("."))
}

#[test]
fn bad_plugin_path_names_the_line() {
    let message = allowed("[plugins]\npaths = [\"nope/libmissing.so\"]\n")
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("test.toml:2: plugin "), "{message}");
    assert!(message.contains("libmissing.so"), "{message}");
}

#[test]
fn plugins_are_refused_unless_allowed() {
    let text = "name = \"x\"\n[plugins]\npaths = [\n  \"libfirst.so\",\n]\n";
    assert_eq!(
        err(text),
        "test.toml:4: this config loads plugin `libfirst.so`, and a plugin runs its code inside \
         Kaidoku with your rights, so plugins are off by default: if you trust it, allow them \
         with `ConfigLoader::allow_plugins(true)`"
    );
    let loader = ConfigLoader::new().opt_in_hint("pass --yes");
    let message = loader
        .parse(text, "test.toml", "test", Path::new("."))
        .unwrap_err()
        .to_string();
    assert!(
        message.ends_with("if you trust it, pass --yes"),
        "{message}"
    );
    // Allowed, the loader goes on to open the file.
    let message = allowed(text).unwrap_err().to_string();
    assert!(
        message.starts_with("test.toml:4: plugin ./libfirst.so: cannot read"),
        "{message}"
    );
    // No paths, nothing to run: no opt-in needed.
    assert!(parse("[plugins]\npaths = []\n").is_ok());
}

#[test]
fn a_plugin_listed_twice_is_named_before_anything_is_loaded() {
    // Not a library: had it been opened, the error would be that it does not load.
    let dir = std::env::temp_dir().join(format!("kaidoku-config-twice-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("libtwice.so"), "not a library").unwrap();
    let loader = ConfigLoader::new().allow_plugins(true);
    let load = |paths: &str| {
        let text = format!("[plugins]\npaths = [{paths}]\n");
        loader
            .parse(&text, "test.toml", "test", &dir)
            .unwrap_err()
            .to_string()
    };
    let same = load("\"libtwice.so\", \"libtwice.so\"");
    let other = load("\"libtwice.so\", \"sub/../libtwice.so\"");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        same,
        "test.toml:2: plugin `libtwice.so` is listed twice in [plugins] paths"
    );
    assert_eq!(
        other,
        "test.toml:2: plugin `sub/../libtwice.so` is listed twice in [plugins] paths: it is the \
         same file as `libtwice.so`"
    );
}

#[test]
fn uniqueness_techniques_need_the_switch() {
    let listed = "[[technique]]\nid = \"config-probe\"\n\n[[technique]]\nid = \"config-unique\"\n";
    assert_eq!(
        err(listed),
        "test.toml:5: technique `config-unique` assumes the puzzle has one solution (a uniqueness \
         technique), and those are off by default: set `uniqueness = true` in [solver] to use it"
    );
    assert_eq!(
        err(&format!("[solver]\nuniqueness = false\n{listed}")),
        err(listed).replace(":5:", ":7:")
    );
    // Listed but disabled: nothing runs, nothing to refuse.
    let disabled = parse(&format!("{listed}enabled = false\n")).unwrap();
    assert!(!disabled.uniqueness);
    let on = parse(&format!("[solver]\nuniqueness = true\n{listed}")).unwrap();
    assert!(on.uniqueness);
    assert!(on.registry.get("config-unique").unwrap().uniqueness);
    assert!(!on.registry.get("config-probe").unwrap().uniqueness);
    // The switch is in the hash when on, and leaves other configs' hashes alone.
    let plain = parse("[[technique]]\nid = \"config-probe\"\n").unwrap();
    let switched = parse("[solver]\nuniqueness = true\n[[technique]]\nid = \"config-probe\"\n");
    assert_ne!(plain.hash(), switched.unwrap().hash());
    let off = parse("[solver]\nuniqueness = false\n[[technique]]\nid = \"config-probe\"\n");
    assert_eq!(plain.hash(), off.unwrap().hash());
    assert_eq!(
        err("[solver]\nuniqueness = \"yes\"\n"),
        "test.toml:2: uniqueness in [solver] must be a boolean (true or false), found string"
    );
}

#[test]
fn rating_overrides_are_read_checked_and_hashed() {
    let base = "[[technique]]\nid = \"config-probe\"\n";
    let plain = parse(base).unwrap();
    let rated = parse(&format!(
        "{base}[rating]\nx-wing = {{ er = 3.5, score = 99, level = \"unfair\" }}\n"
    ))
    .unwrap();
    assert_eq!(
        rated.rating,
        vec![crate::solve::rating::RatingOverride {
            id: "x-wing".into(),
            er: Some(35),
            score: Some(99),
            level: Some(crate::solve::rating::Level::Unfair),
        }]
    );
    assert_ne!(plain.hash(), rated.hash());
    let table = crate::solve::rating::RatingTable::with_overrides(&rated.rating);
    let kind = crate::step::StepKind::new("x-wing", "X-Wing");
    assert_eq!(table.rate_kind(&kind).er, crate::solve::rating::Er(35));
    // Another value gives another hash.
    let other = parse(&format!("{base}[rating]\nx-wing = {{ er = 3.6 }}\n")).unwrap();
    assert_ne!(other.hash(), rated.hash());
}

#[test]
fn rating_errors_name_the_line_and_the_nearest_name() {
    let base = "[[technique]]\nid = \"config-probe\"\n[rating]\n";
    let message = err(&format!("{base}x-wimg = {{ er = 3.2 }}\n"));
    assert!(message.contains("test.toml:4"), "{message}");
    assert!(message.contains("unknown step kind `x-wimg`"), "{message}");
    assert!(message.contains("did you mean `x-wing`"), "{message}");
    let message = err(&format!("{base}x-wing = {{ err = 3.2 }}\n"));
    assert!(message.contains("test.toml:4"), "{message}");
    assert!(message.contains("did you mean `er`"), "{message}");
    let message = err(&format!("{base}x-wing = {{ er = \"high\" }}\n"));
    assert!(message.contains("must be a number"), "{message}");
    let message = err(&format!("{base}x-wing = {{ level = \"hrad\" }}\n"));
    assert!(message.contains("did you mean `hard`"), "{message}");
    let message = err(&format!("{base}x-wing = {{ score = -1 }}\n"));
    assert!(
        message.contains("`score` of `x-wing` in [rating]"),
        "{message}"
    );
    let message = err(&format!("{base}x-wing = 3.2\n"));
    assert!(message.contains("must be a table"), "{message}");
    // Far from every kind: the nearest all the same, never the list of some 200 kinds.
    let message = err(&format!("{base}zzzq-qqq = {{ er = 3.2 }}\n"));
    assert!(
        message.contains("unknown step kind `zzzq-qqq`"),
        "{message}"
    );
    assert!(message.contains("; the nearest is `"), "{message}");
    assert!(message.len() < 300, "{message}");
}

#[test]
fn rate_order_is_read_checked_and_hashed() {
    let base = "[[technique]]\nid = \"config-probe\"\n";
    let easiest = parse(base).unwrap();
    assert_eq!(easiest.rate, RateOrder::Easiest);
    let in_order = parse(&format!("[solver]\nrate = \"in-order\"\n{base}")).unwrap();
    assert_eq!(in_order.rate, RateOrder::InOrder);
    assert_ne!(easiest.hash(), in_order.hash());
    let said = parse(&format!("[solver]\nrate = \"easiest\"\n{base}")).unwrap();
    assert_eq!(said.hash(), easiest.hash(), "the default keeps the hash");
    let e = err(&format!("[solver]\nrate = \"hardest\"\n{base}"));
    assert!(
        e.contains(":2:") && e.contains("\"easiest\" or \"in-order\""),
        "{e}"
    );
    let e = err(&format!("[solver]\nrate = true\n{base}"));
    assert!(e.contains(":2:") && e.contains("must be a string"), "{e}");
}

fn shipped(name: &str) -> Option<&'static str> {
    match name {
        "base" => Some(
            "[solver]\nverify = true\n[[technique]]\nid = \"config-probe\"\nmax_size = 2\n\
             [[technique]]\nid = \"config-other\"\n[[technique]]\nid = \"config-probe\"\n",
        ),
        "loop" => Some("extends = \"loop\"\n"),
        _ => None,
    }
}

fn extended(text: &str) -> Result<Config, ConfigError> {
    ConfigLoader::new()
        .shipped_configs(shipped)
        .parse(text, "mine.toml", "mine", Path::new("."))
}

fn order(config: &Config) -> Vec<String> {
    config
        .techniques
        .iter()
        .map(|t| {
            let state = if t.enabled { "" } else { " (off)" };
            format!("{}{state}", t.id)
        })
        .collect()
}

#[test]
fn a_config_extends_another_and_places_its_techniques() {
    let config = extended("extends = \"base\"\n").unwrap();
    assert_eq!(config.name, "mine");
    assert!(config.verify, "the base's [solver] carries over");
    assert_eq!(
        order(&config),
        ["config-probe", "config-other", "config-probe"]
    );
    let config = extended(
        "extends = \"base\"\ndisable = [\"config-probe\"]\n[solver]\nverify = false\n\
         [[technique]]\nid = \"config-other\"\nbefore = \"config-other\"\n\
         [[technique]]\nid = \"config-probe\"\nafter = \"config-other\"\nmax_size = 5\n\
         [[technique]]\nid = \"config-other\"\n",
    )
    .unwrap();
    assert!(!config.verify);
    // `disable` switches off every entry of the id, its own included.
    assert_eq!(
        order(&config),
        [
            "config-probe (off)",
            "config-other",
            "config-probe (off)",
            "config-other",
            "config-probe (off)",
            "config-other"
        ]
    );
    // Without `extends`, `before` and `after` place among the entries above.
    let config = parse(
        "[[technique]]\nid = \"config-probe\"\n[[technique]]\nid = \"config-other\"\nbefore = \"config-probe\"\n",
    )
    .unwrap();
    assert_eq!(order(&config), ["config-other", "config-probe"]);
}

#[test]
fn extends_errors_name_the_line_and_the_nearest_id() {
    let error = |text: &str| extended(text).unwrap_err().to_string();
    assert_eq!(
        error("extends = \"nowhere\"\n"),
        "mine.toml:1: `extends = \"nowhere\"`: no file ./nowhere (no shipped config of that name either)"
    );
    assert!(
        error("extends = \"loop\"\n").contains("more than 8 deep (a cycle?)"),
        "{}",
        error("extends = \"loop\"\n")
    );
    assert_eq!(
        error("extends = \"base\"\ndisable = [\"config-prob\"]\n"),
        "mine.toml:2: `disable = \"config-prob\"`: no technique `config-prob` is listed before this point; did you mean `config-probe`?"
    );
    assert_eq!(
        error(
            "extends = \"base\"\n[[technique]]\nid = \"config-other\"\nafter = \"x\"\nbefore = \"y\"\n"
        ),
        "mine.toml:4: a [[technique]] takes `before` or `after`, not both"
    );
    // The default loader knows no shipped configs.
    assert!(
        err("extends = \"base\"\n").contains("this reader knows no shipped configs"),
        "{}",
        err("extends = \"base\"\n")
    );
}

#[test]
fn a_technique_listed_twice_with_the_same_parameters_is_reported() {
    let config = parse(
        "[[technique]]\nid = \"config-probe\"\n[[technique]]\nid = \"config-probe\"\nmax_size = 3\n\
         [[technique]]\nid = \"config-probe\"\n[[technique]]\nid = \"config-probe\"\nenabled = false\n",
    )
    .unwrap();
    assert_eq!(
        config.repeated(),
        [
            "technique `config-probe` is listed twice with the same parameters (lines 2 and 7): \
          the second finds nothing the first did not"
        ]
    );
}

#[test]
fn config_errors_have_kinds_programs_can_match() {
    let kind = |text: &str| parse(text).unwrap_err().kind;
    assert_eq!(kind("[[technique]\n"), ConfigErrorKind::Toml);
    assert_eq!(kind("verfy = true\n"), ConfigErrorKind::UnknownKey);
    assert_eq!(
        kind("[[technique]]\nid = \"config-probe\"\nmax_sise = 3\n"),
        ConfigErrorKind::UnknownKey
    );
    assert_eq!(
        kind("[[technique]]\nid = \"config-prob\"\n"),
        ConfigErrorKind::UnknownTechnique
    );
    assert_eq!(
        kind("[[technique]]\nid = \"config-probe\"\nmax_size = 9\n"),
        ConfigErrorKind::Invalid
    );
    assert_eq!(
        kind("[plugins]\npaths = [\"libx.so\"]\n"),
        ConfigErrorKind::PluginsNotAllowed
    );
    assert_eq!(
        allowed("[plugins]\npaths = [\"no-such-lib.so\"]\n")
            .unwrap_err()
            .kind,
        ConfigErrorKind::Plugin
    );
    let missing = Config::from_file(Path::new("no/such/config.toml")).unwrap_err();
    assert_eq!(missing.kind, ConfigErrorKind::Io);
}

#[test]
fn names_switch_gnpx_or_hodoku_and_enters_the_hash_only_when_gnpx() {
    let plain = parse("[[technique]]\nid = \"config-probe\"\n").unwrap();
    assert_eq!(plain.names, Names::Hodoku);
    let hodoku =
        parse("[solver]\nnames = \"hodoku\"\n[[technique]]\nid = \"config-probe\"\n").unwrap();
    assert_eq!(hodoku.hash(), plain.hash());
    let gnpx = parse("[solver]\nnames = \"gnpx\"\n[[technique]]\nid = \"config-probe\"\n").unwrap();
    assert_eq!(gnpx.names, Names::Gnpx);
    assert_ne!(gnpx.hash(), plain.hash());
    assert_eq!(
        err("[solver]\nnames = \"se\"\n"),
        "test.toml:2: names in [solver] is `se`, but must be \"hodoku\" (HoDoKu's and Sudoku \
         Explainer's, the default) or \"gnpx\""
    );
}

#[test]
fn rating_takes_the_kinds_and_ids_of_plugin_techniques() {
    use crate::technique::registry::{DeclaredRating, RegistryEntry, Source};
    let plugin = RegistryEntry {
        id: "probe-plugin".into(),
        name: "Probe Plugin".into(),
        summary: String::new(),
        params: Vec::new(),
        source: Source::Plugin {
            path: "libprobe.so".into(),
            plugin: "probe".into(),
            version: "1.0".into(),
        },
        uniqueness: false,
        ratings: vec![DeclaredRating {
            kind: "probe-kite".into(),
            er: 47,
            score: 200,
            level: crate::solve::rating::Level::Hard,
        }],
        build: std::sync::Arc::new(|_| Ok(Box::new(Probe))),
    };
    let loader = ConfigLoader::new().with_techniques([plugin]);
    let read = |text: &str| loader.parse(text, "test.toml", "test", Path::new("."));
    let base = "[[technique]]\nid = \"probe-plugin\"\n[rating]\n";
    // The declared kind and the technique's id may be rated; the declared rating applies
    // unless the config changes it.
    let config = read(&format!(
        "{base}probe-kite = {{ score = 10 }}\nprobe-plugin = {{ er = 6.0 }}\n"
    ))
    .unwrap();
    let table = crate::solve::rating::RatingTable::with_declared(
        config.registry.declared_ratings(),
        &config.rating,
    );
    let kite = table.rate_kind(&crate::step::StepKind::new("probe-kite", "Probe Kite"));
    assert_eq!((kite.er, kite.score), (crate::solve::rating::Er(47), 10));
    let other = table.rate_kind(&crate::step::StepKind::new("probe-plugin", "Probe"));
    assert_eq!(other.er, crate::solve::rating::Er(60));
    // A typo gets the nearest kind, a plugin's among them.
    let message = read(&format!("{base}probe-kit = {{ er = 3.2 }}\n"))
        .unwrap_err()
        .to_string();
    assert!(message.contains("did you mean `probe-kite`"), "{message}");
    // Without the plugin, its kind is unknown.
    let message =
        err("[[technique]]\nid = \"config-probe\"\n[rating]\nprobe-kite = { er = 3.2 }\n");
    assert!(
        message.contains("unknown step kind `probe-kite`"),
        "{message}"
    );
}
