//! Settings: the patience, the rule set, sound, animation speed, the helpers (each only where
//! the patience in play has what it helps with), the deck (traditional or clear, two or four
//! colours, and its back), the score (where the patience keeps one), the lost notice and
//! winnable deals only. A choice takes effect at
//! once and the panel shows it. The rule set shown chosen is the one in play (a `--rules` game,
//! a resumed one), and choosing another starts a new game under it.

use super::Overlay;
use crate::game::draw::art::{Back, Deck};
use crate::game::input::buttons::Action;
use crate::game::messages::{GameChanged, Request};
use crate::game::session::files::{AnimationSetting, Settings};
use crate::game::session::{Patiences, Session};
use crate::game::theme::{Fonts, button, panel};
use crate::patience::Place;
use crate::patience::score::Scoring;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Settings), spawn)
        .add_systems(
            Update,
            (super::clear, spawn).chain().in_set(super::Rebuild).run_if(
                in_state(Overlay::Settings)
                    .and_then(resource_changed::<Settings>.or_else(on_message::<GameChanged>)),
            ),
        )
        .add_observer(on_change);
}

/// A settings button: what it changes.
#[derive(Component, Clone, Debug, PartialEq)]
pub enum SettingChange {
    /// Play another patience (by name).
    Patience(String),
    Rules(String),
    Sound(bool),
    /// 0.0 to 1.0.
    Volume(f32),
    Animation(AnimationSetting),
    AutoTurn(bool),
    AutoFinish(bool),
    Deck(Deck),
    FourColour(bool),
    Back(Back),
    WarnLost(bool),
    WinnableOnly(bool),
    SpeakMoves(bool),
    Scoring(Scoring),
}

impl Deck {
    pub fn label(self) -> &'static str {
        match self {
            Deck::Traditional => "Traditional",
            Deck::Clear => "Clear",
        }
    }
}

impl Back {
    pub fn label(self) -> &'static str {
        match self {
            Back::Zodiac => "Zodiac",
            Back::Black => "Black lattice",
            Back::Red => "Red lattice",
        }
    }
}

impl AnimationSetting {
    pub fn label(self) -> &'static str {
        match self {
            AnimationSetting::Normal => "Normal",
            AnimationSetting::Fast => "Fast",
            AnimationSetting::Off => "Off",
        }
    }
}

fn on_change(
    ev: On<Pointer<Click>>,
    changes: Query<&SettingChange>,
    mut settings: ResMut<Settings>,
    session: Res<Session>,
    mut requests: MessageWriter<Request>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(change) = changes.get(ev.entity) else {
        return;
    };
    match change.clone() {
        SettingChange::Patience(name) => {
            if settings.patience != name {
                settings.patience = name.clone();
            }
            requests.write(Request::Switch(name));
        }
        SettingChange::Rules(name) => {
            // New games follow the choice (of a shipped set: one of the player's own is kept
            // by the game that plays it); a game under other rules gives way to one under it.
            let patience = session.game.patience();
            let shipped = patience
                .rule_sets()
                .iter()
                .any(|r| r.name.eq_ignore_ascii_case(&name));
            if shipped && settings.rules_for(patience.name()) != Some(name.as_str()) {
                settings.set_rules_for(patience.name(), &name);
            }
            if !session.game.rule_set().name.eq_ignore_ascii_case(&name) {
                requests.write(Request::NewGame {
                    deal: None,
                    rules: Some(name),
                });
            }
        }
        SettingChange::Sound(on) => settings.sound = on,
        SettingChange::Volume(v) => {
            settings.volume = v.clamp(0.0, 1.0);
            settings.sound = true;
        }
        SettingChange::Animation(a) => settings.animation = a,
        SettingChange::AutoTurn(on) => settings.auto_turn = on,
        SettingChange::AutoFinish(on) => settings.auto_finish = on,
        SettingChange::Deck(deck) => settings.deck = deck,
        SettingChange::FourColour(on) => settings.four_colour = on,
        SettingChange::Back(back) => settings.back = back,
        SettingChange::WarnLost(on) => settings.warn_lost = on,
        SettingChange::WinnableOnly(on) => settings.winnable_only = on,
        SettingChange::SpeakMoves(on) => settings.speak_moves = on,
        SettingChange::Scoring(scoring) => settings.scoring = scoring,
    }
}

fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    settings: Res<Settings>,
    session: Res<Session>,
    patiences: Res<Patiences>,
) {
    let f = &*fonts;
    let s = settings.clone();
    let in_play = session.game.rule_set();
    let patience = session.game.patience();
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Settings),
        Action::CloseOverlay,
        "Settings",
        f,
        |p| {
            let row = |p: &mut ChildSpawnerCommands,
                       label: &str,
                       options: Vec<(String, SettingChange, bool)>| {
                super::choice_row(p, f, label, 380.0, options);
            };
            // The games of the one in play's family (New has them all, family by family):
            // twenty would fill the panel.
            let games = patiences
                .0
                .iter()
                .filter(|g| g.family() == patience.family())
                .map(|g| {
                    (
                        g.title().to_string(),
                        SettingChange::Patience(g.name().to_string()),
                        g.name() == patience.name(),
                    )
                })
                .collect();
            row(
                p,
                "Game of its family (each keeps its own game in play)",
                games,
            );
            let shipped = patience.rule_sets();
            let mut rules: Vec<(String, SettingChange, bool)> = shipped
                .iter()
                .map(|r| {
                    let chosen = r.name.eq_ignore_ascii_case(&in_play.name);
                    (
                        r.title.clone(),
                        SettingChange::Rules(r.name.clone()),
                        chosen,
                    )
                })
                .collect();
            // A rule set of the player's own, in play: shown too, chosen.
            if !shipped.iter().any(|r| r.name == in_play.name) {
                rules.push((
                    in_play.title.clone(),
                    SettingChange::Rules(in_play.name.clone()),
                    true,
                ));
            }
            row(p, "Rules (starts a new game)", rules);
            let on_off = |v: bool, make: fn(bool) -> SettingChange| {
                vec![
                    ("On".to_string(), make(true), v),
                    ("Off".to_string(), make(false), !v),
                ]
            };
            row(p, "Sound", on_off(s.sound, SettingChange::Sound));
            row(
                p,
                "Volume",
                [0.25f32, 0.5, 0.75, 1.0]
                    .into_iter()
                    .map(|v| {
                        let chosen = s.sound && (s.volume - v).abs() < 0.13;
                        (
                            format!("{:.0}%", v * 100.0),
                            SettingChange::Volume(v),
                            chosen,
                        )
                    })
                    .collect(),
            );
            row(
                p,
                "Animation",
                [
                    AnimationSetting::Normal,
                    AnimationSetting::Fast,
                    AnimationSetting::Off,
                ]
                .into_iter()
                .map(|a| {
                    (
                        a.label().to_string(),
                        SettingChange::Animation(a),
                        a == s.animation,
                    )
                })
                .collect(),
            );
            // Only where the patience has a waste to turn a card onto.
            if session.game.places().contains(&Place::Waste) {
                row(
                    p,
                    "Turn a card when the waste is empty",
                    on_off(s.auto_turn, SettingChange::AutoTurn),
                );
            }
            // Only where the patience keeps a score.
            if session.game.score(Scoring::Standard, 0).is_some() {
                row(
                    p,
                    "Score",
                    Scoring::ALL
                        .into_iter()
                        .map(|k| {
                            (
                                k.title().to_string(),
                                SettingChange::Scoring(k),
                                k == s.scoring,
                            )
                        })
                        .collect(),
                );
            }
            row(
                p,
                "Send cards home by themselves when safe",
                on_off(s.auto_finish, SettingChange::AutoFinish),
            );
            row(
                p,
                "Deck",
                [Deck::Traditional, Deck::Clear]
                    .into_iter()
                    .map(|d| (d.label().to_string(), SettingChange::Deck(d), d == s.deck))
                    .collect(),
            );
            row(
                p,
                "Four colours (\u{2666} blue, \u{2663} green)",
                on_off(s.four_colour, SettingChange::FourColour),
            );
            row(
                p,
                "Card back",
                [Back::Zodiac, Back::Black, Back::Red]
                    .into_iter()
                    .map(|b| (b.label().to_string(), SettingChange::Back(b), b == s.back))
                    .collect(),
            );
            row(
                p,
                "Tell me when the game can no longer be won",
                on_off(s.warn_lost, SettingChange::WarnLost),
            );
            row(
                p,
                "Winnable deals only (new random games)",
                on_off(s.winnable_only, SettingChange::WinnableOnly),
            );
            row(
                p,
                "Speak each move (screen readers)",
                on_off(s.speak_moves, SettingChange::SpeakMoves),
            );
            p.spawn(button(f, "Close", Action::CloseOverlay));
        },
    );
}
