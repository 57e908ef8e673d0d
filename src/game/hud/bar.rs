//! The bar across the top: the patience and deal, the rule set, the deal's level and the
//! phase, the moves, time and score,
//! the stock's and waste's counts, and the buttons. It grows and shrinks with the window, and
//! at the smallest (1024×640) still holds everything on one row, each text on its line, with
//! the longest deal number there is (`tests/game/hud.rs`).

use crate::game::input::buttons::Action;
use crate::game::messages::Overlay;
use crate::game::messages::Step;
use crate::game::session::Session;
use crate::game::session::files::{Settings, Statistics};
use crate::game::settings::{Levels, daily_date};
use crate::game::table::Table;
use crate::game::theme::{self, Fonts, Palette, button, coloured_text, text};
use crate::patience::score::{Scoring, dollars};
use crate::patience::{Place, Status};
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_bar)
        .add_systems(Update, scale_ui.run_if(resource_changed::<Table>))
        .add_systems(Update, update_bar.in_set(Step::Present));
}

#[derive(Component)]
struct DealLabel;
#[derive(Component)]
struct PhaseLabel;
#[derive(Component)]
struct CountsLabel;
#[derive(Component)]
struct TalonLabel;

fn spawn_bar(mut commands: Commands, fonts: Res<Fonts>) {
    let f = &*fonts;
    commands.spawn((
        Node {
            width: Val::Percent(100.0),
            height: Val::Px(crate::patience::layout::HUD_HEIGHT),
            padding: UiRect::horizontal(Val::Px(12.0)),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            column_gap: Val::Px(12.0),
            ..default()
        },
        BackgroundColor(Palette::HUD_BAR),
        children![
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (text(f, "", theme::TEXT), DealLabel, TextLayout::no_wrap()),
                    (
                        coloured_text(f, "", theme::TEXT, Palette::HUD_QUIET),
                        PhaseLabel,
                        TextLayout::no_wrap()
                    )
                ],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (text(f, "", theme::TEXT), CountsLabel, TextLayout::no_wrap()),
                    (
                        coloured_text(f, "", theme::TEXT, Palette::HUD_QUIET),
                        TalonLabel,
                        TextLayout::no_wrap()
                    ),
                ],
            ),
            (
                Node {
                    column_gap: Val::Px(6.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    button(f, "New", Action::Open(Overlay::NewGame)),
                    button(f, "Restart", Action::Restart),
                    button(f, "Undo", Action::Undo),
                    button(f, "Redo", Action::Redo),
                    button(f, "Hint", Action::Hint),
                    button(f, "Show me", Action::ShowMe),
                    button(f, "Deal #", Action::Open(Overlay::ChooseDeal)),
                    button(f, "Stats", Action::Open(Overlay::Statistics)),
                    button(f, "Rules", Action::Open(Overlay::Rules)),
                    button(f, "Settings", Action::Open(Overlay::Settings)),
                ],
            ),
        ],
    ));
}

/// The HUD grows and shrinks with the window (see `layout::hud_scale`).
fn scale_ui(table: Res<Table>, mut scale: ResMut<UiScale>) {
    let wanted = crate::patience::layout::hud_scale(table.width);
    if scale.0 != wanted {
        scale.0 = wanted;
    }
}

pub fn format_time(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn update_bar(
    session: Res<Session>,
    levels: Res<Levels>,
    settings: Res<Settings>,
    stats: Res<Statistics>,
    mut labels: Query<(
        &mut Text,
        Has<DealLabel>,
        Has<PhaseLabel>,
        Has<CountsLabel>,
        Has<TalonLabel>,
    )>,
) {
    let game = &session.game;
    let (title, rules) = (game.patience().title(), game.rule_set().title);
    let deal = format!("{title} · Deal {}", game.deal());
    let status = match game.status() {
        Status::Won => "Won!",
        Status::Stuck => "No moves left",
        Status::Playing => game.stage().unwrap_or(""),
    };
    // The rule set under the title, with the deal's level once rated and the phase: a default
    // rule set named as its patience is not said twice ("FreeCell · Deal 1").
    let level = levels
        .of(game.as_ref())
        .and_then(|r| r.level())
        .map(|l| l.title());
    let daily = daily_date(&settings, game.as_ref()).map(|_| "Daily deal");
    let phase = [
        (rules != title).then_some(rules.as_str()),
        level,
        daily,
        Some(status),
    ]
    .into_iter()
    .flatten()
    .filter(|s| !s.is_empty())
    .collect::<Vec<_>>()
    .join(" · ");
    let elapsed = session.elapsed();
    // The score, where the patience keeps one: Vegas as the balance with this game's takings
    // (until the statistics count them).
    let score = match (
        settings.scoring,
        game.score(settings.scoring, elapsed.as_millis() as u64),
    ) {
        (Scoring::Vegas, Some(takings)) => {
            let carried = stats.for_rules(&game.statistics_key()).vegas_balance;
            let now = if game.counted() { 0 } else { takings };
            format!(" · Vegas {}", dollars(carried.saturating_add(now)))
        }
        (_, Some(points)) => format!(" · Score {points}"),
        (_, None) => String::new(),
    };
    let counts = format!(
        "Moves {} · {}{score}",
        game.moves_played(),
        format_time(elapsed)
    );
    // The stock and the waste are counted only where the patience has them.
    let places = game.places();
    let talon = [(Place::Stock, "Stock"), (Place::Waste, "Waste")]
        .into_iter()
        .filter(|(place, _)| places.contains(place))
        .map(|(place, word)| format!("{word} {}", game.cards(place).len()))
        .collect::<Vec<_>>()
        .join(" · ");
    for (mut text, is_deal, is_phase, is_counts, is_talon) in &mut labels {
        let wanted = match (is_deal, is_phase, is_counts, is_talon) {
            (true, ..) => &deal,
            (_, true, ..) => &phase,
            (_, _, true, _) => &counts,
            (.., true) => &talon,
            _ => continue,
        };
        if &text.0 != wanted {
            text.0.clone_from(wanted);
        }
    }
}
