//! Statistics for the rule set in play, and the win: how this game went and how all have gone.

use super::Overlay;
use crate::game::hud::format_time;
use crate::game::input::buttons::Action;
use crate::game::session::Session;
use crate::game::session::files::Statistics;
use crate::game::theme::{Fonts, button, button_row, panel, text};
use crate::patience::Status;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Statistics), spawn)
        .add_systems(
            Update,
            (super::clear, spawn)
                .chain()
                .run_if(in_state(Overlay::Statistics).and_then(resource_changed::<Statistics>)),
        );
}

fn spawn(mut commands: Commands, fonts: Res<Fonts>, session: Res<Session>, stats: Res<Statistics>) {
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
    let body = format!(
        "{summary}Played {}   Won {}   Lost {}   Solved with help {}\nWin rate {}   {} of winnable deals played\nCurrent streak {}   Longest streak {}\nBest time {}   Fewest moves {}",
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
        or_dash(s.fewest_moves.map(|n| n.to_string())),
    );
    panel(
        &mut commands,
        DespawnOnExit(Overlay::Statistics),
        Action::CloseOverlay,
        &title,
        f,
        |p| {
            p.spawn(text(f, body, 17.0));
            p.spawn(button_row(children![
                button(f, "New game", Action::NewGame),
                button(f, "Close", Action::CloseOverlay)
            ]));
        },
    );
}
