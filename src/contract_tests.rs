//! The contract of `patience::contract`, over every patience of the registry.

use crate::patience::contract::keep;
use crate::patience::registry;

#[test]
fn every_patience_keeps_the_contract() {
    let checked = [
        ("zodiac", keep::<crate::zodiac::patience::Zodiac>(2, 120)),
        (
            "klondike",
            keep::<crate::klondike::patience::Klondike>(3, 120),
        ),
        (
            "freecell",
            keep::<crate::freecell::patience::FreeCell>(3, 120),
        ),
    ];
    for (name, c) in &checked {
        println!("{name}: {c:?}");
        assert!(
            c.lines > 0 && c.searched_whole > 0,
            "{name}: nothing searched whole"
        );
    }
    let names: Vec<&str> = checked.iter().map(|(n, _)| *n).collect();
    let listed: Vec<&str> = registry::all().iter().map(|p| p.name()).collect();
    assert_eq!(
        names, listed,
        "every patience of the registry keeps the contract"
    );
}
