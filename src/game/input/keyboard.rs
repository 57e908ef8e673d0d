//! The keyboard: shortcuts, and arrows plus Enter to play without a mouse.

use super::{Denied, OpenInspector, Overlay};
use crate::game::session::{GameChanged, Request, Session};
use crate::rules::{Move, Place};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode};

/// The keyboard's selection: the place under the cursor and the card picked up, if any.
#[derive(Resource, Default, Debug)]
pub struct KeyboardCursor {
    pub at: Option<Place>,
    pub picked: Option<Place>,
}

/// The keyboard order of places for the arrow keys: the waste and stock, the Equator left to
/// right, the Zodiac clockwise, then the foundations.
fn keyboard_order() -> Vec<Place> {
    let mut order = vec![Place::Waste, Place::Stock];
    order.extend((0..8).map(Place::Equator));
    order.extend((0..24).map(Place::Zodiac));
    order.extend((0..8).map(Place::Foundation));
    order
}

#[allow(clippy::too_many_arguments)]
pub(super) fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut overlay: ResMut<Overlay>,
    mut cursor: ResMut<KeyboardCursor>,
    session: Res<Session>,
    mut requests: MessageWriter<Request>,
    mut inspect: MessageWriter<OpenInspector>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut changes: MessageReader<GameChanged>,
    mut hints: MessageWriter<crate::game::hud::ShowHint>,
    mut denied: MessageWriter<Denied>,
    mut exit: MessageWriter<AppExit>,
) {
    changes.clear();
    // A modifier counts if it is held, or went down or up this frame: a fast chord (as
    // xdotool types it) can press and release both keys between two frames.
    let held = |codes: &[KeyCode]| {
        let codes = codes.iter().copied();
        keys.any_pressed(codes.clone())
            || keys.any_just_pressed(codes.clone())
            || keys.any_just_released(codes)
    };
    let ctrl = held(&[
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = held(&[KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F11)
        && let Ok(mut window) = windows.single_mut()
    {
        window.mode = match window.mode {
            WindowMode::Windowed => {
                WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
            }
            _ => WindowMode::Windowed,
        };
    }
    if ctrl && keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if overlay.0.is_some() {
            overlay.0 = None;
        } else {
            *cursor = KeyboardCursor::default();
        }
        return;
    }
    if overlay.0.is_some() {
        return;
    }
    let position = session.game.position();
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        requests.write(if shift { Request::Redo } else { Request::Undo });
    } else if ctrl && keys.just_pressed(KeyCode::KeyY) {
        requests.write(Request::Redo);
    } else if ctrl && keys.just_pressed(KeyCode::KeyR) {
        requests.write(Request::Restart);
    } else if ctrl {
        // Other shortcuts with Ctrl are not ours.
    } else if keys.just_pressed(KeyCode::KeyD)
        || (keys.just_pressed(KeyCode::Space) && cursor.at.is_none())
    {
        if let Some(m) = position.best_move_from(session.game.rules(), Place::Stock) {
            requests.write(Request::Play(m));
        } else {
            denied.write(Denied);
        }
    } else if keys.just_pressed(KeyCode::KeyH) {
        hints.write(crate::game::hud::ShowHint);
    } else if keys.just_pressed(KeyCode::KeyN) {
        requests.write(Request::NewGame {
            deal: None,
            rules: None,
        });
    } else if keys.just_pressed(KeyCode::KeyI) {
        if let Some(place @ Place::Zodiac(_)) = cursor.at {
            inspect.write(OpenInspector(place));
        }
    } else if keys.any_just_pressed([
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
    ]) {
        let order = keyboard_order();
        let i = cursor.at.and_then(|p| order.iter().position(|&q| q == p));
        let step: isize = if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
            -1
        } else {
            1
        };
        let next = match i {
            None => 0,
            Some(i) => (i as isize + step).rem_euclid(order.len() as isize) as usize,
        };
        cursor.at = Some(order[next]);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        let Some(at) = cursor.at else { return };
        match cursor.picked.take() {
            // Enter on the picked card itself sends it to its best place, like a click.
            Some(from) if from == at => match position.best_move_from(session.game.rules(), from) {
                Some(m) => {
                    requests.write(Request::Play(m));
                }
                None => {
                    denied.write(Denied);
                }
            },
            Some(from) => match Move::between(from, at) {
                Some(m) => {
                    requests.write(Request::Play(m));
                }
                None => {
                    denied.write(Denied);
                }
            },
            None if at == Place::Stock => {
                if let Some(m) = position.best_move_from(session.game.rules(), at) {
                    requests.write(Request::Play(m));
                }
            }
            None if position.can_lift(at) => cursor.picked = Some(at),
            None => {
                denied.write(Denied);
            }
        }
    }
}
