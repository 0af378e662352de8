//! The traces of the seed puzzles under every shipped config, pinned as insta snapshots in
//! `snapshots/` (named `<config>__<seed>`). A change in any step shows up as a diff.

mod common;

#[test]
fn seed_traces_under_every_shipped_config() {
    let seeds = common::seeds();
    assert_eq!(seeds.len(), 9);
    for config_name in common::shipped_configs() {
        let config = common::config_file(&config_name);
        let stem = config_name.trim_end_matches(".toml").to_string();
        let solver = common::solver(config, true);
        for (name, puzzle) in &seeds {
            let grid = kaidoku_engine::parse::parse(puzzle).unwrap();
            let trace = solver.solve(&grid);
            assert!(trace.error.is_none(), "{stem}/{name}: {:?}", trace.error);
            insta::with_settings!({
                snapshot_path => common::root().join("snapshots"),
                prepend_module_to_snapshot => false,
                omit_expression => true,
            }, {
                insta::assert_snapshot!(format!("{stem}__{name}"), trace.to_text());
            });
        }
    }
}
