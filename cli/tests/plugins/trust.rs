//! What keeps a plugin in check: configs load plugins only when allowed, a plugin's steps are
//! checked against the solution in every mode, its text cannot drive the terminal, and a
//! plugin listed twice is named as such.

use crate::support::*;

#[test]
fn plugins_run_only_when_allowed() {
    let scratch = Scratch::new("opt-in");
    let lib = library(EXAMPLE);
    let config = scratch.config("kite.toml", &[&lib], &["two-string-kite"]);
    let refusal = format!(
        "kite.toml:2: this config loads plugin `{}`, and a plugin runs its code inside Kaidoku \
         with your rights, so plugins are off by default: if you trust it, pass \
         --allow-plugins or set KAIDOKU_ALLOW_PLUGINS=1",
        lib.display()
    );
    let techniques = ["techniques", "--config", &config];
    // Refused by every command that reads a config, even the one that only lists it.
    for args in [
        &techniques[..],
        &["solve", KITE_PUZZLE, "--config", &config],
        &["steps", KITE_AT_START, "--config", &config],
        &["batch", "--config", &config],
    ] {
        let o = with_allow_var(args, None);
        assert_error(&o, &[&refusal]);
        assert_eq!(stdout(&o), "");
    }
    assert_error(&with_allow_var(&techniques, Some("0")), &[&refusal]);
    // The variable, or the flag before or after the subcommand, allows them.
    let kite = format!(
        "two-string-kite      2-String Kite  ({})",
        label(EXAMPLE, &lib)
    );
    for o in [
        with_allow_var(&techniques, Some("1")),
        with_allow_var(&[&["--allow-plugins"][..], &techniques].concat(), None),
        with_allow_var(&[&techniques[..], &["--allow-plugins"]].concat(), None),
    ] {
        assert_success(&o);
        assert_stdout_has(&o, &kite);
    }
}

#[test]
fn an_unsound_plugin_step_is_an_error_even_without_verify() {
    let scratch = Scratch::new("unsound");
    let lib = library(MISBEHAVING);
    let ids = ["fixture-unsound", "hidden-single"];
    let config = scratch.config("unsound.toml", &[&lib], &ids);
    let message = format!(
        "unsound step by technique `fixture-unsound` of {}: Wishful Thinking r1c1 => r1c1<>5: \
         it eliminates r1c1<>5, the solution's digit",
        label(MISBEHAVING, &lib)
    );
    // The solve loop knows the solution anyway: a plugin's step is checked in every mode.
    for more in [&[][..], &["--verify"]] {
        let o = solve(&config, more);
        assert_error(&o, &[&format!("error: {message}")]);
        assert_stdout_has(&o, &format!("\nStatus  error\nError   {message}\n"));
    }
    for verify in [false, true] {
        let mut args = vec!["batch", "--config", &config, "--allow-plugins"];
        if verify {
            args.push("--verify");
        }
        let o = kaidoku_with_stdin(&args, &sample(3));
        assert_success(&o);
        let traces = json_lines(&o);
        assert_eq!(traces.len(), 3);
        for trace in traces {
            assert_eq!(trace["status"], "error", "{trace}");
            let error = trace["error"].as_str().unwrap();
            assert!(
                error.starts_with("unsound step by technique `fixture-unsound` of plugin "),
                "{error}"
            );
        }
    }
}

#[test]
fn control_characters_in_plugin_text_are_escaped() {
    let scratch = Scratch::new("noisy");
    let lib = library(MISBEHAVING);
    let config = scratch.config("noisy.toml", &[&lib], &["fixture-noisy", "hidden-single"]);
    let o = solve(&config, &[]);
    assert_success(&o);
    let text = stdout(&o);
    // One line per step, nothing for the terminal to obey, no forged step line.
    assert!(!text.contains('\x1b'), "{text:?}");
    assert!(!text.lines().any(|l| l.starts_with("99.")), "{text}");
    let noisy: Vec<&str> = text.lines().filter(|l| l.contains("Noisy")).collect();
    assert!(!noisy.is_empty(), "{text}");
    for line in noisy {
        assert!(
            line.contains(r"Noisy\u{a}Single\u{1b}[31m \u{1b}[2J\u{a}99. Forged step => r"),
            "{line}"
        );
    }
    // Singles alone leave this puzzle stuck: that is a success too.
    assert_stdout_has(&o, "Status  stuck after ");
}

#[test]
fn a_plugin_listed_twice_is_named() {
    let scratch = Scratch::new("twice");
    let lib = library(EXAMPLE);
    let config = scratch.config("twice.toml", &[&lib, &lib], &[]);
    assert_error(
        &allowed(&["techniques", "--config", &config]),
        &[&format!(
            "twice.toml:2: plugin `{}` is listed twice in [plugins] paths",
            lib.display()
        )],
    );
}
