//! HoDoKu's regression library (`../shared/puzzles/hodoku-reglib-1.3.txt` beside the
//! checkout; GPL data, never copied into the repo): every 2-String Kite case (code 0401)
//! passes, with the technique called through the plugin ABI as `kaidoku` calls it. Skipped,
//! and says so, when the file is not there.

use kaidoku_example_two_string_kite::{REGLIB_CODES, kaidoku_plugin_entry};
use kaidoku_plugin_sdk::kaidoku_engine::parse::parse_library_case;
use kaidoku_plugin_sdk::kaidoku_engine::reglib::check_case;
use kaidoku_plugin_sdk::testing::registry_through_abi;
use std::path::Path;

/// Cases of code 0401 in reglib 1.3, all of which must pass.
const CASES: usize = 12;

#[test]
fn hodoku_two_string_kite_cases_pass() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let file = checkout.join("../shared/puzzles/hodoku-reglib-1.3.txt");
    let Ok(text) = std::fs::read_to_string(&file) else {
        // Straight to stderr: the harness would swallow `eprintln!` from a passing test.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: hodoku_two_string_kite_cases_pass: {} not found (needs HoDoKu's regression \
             library, code 0401); the 2-String Kite was checked by its unit tests only",
            file.display()
        );
        return;
    };
    let registry = registry_through_abi(kaidoku_plugin_entry);
    let row = &REGLIB_CODES[0];
    let (mut passed, mut failures) = (0, Vec::new());
    for (index, line) in text.lines().enumerate() {
        if !line.starts_with(&format!(":{}:", row.code))
            && !line.starts_with(&format!(":{}-", row.code))
        {
            continue;
        }
        let case = parse_library_case(line)
            .unwrap_or_else(|e| panic!("line {}: unreadable: {e}", index + 1));
        match check_case(&case, row, &registry) {
            Ok(()) => passed += 1,
            Err(reason) => failures.push(format!("line {}: {reason}", index + 1)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(passed, CASES, "code {} cases in the library", row.code);
    eprintln!("reglib {} {}: {passed}/{CASES} passed", row.code, row.name);
}
