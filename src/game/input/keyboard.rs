//! The keyboard: every key is looked up in the one key table (`crate::keys`), and arrows plus
//! Enter play the whole game without a mouse.

use crate::game::messages::Overlay;
use crate::game::messages::{AskHint, AskShowMe, Inspect, Refusal, Refused, Request};
use crate::game::session::Session;
use crate::game::show_me::ShowMe;
use crate::keys::{KeyCommand, command_for};
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

/// A key's name as the key table writes it.
fn key_name(code: KeyCode) -> Option<String> {
    let name = match code {
        KeyCode::Space => "Space",
        KeyCode::Enter | KeyCode::NumpadEnter => "Enter",
        KeyCode::Escape => "Esc",
        KeyCode::F11 => "F11",
        KeyCode::ArrowLeft => "Left",
        KeyCode::ArrowRight => "Right",
        KeyCode::ArrowUp => "Up",
        KeyCode::ArrowDown => "Down",
        other => {
            // KeyA … KeyZ are letters.
            let debug = format!("{other:?}");
            let letter = debug.strip_prefix("Key").filter(|l| l.len() == 1)?;
            return Some(letter.to_string());
        }
    };
    Some(name.to_string())
}

/// The command a key stands for, with the modifiers held.
fn command(code: KeyCode, ctrl: bool, shift: bool) -> Option<KeyCommand> {
    let name = key_name(code)?;
    let ctrl = if ctrl { "Ctrl+" } else { "" };
    if shift && let Some(c) = command_for(&format!("{ctrl}Shift+{name}")) {
        return Some(c);
    }
    command_for(&format!("{ctrl}{name}"))
}

pub(super) fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut cursor: ResMut<KeyboardCursor>,
    session: Res<Session>,
    mut requests: MessageWriter<Request>,
    mut inspect: MessageWriter<Inspect>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut hints: MessageWriter<AskHint>,
    mut show_me: (MessageWriter<AskShowMe>, Res<ShowMe>),
    mut refused: MessageWriter<Refused>,
    mut exit: MessageWriter<AppExit>,
) {
    // The key that stopped Show me does nothing else.
    if show_me.1.takes_input() {
        return;
    }
    // A modifier counts if it is held, or went down or up this frame: a fast chord (as
    // xdotool types it) can press and release both keys between two frames.
    let held = |codes: [KeyCode; 2]| {
        keys.any_pressed(codes) || keys.any_just_pressed(codes) || keys.any_just_released(codes)
    };
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight])
        || held([KeyCode::SuperLeft, KeyCode::SuperRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for &code in keys.get_just_pressed() {
        let Some(mut what) = command(code, ctrl, shift) else {
            continue;
        };
        // Space plays like Enter while a place is selected.
        if what == KeyCommand::Turn && code == KeyCode::Space && cursor.at.is_some() {
            what = KeyCommand::PickOrDrop;
        }
        let covered = *overlay.get() != Overlay::None;
        match what {
            KeyCommand::Quit => {
                exit.write(AppExit::Success);
            }
            KeyCommand::Fullscreen => {
                if let Ok(mut window) = windows.single_mut() {
                    window.mode = match window.mode {
                        WindowMode::Windowed => WindowMode::BorderlessFullscreen(
                            bevy::window::MonitorSelection::Current,
                        ),
                        _ => WindowMode::Windowed,
                    };
                }
            }
            KeyCommand::Close => {
                if covered {
                    next_overlay.set(Overlay::None);
                } else {
                    *cursor = KeyboardCursor::default();
                }
            }
            // An overlay takes the other keys (or none of them).
            _ if covered => {}
            KeyCommand::Undo => {
                requests.write(Request::Undo);
            }
            KeyCommand::Redo => {
                requests.write(Request::Redo);
            }
            KeyCommand::Restart => {
                requests.write(Request::Restart);
            }
            KeyCommand::NewGame => {
                requests.write(Request::NewGame {
                    deal: None,
                    rules: None,
                });
            }
            KeyCommand::Turn => {
                requests.write(Request::Best(Place::Stock));
            }
            KeyCommand::Hint => {
                hints.write(AskHint);
            }
            KeyCommand::ShowMe => {
                show_me.0.write(AskShowMe);
            }
            KeyCommand::Inspect => {
                if let Some(place @ Place::Zodiac(_)) = cursor.at {
                    inspect.write(Inspect(place));
                }
            }
            KeyCommand::Select(step) => {
                let order = keyboard_order();
                let i = cursor.at.and_then(|p| order.iter().position(|&q| q == p));
                let next = match i {
                    None => 0,
                    Some(i) => {
                        (i as isize + step as isize).rem_euclid(order.len() as isize) as usize
                    }
                };
                cursor.at = Some(order[next]);
            }
            KeyCommand::PickOrDrop => {
                let Some(at) = cursor.at else { continue };
                let position = session.game.position();
                match cursor.picked.take() {
                    // Enter on the picked card itself sends it to its best place, like a click.
                    Some(from) if from == at => {
                        requests.write(Request::Best(from));
                    }
                    Some(from) => match Move::between(from, at) {
                        Some(m) => {
                            requests.write(Request::Play(m));
                        }
                        None => {
                            refused.write(Refused {
                                place: from,
                                why: Refusal::NotThere(at),
                            });
                        }
                    },
                    None if at == Place::Stock => {
                        requests.write(Request::Best(at));
                    }
                    None if position.can_lift(at) => cursor.picked = Some(at),
                    None => {
                        if let Some(why) = position.lift_refusal(at) {
                            refused.write(Refused {
                                place: at,
                                why: Refusal::Illegal(why),
                            });
                        }
                    }
                }
            }
        }
    }
}
