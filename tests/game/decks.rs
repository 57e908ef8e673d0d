//! The deck chosen in Settings: switched mid-game, the cards are painted again at once and the
//! game goes on untouched; the choice is saved.

use crate::harness::Harness;
use bevy::prelude::*;
use zodiac::game::draw::art::{Back, CardAtlas, Deck};
use zodiac::game::messages::Overlay;
use zodiac::game::overlays::settings::SettingChange;
use zodiac::game::table::cards::CardView;

/// Clicks the Settings panel's button for this choice, where it is drawn.
fn choose(h: &mut Harness, change: SettingChange) {
    let world = h.app.world_mut();
    let mut buttons = world.query::<(
        &SettingChange,
        &bevy::ui::ComputedNode,
        &bevy::ui::UiGlobalTransform,
    )>();
    let at = buttons
        .iter(world)
        .find(|(c, _, _)| **c == change)
        .map(|(_, node, t)| t.translation * node.inverse_scale_factor())
        .unwrap_or_else(|| panic!("no button for {change:?}"));
    h.click_window(at);
    h.settle();
}

fn atlas(h: &Harness) -> CardAtlas {
    h.app.world().resource::<CardAtlas>().clone()
}

/// Every card's sprite is cut from this atlas.
fn cards_use(h: &mut Harness, atlas: &CardAtlas) -> bool {
    let world = h.app.world_mut();
    let mut sprites = world.query_filtered::<&Sprite, With<CardView>>();
    sprites.iter(world).all(|s| s.image == atlas.image)
}

#[test]
fn switching_decks_mid_game_paints_the_cards_again_and_keeps_the_game() {
    let mut h = Harness::new(1, "decks");
    h.key(KeyCode::KeyD, &[]);
    h.key(KeyCode::KeyD, &[]);
    h.settle();
    let moves = h.game().moves().to_vec();
    let before = atlas(&h);
    assert_eq!(
        before.style.deck,
        Deck::Traditional,
        "the traditional deck by default"
    );
    assert!(cards_use(&mut h, &before));
    h.click_button("Settings");
    h.settle();
    let mut last = before.clone();
    for (change, check) in [
        (
            SettingChange::Deck(Deck::Clear),
            Box::new(|a: &CardAtlas| a.style.deck == Deck::Clear)
                as Box<dyn Fn(&CardAtlas) -> bool>,
        ),
        (
            SettingChange::FourColour(true),
            Box::new(|a: &CardAtlas| a.style.four_colour && a.style.deck == Deck::Clear),
        ),
        (
            SettingChange::Deck(Deck::Traditional),
            Box::new(|a: &CardAtlas| a.style.four_colour && a.style.deck == Deck::Traditional),
        ),
        (
            SettingChange::Back(Back::Red),
            Box::new(|a: &CardAtlas| a.style.back == Back::Red),
        ),
    ] {
        choose(&mut h, change.clone());
        let now = atlas(&h);
        assert!(check(&now), "{change:?}: {:?}", now.style);
        assert_ne!(now.image, last.image, "{change:?}: painted again");
        assert!(cards_use(&mut h, &now), "{change:?}: every card wears it");
        assert_eq!(
            h.game().moves(),
            &moves[..],
            "{change:?}: the game is untouched"
        );
        assert_eq!(h.overlay(), Some(Overlay::Settings));
        last = now;
    }
    let saved = h.read_file("settings.ron");
    assert!(saved.contains("deck: Traditional"), "{saved}");
    assert!(saved.contains("back: Red"), "{saved}");
    assert!(saved.contains("four_colour: true"), "{saved}");
}
