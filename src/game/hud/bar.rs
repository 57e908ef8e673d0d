//! The bar across the top: the deal and rule set, the phase, the counts, moves and time, and
//! the buttons. It grows and shrinks with the window.

use crate::game::input::buttons::Action;
use crate::game::messages::Overlay;
use crate::game::messages::Step;
use crate::game::session::Session;
use crate::game::table::Table;
use crate::game::theme::{self, Fonts, Palette, button, text};
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
                    (text(f, "", 15.0), DealLabel),
                    (text(f, "", theme::SMALL_TEXT), PhaseLabel)
                ],
            ),
            (text(f, "", 15.0), CountsLabel),
            (
                Node {
                    column_gap: Val::Px(6.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    button(f, "New", Action::NewGame),
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
    mut deal: Query<&mut Text, (With<DealLabel>, Without<PhaseLabel>, Without<CountsLabel>)>,
    mut phase: Query<&mut Text, (With<PhaseLabel>, Without<DealLabel>, Without<CountsLabel>)>,
    mut counts: Query<&mut Text, (With<CountsLabel>, Without<DealLabel>, Without<PhaseLabel>)>,
) {
    let game = &session.game;
    let set = |t: &mut Text, s: String| {
        if t.0 != s {
            t.0 = s;
        }
    };
    if let Ok(mut t) = deal.single_mut() {
        let (title, rules) = (game.patience().title(), game.rule_set().title);
        // A default rule set named as its patience is not said twice ("FreeCell · Deal 1").
        let label = if rules == title {
            format!("{title} · Deal {}", game.deal())
        } else {
            format!("{title} · Deal {} · {rules}", game.deal())
        };
        set(&mut t, label);
    }
    if let Ok(mut t) = phase.single_mut() {
        let status = match game.status() {
            Status::Won => "Won!",
            Status::Stuck => "No moves left",
            Status::Playing => game.stage().unwrap_or(""),
        };
        set(&mut t, status.to_string());
    }
    if let Ok(mut t) = counts.single_mut() {
        // The stock and the waste are counted only where the patience has them.
        let places = game.places();
        let mut parts: Vec<String> = [(Place::Stock, "Stock"), (Place::Waste, "Waste")]
            .into_iter()
            .filter(|(place, _)| places.contains(place))
            .map(|(place, word)| format!("{word} {}", game.cards(place).len()))
            .collect();
        parts.push(format!("Moves {}", game.moves_played()));
        parts.push(format_time(session.elapsed()));
        set(&mut t, parts.join("  ·  "));
    }
}
