//! Where the easiest-step search may skip a technique: the lowest ER its steps can have.

/// The lowest ER each technique's steps can have, for the easiest-step search: once a step at
/// most this easy is in hand, the technique cannot offer an easier one. A technique not listed
/// has floor 0 and always runs.
pub(super) const TECHNIQUE_FLOORS: &[(&str, u16)] = &[
    ("last-digit", 10),
    ("hidden-single", 12),
    ("naked-single", 23),
    ("locked-candidates", 17),
    ("locked-set", 20),
    ("fish", 32),
    ("x-chain", 40),
    ("xy-chain", 42),
    ("aic", 40),
    ("empty-rectangle", 43),
    ("xyz-wing", 44),
    ("unique-rectangle", 45),
    ("bug-plus-one", 56),
    ("gurths-symmetrical-placement", 45),
    ("remote-pair", 65),
    ("als-xz", 70),
    ("ahs-xz", 70),
    ("als-xy-wing", 73),
    ("death-blossom", 74),
    ("sue-de-coq-extended", 72),
    ("death-blossom-extended", 75),
    ("general-logic", 70),
    ("dual-two-string-kite", 41),
    ("wxyz-wing", 46),
    ("sue-de-coq", 50),
    ("almost-locked-candidates", 47),
    ("simple-colors", 65),
    ("multi-colors", 67),
    ("3d-medusa", 68),
    ("nice-loop", 70),
    ("als-chain", 75),
    ("template-set", 80),
    ("template-delete", 80),
    ("template-pairs", 82),
    ("pom-nice-loop", 82),
    ("forcing-chain", 82),
    ("junior-exocet", 78),
    ("senior-exocet", 80),
    ("franken-exocet", 79),
    ("mutant-exocet", 80),
    ("double-exocet", 81),
    ("kraken-fish", 80),
    // --- Multi-sector locked sets and tridagons (issue 25) ---
    ("sk-loop", 76),
    ("msls", 78),
    ("tridagon", 78),
    // --- end of multi-sector locked sets and tridagons ---
    // --- Fireworks (issue 25) ---
    ("firework-triple", 60),
    ("firework-l-wing", 60),
    ("firework-quadruple", 62),
    ("firework-alp", 62),
    ("firework-w-wing", 64),
    ("firework-dual-alp", 66),
    // --- end of fireworks ---
    // --- Sudoku Explainer's own chaining (issue 23) ---
    ("se-forcing-chains-cycles", 65),
    ("se-nishio", 75),
    ("se-multiple-forcing", 80),
    ("se-dynamic-forcing", 85),
    ("se-dynamic-forcing-plus", 90),
    ("se-nested-forcing", 95),
    // --- end of Sudoku Explainer's own chaining ---
    // --- Extended unique rectangles and BUG+n (issue 25) ---
    ("extended-unique-rectangle", 48),
    ("bug-plus-n", 57),
    // --- end of extended unique rectangles and BUG+n ---
    ("guess", 110),
    // Sudoku Explainer's own producers.
    ("se-direct-pointing", 17),
    ("se-direct-hidden-set", 20),
    ("se-locked-set", 30),
    ("se-turbot-fish", 40),
    ("se-xy-wing", 42),
    ("se-unique-loop", 45),
    ("se-three-strong-links", 54),
    ("se-wxyz-wing", 55),
    ("se-bug", 56),
    ("se-vwxyz-wing", 62),
    ("aligned-pair-exclusion", 62),
    ("aligned-triple-exclusion", 75),
    // --- GNPX's ALS wings (issue 25) ---
    ("xyz-wing-als", 71),
    ("als-wing", 73),
    // --- end of GNPX's ALS wings ---
];
