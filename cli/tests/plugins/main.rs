//! Plugins end to end: the real `kaidoku` binary loading the real shared libraries of the
//! example plugin (`plugins/examples/two-string-kite`) and of the fixtures
//! (`plugins/fixtures/README.md`), named by path in configs written to a scratch folder.
//!
//! The libraries are built by the test itself (once, with the test's own cargo, profile and
//! target folder): `cargo test -p kaidoku-cli` alone does not build cdylib-only crates.

mod support;
mod trust;

use serde_json::Value;
use support::common;
use support::*;

/// Singles, then the kite and locked candidates in one order or the other.
const EARLY: [&str; 4] = ["hidden-single", "naked-single", KITE, POINTING];
const LATE: [&str; 4] = ["hidden-single", "naked-single", POINTING, KITE];
const KITE: &str = "two-string-kite";
const POINTING: &str = "locked-candidates";

#[test]
fn the_example_plugin_is_listed_with_its_source() {
    let scratch = Scratch::new("listed");
    let lib = library(EXAMPLE);
    let ids = ["hidden-single", "two-string-kite", "naked-single"];
    let o = allowed(&[
        "techniques",
        "--config",
        &scratch.config("kite.toml", &[&lib], &ids),
    ]);
    assert_success(&o);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Config kite ("), "{text}");
    assert!(lines[1].starts_with("  1. hidden-single "), "{text}");
    let kite = format!(
        "  2. two-string-kite      2-String Kite  ({})",
        label(EXAMPLE, &lib)
    );
    assert_eq!(lines[2], kite);
    assert!(lines[3].starts_with("  3. naked-single "), "{text}");
    assert!(lines[3].ends_with("(built-in)"), "{text}");
}

#[test]
fn plugin_paths_are_relative_to_the_config_file() {
    let scratch = Scratch::new("relative");
    let file = library(EXAMPLE).file_name().unwrap().to_owned();
    std::fs::copy(library(EXAMPLE), scratch.0.join(&file)).expect("copy the plugin");
    let text = format!(
        "[plugins]\npaths = [{:?}]\n[[technique]]\nid = \"two-string-kite\"\n",
        file.to_str().unwrap()
    );
    let config = scratch.write("relative.toml", &text);
    // kaidoku runs in the repository root; the library lies only beside the config.
    let o = allowed(&["steps", KITE_AT_START, "--config", config.to_str().unwrap()]);
    assert_success(&o);
    assert_stdout_has(
        &o,
        "1. 2-String Kite #4 in r2c3,r7c5 (connected by r2c6,r3c5 in b2) => r7c3<>4\n\
         1 step available",
    );
}

#[test]
fn the_plugin_runs_where_the_config_puts_it() {
    let scratch = Scratch::new("order");
    let lib = library(EXAMPLE);
    let solved = |name: &str, ids: &[&str]| {
        let o = solve(
            &scratch.config(name, &[&lib], ids),
            &["--verify", "--format", "json"],
        );
        assert_success(&o);
        let trace: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(trace["status"], "solved", "{trace}");
        trace
    };
    let early = solved("early.toml", &EARLY);
    assert_eq!(beyond_singles(&early), ["two-string-kite"]);
    assert_eq!(steps(&early, "text")[21], KITE_STEP);
    let late = solved("late.toml", &LATE);
    assert_eq!(
        beyond_singles(&late),
        ["locked-candidates", "two-string-kite"]
    );
    assert_eq!(steps(&late, "text")[21..23], [POINTING_STEP, KITE_STEP]);
    // The same singles come first either way: only the order of the two others differs.
    assert_eq!(steps(&early, "text")[..21], steps(&late, "text")[..21]);
    assert_eq!(early["grid"], late["grid"]);

    // Without the plugin the puzzle is stuck right after the pointing step.
    let o = solve(&scratch.config("none.toml", &[], &LATE[..3]), &["--verify"]);
    assert_success(&o);
    assert_stdout_has(
        &o,
        &format!("22. {POINTING_STEP}\nStatus  stuck after 22 steps"),
    );

    // The text trace shows the plugin's step like any other.
    let o = solve(&scratch.config("text.toml", &[&lib], &EARLY), &[]);
    assert_success(&o);
    assert_stdout_has(&o, &format!("22. {KITE_STEP}\n"));
}

#[test]
fn a_verified_batch_with_the_plugin_is_clean() {
    let scratch = Scratch::new("batch");
    let config = scratch.config("kite.toml", &[&library(EXAMPLE)], &EARLY);
    let input = sample(60);
    let sequential = batch(&config, &[], &input);
    assert_success(&sequential);
    let traces = json_lines(&sequential);
    assert_eq!(traces.len(), 60);
    for (trace, puzzle) in traces.iter().zip(input.lines()) {
        assert_eq!(trace["puzzle"], puzzle);
        let status = trace["status"].as_str().unwrap();
        assert!(["solved", "stuck"].contains(&status), "{trace}");
    }
    let with_kite = traces
        .iter()
        .filter(|t| beyond_singles(t).iter().any(|id| id == "two-string-kite"))
        .count();
    assert!(with_kite >= 20, "only {with_kite} traces use the kite");
    let summary = stderr(&sequential);
    assert!(summary.contains("two-string-kite "), "{summary}");
    assert!(!summary.contains("error"), "{summary}");
    // The plugin runs on several threads at once, with the same result.
    let threaded = batch(&config, &["--threads", "2"], &input);
    assert_success(&threaded);
    assert_eq!(stdout(&threaded), stdout(&sequential));
}

#[test]
fn a_plugin_of_another_abi_version_is_refused() {
    let scratch = Scratch::new("abi");
    let lib = library(WRONG_ABI);
    let config = scratch.config("abi.toml", &[&lib], &["hidden-single"]);
    let expected = [
        &format!("abi.toml:2: plugin {}: ", lib.display()),
        "ABI version 7, but this Kaidoku expects 3 (rebuild the plugin with a \
         kaidoku-plugin-sdk for ABI version 3)",
    ];
    for o in [
        allowed(&["techniques", "--config", &config]),
        solve(&config, &[]),
    ] {
        assert_error(&o, &expected);
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn files_that_are_not_plugins_are_refused() {
    let scratch = Scratch::new("not-plugins");
    let no_entry = library(NO_ENTRY);
    let config = scratch.config("no-entry.toml", &[&no_entry], &[]);
    assert_error(
        &allowed(&["techniques", "--config", &config]),
        &[&format!(
            "no-entry.toml:2: plugin {}: not a Kaidoku plugin (no `kaidoku_plugin_entry` symbol)",
            no_entry.display()
        )],
    );

    let text_file = scratch.write("libfoo.so", "this is not a shared library\n");
    let config = scratch.config("text.toml", &[&text_file], &[]);
    assert_error(
        &solve(&config, &[]),
        &[&format!(
            "text.toml:2: plugin {}: cannot load it as a shared library: ",
            text_file.display()
        )],
    );

    let missing = scratch.0.join("libmissing.so");
    let config = scratch.config("missing.toml", &[&missing], &[]);
    assert_error(
        &batch(&config, &[], ""),
        &[&format!(
            "missing.toml:2: plugin {}: cannot read: No such file",
            missing.display()
        )],
    );

    let config = scratch.config("folder.toml", &[&scratch.0], &[]);
    assert_error(
        &allowed(&["techniques", "--config", &config]),
        &[&format!("plugin {}: not a file", scratch.0.display())],
    );
}

#[test]
fn a_panicking_plugin_stops_the_solve_with_an_error() {
    let scratch = Scratch::new("panic");
    let lib = library(MISBEHAVING);
    let config = scratch.config("panic.toml", &[&lib], &["fixture-panic", "hidden-single"]);
    let o = solve(&config, &[]);
    // The solve stops at once, before any step, and the trace says why. The plugin's panic
    // is not printed: the host reports it once, with where it happened.
    let message = format!(
        "technique `fixture-panic` failed: {} panicked: fixture panic with 49 empty cells (at \
         plugins/fixtures/misbehaving/src/panicking.rs:",
        label(MISBEHAVING, &lib)
    );
    assert_error(&o, &[&format!("error: {message}")]);
    assert_stdout_has(&o, "\nConfig  panic (");
    assert_stdout_has(&o, &format!(")\nStatus  error\nError   {message}"));
    let o = solve(&config, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let trace: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(trace["status"], "error");
    assert!(
        trace["error"].as_str().unwrap().starts_with(&message),
        "{trace}"
    );
}

#[test]
fn a_batch_marks_panicking_puzzles_and_goes_on() {
    let scratch = Scratch::new("panic-batch");
    let techniques = ["fixture-panic", "hidden-single", "locked-candidates"];
    let config = scratch.config("panic.toml", &[&library(MISBEHAVING)], &techniques);
    // The fixture panics whenever r1c1 is empty: on some lines of the sample, not others.
    let input = sample(12);
    let empty_r1c1 = input.lines().filter(|l| l.starts_with('.')).count();
    assert!(0 < empty_r1c1 && empty_r1c1 < 12, "a mix of both kinds");
    for threads in ["1", "2"] {
        let o = batch(&config, &["--threads", threads], &input);
        assert_success(&o);
        let traces = json_lines(&o);
        assert_eq!(traces.len(), 12);
        for (trace, puzzle) in traces.iter().zip(input.lines()) {
            assert_eq!(trace["puzzle"], puzzle);
            let status = trace["status"].as_str().unwrap();
            if puzzle.starts_with('.') {
                assert_eq!(status, "error", "{trace}");
                let error = trace["error"].as_str().unwrap();
                assert!(
                    error.starts_with("technique `fixture-panic` failed: plugin ")
                        && error.contains(" panicked: fixture panic with "),
                    "{error}"
                );
            } else {
                assert!(["solved", "stuck"].contains(&status), "{trace}");
            }
        }
        let summary = stderr(&o);
        assert!(
            summary.contains(&format!("error {empty_r1c1}")),
            "{summary}"
        );
        assert!(!summary.contains("panicked at"), "{summary}");
    }
}

#[test]
fn a_step_on_a_non_candidate_is_refused_naming_the_plugin() {
    let scratch = Scratch::new("non-candidate");
    let lib = library(MISBEHAVING);
    let config = scratch.config("bogus.toml", &[&lib], &["fixture-non-candidate"]);
    // Checked in every mode, not only with --verify: the step could not be applied.
    assert_error(
        &solve(&config, &[]),
        &[&format!(
            "error: technique `fixture-non-candidate` failed: {} gave a step of \
             `fixture-non-candidate` that cannot be applied (elimination r1c3<>9 is not a \
             candidate of the grid): Bogus Elimination: r1c3<>9",
            label(MISBEHAVING, &lib)
        )],
    );
}

#[test]
fn parameters_and_reported_errors_cross_the_abi() {
    let scratch = Scratch::new("params");
    let lib = library(MISBEHAVING);
    let base = std::fs::read_to_string(scratch.config("base.toml", &[&lib], &[])).unwrap();
    let with = |name: &str, params: &str| {
        let text = format!("{base}[[technique]]\nid = \"fixture-fails\"\n{params}");
        scratch.write(name, &text).display().to_string()
    };
    let loud = with("loud.toml", "code = 42\nloud = true\n");
    let o = allowed(&["techniques", "--config", &loud]);
    assert_success(&o);
    assert_stdout_has(&o, "code = 42 (set; integer 0..=100) the code to fail with");
    assert_error(
        &solve(&loud, &[]),
        &[&format!(
            "error: technique `fixture-fails` failed: {} reported an error: ASKED TO FAIL \
             WITH CODE 42",
            label(MISBEHAVING, &lib)
        )],
    );
    // Refused by the plugin when built: a config error, on the technique's line.
    assert_error(
        &solve(&with("unlucky.toml", "code = 13\n"), &[]),
        &[&format!(
            "unlucky.toml:4: technique `fixture-fails` cannot be built: {} cannot create \
             technique `fixture-fails`: reported an error: code 13 is unlucky",
            label(MISBEHAVING, &lib)
        )],
    );
    // Out of the range the plugin declared: refused by the host's config check.
    let range = with("range.toml", "code = 101\n");
    assert_error(
        &allowed(&["techniques", "--config", &range]),
        &["range.toml:5: `code` of technique `fixture-fails` is 101, but must be in 0..=100"],
    );
}

#[test]
fn a_technique_id_provided_twice_is_refused() {
    let scratch = Scratch::new("duplicates");
    let (example, impostor) = (library(EXAMPLE), library(DUPLICATE_IDS));
    // Against a built-in.
    let config = scratch.config("builtin.toml", &[&impostor], &[]);
    assert_error(
        &allowed(&["techniques", "--config", &config]),
        &[&format!(
            "builtin.toml:2: technique id `naked-single` is provided twice: by built-in and by {}",
            label(DUPLICATE_IDS, &impostor)
        )],
    );
    // Against another plugin.
    let config = scratch.config("plugins.toml", &[&example, &impostor], &[]);
    assert_error(
        &solve(&config, &[]),
        &[&format!(
            "plugins.toml:2: technique id `two-string-kite` is provided twice: by {} and by {}",
            label(EXAMPLE, &example),
            label(DUPLICATE_IDS, &impostor)
        )],
    );
}

#[test]
fn the_example_config_runs_the_kite_after_locked_candidates() {
    // `kite.toml` names the release library; point it at the one built here instead.
    let shipped = "plugins/examples/two-string-kite/kite.toml";
    let text = std::fs::read_to_string(common::root().join(shipped)).unwrap();
    let release = "\"../../../target/release/libkaidoku_example_two_string_kite.so\"";
    assert!(
        text.contains(release),
        "{shipped} names the release library"
    );
    let lib = library(EXAMPLE);
    let scratch = Scratch::new("example-config");
    let quoted = format!("{:?}", lib.display().to_string());
    let config = scratch.write("kite.toml", &text.replace(release, &quoted));
    let config = config.to_str().unwrap();
    let o = allowed(&["techniques", "--config", config]);
    assert_success(&o);
    let kite = format!(
        "  5. two-string-kite      2-String Kite  ({})",
        label(EXAMPLE, &lib)
    );
    assert_stdout_has(&o, &kite);
    let o = solve(config, &["--verify"]);
    assert_success(&o);
    assert_stdout_has(&o, &format!("22. {POINTING_STEP}\n23. {KITE_STEP}\n"));
    assert_stdout_has(&o, "Status  solved after ");
}
