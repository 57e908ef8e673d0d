//! Patiences written as files: a few kinds of pile with their parameters as data (as PySolFC
//! composes its games from a few stack classes), PySolFC's deal as data, and one engine that
//! plays any such file (`file` what a file says, `compiled` its piles resolved and checked,
//! `deal` PySolFC's deal, `position` the compact position, `moves` the rules). The shipped
//! files are in `assets/patiences/`; a player's own in the data folder's `patiences/`.

pub mod compiled;
pub mod deal;
pub mod file;
pub mod grid;
pub mod layout;
pub mod mine;
pub mod moves;
pub mod named;
pub mod patience;
pub mod position;
pub mod takes;
pub mod text;

pub use compiled::Compiled;
pub use file::PatienceFile;
pub use moves::{Done, Illegal, Step};
pub use position::{DOWN, Position};

use std::sync::OnceLock;

/// The shipped patience files, by name.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "four-seasons",
        include_str!("../../assets/patiences/four-seasons.ron"),
    ),
    (
        "stonewall",
        include_str!("../../assets/patiences/stonewall.ron"),
    ),
    (
        "seven-devils",
        include_str!("../../assets/patiences/seven-devils.ron"),
    ),
    (
        "shamrocks",
        include_str!("../../assets/patiences/shamrocks.ron"),
    ),
    ("sultan", include_str!("../../assets/patiences/sultan.ron")),
    (
        "osmosis",
        include_str!("../../assets/patiences/osmosis.ron"),
    ),
    (
        "rouge-et-noir",
        include_str!("../../assets/patiences/rouge-et-noir.ron"),
    ),
    (
        "accordion",
        include_str!("../../assets/patiences/accordion.ron"),
    ),
    (
        "royal-marriage",
        include_str!("../../assets/patiences/royal-marriage.ron"),
    ),
    ("nestor", include_str!("../../assets/patiences/nestor.ron")),
    (
        "st-helena",
        include_str!("../../assets/patiences/st-helena.ron"),
    ),
    (
        "tournament",
        include_str!("../../assets/patiences/tournament.ron"),
    ),
    (
        "british-constitution",
        include_str!("../../assets/patiences/british-constitution.ron"),
    ),
    (
        "salic-law",
        include_str!("../../assets/patiences/salic-law.ron"),
    ),
    (
        "virginia-reel",
        include_str!("../../assets/patiences/virginia-reel.ron"),
    ),
    (
        "sly-fox",
        include_str!("../../assets/patiences/sly-fox.ron"),
    ),
    (
        "parallels",
        include_str!("../../assets/patiences/parallels.ron"),
    ),
    (
        "intelligence",
        include_str!("../../assets/patiences/intelligence.ron"),
    ),
];

/// Klondike and FreeCell written as files: the proof that the engine plays them move for move
/// as their own rules do (tests); the hand-written ones are what players play.
pub const PROOFS: &[(&str, &str)] = &[
    (
        "klondike",
        include_str!("../../assets/patiences/proofs/klondike.ron"),
    ),
    (
        "klondike-unlimited",
        include_str!("../../assets/patiences/proofs/klondike-unlimited.ron"),
    ),
    (
        "klondike-draw-three",
        include_str!("../../assets/patiences/proofs/klondike-draw-three.ron"),
    ),
    (
        "freecell",
        include_str!("../../assets/patiences/proofs/freecell.ron"),
    ),
    (
        "bakers-game",
        include_str!("../../assets/patiences/proofs/bakers-game.ron"),
    ),
];

/// Reads a patience file; errors name the file, the line and the field.
pub fn parse(file: &str, text: &str) -> Result<Compiled, String> {
    let parsed: PatienceFile = ron::from_str(text).map_err(|e| {
        format!(
            "{file}: line {}, column {}: {}",
            e.position.line, e.position.col, e.code
        )
    })?;
    compile(parsed).map_err(|e| format!("{file}: {e}"))
}

/// Checks and compiles a patience file: its piles and deal, and its table.
pub fn compile(file: PatienceFile) -> Result<Compiled, String> {
    // Each other rule set is sound too (they share the table, which is checked once here).
    for other in file.other_rule_sets()? {
        let name = other.rule_set_name().to_string();
        Compiled::new(other).map_err(|e| format!("rule set {name}: {e}"))?;
    }
    let compiled = Compiled::new(file)?;
    layout::check(&compiled)?;
    Ok(compiled)
}

/// The shipped patiences, compiled once, for the life of the program: each file, then its
/// other rule sets.
pub fn shipped() -> &'static [&'static Compiled] {
    static SHIPPED_ONCE: OnceLock<Vec<&'static Compiled>> = OnceLock::new();
    SHIPPED_ONCE.get_or_init(|| {
        let mut all: Vec<&'static Compiled> = Vec::new();
        for (name, text) in SHIPPED {
            let compiled = parse(&format!("{name}.ron"), text).expect("shipped files are sound");
            let others = compiled
                .file
                .other_rule_sets()
                .expect("checked when compiled");
            all.push(Box::leak(Box::new(compiled)));
            for other in others {
                all.push(Box::leak(Box::new(
                    Compiled::new(other).expect("checked when compiled"),
                )));
            }
        }
        all
    })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_named;
#[cfg(test)]
mod tests_named_grid;
#[cfg(test)]
mod tests_named_piles;
#[cfg(test)]
mod tests_named_rows;
#[cfg(test)]
mod tests_named_turns;
#[cfg(test)]
mod tests_parameters;
