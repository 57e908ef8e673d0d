//! "Choose a deal": type a PySolFC deal number and play it. Before it is played, the panel says
//! what the solver says of it under the rules in play: winnable and with how many Equator cells
//! to spare, or why it cannot be won.

use super::Overlay;
use crate::game::input::buttons::Action;
use crate::game::messages::{Request, Step, Toast};
use crate::game::session::Session;
use crate::game::theme::{Fonts, button, button_row, panel, text};
use crate::game::verdicts::Verdicts;
use crate::patience::DealNumber;
use crate::patience::Verdict;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::InputFocus;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DealEntry>()
        .add_systems(OnEnter(Overlay::ChooseDeal), (start_empty, spawn).chain())
        .add_systems(
            Update,
            type_deal_number
                .in_set(Step::Input)
                .run_if(in_state(Overlay::ChooseDeal)),
        )
        .add_systems(
            Update,
            show_verdict
                .in_set(Step::Present)
                .run_if(in_state(Overlay::ChooseDeal)),
        )
        .add_observer(on_play);
}

/// The digits typed so far.
#[derive(Resource, Default, Debug)]
pub struct DealEntry(pub String);

#[derive(Component)]
struct DealEntryText;

/// The solver's word on the deal typed.
#[derive(Component)]
struct DealVerdictText;

/// The "Play this deal" button.
#[derive(Component, Clone, Copy, Debug)]
struct PlayTypedDeal;

fn start_empty(mut entry: ResMut<DealEntry>) {
    entry.0.clear();
}

fn spawn(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    panel(
        &mut commands,
        DespawnOnExit(Overlay::ChooseDeal),
        Action::CloseOverlay,
        "Choose a deal",
        f,
        |p| {
            p.spawn(text(
                f,
                "PySolFC-compatible deal numbers, 1 to 100000000000000000000.",
                14.0,
            ));
            p.spawn((text(f, "type a number…", 22.0), DealEntryText));
            p.spawn((text(f, "", 16.0), DealVerdictText));
            p.spawn(button_row(children![
                button(f, "Play this deal", PlayTypedDeal),
                button(f, "Cancel", Action::CloseOverlay)
            ]));
        },
    );
}

/// Plays the typed deal, or says what is wrong with the number (the one way both Enter and the
/// button go).
fn submit(
    entry: &DealEntry,
    next: &mut NextState<Overlay>,
    requests: &mut MessageWriter<Request>,
    toasts: &mut MessageWriter<Toast>,
) {
    match DealNumber::parse(&entry.0) {
        Ok(deal) => {
            next.set(Overlay::None);
            requests.write(Request::NewGame {
                deal: Some(deal),
                rules: None,
            });
        }
        Err(e) => {
            toasts.write(Toast(format!("{e}.")));
        }
    }
}

fn on_play(
    ev: On<Pointer<Click>>,
    buttons: Query<(), With<PlayTypedDeal>>,
    entry: Res<DealEntry>,
    mut next: ResMut<NextState<Overlay>>,
    mut requests: MessageWriter<Request>,
    mut toasts: MessageWriter<Toast>,
) {
    if ev.button == PointerButton::Primary && buttons.contains(ev.entity) {
        submit(&entry, &mut next, &mut requests, &mut toasts);
    }
}

/// Digits as the player's layout types them (the number row of an AZERTY keyboard types
/// digits with Shift), or from the number pad; Backspace; Enter plays the deal (unless a
/// button has the keyboard's focus: then Enter presses that button, `input::focus`).
fn type_deal_number(
    mut keys: MessageReader<KeyboardInput>,
    mut entry: ResMut<DealEntry>,
    mut shown: Query<&mut Text, With<DealEntryText>>,
    mut next: ResMut<NextState<Overlay>>,
    mut requests: MessageWriter<Request>,
    mut toasts: MessageWriter<Toast>,
    focus: Res<InputFocus>,
    buttons: Query<(), With<Button>>,
) {
    let enter_presses = !focus.get().is_some_and(|e| buttons.contains(e));
    const PAD: [KeyCode; 10] = [
        KeyCode::Numpad0,
        KeyCode::Numpad1,
        KeyCode::Numpad2,
        KeyCode::Numpad3,
        KeyCode::Numpad4,
        KeyCode::Numpad5,
        KeyCode::Numpad6,
        KeyCode::Numpad7,
        KeyCode::Numpad8,
        KeyCode::Numpad9,
    ];
    let presses: Vec<KeyboardInput> = keys
        .read()
        .filter(|k| k.state == ButtonState::Pressed)
        .cloned()
        .collect();
    for key in presses {
        let typed = match &key.logical_key {
            Key::Character(c) => c.chars().next().filter(char::is_ascii_digit),
            // No word from the layout: the digit at the key's place.
            Key::Unidentified(_) => format!("{:?}", key.key_code)
                .strip_prefix("Digit")
                .and_then(|d| d.chars().next()),
            _ => None,
        };
        let digit = typed.or_else(|| {
            PAD.iter()
                .position(|&p| p == key.key_code)
                .and_then(|d| char::from_digit(d as u32, 10))
        });
        match (digit, &key.logical_key) {
            // 10^20 has 21 digits; more can only be a mistake.
            (Some(d), _) if entry.0.len() < 21 => entry.0.push(d),
            (_, Key::Backspace) => {
                entry.0.pop();
            }
            (_, Key::Enter) if enter_presses => {
                submit(&entry, &mut next, &mut requests, &mut toasts)
            }
            _ => {}
        }
    }
    if let Ok(mut t) = shown.single_mut() {
        let s = if entry.0.is_empty() {
            "type a number…".to_string()
        } else {
            entry.0.clone()
        };
        if t.0 != s {
            t.0 = s;
        }
    }
}

/// The verdict in words: "Winnable, 3 Equator cells to spare." or "Cannot be won: …".
pub fn verdict_words(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Winnable {
            note: Some(note), ..
        } => format!("Winnable, {note}."),
        Verdict::Winnable { note: None, .. } => "Winnable.".into(),
        Verdict::Lost { why } => format!("Cannot be won: {why}."),
        Verdict::Unknown { why } => format!("The solver cannot tell: {why}."),
    }
}

fn show_verdict(
    entry: Res<DealEntry>,
    session: Res<Session>,
    verdicts: Res<Verdicts>,
    mut shown: Query<&mut Text, With<DealVerdictText>>,
) {
    let words = match DealNumber::parse(&entry.0) {
        _ if entry.0.is_empty() => String::new(),
        Err(e) => format!("{e}."),
        Ok(deal) => match verdicts.want(&session.game.deal_snapshot(deal)) {
            Some(v) => verdict_words(&v),
            None => "Deciding…".into(),
        },
    };
    for mut t in &mut shown {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
}
