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

#[allow(clippy::too_many_arguments)]
fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    choice: Res<Choice>,
    patiences: Res<Patiences>,
    session: Res<Session>,
    table: Res<Table>,
    ui_scale: Res<UiScale>,
    style: Res<DeckStyle>,
    mut images: ResMut<Assets<Image>>,
) {
    let f = &*fonts;
    let Some(patience) = patiences.by_name(&choice.patience) else {
        return;
    };
    let mut sets = patience.rule_sets();
    // A rule set of the player's own, in play: offered too.
    let in_play = session.game.rule_set();
    if session.game.patience().name() == patience.name()
        && !sets.iter().any(|r| r.name == in_play.name)
    {
        sets.push(in_play);
    }
    let description = sets
        .iter()
        .find(|r| r.name.eq_ignore_ascii_case(&choice.rules))
        .map(|r| r.description.clone())
        .unwrap_or_default();
    // Deal 1 of the patience under the rule set chosen, as its own layout lays it out.
    let (w, h) = miniature::LAID_OUT_AT;
    let layout = patience.layout(w, h, 1.0);
    let picture = patience
        .new_game(&choice.rules, DealNumber::new(1).expect("deal 1"))
        .ok()
        .map(|game| {
            let image = miniature::paint(
                game.as_ref(),
                &layout,
                PICTURE_WIDTH,
                // A texel to each of the screen's pixels, as the panel is scaled.
                table.scale_factor * ui_scale.0,
                *style,
            );
            (images.add(image), miniature::size(&layout, PICTURE_WIDTH))
        });
    panel(
        &mut commands,
        DespawnOnExit(Overlay::NewGame),
        Action::CloseOverlay,
        "New game",
        f,
        |p| {
            let row =
                |p: &mut ChildSpawnerCommands, label: &str, options: Vec<(String, Pick, bool)>| {
                    super::choice_row(p, f, label, 90.0, options);
                };
            // The families, as PySolFC's menu groups its games, then the chosen one's games.
            let family = patience.family();
            let mut families: Vec<&str> = Vec::new();
            for g in &patiences.0 {
                if !families.contains(&g.family()) {
                    families.push(g.family());
                }
            }
            let kinds_of_game = families
                .iter()
                .map(|&k| (k.to_string(), Pick::Family(k.to_string()), k == family))
                .collect();
            row(p, "Family", kinds_of_game);
            let finding = !choice.find.is_empty();
            let games: Vec<_> = patiences
                .0
                .iter()
                .filter(|g| {
                    if finding {
                        found(**g, &choice.find)
                    } else {
                        g.family() == family
                    }
                })
                .map(|g| {
                    let on = g.name() == choice.patience;
                    (
                        g.title().to_string(),
                        Pick::Patience(g.name().to_string()),
                        on,
                    )
                })
                .collect();
            let find = if !finding {
                "Type a name to find a patience.".to_string()
            } else if games.is_empty() {
                format!("Find: {}  (no patience is called that)", choice.find)
            } else {
                format!("Find: {}", choice.find)
            };
            p.spawn((text(f, find, 14.0), FindText));
            row(p, if finding { "Found" } else { "Game" }, games);
            // The chosen patience's table beside what it is.
            p.spawn(Node {
                column_gap: Val::Px(14.0),
                align_items: AlignItems::Center,
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|r| {
                if let Some((image, size)) = picture.clone() {
                    r.spawn((
                        ImageNode::new(image),
                        Node {
                            width: Val::Px(size.x),
                            height: Val::Px(size.y),
                            flex_shrink: 0.0,
                            border_radius: BorderRadius::all(Val::Px(6.0)),
                            ..default()
                        },
                        TablePicture,
                        Pickable::IGNORE,
                    ));
                }
                r.spawn((
                    text(f, patience.summary(), 14.0),
                    Node {
                        max_width: Val::Px(380.0),
                        ..default()
                    },
                ));
            });
            let rules = sets
                .iter()
                .map(|r| {
                    let on = r.name.eq_ignore_ascii_case(&choice.rules);
                    (r.title.clone(), Pick::Rules(r.name.clone()), on)
                })
                .collect();
            row(p, "Rules", rules);
            // A file's one rule set says what its summary says: once is enough.
            if description != patience.summary() {
                p.spawn(text(f, description, 14.0));
            }
            let mut kinds = vec![
                (
                    "Any".to_string(),
                    Pick::Want(Want::Any),
                    choice.want == Some(Want::Any),
                ),
                (
                    "Winnable".to_string(),
                    Pick::Want(Want::Winnable),
                    choice.want == Some(Want::Winnable),
                ),
            ];
            // Levels and daily deals where the patience's levels are measured.
            let measured = crate::patience::difficulty::measured(patience.name());
            for level in Level::ALL.into_iter().filter(|_| measured) {
                let on = choice.want == Some(Want::Level(level));
                kinds.push((
                    level.title().to_string(),
                    Pick::Want(Want::Level(level)),
                    on,
                ));
            }
            row(p, "Deals", kinds);
            if measured {
                p.spawn(text(
                    f,
                    "Levels: how far a simple player gets with the deal; every level is winnable.",
                    13.0,
                ));
                p.spawn(button_row(children![
                    button(f, "Deal", Pick::Deal),
                    button(f, "Today's deal", Pick::Today),
                    button(f, "Deal number…", Pick::Number),
                    button(f, "Calendar", Pick::Calendar),
                    button(f, "Cancel", Action::CloseOverlay)
                ]));
            } else {
                p.spawn(text(
                    f,
                    "Levels and daily deals come to this patience once its deals are measured.",
                    13.0,
                ));
                p.spawn(button_row(children![
                    button(f, "Deal", Pick::Deal),
                    button(f, "Deal number…", Pick::Number),
                    button(f, "Cancel", Action::CloseOverlay)
                ]));
            }
        },
    );
}
