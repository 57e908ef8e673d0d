//! Show me: S or the Show me button plays the solver's line from here to the win, one move at a
//! time at the chosen animation speed, through the normal requests (so each move is saved and
//! can be undone). Any click or key stops it, and that press does nothing else: no move of Show
//! me's follows it. A game won this way counts as solved with help.

use crate::game::messages::{AskShowMe, CannotWin, GameChanged, Refused, Request, Step, Toast};
use crate::game::session::Session;
use crate::game::table::animation::{Busy, Glide};
use crate::game::verdicts::Verdicts;
use crate::patience::Verdict;
use crate::patience::{Move, Status};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use std::collections::VecDeque;

pub(crate) fn plugin(app: &mut App) {
    // The press that stops Show me is read before Show me asks for a move, and the move is
    // played in the same frame (the session comes next): no move follows the press.
    app.init_resource::<ShowMe>()
        .add_systems(Update, (stop_on_input, play).chain().in_set(Step::Input));
}

/// Whether Show me is playing, and whether the press that stopped it is still down.
#[derive(Resource, Default, Debug)]
pub struct ShowMe {
    run: Run,
    /// A press stopped Show me: the table, the buttons and the keys ignore it up to its release.
    swallow: bool,
}

#[derive(Default, Debug, PartialEq)]
enum Run {
    #[default]
    Off,
    /// Asked; the verdict on the position is being worked out.
    Waiting,
    /// The moves still to play, and the one asked for and not yet seen played.
    Playing {
        line: VecDeque<Move>,
        sent: Option<Move>,
    },
}

impl ShowMe {
    /// Show me is playing (or about to).
    pub fn running(&self) -> bool {
        self.run != Run::Off
    }

    /// Input belongs to Show me, not to the table: it is playing, or the press that stopped it
    /// has not been released yet.
    pub fn takes_input(&self) -> bool {
        self.running() || self.swallow
    }

    fn stop(&mut self) {
        self.run = Run::Off;
    }
}

/// Any press stops Show me; its release ends the press. A game Show me has just finished (its
/// last move was played after `play` ran, in the frame before) ends it first: a press then is
/// the player's own, never swallowed (Ctrl+Q pressed as the win came was lost).
pub(crate) fn stop_on_input(
    mut show: ResMut<ShowMe>,
    session: Res<Session>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut keys: MessageReader<KeyboardInput>,
) {
    if show.running() && session.game.status() != Status::Playing {
        show.stop();
    }
    let states = buttons
        .read()
        .map(|b| b.state)
        .chain(keys.read().filter(|k| !k.repeat).map(|k| k.state));
    for state in states {
        match state {
            ButtonState::Pressed if show.running() => {
                show.stop();
                show.swallow = true;
            }
            ButtonState::Released if show.swallow => show.swallow = false,
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn play(
    mut show: ResMut<ShowMe>,
    mut asks: MessageReader<AskShowMe>,
    mut changes: MessageReader<GameChanged>,
    mut refusals: MessageReader<Refused>,
    session: Res<Session>,
    verdicts: Res<Verdicts>,
    moving: Query<(), With<Glide>>,
    mut busy: ResMut<Busy>,
    mut requests: MessageWriter<Request>,
    mut lost: MessageWriter<CannotWin>,
    mut toasts: MessageWriter<Toast>,
) {
    for _ in asks.read() {
        if show.running() {
            show.stop();
        } else if !show.swallow {
            show.run = Run::Waiting;
        }
    }
    // Anything but the move Show me asked for (an undo, a new deal, a refusal) ends it.
    for change in changes.read() {
        if let Run::Playing { sent, .. } = &mut show.run {
            match change {
                GameChanged::Played(m) if *sent == Some(*m) => *sent = None,
                _ => show.stop(),
            }
        }
    }
    if refusals.read().count() > 0 && show.running() {
        show.stop();
    }
    if session.game.status() != Status::Playing && show.running() {
        show.stop();
    }
    let game = &session.game;
    if show.run == Run::Waiting {
        let Some(verdict) = verdicts.want(&game.snapshot()) else {
            busy.0 = true;
            return;
        };
        show.run = match &*verdict {
            Verdict::Winnable { line, .. } if !line.is_empty() => Run::Playing {
                line: line.iter().copied().collect(),
                sent: None,
            },
            Verdict::Winnable { .. } => Run::Off,
            Verdict::Lost { why } => {
                lost.write(CannotWin {
                    why: why.clone(),
                    after_move: false,
                });
                Run::Off
            }
            Verdict::Unknown { why } => {
                toasts.write(Toast(format!("Show me cannot play this position: {why}.")));
                Run::Off
            }
        };
    }
    let Run::Playing { line, sent } = &mut show.run else {
        return;
    };
    // Frames keep coming while Show me plays, even with animation off.
    busy.0 = true;
    // One move at a time, each once the last has landed.
    if sent.is_some() || !moving.is_empty() {
        return;
    }
    match line.pop_front() {
        Some(m) => {
            *sent = Some(m);
            requests.write(Request::Shown(m));
        }
        None => show.stop(),
    }
}
