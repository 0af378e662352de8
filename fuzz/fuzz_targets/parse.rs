//! Every input format: any text must parse or give a `ParseError`, never panic. A parsed
//! position must also survive the library-case reader and the backtracker's mask view.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(grid) = kaidoku_engine::parse::parse(text) {
        // The solver's view of a parsed grid reads every cell and candidate.
        let _ = grid.solver_masks();
    }
    let _ = kaidoku_engine::parse::parse_library_case(text);
});
