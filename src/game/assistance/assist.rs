//! The optional helpers, as the settings ask: turn a card whenever the waste runs empty, and
//! finish phase 2 by itself once no choice is left (one card per step, so each is seen flying
//! home). The rules say when; this only asks, once the table is still. After an undo it waits
//! for the player's next move: it never plays again what the player took back. What says so is
//! the game's redo line, which the record keeps: across a relaunch or a switch of patience it
//! waits just the same.

use crate::game::assistance::show_me::ShowMe;
use crate::game::input::DragState;
use crate::game::messages::{Request, Step};
use crate::game::session::Session;
use crate::game::session::files::Settings;
use crate::game::table::animation::Glide;
use crate::patience::Status;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // After the cards have moved: a move this frame has started its glides, so the helper waits
    // for the table to be still (its request is read by the session next frame).
    app.add_systems(Update, assist.in_set(Step::Advise));
}

fn assist(
    settings: Res<Settings>,
    session: Res<Session>,
    moving: Query<(), With<Glide>>,
    drag: Res<DragState>,
    show_me: Res<ShowMe>,
    mut requests: MessageWriter<Request>,
) {
    // Show me plays every move of its line itself, turns included.
    if session.game.redo_waits()
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
