//! The Rules panel: how to play, in short, and every key (from the one key table).

use super::Overlay;
use crate::game::input::buttons::Action;
use crate::game::session::Session;
use crate::game::theme::{Fonts, button, panel, text};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Rules), spawn);
}

fn spawn(mut commands: Commands, fonts: Res<Fonts>, session: Res<Session>) {
    let patience = session.game.patience();
    let f = &*fonts;
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Rules),
        Action::CloseOverlay,
        &format!("How to play {}", patience.title()),
        f,
        |p| {
            p.spawn(text(f, patience.rules_text(), 15.0));
            p.spawn(text(f, format!("Keys: {}.", crate::keys::one_line()), 14.0));
            p.spawn(text(f, format!("Zodiac {}", crate::VERSION), 13.0));
            p.spawn(text(
                f,
                "The full rules, the move notation and the deal numbers: docs/rules.md.",
                13.0,
            ));
            p.spawn(button(f, "Close", Action::CloseOverlay));
        },
    );
}
