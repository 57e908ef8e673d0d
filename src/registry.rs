//! Every patience the game has, the default first. Adding a patience is a folder of its own
//! that implements [`Patience`] and [`crate::patience::Game`], and one line here. It stands
//! outside `patience/`, so that the interface names no patience.

use crate::patience::Patience;

/// All the patiences, in the order players see them: those written by hand, then those
/// written as files (shipped, then a player's own).
pub fn all() -> Vec<&'static dyn Patience> {
    let mut all: Vec<&'static dyn Patience> = vec![
        &crate::zodiac::patience::ZODIAC,
        &crate::klondike::patience::KLONDIKE,
        &crate::freecell::patience::FREECELL,
    ];
    all.extend(crate::kinds::patience::patiences());
    all
}

/// The patience a game starts with when nothing says otherwise.
pub fn default() -> &'static dyn Patience {
    all()[0]
}

/// A patience by its name (`zodiac`), in any case.
pub fn by_name(name: &str) -> Option<&'static dyn Patience> {
    all()
        .into_iter()
        .find(|p| p.name().eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_patience_deals_lays_out_and_reloads_its_own_games() {
        for p in all() {
            assert_eq!(by_name(&p.name().to_uppercase()).unwrap().name(), p.name());
            let sets = p.rule_sets();
            assert!(!sets.is_empty());
            let deal = crate::cards::DealNumber::new(5).unwrap();
            let game = p.new_game(&sets[0].name, deal).unwrap();
            assert_eq!(game.deal(), deal);
            let layout = p.layout(1280.0, 720.0, 1.0);
            assert!(layout.fits(), "{}", p.name());
            for place in game.places() {
                assert!(
                    layout.all().any(|q| q == place),
                    "{} has {place:?}",
                    p.name()
                );
            }
            let again = p.load(&game.record()).unwrap();
            assert_eq!(again.record(), game.record());
            assert!(p.deal_snapshot(&sets[0].name, deal).is_some());
        }
        assert!(by_name("nonsense").is_none());
    }
}
