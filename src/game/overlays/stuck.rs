//! "No moves left": what the player can do when the game is stuck, in the words of its phase.

use super::Overlay;
use crate::game::input::buttons::Action;
use crate::game::session::Session;
use crate::game::theme::{Fonts, button, button_row, panel, text};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Stuck), spawn);
}

fn spawn(mut commands: Commands, fonts: Res<Fonts>, session: Res<Session>) {
    let f = &*fonts;
    let why = session.game.stuck_reason();
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Stuck),
        Action::CloseOverlay,
        "No moves left",
        f,
        |p| {
            p.spawn(text(
                f,
                format!("{why}\nYou can undo a few moves, restart this deal, or start a new game (this one then counts as lost)."),
                16.0,
            ));
            p.spawn(button_row(children![
                button(f, "Undo", Action::Undo),
                button(f, "Restart", Action::Restart),
                button(f, "New game", Action::NewGame)
            ]));
        },
    );
}
