//! What keeps a plugin in check: configs load plugins only when allowed, and a plugin listed
//! twice is named as such.

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
