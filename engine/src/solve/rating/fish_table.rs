//! The default ratings of the fish kinds, sizes 2–7 in every family, generated rather than
//! listed (nine kinds a size, and a Siamese twin of each finned one).

use super::{Entry, Growth, Level, Origin, Variant};
use crate::step::fish_size_name;

use Level::{Extreme, Hard, Unfair};
use Origin::{Estimate, Se};

/// Fish of sizes 2–7, basic, finned, sashimi, Franken and Mutant: SE rates X-Wing 3.2,
/// Swordfish 3.8, Jellyfish 5.2; HoDoKu gives every one a score. SE has no finned or
/// complex fish (it finds them as chains), so their ERs are estimates: the ER of the chain that
/// does the same work.
pub(super) fn entries() -> Vec<Entry<String>> {
    // (SE ER of the basic fish, HoDoKu basic, finned, sashimi, franken, finned franken, mutant)
    const SIZES: [(usize, u16, [u32; 6]); 6] = [
        (2, 32, [140, 130, 150, 300, 390, 450]),
        (3, 38, [150, 200, 240, 350, 410, 450]),
        (4, 52, [160, 250, 260, 370, 430, 450]),
        (5, 60, [470, 470, 470, 470, 470, 470]),
        (6, 64, [470, 470, 470, 470, 470, 470]),
        (7, 68, [470, 470, 470, 470, 470, 470]),
    ];
    let mut out = Vec::new();
    for (size, basic_er, scores) in SIZES {
        let (name, _) = fish_size_name(size);
        let big = size >= 5;
        let level = |small: Level| if big { Unfair } else { small };
        // Finned: a finned X-Wing is about a Turbot Fish (4.2) to SE; on the Sudoku Exchange
        // bank, puzzles whose hardest step is a finned Swordfish are mostly rated 5.4.
        let finned_er = if size == 2 { 43 } else { basic_er + 16 };
        let franken_er = basic_er + 12;
        let mutant_er = basic_er + 20;
        let kinds: [(String, u16, u32, Level, Origin); 9] = [
            (
                name.to_string(),
                basic_er,
                scores[0],
                level(Hard),
                if big { Estimate } else { Se },
            ),
            (
                format!("finned-{name}"),
                finned_er,
                scores[1],
                level(if size == 2 { Hard } else { Unfair }),
                Estimate,
            ),
            (
                format!("sashimi-{name}"),
                finned_er,
                scores[2],
                level(if size == 2 { Hard } else { Unfair }),
                Estimate,
            ),
            (
                format!("franken-{name}"),
                franken_er,
                scores[3],
                if big { Extreme } else { Unfair },
                Estimate,
            ),
            (
                format!("finned-franken-{name}"),
                franken_er + 2,
                scores[4],
                if big { Extreme } else { Unfair },
                Estimate,
            ),
            (
                format!("sashimi-franken-{name}"),
                franken_er + 2,
                scores[4],
                if big { Extreme } else { Unfair },
                Estimate,
            ),
            (
                format!("mutant-{name}"),
                mutant_er,
                scores[5],
                Extreme,
                Estimate,
            ),
            (
                format!("finned-mutant-{name}"),
                mutant_er + 2,
                470,
                Extreme,
                Estimate,
            ),
            (
                format!("sashimi-mutant-{name}"),
                mutant_er + 2,
                470,
                Extreme,
                Estimate,
            ),
        ];
        for (id, er, score, level, origin) in kinds {
            // A Siamese fish is two finned fish at once: rated as one of them, as HoDoKu does.
            let finned = id.starts_with("finned-") || id.starts_with("sashimi-");
            let twin = finned.then(|| format!("siamese-{id}"));
            for id in std::iter::once(id).chain(twin) {
                out.push(Entry {
                    id,
                    er,
                    growth: Growth::Fixed,
                    variant: Variant::None,
                    score,
                    level,
                    origin,
                });
            }
        }
    }
    out
}
