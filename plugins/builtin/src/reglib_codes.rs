//! HoDoKu's regression-library technique codes and the built-in techniques that cover them:
//! the one table `kaidoku reglib` reads. Parameters narrow a technique to HoDoKu's notion.

use kaidoku_engine::ParamValue::{Bool, Int};
use kaidoku_engine::reglib::ReglibCode;

const fn code(
    code: &'static str,
    name: &'static str,
    technique: &'static str,
    params: &'static [(&'static str, kaidoku_engine::ParamValue)],
) -> ReglibCode {
    ReglibCode {
        code,
        name,
        technique,
        params,
    }
}

const STRICT: &[(&str, kaidoku_engine::ParamValue)] = &[("missing_candidates", Bool(false))];
const MISSING: &[(&str, kaidoku_engine::ParamValue)] = &[("missing_candidates", Bool(true))];
/// Chains as long as HoDoKu's, over group nodes.
const GROUPED_CHAINS: &[(&str, kaidoku_engine::ParamValue)] =
    &[("max_length", Int(31)), ("groups", Bool(true))];
/// Chains as long as HoDoKu's, over group and ALS nodes.
const WIDE_CHAINS: &[(&str, kaidoku_engine::ParamValue)] = &[
    ("max_length", Int(31)),
    ("groups", Bool(true)),
    ("als", Bool(true)),
];

/// Every HoDoKu library code Kaidoku runs, with its name and the technique (and parameters)
/// that covers it.
pub const REGLIB_CODES: &[ReglibCode] = &[
    code("0000", "Full House", "last-digit", &[]),
    code("0002", "Hidden Single", "hidden-single", &[]),
    code("0003", "Naked Single", "naked-single", &[]),
    code("0100", "Locked Candidates Type 1", "locked-candidates", &[]),
    code("0101", "Locked Candidates Type 2", "locked-candidates", &[]),
    code(
        "0110",
        "Locked Pair",
        "locked-set",
        &[("max_size", Int(2)), ("hidden", Bool(false))],
    ),
    code(
        "0111",
        "Locked Triple",
        "locked-set",
        &[("max_size", Int(3)), ("hidden", Bool(false))],
    ),
    code(
        "0200",
        "Naked Pair",
        "locked-set",
        &[("max_size", Int(2)), ("hidden", Bool(false))],
    ),
    code(
        "0201",
        "Naked Triple",
        "locked-set",
        &[("max_size", Int(3)), ("hidden", Bool(false))],
    ),
    code(
        "0202",
        "Naked Quadruple",
        "locked-set",
        &[("max_size", Int(4)), ("hidden", Bool(false))],
    ),
    code(
        "0210",
        "Hidden Pair",
        "locked-set",
        &[("max_size", Int(2)), ("naked", Bool(false))],
    ),
    code(
        "0211",
        "Hidden Triple",
        "locked-set",
        &[("max_size", Int(3)), ("naked", Bool(false))],
    ),
    code(
        "0212",
        "Hidden Quadruple",
        "locked-set",
        &[("max_size", Int(4)), ("naked", Bool(false))],
    ),
    code(
        "0300",
        "X-Wing",
        "fish",
        &[("min_size", Int(2)), ("max_size", Int(2))],
    ),
    code(
        "0301",
        "Swordfish",
        "fish",
        &[("min_size", Int(3)), ("max_size", Int(3))],
    ),
    code(
        "0302",
        "Jellyfish",
        "fish",
        &[("min_size", Int(4)), ("max_size", Int(4))],
    ),
    code(
        "0303",
        "Squirmbag",
        "fish",
        &[("min_size", Int(5)), ("max_size", Int(5))],
    ),
    code(
        "0304",
        "Whale",
        "fish",
        &[("min_size", Int(6)), ("max_size", Int(6))],
    ),
    code(
        "0305",
        "Leviathan",
        "fish",
        &[("min_size", Int(7)), ("max_size", Int(7))],
    ),
    code(
        "0310",
        "Finned X-Wing",
        "fish",
        &[
            ("min_size", Int(2)),
            ("max_size", Int(2)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0311",
        "Finned Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0312",
        "Finned Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0320",
        "Sashimi X-Wing",
        "fish",
        &[
            ("min_size", Int(2)),
            ("max_size", Int(2)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0321",
        "Sashimi Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0322",
        "Sashimi Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0330",
        "Franken X-Wing",
        "fish",
        &[
            ("min_size", Int(2)),
            ("max_size", Int(2)),
            ("franken", Bool(true)),
        ],
    ),
    code(
        "0331",
        "Franken Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("franken", Bool(true)),
        ],
    ),
    code(
        "0332",
        "Franken Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("franken", Bool(true)),
        ],
    ),
    code(
        "0340",
        "Finned Franken X-Wing",
        "fish",
        &[
            ("min_size", Int(2)),
            ("max_size", Int(2)),
            ("franken", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0341",
        "Finned Franken Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("franken", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0342",
        "Finned Franken Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("franken", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0362",
        "Finned Mutant Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("mutant", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0363",
        "Finned Mutant Squirmbag",
        "fish",
        &[
            ("min_size", Int(5)),
            ("max_size", Int(5)),
            ("mutant", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    code(
        "0364",
        "Finned Mutant Whale",
        "fish",
        &[
            ("min_size", Int(6)),
            ("max_size", Int(6)),
            ("mutant", Bool(true)),
            ("max_fins", Int(5)),
        ],
    ),
    // Siamese fish: two finned fish on one base, as one step.
    code(
        "03111",
        "Siamese Finned Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03121",
        "Siamese Finned Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03211",
        "Siamese Sashimi Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03221",
        "Siamese Sashimi Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03411",
        "Siamese Finned Franken Swordfish",
        "fish",
        &[
            ("min_size", Int(3)),
            ("max_size", Int(3)),
            ("franken", Bool(true)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03421",
        "Siamese Finned Franken Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("franken", Bool(true)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "03621",
        "Siamese Finned Mutant Jellyfish",
        "fish",
        &[
            ("min_size", Int(4)),
            ("max_size", Int(4)),
            ("mutant", Bool(true)),
            ("max_fins", Int(5)),
            ("siamese", Bool(true)),
        ],
    ),
    code(
        "0400",
        "Skyscraper",
        "x-chain",
        &[("min_length", Int(3)), ("max_length", Int(3))],
    ),
    code(
        "0401",
        "2-String Kite",
        "x-chain",
        &[("min_length", Int(3)), ("max_length", Int(3))],
    ),
    code("0402", "Empty Rectangle", "empty-rectangle", &[]),
    code(
        "0403",
        "Turbot Fish",
        "x-chain",
        &[("min_length", Int(3)), ("max_length", Int(3))],
    ),
    code("0404", "Dual 2-String Kite", "dual-two-string-kite", &[]),
    code(
        "0405",
        "Dual Empty Rectangle",
        "empty-rectangle",
        &[("dual", Bool(true))],
    ),
    code("0500", "Simple Colors Trap", "simple-colors", &[]),
    code("0501", "Simple Colors Wrap", "simple-colors", &[]),
    code("0502", "Multi Colors 1", "multi-colors", &[]),
    code("0503", "Multi Colors 2", "multi-colors", &[]),
    code("0701", "X-Chain", "x-chain", &[("max_length", Int(31))]),
    code("0702", "XY-Chain", "xy-chain", &[("max_length", Int(41))]),
    // Uniqueness: variant 1 has every corner hold both digits, variant 2 ("with missing
    // candidates") lets a corner lack one that no solved peer excludes.
    code(
        "0600-1",
        "Uniqueness Test Type 1",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0600-2",
        "Uniqueness Test Type 1",
        "unique-rectangle",
        MISSING,
    ),
    code(
        "0601-1",
        "Uniqueness Test Type 2",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0601-2",
        "Uniqueness Test Type 2",
        "unique-rectangle",
        MISSING,
    ),
    code(
        "0602-1",
        "Uniqueness Test Type 3",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0602-2",
        "Uniqueness Test Type 3",
        "unique-rectangle",
        MISSING,
    ),
    code(
        "0603-1",
        "Uniqueness Test Type 4",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0603-2",
        "Uniqueness Test Type 4",
        "unique-rectangle",
        MISSING,
    ),
    code(
        "0604-1",
        "Uniqueness Test Type 5",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0604-2",
        "Uniqueness Test Type 5",
        "unique-rectangle",
        MISSING,
    ),
    code(
        "0605-1",
        "Uniqueness Test Type 6",
        "unique-rectangle",
        STRICT,
    ),
    code(
        "0605-2",
        "Uniqueness Test Type 6",
        "unique-rectangle",
        MISSING,
    ),
    code("0606-1", "Hidden Rectangle", "hidden-rectangle", STRICT),
    code("0606-2", "Hidden Rectangle", "hidden-rectangle", MISSING),
    // The `-x` case: nothing to find, even with missing candidates.
    code("0606", "Hidden Rectangle", "hidden-rectangle", MISSING),
    code(
        "0607",
        "Avoidable Rectangle Type 1",
        "avoidable-rectangle",
        &[],
    ),
    code(
        "0608",
        "Avoidable Rectangle Type 2",
        "avoidable-rectangle",
        &[],
    ),
    code("0610", "Bivalue Universal Grave + 1", "bug-plus-one", &[]),
    code("0703", "Remote Pairs", "remote-pair", &[]),
    code("0800", "XY-Wing", "xy-chain", &[("max_length", Int(5))]),
    code("0801", "XYZ-Wing", "xyz-wing", &[]),
    code("0803", "W-Wing", "aic", &[("max_length", Int(5))]),
    code(
        "0707",
        "Discontinuous Nice Loop",
        "nice-loop",
        &[("max_length", Int(31))],
    ),
    // Variant 1 has no ALS nodes (HoDoKu tries those only when it finds no loop without).
    code(
        "0709-1",
        "Grouped Continuous Nice Loop",
        "nice-loop",
        GROUPED_CHAINS,
    ),
    code(
        "0710-1",
        "Grouped Discontinuous Nice Loop",
        "nice-loop",
        WIDE_CHAINS,
    ),
    code(
        "0710-2",
        "Grouped Discontinuous Nice Loop",
        "nice-loop",
        WIDE_CHAINS,
    ),
    code("0708", "AIC", "aic", &[("max_length", Int(31))]),
    // HoDoKu reports continuous loops its tables find, often longer than the shortest ones,
    // and leaves a loop's own cells alone: every loop, without cannibalism.
    code(
        "0706",
        "Continuous Nice Loop",
        "nice-loop",
        &[
            ("max_length", Int(31)),
            ("all_loops", Bool(true)),
            ("cannibalism", Bool(false)),
        ],
    ),
    // Through ALS nodes: HoDoKu's loops there leave a set by forcing a cell or by a weak link
    // to another set, both links of Kaidoku's graph.
    code(
        "0709-2",
        "Grouped Continuous Nice Loop",
        "nice-loop",
        WIDE_CHAINS,
    ),
    code(
        "0710-3",
        "Grouped Discontinuous Nice Loop",
        "nice-loop",
        WIDE_CHAINS,
    ),
    code(
        "0710-4",
        "Grouped Discontinuous Nice Loop",
        "nice-loop",
        WIDE_CHAINS,
    ),
    code("0711-1", "Grouped AIC", "aic", GROUPED_CHAINS),
    code("0711-2", "Grouped AIC", "aic", GROUPED_CHAINS),
    code("0711-3", "Grouped AIC", "aic", WIDE_CHAINS),
    code("0711-4", "Grouped AIC", "aic", WIDE_CHAINS),
    code("0901", "ALS-XZ", "als-xz", &[]),
    // Variant 2 lets the sets overlap; Kaidoku keeps them apart.
    code("0902-1", "ALS-XY-Wing", "als-xy-wing", &[]),
    code(
        "0902-2",
        "ALS-XY-Wing, overlapping sets",
        "als-xy-wing",
        &[("overlap", Bool(true))],
    ),
    // HoDoKu's variant 1 keeps the petals disjoint; variant 2 lets them share cells.
    code(
        "0904-1",
        "Death Blossom",
        "death-blossom",
        &[("overlap", Bool(false)), ("max_petals", Int(5))],
    ),
    code(
        "0904-2",
        "Death Blossom (overlapping petals)",
        "death-blossom",
        &[("overlap", Bool(true)), ("max_petals", Int(5))],
    ),
    code("1101", "Sue de Coq", "sue-de-coq", &[]),
    code("0903", "ALS Chain", "als-chain", &[]),
    code("1201", "Template Set", "template-set", &[]),
    code("1202", "Template Delete", "template-delete", &[]),
];
