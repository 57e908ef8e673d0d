//! The overlays over the table, one file each. Each is a state of [`Overlay`]: entering it
//! builds its panel, leaving it despawns everything built (`DespawnOnExit`), and the table
//! takes no input while one is open.

pub mod calendar;
pub mod charts;
pub mod choose_deal;
pub mod inspector;
pub mod new_game;
pub mod rules;
pub mod settings;
pub mod statistics;
pub mod stuck;

pub use super::messages::Overlay;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        calendar::plugin,
        choose_deal::plugin,
        new_game::plugin,
        inspector::plugin,
        rules::plugin,
        settings::plugin,
        statistics::plugin,
        stuck::plugin,
    ))
    .add_systems(Last, draw_the_change);
}

/// A state change applies in the next frame's `StateTransition`: ask for that frame, or an
/// idle window would show the change only at the next input.
fn draw_the_change(next: Res<NextState<Overlay>>, mut redraw: MessageWriter<RequestRedraw>) {
    if !matches!(*next, NextState::Unchanged) {
        redraw.write(RequestRedraw);
    }
}

/// Despawns what an open overlay built, so it can be built again (its data changed).
pub fn clear(
    mut commands: Commands,
    state: Res<State<Overlay>>,
    parts: Query<(Entity, &DespawnOnExit<Overlay>)>,
) {
    for (entity, scope) in &parts {
        if scope.0 == *state.get() {
            commands.entity(entity).despawn();
        }
    }
}
