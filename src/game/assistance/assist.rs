//! The optional helpers, as the settings ask: turn a card whenever the waste runs empty, and
//! finish phase 2 by itself once no choice is left (one card per step, so each is seen flying
//! home). The rules say when; this only asks, once the table is still. After an undo it waits
//! for the player's next move: it never plays again what the player took back. A game that
//! comes in (at start-up, after a relaunch, on a switch of patience) with moves on its redo line
//! (the record keeps it) was left after an undo, so it waits just the same.

use crate::game::assistance::show_me::ShowMe;
use crate::game::messages::{GameChanged, Request, Step};
use crate::game::session::Session;
use crate::game::session::files::Settings;
use crate::game::table::animation::Glide;
use crate::game::table::hand::DragState;
use crate::patience::Status;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // After the cards have moved: a move this frame has started its glides, so the helper waits
    // for the table to be still (its request is read by the session next frame).
    app.add_systems(Update, assist.in_set(Step::Advise));
}

#[allow(clippy::too_many_arguments)]
fn assist(
    mut changes: MessageReader<GameChanged>,
    mut waiting_for_the_player: Local<bool>,
    settings: Res<Settings>,
    session: Res<Session>,
    moving: Query<(), With<Glide>>,
    drag: Res<DragState>,
    show_me: Res<ShowMe>,
    mut requests: MessageWriter<Request>,
) {
    for change in changes.read() {
        match change {
            GameChanged::Undone(_) => *waiting_for_the_player = true,
            GameChanged::Played(_) => *waiting_for_the_player = false,
            GameChanged::Dealt => *waiting_for_the_player = session.game.redo_waits(),
            GameChanged::Auto(_) | GameChanged::Redone(_) | GameChanged::Nothing => {}
        }
    }
    // Show me plays every move of its line itself, turns included.
    if *waiting_for_the_player
        || !moving.is_empty()
        || drag.drag.is_some()
        || show_me.running()
        || session.game.status() != Status::Playing
    {
        return;
    }
    let game = &session.game;
    let next = settings
        .auto_turn
        .then(|| game.turn_for_empty_waste())
        .flatten()
        .or_else(|| {
            settings
                .auto_finish
                .then(|| game.finishing_move())
                .flatten()
        });
    if let Some(m) = next {
        requests.write(Request::Auto(m));
    }
}
