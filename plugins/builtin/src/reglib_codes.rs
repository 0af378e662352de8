//! HoDoKu's regression-library technique codes and the built-in techniques that cover them:
//! the one table `kaidoku reglib` reads.

use kaidoku_engine::reglib::ReglibCode;

pub const REGLIB_CODES: &[ReglibCode] = &[
    ReglibCode {
        code: "0000",
        name: "Full House",
        technique: "last-digit",
        params: &[],
    },
    ReglibCode {
        code: "0002",
        name: "Hidden Single",
        technique: "hidden-single",
        params: &[],
    },
    ReglibCode {
        code: "0003",
        name: "Naked Single",
        technique: "naked-single",
        params: &[],
    },
    ReglibCode {
        code: "0100",
        name: "Locked Candidates Type 1",
        technique: "locked-candidates",
        params: &[],
    },
    ReglibCode {
        code: "0101",
        name: "Locked Candidates Type 2",
        technique: "locked-candidates",
        params: &[],
    },
];
