//! New game, chosen on the table (issue 36): the patience (by family, as PySolFC's menu groups
//! them, or found by typing part of its name; each with a line on what it is and a picture of
//! its table), its rule set (with its description), and the kind of deal: any, winnable, or
//! winnable at a level; then Deal, Today's deal, a deal number, or the calendar of daily deals.
//! The choice
//! is remembered in the settings (the patience's rule set, winnable only, the level), so the
//! next New, from the keyboard or another panel, deals the same kind. Every option is a button
//! the keyboard's Tab and a screen reader reach.

use super::Overlay;
use crate::game::assistance::daily::PlayDaily;
use crate::game::draw::miniature;
use crate::game::input::buttons::Action;
use crate::game::messages::{Considering, Request, Step, TextEntry};
use crate::game::session::files::Settings;
use crate::game::session::{Patiences, Session, Want};
use crate::game::settings::DeckStyle;
use crate::game::table::Table;
use crate::game::theme::{Fonts, button, button_row, panel, text};
use crate::patience::difficulty::Level;
use crate::patience::{DealNumber, Patience};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use panel::spawn;

mod panel;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Choice>()
        .init_resource::<FocusDeal>()
        .add_systems(OnEnter(Overlay::NewGame), (start_choice, spawn).chain())
        .add_systems(OnEnter(Overlay::NewGame), |mut e: ResMut<TextEntry>| {
            e.0 = true
        })
        .add_systems(OnExit(Overlay::NewGame), |mut e: ResMut<TextEntry>| {
            e.0 = false
        })
        .add_systems(
            Update,
            (super::clear, spawn)
                .chain()
                .in_set(super::Rebuild)
                .run_if(in_state(Overlay::NewGame).and_then(resource_changed::<Choice>)),
        )
        .add_systems(
            Update,
            type_to_find
                .in_set(Step::Input)
                .run_if(in_state(Overlay::NewGame)),
        )
        .add_systems(
            Update,
            say_considered.run_if(in_state(Overlay::NewGame).and_then(resource_changed::<Choice>)),
        )
        .add_systems(
            Update,
            focus_deal
                .after(super::Rebuild)
                .run_if(in_state(Overlay::NewGame).and_then(|f: Res<FocusDeal>| f.0)),
        )
        .add_observer(on_pick);
}

/// What the chooser has chosen so far: it becomes the settings when a game is dealt.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Choice {
    pub patience: String,
    /// A rule set's name.
    pub rules: String,
    pub want: Option<Want>,
    /// What the player has typed to find a patience by its name.
    pub find: String,
}

/// The player typed a name: the keyboard's focus goes to Deal, so Enter deals the patience
/// found (and a screen reader says where Enter goes).
#[derive(Resource, Default)]
struct FocusDeal(bool);

/// The line saying what has been typed to find a patience.
#[derive(Component)]
pub struct FindText;

/// The picture of the chosen patience's table.
#[derive(Component)]
pub struct TablePicture;

/// The picture of the chosen patience's table, in logical pixels across.
const PICTURE_WIDTH: f32 = 240.0;

/// A chooser button: what it picks or does.
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Pick {
    /// A family of patiences: its first patience is chosen, and its others shown.
    Family(String),
    Patience(String),
    Rules(String),
    Want(Want),
    /// Deal a random game of the kind chosen.
    Deal,
    /// Deal today's deal of the patience and rules chosen.
    Today,
    /// Type a deal number.
    Number,
    /// The calendar of daily deals.
    Calendar,
}

/// The chooser opens on the game in play and the kind of deal the settings ask for.
fn start_choice(mut choice: ResMut<Choice>, session: Res<Session>, settings: Res<Settings>) {
    *choice = Choice {
        patience: session.game.patience().name().to_string(),
        rules: session.game.rule_set().name,
        want: Some(Want::of(Some(&settings))),
        find: String::new(),
    };
}

/// The session searches ahead for a deal of the patience the chooser shows.
fn say_considered(choice: Res<Choice>, mut considering: MessageWriter<Considering>) {
    considering.write(Considering {
        patience: choice.patience.clone(),
        rules: choice.rules.clone(),
    });
}

/// A patience is found by any part of its title or its name, in any case.
fn found(p: &dyn Patience, find: &str) -> bool {
    let find = find.trim().to_lowercase();
    let name = p.name().replace('-', " ");
    p.title().to_lowercase().contains(&find) || name.contains(&find) || p.name().contains(&find)
}

/// Letters, figures, spaces and hyphens find a patience (the first found is chosen);
/// Backspace takes the last back; then the focus is on Deal, so Enter deals (`input::focus`
/// presses the focused button). Keys held with Ctrl are shortcuts, not typing.
#[allow(clippy::too_many_arguments)]
fn type_to_find(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    mut choice: ResMut<Choice>,
    settings: Res<Settings>,
    patiences: Res<Patiences>,
    session: Res<Session>,
    mut focus_deal: ResMut<FocusDeal>,
) {
    // As the keyboard's shortcuts count it: held, or down or up this frame (a fast chord).
    let codes = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    let ctrl =
        held.any_pressed(codes) || held.any_just_pressed(codes) || held.any_just_released(codes);
    let presses: Vec<KeyboardInput> = keys
        .read()
        .filter(|k| k.state == ButtonState::Pressed)
        .cloned()
        .collect();
    let mut find = choice.find.clone();
    for key in presses {
        match &key.logical_key {
            _ if ctrl => {}
            Key::Character(c) => {
                let typed = c
                    .chars()
                    .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '\'');
                // A name is short: more is a key held down.
                find.extend(typed.take(40usize.saturating_sub(find.len())));
            }
            // A space only between words (`TextEntry` keeps it from pressing a button).
            Key::Space if !find.is_empty() && !find.ends_with(' ') => find.push(' '),
            Key::Backspace => {
                find.pop();
            }
            _ => {}
        }
    }
    if find != choice.find {
        let chosen = patiences.by_name(&choice.patience);
        if !chosen.is_some_and(|p| found(p, &find))
            && let Some(first) = patiences.0.iter().find(|p| found(**p, &find))
        {
            choose(&mut choice, first.name(), &settings, &patiences, &session);
        }
        choice.find = find;
        focus_deal.0 = true;
    }
}

/// Puts the keyboard's focus on the Deal button built again for what was typed.
fn focus_deal(
    picks: Query<(Entity, &Pick)>,
    mut focus: ResMut<InputFocus>,
    mut focus_deal: ResMut<FocusDeal>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if let Some((deal, _)) = picks.iter().find(|(_, p)| **p == Pick::Deal) {
        focus.set(deal, FocusCause::Navigated);
        focus_deal.0 = false;
        // The focus ring is put on in the next frame.
        redraw.write(RequestRedraw);
    }
}

/// Deals a game of the kind chosen, which the settings remember.
fn deal(
    choice: &Choice,
    settings: &mut Settings,
    patiences: &Patiences,
    next: &mut NextState<Overlay>,
    requests: &mut MessageWriter<Request>,
) {
    remember(choice, settings, patiences);
    next.set(Overlay::None);
    requests.write(Request::NewOf {
        patience: choice.patience.clone(),
        deal: None,
        rules: Some(choice.rules.clone()),
    });
}

fn on_pick(
    ev: On<Pointer<Click>>,
    picks: Query<&Pick>,
    mut choice: ResMut<Choice>,
    mut settings: ResMut<Settings>,
    patiences: Res<Patiences>,
    session: Res<Session>,
    mut next: ResMut<NextState<Overlay>>,
    mut requests: MessageWriter<Request>,
    mut daily: MessageWriter<PlayDaily>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(pick) = picks.get(ev.entity) else {
        return;
    };
    match pick.clone() {
        Pick::Family(family) => {
            choice.find.clear();
            let first = patiences.0.iter().find(|p| p.family() == family);
            if let Some(p) = first.filter(|p| p.family() != family_of(&choice, &patiences)) {
                choose(&mut choice, p.name(), &settings, &patiences, &session);
            }
        }
        Pick::Patience(name) => choose(&mut choice, &name, &settings, &patiences, &session),
        Pick::Rules(name) => choice.rules = name,
        Pick::Want(want) => choice.want = Some(want),
        Pick::Deal => deal(&choice, &mut settings, &patiences, &mut next, &mut requests),
        Pick::Today => {
            remember(&choice, &mut settings, &patiences);
            next.set(Overlay::None);
            daily.write(PlayDaily {
                patience: choice.patience.clone(),
                rules: choice.rules.clone(),
            });
        }
        Pick::Number => next.set(Overlay::ChooseDeal),
        Pick::Calendar => next.set(Overlay::Calendar),
    }
}

/// The family of the patience chosen.
fn family_of(choice: &Choice, patiences: &Patiences) -> &'static str {
    patiences
        .by_name(&choice.patience)
        .map_or("", |p| p.family())
}

/// A patience chosen, with the rule set it deals under now.
fn choose(
    choice: &mut Choice,
    name: &str,
    settings: &Settings,
    patiences: &Patiences,
    session: &Session,
) {
    let Some(p) = patiences.by_name(name) else {
        return;
    };
    let rules = if name == session.game.patience().name() {
        session.game.rule_set().name
    } else {
        settings
            .rules_for(name)
            .filter(|r| p.rule_set(r).is_ok())
            .map(str::to_string)
            .unwrap_or_else(|| p.rule_sets()[0].name.clone())
    };
    choice.patience = name.to_string();
    choice.rules = rules;
}

/// The choice becomes the settings: the patience's rule set for new games and the kind of
/// deal.
fn remember(choice: &Choice, settings: &mut Settings, patiences: &Patiences) {
    let shipped = patiences.by_name(&choice.patience).is_some_and(|p| {
        p.rule_sets()
            .iter()
            .any(|r| r.name.eq_ignore_ascii_case(&choice.rules))
    });
    if shipped && settings.rules_for(&choice.patience) != Some(choice.rules.as_str()) {
        settings.set_rules_for(&choice.patience, &choice.rules);
    }
    let (winnable_only, level) = match choice.want {
        Some(Want::Any) => (false, None),
        Some(Want::Level(level)) => (true, Some(level)),
        _ => (true, None),
    };
    if settings.winnable_only != winnable_only || settings.level != level {
        settings.winnable_only = winnable_only;
        settings.level = level;
    }
}
