//! The default rating of every step kind: Sudoku Explainer's ER where SE (or Sukaku Explainer,
//! which rated the public Sudoku Exchange bank) has the technique, HoDoKu's default score and
//! level where HoDoKu has it, and documented estimates for the rest (marked [`Origin::Estimate`]).

use super::{Entry, Growth, Level, Origin, Variant};

use Growth::{ChainLength, Fixed, PerSize};
use Level::{Easy, Extreme, Hard, Medium, Unfair};
use Origin::{Estimate, Hodoku, Se, Sukaku};

const fn entry(
    id: &'static str,
    er: u16,
    score: u32,
    level: Level,
    origin: Origin,
) -> Entry<&'static str> {
    Entry {
        id,
        er,
        growth: Fixed,
        variant: Variant::None,
        score,
        level,
        origin,
    }
}

const fn grow(mut e: Entry<&'static str>, growth: Growth) -> Entry<&'static str> {
    e.growth = growth;
    e
}

const fn variant(mut e: Entry<&'static str>, variant: Variant) -> Entry<&'static str> {
    e.variant = variant;
    e
}

/// Every kind with a rating of its own (fish are added by [`fish_entries`]). ER in tenths.
pub(super) const ENTRIES: &[Entry<&'static str>] = &[
    // Singles. SE: last value 1.0, hidden single in a box 1.2, in a line 1.5, naked single 2.3.
    entry("last-digit", 10, 4, Easy, Se),
    variant(
        entry("hidden-single", 12, 14, Easy, Se),
        Variant::InLine(15),
    ),
    entry("naked-single", 23, 4, Easy, Se),
    // Intersections. SE: pointing 2.6, claiming 2.8; 1.7 / 1.9 when they give a hidden single
    // at once ("direct").
    variant(
        entry("locked-candidates-pointing", 26, 50, Medium, Se),
        Variant::Direct(17),
    ),
    variant(
        entry("locked-candidates-claiming", 28, 50, Medium, Se),
        Variant::Direct(19),
    ),
    // Locked sets. SE: naked pair 3.0, hidden pair 3.4 (direct 2.0), naked triple 3.6, hidden
    // triple 4.0 (direct 2.5), naked quad 5.0, hidden quad 5.4. Larger sets are estimates.
    entry("naked-pair", 30, 60, Medium, Se),
    variant(
        entry("hidden-pair", 34, 70, Medium, Se),
        Variant::Direct(20),
    ),
    entry("naked-triple", 36, 80, Medium, Se),
    variant(
        entry("hidden-triple", 40, 100, Medium, Se),
        Variant::Direct(25),
    ),
    entry("naked-quadruple", 50, 120, Hard, Se),
    entry("hidden-quadruple", 54, 150, Hard, Se),
    grow(
        entry("naked-set", 56, 200, Unfair, Estimate),
        PerSize { from: 5, tenths: 2 },
    ),
    grow(
        entry("hidden-set", 58, 200, Unfair, Estimate),
        PerSize { from: 5, tenths: 2 },
    ),
    // Single-digit patterns. Sukaku Explainer: Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish
    // 4.2; the rater of the Sudoku Exchange bank rates Empty Rectangles 4.3.
    entry("skyscraper", 40, 130, Hard, Sukaku),
    entry("two-string-kite", 41, 150, Hard, Sukaku),
    entry("turbot-fish", 42, 120, Hard, Sukaku),
    entry("empty-rectangle", 43, 120, Hard, Sukaku),
    // Two patterns on one structure (HoDoKu's duals): rated as the single pattern.
    entry("dual-two-string-kite", 41, 150, Hard, Estimate),
    entry("dual-empty-rectangle", 43, 120, Hard, Estimate),
    // Wings. SE: XY-Wing 4.2, XYZ-Wing 4.4; Sukaku Explainer: WXYZ-Wing 4.6. Newer Sukaku
    // Explainers rate a W-Wing 4.4, but the rater of the Sudoku Exchange bank found W-Wings as
    // forcing chains (its 5.5-7.1 puzzles are W-Wings for Kaidoku): 6.6, as SE's chain.
    entry("xy-wing", 42, 160, Hard, Se),
    entry("xyz-wing", 44, 180, Hard, Se),
    entry("w-wing", 66, 150, Hard, Se),
    entry("wxyz-wing", 46, 200, Hard, Sukaku),
    // Uniqueness. SE: unique rectangles and loops 4.5-5.0, BUG 5.6-6.0.
    entry("unique-rectangle-1", 45, 100, Hard, Se),
    entry("unique-rectangle-2", 46, 100, Hard, Se),
    entry("unique-rectangle-3", 47, 100, Hard, Se),
    entry("unique-rectangle-4", 45, 100, Hard, Se),
    entry("unique-rectangle-5", 47, 100, Hard, Estimate),
    entry("unique-rectangle-6", 47, 100, Hard, Estimate),
    entry("unique-rectangle", 46, 100, Hard, Estimate),
    entry("hidden-rectangle", 47, 100, Hard, Estimate),
    entry("avoidable-rectangle", 47, 100, Hard, Estimate),
    entry("avoidable-rectangle-1", 47, 100, Hard, Estimate),
    entry("avoidable-rectangle-2", 47, 100, Hard, Estimate),
    entry("bug-plus-one", 56, 100, Hard, Se),
    // Gurth's symmetrical placement: one look at the givens' symmetry, then plain eliminations;
    // neither SE nor HoDoKu has it (estimate, with the easier uniqueness patterns).
    entry("gurths-symmetrical-placement", 45, 100, Hard, Estimate),
    // Sudoku Explainer's own producers (`configs/se.toml`, `docs/se-rating.md`), where SE finds
    // or names a step otherwise than Kaidoku's techniques, in SE's order. Direct hints: the
    // hidden single a pointing, claiming or hidden set leads to, placed without the pattern's
    // own eliminations.
    entry("se-direct-pointing", 17, 50, Easy, Se),
    entry("se-direct-claiming", 19, 50, Easy, Se),
    entry("se-direct-hidden-pair", 20, 60, Easy, Se),
    entry("se-direct-hidden-triplet", 25, 80, Easy, Se),
    // SE's Turbot Fish producer reports the kinds `skyscraper`, `two-string-kite`,
    // `turbot-fish` and `empty-rectangle` above, and grouped ones: a strong link that is a line
    // whose candidates lie in two boxes.
    entry("se-grouped-turbot-fish", 43, 150, Hard, Sukaku),
    // Unique Rectangles and Loops, types 1-4: 4.5, plus 0.1 for 6-7 cells, 0.2 for 8-9, 0.5 from
    // 10, plus 0.1 per type-3 set cell beyond the first (the step's size, in tenths).
    grow(
        entry("se-unique-loop-1", 45, 100, Hard, Se),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-unique-loop-2", 45, 100, Hard, Se),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-unique-loop-3", 45, 100, Hard, Se),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-unique-loop-4", 45, 100, Hard, Se),
        PerSize { from: 0, tenths: 1 },
    ),
    // 3 Strong-linked Fishes: X-chains of three strong links, by the kinds of their houses (any
    // empty rectangle or grouped line: 5.7).
    entry("se-three-skyscrapers", 54, 200, Hard, Sukaku),
    entry("se-three-turbot-fish", 55, 200, Hard, Sukaku),
    entry("se-three-string-kite", 56, 200, Hard, Sukaku),
    entry("se-three-links-empty-rectangle", 57, 200, Hard, Sukaku),
    // WXYZ-Wing: ALS-XZ with a three-cell set and a bivalue cell, 5.5 + 0.1 x (1 - |3 - k|),
    // k the candidate count of the set's fullest cell (the kind's suffix); VWXYZ-Wing, four
    // cells: 6.2 + 0.1 x (2 - |3 - k|).
    entry("se-wxyz-wing-2", 55, 200, Hard, Sukaku),
    entry("se-wxyz-wing-3", 56, 200, Hard, Sukaku),
    entry("se-wxyz-wing-4", 55, 200, Hard, Sukaku),
    // BUG: type 1 5.6, types 2 and 4 5.7, type 3 5.7 plus 0.1 per digit of its naked set
    // beyond the first (the step's size).
    entry("se-bug-1", 56, 100, Hard, Se),
    entry("se-bug-2", 57, 100, Hard, Se),
    grow(
        entry("se-bug-3", 57, 100, Hard, Se),
        PerSize { from: 0, tenths: 1 },
    ),
    entry("se-bug-4", 57, 100, Hard, Se),
    entry("se-vwxyz-wing-2", 63, 250, Unfair, Sukaku),
    entry("se-vwxyz-wing-3", 64, 250, Unfair, Sukaku),
    entry("se-vwxyz-wing-4", 63, 250, Unfair, Sukaku),
    entry("se-vwxyz-wing-5", 62, 250, Unfair, Sukaku),
    // Aligned Pair and Triplet Exclusion.
    entry("aligned-pair-exclusion", 62, 400, Unfair, Se),
    entry("aligned-triple-exclusion", 75, 500, Unfair, Se),
    // Chains. SE: X-cycles 6.5, forcing X- and Y-chains 6.6, chains with both kinds of link
    // 7.0, each plus 0.1 per step of its length scale. Remote pairs are Y-cycles to SE.
    grow(entry("remote-pair", 65, 110, Hard, Se), ChainLength),
    grow(entry("x-chain", 66, 260, Unfair, Se), ChainLength),
    grow(entry("xy-chain", 66, 260, Unfair, Se), ChainLength),
    grow(entry("aic", 70, 280, Unfair, Se), ChainLength),
    grow(entry("nice-loop", 70, 280, Unfair, Se), ChainLength),
    // Loops: SE's X-cycles (6.5) when of one digit, else chains with both kinds of link.
    grow(
        entry("continuous-nice-loop", 70, 280, Unfair, Se),
        ChainLength,
    ),
    grow(
        entry("discontinuous-nice-loop", 70, 280, Unfair, Se),
        ChainLength,
    ),
    grow(
        entry("grouped-continuous-nice-loop", 72, 300, Unfair, Estimate),
        ChainLength,
    ),
    grow(
        entry("grouped-discontinuous-nice-loop", 72, 300, Unfair, Estimate),
        ChainLength,
    ),
    grow(entry("grouped-aic", 72, 300, Unfair, Estimate), ChainLength),
    grow(
        entry("grouped-nice-loop", 72, 300, Unfair, Estimate),
        ChainLength,
    ),
    grow(entry("als-aic", 75, 340, Unfair, Estimate), ChainLength),
    // Colouring: X-cycles to SE.
    entry("simple-colors", 65, 150, Hard, Estimate),
    entry("simple-colors-trap", 65, 150, Hard, Estimate),
    entry("simple-colors-wrap", 65, 150, Hard, Estimate),
    entry("multi-colors", 67, 200, Hard, Estimate),
    entry("multi-colors-1", 67, 200, Hard, Estimate),
    entry("multi-colors-2", 67, 200, Hard, Estimate),
    // 3D Medusa: colouring over every digit (SudokuWiki). SE finds it as cycles and forcing
    // chains over bivalue cells too (X-Y cycles 7.0 and up): a little above multi colors.
    entry("3d-medusa", 68, 230, Unfair, Estimate),
    entry("3d-medusa-twice-in-cell", 68, 230, Unfair, Estimate),
    entry("3d-medusa-twice-in-house", 68, 230, Unfair, Estimate),
    entry("3d-medusa-two-colors-in-cell", 68, 230, Unfair, Estimate),
    entry("3d-medusa-two-colors-elsewhere", 68, 230, Unfair, Estimate),
    entry("3d-medusa-unit-and-cell", 68, 230, Unfair, Estimate),
    entry("3d-medusa-cell-emptied", 68, 230, Unfair, Estimate),
    // Almost locked sets: SE finds them as forcing chains (7.0 and up).
    // Almost locked candidates: a box-line intersection with a bivalue cell (pair) or two
    // cells (triple) beside it, between locked candidates and a Sue de Coq.
    entry("almost-locked-candidates", 47, 200, Hard, Estimate),
    entry("almost-locked-pair", 47, 200, Hard, Estimate),
    entry("almost-locked-triple", 49, 220, Hard, Estimate),
    entry("sue-de-coq", 50, 250, Unfair, Estimate),
    entry("als-xz", 70, 300, Unfair, Estimate),
    entry("als-xz-doubly-linked", 72, 300, Unfair, Estimate),
    // Almost hidden sets: ALS-XZ's dual, rated as it is (Kaidoku's estimate; no peer rates it).
    entry("ahs-xz", 70, 300, Unfair, Estimate),
    entry("ahs-xz-doubly-linked", 72, 300, Unfair, Estimate),
    entry("als-xy-wing", 73, 320, Unfair, Estimate),
    entry("als-chain", 75, 340, Unfair, Estimate),
    grow(
        entry("death-blossom", 74, 360, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    // Sue de Coq and Death Blossom extended (GNPX): no SE rating; estimates between the ALS
    // rules they extend (a stem and two or three sets, sized by the sets or petals) and forcing.
    grow(
        entry("sue-de-coq-extended", 72, 330, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    grow(
        entry("finned-sue-de-coq-extended", 74, 340, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    grow(
        entry("death-blossom-connected", 75, 360, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    grow(
        entry("death-blossom-house", 76, 370, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    // Network stems: the petals are chains through candidates, groups and ALSs, the stem's
    // candidates a cell forcing chain's premises. An estimate between the ALS chain (7.5) and
    // the cell forcing chain (8.3), grown by all the petals' links as SE grows chains.
    grow(
        entry("death-blossom-network", 78, 450, Extreme, Estimate),
        ChainLength,
    ),
    // General logic (Barker's set logic, GNPX): no SE rating; it runs after the ALS rules and
    // before forcing chains, so ER from 7.0 (rank 0) and 7.4 (rank 1), 0.2 more per truth
    // above three; scored like a large ALS pattern.
    grow(
        entry("rank-0-logic", 70, 400, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    grow(
        entry("rank-1-logic", 74, 420, Unfair, Estimate),
        PerSize { from: 3, tenths: 2 },
    ),
    // Exocets: SE has none. A static pattern like an ALS chain but harder to spot, found in
    // puzzles SE rates 9.5 and up: between the ALS chains (7.5) and forcing chains (8.2); a
    // Senior Exocet's targets lie farther out.
    entry("junior-exocet", 78, 450, Extreme, Estimate),
    entry("senior-exocet", 80, 480, Extreme, Estimate),
    // Franken and Mutant exocets (a box or a crossing line as third cross house) and double
    // exocets (two exocets of one band solved together): estimates near the Junior Exocet's,
    // a little harder to spot.
    entry("franken-exocet", 79, 460, Extreme, Estimate),
    entry("mutant-exocet", 80, 470, Extreme, Estimate),
    entry("double-exocet", 81, 490, Extreme, Estimate),
    // Forcing chains and nets. SE: cell and region forcing chains 8.2-8.7, dynamic 8.8 and up.
    grow(entry("forcing-chain", 82, 500, Extreme, Se), ChainLength),
    grow(entry("forcing-net", 88, 700, Extreme, Se), ChainLength),
    grow(
        entry("forcing-chain-contradiction", 82, 500, Extreme, Se),
        ChainLength,
    ),
    grow(
        entry("cell-forcing-chain", 83, 500, Extreme, Se),
        ChainLength,
    ),
    grow(
        entry("house-forcing-chain", 84, 500, Extreme, Se),
        ChainLength,
    ),
    grow(
        entry("forcing-net-contradiction", 88, 700, Extreme, Se),
        ChainLength,
    ),
    grow(entry("cell-forcing-net", 89, 700, Extreme, Se), ChainLength),
    grow(
        entry("house-forcing-net", 90, 700, Extreme, Se),
        ChainLength,
    ),
    entry("kraken-fish", 82, 500, Extreme, Estimate),
    // A whole solving path under an assumption, by level (1: basic techniques under it, 2:
    // forcing chains too, 3: nets too): SE's dynamic forcing chains (+) from 9.0, its nested
    // forcing chains from 9.5.
    grow(
        entry("nested-forcing", 90, 8000, Extreme, Estimate),
        PerSize { from: 1, tenths: 5 },
    ),
    // Kraken fish: a finned fish whose fins (and, type 2, places in one cover) are followed
    // by forcing chains; SE finds them as region forcing chains (8.2 and up), a little
    // easier with the fish in hand. The size is the chains' links together.
    grow(
        entry("kraken-fish-type-1", 80, 500, Extreme, Estimate),
        ChainLength,
    ),
    grow(
        entry("kraken-fish-type-2", 81, 500, Extreme, Estimate),
        ChainLength,
    ),
    // --- Multi-sector locked sets and tridagons (plugins `exotic_sets`, issue 25) ---
    // Neither SE nor HoDoKu has them (their puzzles rate 10+ there, through nested chains);
    // estimates: one pattern, no chain, harder to spot than ALS chains (7.5) and easier to
    // prove than forcing chains (8.2). The SK loop is a fixed shape, an MSLS a search, a
    // tridagon a parity argument with guardians.
    entry("sk-loop", 76, 420, Extreme, Estimate),
    entry("msls", 78, 450, Extreme, Estimate),
    entry("tridagon", 78, 450, Extreme, Estimate),
    entry("tridagon-single-guardian", 78, 450, Extreme, Estimate),
    // The guardians followed by forcing nets: a cell forcing net (8.9) whose cell is the
    // pattern's guardians, a little easier with the pattern in hand.
    entry("tridagon-forcing", 85, 600, Extreme, Estimate),
    // --- end of multi-sector locked sets and tridagons ---
    // --- Fireworks (plugins `fireworks`, issue 25) ---
    // Neither SE nor HoDoKu has them (SE finds them as forcing chains); estimates: a firework
    // is a short chain through one stem, so the family sits between the colourings and the
    // ALS rules: the locked-set forms (triple, L-Wing) lowest, those with an extra cell above.
    entry("firework-triple", 60, 260, Unfair, Estimate),
    entry("firework-l-wing", 60, 260, Unfair, Estimate),
    entry("firework-quadruple", 62, 280, Unfair, Estimate),
    entry("firework-alp", 62, 280, Unfair, Estimate),
    entry("firework-w-wing", 64, 290, Unfair, Estimate),
    entry("firework-dual-alp", 66, 300, Unfair, Estimate),
    // --- end of fireworks ---
    // --- Sudoku Explainer's own chaining (plugins `se_chaining`, issue 23) ---
    // Each kind is SE's hint type at its base difficulty; the step's size holds the tenths SE
    // adds for the chains' length (and, for SE's f64 sums, its rounding), so ER = base + size.
    grow(
        entry("se-x-cycle", 65, 500, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-y-cycle", 65, 500, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-cycle", 70, 500, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-forcing-x-chain", 66, 500, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-forcing-chain", 70, 500, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-nishio-forcing-chain", 75, 600, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-cell-forcing-chains", 80, 600, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-region-forcing-chains", 80, 600, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-dynamic-contradiction-forcing-chains",
            85,
            700,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-dynamic-double-forcing-chains", 85, 700, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-dynamic-cell-forcing-chains", 85, 700, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-dynamic-region-forcing-chains", 85, 700, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    // Dynamic forcing chains (+) (9.0) and the nested levels 2–4 (9.5, 10.0, 10.5).
    grow(
        entry(
            "se-dynamic-contradiction-forcing-chains-plus",
            90,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-dynamic-double-forcing-chains-plus",
            90,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-dynamic-cell-forcing-chains-plus",
            90,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-dynamic-region-forcing-chains-plus",
            90,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-contradiction-forcing-chains-fc",
            95,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-double-forcing-chains-fc",
            95,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry("se-nested-cell-forcing-chains-fc", 95, 800, Extreme, Sukaku),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-region-forcing-chains-fc",
            95,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-contradiction-forcing-chains-mfc",
            100,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-double-forcing-chains-mfc",
            100,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-cell-forcing-chains-mfc",
            100,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-region-forcing-chains-mfc",
            100,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-contradiction-forcing-chains-dfc",
            105,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-double-forcing-chains-dfc",
            105,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-cell-forcing-chains-dfc",
            105,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    grow(
        entry(
            "se-nested-region-forcing-chains-dfc",
            105,
            800,
            Extreme,
            Sukaku,
        ),
        PerSize { from: 0, tenths: 1 },
    ),
    // --- end of Sudoku Explainer's own chaining ---
    // --- Extended unique rectangles and BUG+n (uniqueness, issue 25); estimates: an EUR is a
    // UR with one more line and digit (UR 4.5-4.7, +0.3), BUG+n as SE's BUG types 2-4 (5.7) ---
    entry("extended-unique-rectangle-1", 48, 100, Hard, Estimate),
    entry("extended-unique-rectangle-2", 49, 100, Hard, Estimate),
    entry("extended-unique-rectangle-3", 50, 100, Hard, Estimate),
    entry("extended-unique-rectangle-4", 48, 100, Hard, Estimate),
    entry("extended-unique-rectangle", 49, 100, Hard, Estimate),
    entry("bug-plus-n", 57, 100, Hard, Estimate),
    // --- end of extended unique rectangles and BUG+n ---
    // Templates: a digit's possible layouts, enumerated; HoDoKu rates them extreme.
    entry("template-set", 80, 10000, Extreme, Hodoku),
    entry("template-delete", 80, 10000, Extreme, Hodoku),
    // Two digits' templates together: stronger than either alone (Kaidoku's estimate).
    entry("template-pairs", 82, 10000, Extreme, Estimate),
    // Nice loops over the links the templates give (Kaidoku's estimate: template pairs' ER,
    // plus SE's length scale).
    grow(
        entry("pom-nice-loop", 82, 10000, Extreme, Estimate),
        ChainLength,
    ),
    grow(
        entry("pom-continuous-nice-loop", 82, 10000, Extreme, Estimate),
        ChainLength,
    ),
    grow(
        entry("pom-discontinuous-nice-loop", 82, 10000, Extreme, Estimate),
        ChainLength,
    ),
    // Trial and error: beyond what SE rates with logic.
    entry("guess", 110, 10000, Extreme, Estimate),
    entry("brute-force", 110, 10000, Extreme, Hodoku),
    // --- GNPX's ALS wings (issue 25) ---
    // Estimates. XYZ-Wing (ALS) by pivot size: a little below the ALS-XY-Wing (7.3) for the
    // XY-Wing form (its pivot a single cell), 0.1 more per pivot candidate. ALS-Wing by its
    // number of sets, as a Death Blossom of as many petals (7.4, 0.2 a petal past three).
    entry("xy-wing-als", 71, 310, Unfair, Estimate),
    entry("xyz-wing-als", 72, 310, Unfair, Estimate),
    entry("wxyz-wing-als", 73, 320, Unfair, Estimate),
    entry("vwxyz-wing-als", 74, 330, Unfair, Estimate),
    entry("uvwxyz-wing-als", 75, 340, Unfair, Estimate),
    entry("als-wing-2d", 73, 330, Unfair, Estimate),
    entry("als-wing-3d", 74, 350, Unfair, Estimate),
    entry("als-wing-4d", 76, 370, Unfair, Estimate),
    // --- end of GNPX's ALS wings ---
];
