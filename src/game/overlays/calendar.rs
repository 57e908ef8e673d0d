//! The daily deals' calendar (issue 36): today's deal of the patience chosen (its level, and
//! whether it is won yet), the month with the days whose daily deal was won marked, the daily
//! streaks and the daily games counted apart from the rest (all from the history), and a button
//! to play today's deal.

use super::Overlay;
use super::new_game::Choice;
use crate::game::assistance::daily::{Dailies, PlayDaily};
use crate::game::input::buttons::Action;
use crate::game::session::files::History;
use crate::game::theme::{Fonts, Palette, button, button_row, panel, text};
use crate::patience::daily::{Date, level_of};
use crate::profile::history::{self, Result};
use bevy::a11y::AccessibilityNode;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Month>()
        .add_systems(
            OnEnter(Overlay::Calendar),
            (this_month, want_today, spawn).chain(),
        )
        .add_systems(
            Update,
            (super::clear, spawn).chain().in_set(super::Rebuild).run_if(
                in_state(Overlay::Calendar).and_then(
                    resource_changed::<Month>
                        .or_else(resource_changed::<Dailies>)
                        .or_else(resource_changed::<History>),
                ),
            ),
        )
        .add_observer(on_press);
}

/// The month shown: its first day.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Month(pub Date);

impl Default for Month {
    fn default() -> Self {
        Month(Date::today().first_of_month())
    }
}

/// A calendar button.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
enum Press {
    Previous,
    Next,
    Play,
}

/// A day of the month that was won (for tests and the screen reader: its label says so).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct WonDay(pub Date);

fn this_month(mut month: ResMut<Month>) {
    *month = Month::default();
}

fn want_today(choice: Res<Choice>, mut dailies: ResMut<Dailies>) {
    dailies.want(&choice.patience, &choice.rules, Date::today());
}

fn on_press(
    ev: On<Pointer<Click>>,
    presses: Query<&Press>,
    mut month: ResMut<Month>,
    choice: Res<Choice>,
    mut next: ResMut<NextState<Overlay>>,
    mut play: MessageWriter<PlayDaily>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(&press) = presses.get(ev.entity) else {
        return;
    };
    let first = month.0;
    match press {
        Press::Previous => month.0 = Date::from_days(first.days() - 1).first_of_month(),
        Press::Next => month.0 = Date::from_days(first.days() + i64::from(first.days_in_month())),
        Press::Play => {
            next.set(Overlay::None);
            play.write(PlayDaily {
                patience: choice.patience.clone(),
                rules: choice.rules.clone(),
            });
        }
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    choice: Res<Choice>,
    month: Res<Month>,
    dailies: Res<Dailies>,
    games: Res<History>,
) {
    let f = &*fonts;
    let today = Date::today();
    let patience = choice.patience.as_str();
    let won_days = games.daily_wins(patience);
    let (current, longest) = history::daily_streaks(&won_days, today);
    let daily: Vec<_> = games
        .games
        .iter()
        .filter(|g| g.daily && g.patience == patience)
        .collect();
    let won = daily.iter().filter(|g| g.result == Result::Won).count();
    let today_line = {
        let when = format!(
            "Today, {} {} {}",
            WEEKDAYS[usize::from(today.weekday())],
            today.day,
            MONTHS[usize::from(today.month - 1)]
        );
        let done = if won_days.contains(&today) {
            "won"
        } else {
            "not yet won"
        };
        match dailies.get(patience, &choice.rules, today) {
            Some((deal, level)) => format!("{when}: deal {deal}, {level} — {done}"),
            None => format!("{when}: a {} deal — {done}", level_of(today)),
        }
    };
    let figures = format!(
        "Daily streak {current}   Longest {longest}   Daily games played {}   Won {won}",
        daily.len()
    );
    let first = month.0;
    let title = format!("{} {}", MONTHS[usize::from(first.month - 1)], first.year);
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Calendar),
        Action::CloseOverlay,
        "Daily deals",
        f,
        |p| {
            p.spawn(text(f, today_line, 17.0));
            p.spawn(text(f, figures, 15.0));
            p.spawn((
                Node {
                    column_gap: Val::Px(10.0),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    button(f, "‹", Press::Previous),
                    (
                        text(f, title, 17.0),
                        Node {
                            width: Val::Px(170.0),
                            justify_content: JustifyContent::Center,
                            ..default()
                        }
                    ),
                    button(f, "›", Press::Next)
                ],
            ));
            p.spawn(Node {
                display: Display::Grid,
                grid_template_columns: RepeatedGridTrack::px(7, 40.0),
                row_gap: Val::Px(4.0),
                column_gap: Val::Px(4.0),
                ..default()
            })
            .with_children(|grid| {
                for name in DAYS {
                    grid.spawn((
                        text(f, name, 13.0),
                        Node {
                            justify_self: JustifySelf::Center,
                            ..default()
                        },
                    ));
                }
                for _ in 0..first.weekday() {
                    grid.spawn(Node::default());
                }
                for day in 1..=first.days_in_month() {
                    let date = Date { day, ..first };
                    let won = won_days.contains(&date);
                    let background = if won {
                        Palette::HINT.with_alpha(0.55)
                    } else {
                        Palette::FELT
                    };
                    let border = if date == today {
                        Palette::HIGHLIGHT
                    } else {
                        Color::NONE
                    };
                    // The fonts have no check mark: the colour says won, and a screen reader
                    // hears it.
                    let said = format!(
                        "{day} {}: {}",
                        MONTHS[usize::from(first.month - 1)],
                        if won { "daily deal won" } else { "not won" }
                    );
                    let mut cell = grid.spawn((
                        Node {
                            height: Val::Px(30.0),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border: UiRect::all(Val::Px(2.0)),
                            border_radius: BorderRadius::all(Val::Px(5.0)),
                            ..default()
                        },
                        BackgroundColor(background),
                        BorderColor::all(border),
                        AccessibilityNode::from({
                            let mut node = accesskit::Node::new(accesskit::Role::GridCell);
                            node.set_label(said);
                            node
                        }),
                        children![text(f, day.to_string(), 14.0)],
                    ));
                    if won {
                        cell.insert(WonDay(date));
                    }
                }
            });
            p.spawn(text(
                f,
                "Blue: the daily deal won that day. Easy on Monday and Tuesday, medium on Wednesday and Thursday, hard on Friday and Saturday, expert on Sunday; the same deal for every player.",
                13.0,
            ));
            p.spawn(button_row(children![
                button(f, "Play today's deal", Press::Play),
                button(f, "Close", Action::CloseOverlay)
            ]));
        },
    );
}
