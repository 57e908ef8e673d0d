//! The Rules panel: how to play, in short, and every key (from the one key table).

use super::Overlay;
use crate::game::buttons::Action;
use crate::game::theme::{Fonts, button, panel, text};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Rules), spawn);
}

const RULES_TEXT: &str = "\
Phase 1 — fill the Zodiac. Turn the stock one card at a time (click it, or Space). The waste card may go onto a Zodiac pile or into an empty Equator cell; an Equator card may go onto a Zodiac pile. A Zodiac pile takes the same suit, one rank up or down (the direction may change; Ace and King are not neighbours). Zodiac cards never move in phase 1, and nothing goes to the foundations. Redeals are unlimited.

Phase 2 — to the foundations. It begins when the stock and the waste are both empty. Zodiac top cards and Equator cards go to the foundations, each built by suit: in Cadogan's rules four up from Ace and four down from King; in Wikipedia's, all eight up from Ace. The game is won when all 104 cards are home.";

const MOUSE_TEXT: &str = "\
Mouse: drag a card to a place; click a card to send it to its best place (phase 1: a Zodiac pile, else an empty Equator cell; phase 2: its foundation); click the stock to turn a card, or the empty stock to turn the waste over; double-click or right-click a Zodiac pile to see all its cards.";

fn spawn(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Rules),
        Action::CloseOverlay,
        "How to play Zodiac",
        f,
        |p| {
            p.spawn(text(f, RULES_TEXT, 15.0));
            p.spawn(text(f, MOUSE_TEXT, 14.0));
            p.spawn(text(f, format!("Keys: {}.", crate::keys::one_line()), 14.0));
            p.spawn(text(
                f,
                "The full rules, the move notation and the deal numbers: docs/rules.md.",
                13.0,
            ));
            p.spawn(button(f, "Close", Action::CloseOverlay));
        },
    );
}
