//! The contract of `patience::contract`, kept by every patience of the registry.

use crate::patience::contract::{Checked, keep, keep_under};
use crate::registry;

/// The patiences checked here, as the registry lists them.
const CHECKED: [&str; 21] = [
    "zodiac",
    "klondike",
    "freecell",
    "four-seasons",
    "stonewall",
    "seven-devils",
    "shamrocks",
    "sultan",
    "osmosis",
    "rouge-et-noir",
    "accordion",
    "royal-marriage",
    "nestor",
    "st-helena",
    "tournament",
    "british-constitution",
    "salic-law",
    "virginia-reel",
    "sly-fox",
    "parallels",
    "intelligence",
];

fn report(name: &str, c: Checked) {
    println!("{name}: {c:?}");
    assert!(
        c.lines > 0 && c.searched_whole > 0,
        "{name}: no win replayed, nothing searched whole"
    );
}

#[test]
fn every_patience_of_the_registry_is_checked() {
    let listed: Vec<&str> = registry::all().iter().map(|p| p.name()).collect();
    assert_eq!(listed, CHECKED, "each patience needs its test here");
}

#[test]
fn zodiac_keeps_the_contract() {
    report(
        "zodiac",
        keep::<crate::zodiac::patience::Zodiac>(2, 120, &[]),
    );
}

#[test]
fn klondike_keeps_the_contract() {
    report(
        "klondike",
        keep::<crate::klondike::patience::Klondike>(3, 120, &[]),
    );
}

#[test]
fn freecell_keeps_the_contract() {
    use crate::freecell::RuleSet;
    // One free cell, cards back from the foundations: a card the old rule sent home at once
    // must come back for the win (`four_of_hearts_comes_back`).
    let back = RuleSet {
        name: "one-cell-back".into(),
        cells: 1,
        foundation_back: true,
        ..RuleSet::default_set()
    };
    use crate::freecell::solver::tests::{FOUR_OF_HEARTS_WIN, four_of_hearts_comes_back};
    let delicate = [(back, four_of_hearts_comes_back(), FOUR_OF_HEARTS_WIN)];
    report(
        "freecell",
        keep::<crate::freecell::patience::FreeCell>(3, 120, &delicate),
    );
}

/// Every patience written as a file: each is a rule set of the one engine, checked together.
#[test]
fn the_patiences_written_as_files_keep_the_contract() {
    report("files", keep::<crate::kinds::patience::Kinds>(2, 60, &[]));
}

/// Klondike and FreeCell written as files (`kinds::PROOFS`), which the engine plays as the
/// hand-written ones do (`proof_tests`): the contract holds for them too.
#[test]
fn the_proof_files_keep_the_contract() {
    let proofs = crate::kinds::PROOFS
        .iter()
        .map(|(name, text)| ron::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    report(
        "proof files",
        keep_under::<crate::kinds::patience::Kinds>(proofs, 2, 60, &[]),
    );
}
