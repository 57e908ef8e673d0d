//! Statistics for the rule set in play, and the win: how this game went and how all have gone,
//! with two charts from the history (the win rate over the last games, the winning times) and
//! the history's export as CSV.

use super::Overlay;
use super::charts::{self, Chart};
use crate::game::hud::format_time;
use crate::game::input::buttons::Action;
use crate::game::session::Session;
use crate::game::session::files::{Exported, History, Statistics};
use crate::game::theme::{Fonts, button, button_row, panel, text};
use crate::patience::Status;
use crate::patience::score::{Scoring, dollars};
use crate::profile::history::{self, Entry};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Statistics), spawn)
        .add_systems(
            Update,
            (super::clear, spawn).chain().in_set(super::Rebuild).run_if(
                in_state(Overlay::Statistics).and_then(
                    resource_changed::<Statistics>
                        .or_else(resource_changed::<History>)
                        .or_else(resource_changed::<Exported>),
                ),
            ),
        );
}

/// Games the charts look back over, and the window of the win rate's average.
const LAST_GAMES: usize = 100;
const RATE_WINDOW: usize = 10;
/// The wins whose times the second chart shows.
const LAST_WINS: usize = 40;
/// Each chart's size in logical pixels.
const CHART: (f32, f32) = (250.0, 110.0);

/// The two charts of a rule set's games, oldest first: the win rate over each run of
/// [`RATE_WINDOW`] games among the last [`LAST_GAMES`], and the times of the last wins in
/// seconds.
pub fn chart_points(games: &[&Entry]) -> (Vec<f32>, Vec<f32>) {
    let recent = &games[games.len().saturating_sub(LAST_GAMES)..];
    let rates = history::rolling_win_rate(recent, RATE_WINDOW);
    let wins: Vec<f32> = games
        .iter()
        .filter(|g| g.result == history::Result::Won)
        .map(|g| g.time_ms as f32 / 1000.0)
        .collect();
    let times = wins[wins.len().saturating_sub(LAST_WINS)..].to_vec();
    (rates, times)
}

/// A number of seconds as the charts' axis says it.
fn seconds_label(s: f32) -> String {
    format_time(Duration::from_secs_f32(s.max(0.0)))
}

#[allow(clippy::too_many_arguments)]
fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    session: Res<Session>,
    stats: Res<Statistics>,
    games: Res<History>,
    exported: Res<Exported>,
    mut images: ResMut<Assets<Image>>,
    window: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Res<UiScale>,
) {
    let f = &*fonts;
    let s = stats.for_rules(&session.statistics_key());
    let won = session.game.status() == Status::Won;
    let title = if won && session.game.helped() {
        "Solved with help".to_string()
    } else if won {
        "You won!".to_string()
    } else {
        format!(
            "Statistics — {}, {}",
            session.game.patience().title(),
            session.game.rule_set().title
        )
    };
    let summary = if won && session.game.helped() {
        format!(
            "Show me finished deal {} in {} moves: solved with help, neither a win nor a loss.\n",
            session.game.deal(),
            session.game.moves_played()
        )
    } else if won {
        format!(
            "Deal {} in {} and {} moves.\n",
            session.game.deal(),
            format_time(session.elapsed()),
            session.game.moves_played()
        )
    } else {
        String::new()
    };
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let averages = s.averages();
    let body = format!(
        "{summary}Played {}   Won {}   Lost {}   Solved with help {}\nWin rate {}   {} of winnable deals played\nCurrent streak {}   Longest streak {}\nBest time {}   Average {}\nFewest moves {}   Average {}",
        s.played,
        s.won,
        s.lost,
        s.helped,
        or_dash(s.win_rate().map(|r| format!("{r:.0}%"))),
        or_dash(s.winnable_rate().map(|r| format!("{r:.0}%"))),
        s.current_streak,
        s.longest_streak,
        or_dash(
            s.best_time_ms
                .map(|ms| format_time(Duration::from_millis(ms)))
        ),
        or_dash(averages.map(|(ms, _)| format_time(Duration::from_millis(ms)))),
        or_dash(s.fewest_moves.map(|n| n.to_string())),
        or_dash(averages.map(|(_, moves)| moves.to_string())),
    );
    // The charts, painted at the window's pixels so they stay crisp at any scale.
    let key = session.statistics_key();
    let mine: Vec<&Entry> = games.of_rules(&key).collect();
    let (rates, times) = chart_points(&mine);
    let scale = window.single().map_or(1.0, |w| w.scale_factor()) * ui_scale.0;
    let top_time = times.iter().copied().fold(60.0f32, f32::max);
    let rate_chart = Chart {
        points: rates,
        top: 100.0,
        bars: false,
        label: |v| format!("{v:.0}%"),
        empty: "No games yet",
    };
    let time_chart = Chart {
        points: times,
        top: (top_time / 60.0).ceil() * 60.0,
        bars: true,
        label: seconds_label,
        empty: "No wins yet",
    };
    let mut picture = |chart: &Chart| images.add(charts::paint(chart, CHART.0, CHART.1, scale));
    let (rate_image, time_image) = (picture(&rate_chart), picture(&time_chart));
    let chart_node = |title: String, image: Handle<Image>| {
        (
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(4.0),
                ..default()
            },
            children![
                text(f, title, 14.0),
                (
                    ImageNode::new(image),
                    Node {
                        width: Val::Px(CHART.0),
                        height: Val::Px(CHART.1),
                        ..default()
                    },
                )
            ],
        )
    };
    let rate_title = format!("Win rate, {RATE_WINDOW} games at a time");
    let time_title = format!("Winning times, the last {LAST_WINS} wins");
    // Scores, where the patience keeps them.
    let scored = session.game.score(Scoring::Standard, 0).is_some();
    let score_line = format!(
        "Vegas balance {}   Best score {}",
        dollars(s.vegas_balance),
        or_dash(s.best_score.map(|n| n.to_string()))
    );
    let export_line = match &exported.0 {
        Some(path) => format!("History written to {}", path.display()),
        None => format!("{} games in the history", games.games.len()),
    };
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Statistics),
        Action::CloseOverlay,
        &title,
        f,
        |p| {
            p.spawn(text(f, body, 17.0));
            if scored {
                p.spawn(text(f, score_line, 17.0));
            }
            p.spawn((
                Node {
                    column_gap: Val::Px(16.0),
                    ..default()
                },
                children![
                    chart_node(rate_title, rate_image),
                    chart_node(time_title, time_image)
                ],
            ));
            p.spawn(text(f, export_line, 13.0));
            p.spawn(button_row(children![
                button(f, "New game", Action::NewGame),
                button(f, "Export CSV", Action::ExportHistory),
                button(f, "Close", Action::CloseOverlay)
            ]))
            .with_children(|row| {
                if scored {
                    row.spawn(button(f, "Reset Vegas balance", Action::ResetVegas));
                }
            });
        },
    );
}
