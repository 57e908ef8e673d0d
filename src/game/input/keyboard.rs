//! The keyboard: every key is looked up in the one key table (`crate::keys`), and arrows plus
//! Enter play the whole game without a mouse.
//!
//! Keys go by their labels, not their places: the key table's Z is the key that types z on the
//! player's layout (Ctrl+Z undoes on QWERTY, QWERTZ and AZERTY alike). A layout whose letters
//! are not Latin (Cyrillic, Greek) keeps the US places for the letters, as shortcuts do in
//! other programs. Presses are read in the order they came.

use super::focus::Focus;
use crate::game::assistance::show_me::ShowMe;
use crate::game::messages::{AskHint, AskShowMe, Inspect, Refusal, Refused, Request};
use crate::game::messages::{Overlay, TextEntry};
use crate::game::session::Session;
use crate::game::table::Table;
use crate::keys::{KeyCommand, command_for};
use crate::patience::{Game, Layout, Move, Place};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode};

/// The keyboard's selection: the place under the cursor and the card picked up, if any.
#[derive(Resource, Default, Debug)]
pub struct KeyboardCursor {
    pub at: Option<Place>,
    pub picked: Option<Place>,
}

/// The keyboard order of places for the arrow keys: the layout's, which each patience lays out
/// in the order a player reads its table (Zodiac: the waste, the stock, the Equator left to
/// right, the Zodiac clockwise, the foundations; Klondike: the stock, the waste, the
/// foundations, the columns left to right), of the places the game has.
fn keyboard_order(layout: &Layout, game: &dyn Game) -> Vec<Place> {
    let places = game.places();
    layout
        .places
        .iter()
        .map(|&(place, _, _)| place)
        .filter(|place| places.contains(place))
        .collect()
}

/// The move the keyboard makes from `from` to `at`: of as many cards as the rules take there
/// (a column's whole run, or the part of it that fits), else of the top card.
fn keyboard_move(game: &dyn Game, from: Place, at: Place) -> Option<Move> {
    (1..=52u8)
        .map_while(|count| game.lift(from, usize::from(count) - 1).ok().map(|_| count))
        .filter(|&count| game.destinations(from, count).contains(&at))
        .last()
        .and_then(|count| game.between(from, at, count))
        .or_else(|| game.between(from, at, 1))
}

/// A key's name as the key table writes it: what the key types or is called on the player's
/// layout, or, for a letter key whose layout types no Latin letter, the letter at its place.
pub fn key_name(logical: &Key, code: KeyCode) -> Option<String> {
    let name = match logical {
        Key::Space => "Space",
        Key::Enter => "Enter",
        Key::Tab => "Tab",
        Key::Escape => "Esc",
        Key::F11 => "F11",
        Key::ArrowLeft => "Left",
        Key::ArrowRight => "Right",
        Key::ArrowUp => "Up",
        Key::ArrowDown => "Down",
        Key::Character(typed) => {
            let mut chars = typed.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase().into()),
                (Some(' '), None) => Some("Space".into()),
                (Some(c), None) if c.is_alphabetic() => key_name_by_place(code),
                _ => None,
            };
        }
        // No word from the layout (some remote desktops, synthetic input): go by the place.
        Key::Unidentified(_) => return key_name_by_place(code),
        _ => return None,
    };
    Some(name.to_string())
}

/// A key's name from its place on a US keyboard.
fn key_name_by_place(code: KeyCode) -> Option<String> {
    let name = match code {
        KeyCode::Space => "Space",
        KeyCode::Enter | KeyCode::NumpadEnter => "Enter",
        KeyCode::Tab => "Tab",
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
fn command(logical: &Key, code: KeyCode, ctrl: bool, shift: bool) -> Option<KeyCommand> {
    let name = key_name(logical, code)?;
    let ctrl = if ctrl { "Ctrl+" } else { "" };
    if shift && let Some(c) = command_for(&format!("{ctrl}Shift+{name}")) {
        return Some(c);
    }
    command_for(&format!("{ctrl}{name}"))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn keys(
    mut presses: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut cursor: ResMut<KeyboardCursor>,
    session: Res<Session>,
    table: Res<Table>,
    mut requests: MessageWriter<Request>,
    mut inspect: MessageWriter<Inspect>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut hints: MessageWriter<AskHint>,
    mut show_me: (MessageWriter<AskShowMe>, Res<ShowMe>),
    mut refused: MessageWriter<Refused>,
    mut exit: MessageWriter<AppExit>,
    mut focus: Focus,
    entry: Res<TextEntry>,
) {
    // The key that stopped Show me does nothing else.
    if show_me.1.takes_input() {
        presses.clear();
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
    let pressed: Vec<(Key, KeyCode)> = presses
        .read()
        .filter(|k| k.state == ButtonState::Pressed && !k.repeat)
        .map(|k| (k.logical_key.clone(), k.key_code))
        .collect();
    for (logical, code) in pressed {
        let Some(mut what) = command(&logical, code, ctrl, shift) else {
            continue;
        };
        // Space is typed where a panel takes text.
        if logical == Key::Space && entry.0 {
            continue;
        }
        // Enter and Space press the button with the focus, as a click would.
        if matches!(logical, Key::Enter | Key::Space)
            && matches!(what, KeyCommand::PickOrDrop | KeyCommand::Turn)
            && focus.press_focused()
        {
            continue;
        }
        // Space plays like Enter while a place is selected.
        if what == KeyCommand::Turn && logical == Key::Space && cursor.at.is_some() {
            what = KeyCommand::PickOrDrop;
        }
        let covered = *overlay.get() != Overlay::None;
        match what {
            KeyCommand::Button(step) => focus.step(step),
            // In a panel the arrows go round its buttons too.
            KeyCommand::Select(step) if covered => focus.step(step),
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
                    focus.leave_buttons();
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
            // Only a patience with a stock turns it.
            KeyCommand::Turn if session.game.places().contains(&Place::Stock) => {
                requests.write(Request::Best(Place::Stock, 0));
            }
            KeyCommand::Turn => {}
            KeyCommand::Hint => {
                hints.write(AskHint);
            }
            KeyCommand::ShowMe => {
                show_me.0.write(AskShowMe);
            }
            KeyCommand::Inspect => {
                if let Some(place) = cursor.at
                    && session.game.inspects(place)
                {
                    inspect.write(Inspect(place));
                }
            }
            KeyCommand::Select(step) => {
                let order = keyboard_order(&table, session.game.as_ref());
                if order.is_empty() {
                    continue;
                }
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
                let game = session.game.as_ref();
                match cursor.picked.take() {
                    // Enter on the picked card itself sends it to its best place, like a click.
                    Some(from) if from == at => {
                        requests.write(Request::Best(from, 0));
                    }
                    Some(from) => match keyboard_move(game, from, at) {
                        Some(m) => {
                            requests.write(Request::Play(m));
                        }
                        None => {
                            refused.write(Refused {
                                place: from,
                                why: Refusal::NotThere(game.place_name(at)),
                            });
                        }
                    },
                    None if at == Place::Stock => {
                        requests.write(Request::Best(at, 0));
                    }
                    None => match game.lift(at, 0) {
                        Ok(_) => cursor.picked = Some(at),
                        Err(Some(why)) => {
                            refused.write(Refused {
                                place: at,
                                why: Refusal::Illegal(why),
                            });
                        }
                        Err(None) => {}
                    },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(c: &str) -> Key {
        Key::Character(c.into())
    }

    /// Keys go by what they type: Z is the key that types z, wherever the layout puts it.
    #[test]
    fn keys_are_named_by_their_labels() {
        // QWERTZ: the key at QWERTY's Y types z.
        assert_eq!(key_name(&typed("z"), KeyCode::KeyY).as_deref(), Some("Z"));
        assert_eq!(
            command(&typed("z"), KeyCode::KeyY, true, false),
            Some(KeyCommand::Undo)
        );
        assert_eq!(
            command(&typed("y"), KeyCode::KeyZ, true, false),
            Some(KeyCommand::Redo)
        );
        // AZERTY: A and Q, W and Z trade places; Ctrl+A is nothing, Ctrl+Q quits.
        assert_eq!(command(&typed("a"), KeyCode::KeyQ, true, false), None);
        assert_eq!(
            command(&typed("q"), KeyCode::KeyA, true, false),
            Some(KeyCommand::Quit)
        );
        assert_eq!(
            command(&typed("z"), KeyCode::KeyW, true, false),
            Some(KeyCommand::Undo)
        );
        // Shift makes the letter a capital: still Z.
        assert_eq!(
            command(&typed("Z"), KeyCode::KeyZ, true, true),
            Some(KeyCommand::Redo)
        );
        // A layout without Latin letters keeps the places of US letters.
        assert_eq!(
            command(&typed("я"), KeyCode::KeyZ, true, false),
            Some(KeyCommand::Undo)
        );
        // Named keys, and keys the table does not know.
        assert_eq!(
            key_name(&Key::Space, KeyCode::Space).as_deref(),
            Some("Space")
        );
        assert_eq!(
            key_name(&Key::Enter, KeyCode::NumpadEnter).as_deref(),
            Some("Enter")
        );
        assert_eq!(key_name(&typed("&"), KeyCode::Digit1), None);
        assert_eq!(key_name(&Key::Tab, KeyCode::Tab).as_deref(), Some("Tab"));
        assert_eq!(key_name(&Key::Insert, KeyCode::Insert), None);
        assert_eq!(
            key_name(
                &Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                KeyCode::KeyH
            )
            .as_deref(),
            Some("H")
        );
    }
}
