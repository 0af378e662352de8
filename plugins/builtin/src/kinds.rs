//! The step kinds players name as if they were techniques (`x-wing`, `skyscraper`,
//! `naked-pair`), each with the technique (config id) that finds it and the parameters that
//! reach it: configs and `kaidoku steps --technique` resolve them, and `kinds = [...]` /
//! `skip_kinds = [...]` in a `[[technique]]` keep or drop single kinds of a family.

use kaidoku_engine::register_kind;

// Fish (`fish`): basic, finned and sashimi by size.
register_kind!("x-wing", "X-Wing", "fish", "max_size = 2");
register_kind!("swordfish", "Swordfish", "fish", "max_size = 3");
register_kind!("jellyfish", "Jellyfish", "fish", "max_size = 4");
register_kind!(
    "finned-x-wing",
    "Finned X-Wing",
    "fish",
    "max_size = 2, max_fins = 1"
);
register_kind!(
    "finned-swordfish",
    "Finned Swordfish",
    "fish",
    "max_size = 3, max_fins = 1"
);
register_kind!(
    "finned-jellyfish",
    "Finned Jellyfish",
    "fish",
    "max_size = 4, max_fins = 1"
);
register_kind!(
    "sashimi-x-wing",
    "Sashimi X-Wing",
    "fish",
    "max_size = 2, max_fins = 1"
);
register_kind!(
    "sashimi-swordfish",
    "Sashimi Swordfish",
    "fish",
    "max_size = 3, max_fins = 1"
);
register_kind!(
    "sashimi-jellyfish",
    "Sashimi Jellyfish",
    "fish",
    "max_size = 4, max_fins = 1"
);

// Naked and hidden subsets (`locked-set`).
register_kind!("naked-pair", "Naked Pair", "locked-set", "max_size = 2");
register_kind!("naked-triple", "Naked Triple", "locked-set", "max_size = 3");
register_kind!(
    "naked-quadruple",
    "Naked Quadruple",
    "locked-set",
    "max_size = 4"
);
register_kind!("hidden-pair", "Hidden Pair", "locked-set", "max_size = 2");
register_kind!(
    "hidden-triple",
    "Hidden Triple",
    "locked-set",
    "max_size = 3"
);
register_kind!(
    "hidden-quadruple",
    "Hidden Quadruple",
    "locked-set",
    "max_size = 4"
);

// Intersections (`locked-candidates`).
register_kind!(
    "locked-candidates-pointing",
    "Locked Candidates Type 1 (Pointing)",
    "locked-candidates",
    ""
);
register_kind!(
    "locked-candidates-claiming",
    "Locked Candidates Type 2 (Claiming)",
    "locked-candidates",
    ""
);
// Almost locked candidates (`almost-locked-candidates`).
register_kind!(
    "almost-locked-pair",
    "Almost Locked Pair",
    "almost-locked-candidates",
    ""
);
register_kind!(
    "almost-locked-triple",
    "Almost Locked Triple",
    "almost-locked-candidates",
    ""
);

// Short chains, named after their shape.
register_kind!("skyscraper", "Skyscraper", "x-chain", "max_length = 3");
register_kind!(
    "two-string-kite",
    "2-String Kite",
    "x-chain",
    "max_length = 3"
);
register_kind!("turbot-fish", "Turbot Fish", "x-chain", "max_length = 3");
register_kind!("xy-wing", "XY-Wing", "xy-chain", "max_length = 3");
register_kind!("w-wing", "W-Wing", "aic", "max_length = 5");
register_kind!(
    "continuous-nice-loop",
    "Continuous Nice Loop",
    "nice-loop",
    ""
);
register_kind!(
    "discontinuous-nice-loop",
    "Discontinuous Nice Loop",
    "nice-loop",
    ""
);

// Colouring, empty rectangles, ALS.
register_kind!(
    "simple-colors-trap",
    "Simple Colors Trap",
    "simple-colors",
    ""
);
register_kind!(
    "simple-colors-wrap",
    "Simple Colors Wrap",
    "simple-colors",
    ""
);
register_kind!("multi-colors-1", "Multi Colors 1", "multi-colors", "");
register_kind!("multi-colors-2", "Multi Colors 2", "multi-colors", "");
// 3D Medusa (`3d-medusa`): SudokuWiki's six rules.
register_kind!(
    "3d-medusa-twice-in-cell",
    "3D Medusa Twice in a Cell",
    "3d-medusa",
    ""
);
register_kind!(
    "3d-medusa-twice-in-house",
    "3D Medusa Twice in a House",
    "3d-medusa",
    ""
);
register_kind!(
    "3d-medusa-two-colors-in-cell",
    "3D Medusa Two Colors in a Cell",
    "3d-medusa",
    ""
);
register_kind!(
    "3d-medusa-two-colors-elsewhere",
    "3D Medusa Two Colors Elsewhere",
    "3d-medusa",
    ""
);
register_kind!(
    "3d-medusa-unit-and-cell",
    "3D Medusa Two Colors Unit and Cell",
    "3d-medusa",
    ""
);
register_kind!(
    "3d-medusa-cell-emptied",
    "3D Medusa Cell Emptied by Color",
    "3d-medusa",
    ""
);
register_kind!(
    "dual-empty-rectangle",
    "Dual Empty Rectangle",
    "empty-rectangle",
    "dual = true"
);
register_kind!(
    "als-xz-doubly-linked",
    "ALS-XZ (doubly linked)",
    "als-xz",
    ""
);
// Sue de Coq and Death Blossom extended (GNPX).
register_kind!(
    "finned-sue-de-coq-extended",
    "Finned Sue de Coq Extended",
    "sue-de-coq-extended",
    "finned = true"
);
register_kind!(
    "death-blossom-connected",
    "ALS Death Blossom (connected)",
    "death-blossom-extended",
    ""
);
register_kind!(
    "death-blossom-house",
    "ALS Death Blossom (house stem)",
    "death-blossom-extended",
    "houses = true"
);
register_kind!(
    "death-blossom-network",
    "ALS Death Blossom (network stem)",
    "death-blossom-extended",
    "networks = true"
);

// Uniqueness (`[solver] uniqueness = true`).
register_kind!(
    "unique-rectangle-1",
    "Uniqueness Test Type 1",
    "unique-rectangle",
    ""
);
register_kind!(
    "unique-rectangle-2",
    "Uniqueness Test Type 2",
    "unique-rectangle",
    ""
);
register_kind!(
    "unique-rectangle-3",
    "Uniqueness Test Type 3",
    "unique-rectangle",
    ""
);
register_kind!(
    "unique-rectangle-4",
    "Uniqueness Test Type 4",
    "unique-rectangle",
    ""
);
register_kind!(
    "unique-rectangle-5",
    "Uniqueness Test Type 5",
    "unique-rectangle",
    ""
);
register_kind!(
    "unique-rectangle-6",
    "Uniqueness Test Type 6",
    "unique-rectangle",
    ""
);
register_kind!(
    "avoidable-rectangle-1",
    "Avoidable Rectangle Type 1",
    "avoidable-rectangle",
    ""
);
register_kind!(
    "avoidable-rectangle-2",
    "Avoidable Rectangle Type 2",
    "avoidable-rectangle",
    ""
);

// Forcing chains and nets (`forcing-chain`, nets with `nets = true`).
register_kind!(
    "cell-forcing-chain",
    "Cell Forcing Chain",
    "forcing-chain",
    ""
);
register_kind!(
    "house-forcing-chain",
    "House Forcing Chain",
    "forcing-chain",
    ""
);
register_kind!(
    "forcing-chain-contradiction",
    "Forcing Chain Contradiction",
    "forcing-chain",
    ""
);
register_kind!(
    "cell-forcing-net",
    "Cell Forcing Net",
    "forcing-chain",
    "nets = true"
);
register_kind!(
    "house-forcing-net",
    "House Forcing Net",
    "forcing-chain",
    "nets = true"
);
register_kind!(
    "forcing-net-contradiction",
    "Forcing Net Contradiction",
    "forcing-chain",
    "nets = true"
);

// Tridagons (`tridagon`): one guardian left is placed.
register_kind!(
    "tridagon-single-guardian",
    "Tridagon (single guardian)",
    "tridagon",
    ""
);
register_kind!(
    "tridagon-forcing",
    "Tridagon Forcing Net",
    "tridagon",
    "forcing_depth = 10"
);

// General logic (`general-logic`): Barker's set logic by rank.
register_kind!(
    "rank-0-logic",
    "Rank 0 logic",
    "general-logic",
    "max_rank = 0"
);
register_kind!("rank-1-logic", "Rank 1 logic", "general-logic", "");

// --- Extended unique rectangles (`extended-unique-rectangle`, uniqueness, issue 25) ---
register_kind!(
    "extended-unique-rectangle-1",
    "Extended Unique Rectangle Type 1",
    "extended-unique-rectangle",
    ""
);
register_kind!(
    "extended-unique-rectangle-2",
    "Extended Unique Rectangle Type 2",
    "extended-unique-rectangle",
    ""
);
register_kind!(
    "extended-unique-rectangle-3",
    "Extended Unique Rectangle Type 3",
    "extended-unique-rectangle",
    ""
);
register_kind!(
    "extended-unique-rectangle-4",
    "Extended Unique Rectangle Type 4",
    "extended-unique-rectangle",
    ""
);
// --- end of extended unique rectangles ---

// GNPX's ALS wings (issue 25): XYZ-Wing (ALS) by pivot size, ALS-Wing by its number of sets.
register_kind!(
    "xy-wing-als",
    "XY-Wing (ALS)",
    "xyz-wing-als",
    "max_pivot = 2"
);
register_kind!(
    "wxyz-wing-als",
    "WXYZ-Wing (ALS)",
    "xyz-wing-als",
    "max_pivot = 4"
);
register_kind!(
    "vwxyz-wing-als",
    "VWXYZ-Wing (ALS)",
    "xyz-wing-als",
    "max_pivot = 5"
);
register_kind!(
    "uvwxyz-wing-als",
    "UVWXYZ-Wing (ALS)",
    "xyz-wing-als",
    "max_pivot = 6"
);
register_kind!("als-wing-2d", "ALS-Wing 2D", "als-wing", "max_sets = 2");
register_kind!("als-wing-3d", "ALS-Wing 3D", "als-wing", "max_sets = 3");
register_kind!("als-wing-4d", "ALS-Wing 4D", "als-wing", "max_sets = 4");

// Nice loops over template links (`pom-nice-loop`).
register_kind!(
    "pom-continuous-nice-loop",
    "POM Continuous Nice Loop",
    "pom-nice-loop",
    ""
);
register_kind!(
    "pom-discontinuous-nice-loop",
    "POM Discontinuous Nice Loop",
    "pom-nice-loop",
    ""
);

// Almost hidden sets (`ahs-xz`).
register_kind!(
    "ahs-xz-doubly-linked",
    "AHS-XZ (doubly linked)",
    "ahs-xz",
    ""
);

#[cfg(test)]
mod tests {
    use kaidoku_engine::registry::Registry;
    use kaidoku_engine::technique::kind_marks;

    #[test]
    fn every_kind_names_a_registered_technique_and_no_kind_is_a_technique() {
        crate::link();
        let registry = Registry::builtin().unwrap();
        let mut seen = std::collections::HashSet::new();
        for mark in kind_marks() {
            assert!(seen.insert(mark.kind), "{} registered twice", mark.kind);
            let entry = registry.get(mark.technique);
            assert!(
                entry.is_some(),
                "{}: no technique `{}`",
                mark.kind,
                mark.technique
            );
            for param in mark.params.split(", ").filter(|p| !p.is_empty()) {
                let name = param.split(" = ").next().unwrap();
                assert!(
                    entry.unwrap().params.iter().any(|p| p.name == name),
                    "{}: `{}` has no parameter `{name}`",
                    mark.kind,
                    mark.technique
                );
            }
            assert!(
                registry.get(mark.kind).is_none(),
                "{} is a technique",
                mark.kind
            );
        }
        assert!(seen.len() >= 40);
    }
}
