//! Colours of the pictures: one per role of a step's pattern, the fixed marks (placement,
//! elimination, links) and the legend that names them.

use crate::step::PatternPart;

/// Fills behind candidates, light enough for black digits on them. Roles take them in order.
pub const PALETTE: [&str; 8] = [
    "#8fc3ff", // blue
    "#ffc966", // orange
    "#c9a0ff", // violet
    "#7fdccb", // teal
    "#f7a8d8", // pink
    "#d6e07a", // lime
    "#d2b98c", // tan
    "#a8b4ff", // periwinkle
];

/// The branches of a forcing chain or net, one colour each: dark enough for lines and the
/// numbers of their steps.
pub const BRANCHES: [&str; 6] = [
    "#1d3f8f", // navy
    "#b3261e", // red
    "#0f7a6c", // teal
    "#7b3fa0", // purple
    "#b06000", // brown
    "#2e7d32", // green
];

/// The ring around a forcing chain's assumption.
pub const ASSUMPTION: &str = "#1f5fbf";
/// The ring around where a forcing chain's branches meet: a contradiction or a conclusion.
pub const CONTRADICTION: &str = "#cc0000";

/// Behind the candidates where a nested forcing's path breaks down.
pub const CONTRADICTION_FILL: &str = "#ffe08a";

/// Whether a pattern role is a numbered step of a nested forcing's path (`step 1` …).
pub fn path_step(role: &str) -> Option<usize> {
    role.strip_prefix("step ")?.parse().ok().filter(|&n| n >= 1)
}

/// A placement of the step.
pub const PLACEMENT: &str = "#6fd46f";
/// Behind an eliminated candidate, and the stroke through it.
pub const ELIMINATION_FILL: &str = "#ff9d9d";
pub const ELIMINATION_STROKE: &str = "#cc0000";
/// Chain links, strong and weak; the remote-pair path.
pub const LINK: &str = "#1d3f8f";
pub const PATH: &str = "#0f7a6c";
/// Values: givens, and digits placed by earlier steps.
pub const GIVEN: &str = "#000000";
pub const PLACED: &str = "#1f5fbf";
pub const CANDIDATE: &str = "#444444";
/// Tints of whole houses: base sets, cover sets, the house a pattern lies in.
pub const BASE_TINT: &str = "#3a7bd5";
pub const COVER_TINT: &str = "#e09a20";
pub const HOUSE_TINT: &str = "#8a8a8a";
/// Tint of the cells a step names (a locked set's cells, a fish's fins).
pub const CELLS_TINT: &str = "#f2e15c";
/// Outline of a death blossom's stem cell.
pub const STEM: &str = "#b0306a";

/// The colour of each pattern role of a step, in the order of the pattern. Known roles keep
/// the same colour from step to step; a role no built-in uses (a plugin's, a new technique's)
/// takes the first palette colour the step does not use yet, so every role stays apart.
pub fn role_colours(pattern: &[PatternPart]) -> Vec<&'static str> {
    let known: Vec<Option<&'static str>> = pattern.iter().map(|p| known_colour(&p.role)).collect();
    let mut used: Vec<&'static str> = known.iter().flatten().copied().collect();
    known
        .into_iter()
        .map(|colour| {
            colour.unwrap_or_else(|| {
                let free = PALETTE
                    .iter()
                    .find(|c| !used.contains(c))
                    .copied()
                    .unwrap_or(PALETTE[used.len() % PALETTE.len()]);
                used.push(free);
                free
            })
        })
        .collect()
}

/// The fixed colour of a role the built-in techniques use.
fn known_colour(role: &str) -> Option<&'static str> {
    let colour = match role {
        "cell" => PLACEMENT,
        "set" | "locked" | "fish" | "wing" | "rectangle" | "chain" | "empty rectangle" => {
            PALETTE[0]
        }
        "colour A" | "ALS A" => PALETTE[0],
        "conjugate pair" | "colour B" | "ALS B" => PALETTE[1],
        "fins" => PALETTE[2],
        "pivot" => PALETTE[3],
        "contradiction" => CONTRADICTION_FILL,
        _ => return numbered_colour(role),
    };
    Some(colour)
}

/// Numbered roles (`petal 1`, `petal 2` …) take the palette in order.
fn numbered_colour(role: &str) -> Option<&'static str> {
    let (_, number) = role.rsplit_once(' ')?;
    let n: usize = number.parse().ok()?;
    (n >= 1).then(|| PALETTE[(n - 1) % PALETTE.len()])
}

/// What a legend entry shows beside its label.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    /// A candidate on this fill.
    Fill(&'static str),
    /// A candidate on the elimination fill, struck through.
    Struck,
    /// A house tint.
    Tint(&'static str),
    /// A cell outline.
    Outline(&'static str),
    /// A line, dashed or not.
    Line { colour: &'static str, dashed: bool },
}

/// One legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub swatch: Swatch,
    pub label: String,
}

/// Entries in the order they are added, each label once.
#[derive(Default)]
pub struct Legend(pub Vec<LegendEntry>);

impl Legend {
    pub fn add(&mut self, swatch: Swatch, label: impl Into<String>) {
        let label = label.into();
        if !self.0.iter().any(|e| e.label == label) {
            self.0.push(LegendEntry { swatch, label });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::candidates::Candidates;

    fn roles(names: &[&'static str]) -> Vec<PatternPart> {
        names
            .iter()
            .map(|&role| PatternPart {
                role: role.into(),
                candidates: Candidates::EMPTY,
            })
            .collect()
    }

    #[test]
    fn known_roles_keep_their_colours_and_unknown_ones_stay_apart() {
        assert_eq!(
            role_colours(&roles(&["fish", "fins"])),
            [PALETTE[0], PALETTE[2]]
        );
        assert_eq!(
            role_colours(&roles(&["petal 1", "petal 2", "petal 3"])),
            [PALETTE[0], PALETTE[1], PALETTE[2]]
        );
        // Unknown roles skip the colours the known ones took.
        assert_eq!(
            role_colours(&roles(&["chain", "whatever", "another"])),
            [PALETTE[0], PALETTE[1], PALETTE[2]]
        );
        // More roles than colours: still a colour each.
        let many: Vec<&'static str> = vec!["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
        assert_eq!(role_colours(&roles(&many)).len(), 10);
    }
}
