//! How hard the deal in play is (`patience::difficulty`), rated on Bevy's task pool so no frame
//! waits (a rating plays the deal a few dozen times: tens of milliseconds), and kept per rule
//! set and deal. The bar shows it once known.

use crate::game::messages::Step;
use crate::game::session::Session;
use crate::game::settings::Levels;
use crate::patience::difficulty::{self, Rating};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, poll_once};
use bevy::window::RequestRedraw;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Levels>()
        .add_systems(Update, (collect, start).chain().in_set(Step::Advise));
}

/// Takes in a finished rating.
fn collect(mut levels: ResMut<Levels>) {
    let done = levels
        .running
        .as_ref()
        .is_some_and(|(_, t)| t.is_finished());
    if !done {
        return;
    }
    if let Some((key, mut task)) = levels.running.take()
        && let Some(rating) = block_on(poll_once(&mut task))
    {
        levels.known.insert(key, rating);
    }
}

/// Starts rating the deal in play if it is not known, one at a time, and keeps frames coming
/// while a rating runs. Looks only after the game has changed (`pending`), so an idle frame
/// costs nothing.
fn start(
    session: Res<Session>,
    mut levels: ResMut<Levels>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut pending: Local<bool>,
) {
    *pending |= session.is_changed();
    let v = levels.bypass_change_detection();
    if *pending && v.running.is_none() {
        *pending = false;
        let game = session.game.as_ref();
        let wanted = Levels::key(game);
        if v.known.contains_key(&wanted) {
            return;
        }
        let fresh = game.new_deal(game.deal());
        let task = AsyncComputeTaskPool::get().spawn(async move {
            // A rating that failed leaves the level unsaid instead of taking the game down.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                difficulty::rate_game(fresh.as_ref())
            }))
            .unwrap_or(Rating::Unknown)
        });
        v.running = Some((wanted, task));
    }
    if v.running.is_some() {
        redraw.write(RequestRedraw);
    }
}
