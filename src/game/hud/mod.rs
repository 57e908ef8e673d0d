//! The heads-up display: the bar across the top ([`bar`]), and the words that float over the
//! table ([`toasts`]): the phase banner, short toasts, and the notice about the player's files.

pub mod bar;
pub mod toasts;

pub use bar::format_time;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((bar::plugin, toasts::plugin));
}
