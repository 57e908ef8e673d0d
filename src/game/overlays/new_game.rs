//! New game, chosen on the table (issue 36): the patience (each with a line on what it is), its
//! rule set (with its description), and the kind of deal: any, winnable, or winnable at a
//! level; then Deal, Today's deal, a deal number, or the calendar of daily deals. The choice
//! is remembered in the settings (the patience's rule set, winnable only, the level), so the
//! next New, from the keyboard or another panel, deals the same kind. Every option is a button
//! the keyboard's Tab and a screen reader reach.

use super::Overlay;
use crate::game::assistance::daily::PlayDaily;
use crate::game::input::buttons::Action;
use crate::game::messages::Request;
use crate::game::session::files::Settings;
use crate::game::session::{Patiences, Session, Want};
use crate::game::theme::{Fonts, button, button_row, panel, text};
use crate::patience::difficulty::Level;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Choice>()
        .add_systems(OnEnter(Overlay::NewGame), (start_choice, spawn).chain())
        .add_systems(
            Update,
            (super::clear, spawn)
                .chain()
                .in_set(super::Rebuild)
                .run_if(in_state(Overlay::NewGame).and_then(resource_changed::<Choice>)),
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
}

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
    };
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
            let first = patiences.0.iter().find(|p| p.family() == family);
            if let Some(p) = first.filter(|p| p.family() != family_of(&choice, &patiences)) {
                choose(&mut choice, p.name(), &settings, &patiences, &session);
            }
        }
        Pick::Patience(name) => choose(&mut choice, &name, &settings, &patiences, &session),
        Pick::Rules(name) => choice.rules = name,
        Pick::Want(want) => choice.want = Some(want),
        Pick::Deal | Pick::Today => {
            remember(&choice, &mut settings, &patiences);
            next.set(Overlay::None);
            if *pick == Pick::Today {
                daily.write(PlayDaily {
                    patience: choice.patience.clone(),
                    rules: choice.rules.clone(),
                });
                return;
            }
            requests.write(Request::NewOf {
                patience: choice.patience.clone(),
                deal: None,
                rules: Some(choice.rules.clone()),
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

fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    choice: Res<Choice>,
    patiences: Res<Patiences>,
    session: Res<Session>,
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
            let games = patiences
                .0
                .iter()
                .filter(|g| g.family() == family)
                .map(|g| {
                    let on = g.name() == choice.patience;
                    (
                        g.title().to_string(),
                        Pick::Patience(g.name().to_string()),
                        on,
                    )
                })
                .collect();
            row(p, "Game", games);
            p.spawn(text(f, patience.summary(), 14.0));
            let rules = sets
                .iter()
                .map(|r| {
                    let on = r.name.eq_ignore_ascii_case(&choice.rules);
                    (r.title.clone(), Pick::Rules(r.name.clone()), on)
                })
                .collect();
            row(p, "Rules", rules);
            p.spawn(text(f, description, 14.0));
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
