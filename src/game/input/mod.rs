//! The mouse and the keyboard: drag and drop, click to send a card to its best place,
//! double-click (or right-click) a pile to inspect it, or a card to send it to a foundation,
//! and keys for everything.
//!
//! Window events pass through [`queue`] first, so each frame sees at most one press or release
//! and nothing is lost however slow the frame. Pointer input then goes through Bevy's picking
//! pipeline, with a backend ([`picking`]) that hit-tests cards and places with the same layout
//! the table is drawn from. Nothing here decides legality: moves are asked of the rules, and
//! requests go to the session.

pub mod buttons;
mod click;
mod drag;
pub mod focus;
mod keyboard;
mod picking;
pub mod queue;

pub use drag::drop_target;
pub use keyboard::{KeyboardCursor, key_name};
pub use queue::InputQueue;
// The cards in hand are the table's: the assistant and the probe read them too.
pub use crate::game::table::hand::{DragState, Dragging};

use super::messages::Step;
use bevy::picking::PickingSystems;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((queue::plugin, focus::plugin))
        .init_resource::<DragState>()
        .init_resource::<click::LastClick>()
        .init_resource::<KeyboardCursor>()
        .add_systems(PreUpdate, picking::hit_test.in_set(PickingSystems::Backend))
        .add_systems(
            Update,
            (
                // Between Show me's stop (a press that stops it does nothing else) and its next
                // move (S starts it in the same frame).
                // The screen reader's requests first, as they always ran.
                keyboard::keys
                    .after(focus::screen_reader_actions)
                    .after(crate::game::assistance::show_me::stop_on_input)
                    .before(crate::game::assistance::show_me::play),
                drag::end_lost_drags,
            )
                .in_set(Step::Input),
        )
        .add_systems(
            Update,
            drag::show_drop_targets
                .in_set(Step::Present)
                .before(crate::game::table::frame_highlights),
        )
        .add_systems(PostUpdate, picking::fit_hitboxes)
        .add_observer(drag::on_drag_start)
        .add_observer(drag::on_drag)
        .add_observer(drag::on_drag_end)
        .add_observer(click::on_click);
}

/// Pressing more than this far (logical pixels) from where it started makes a drag, not a click.
pub const DRAG_THRESHOLD: f32 = 5.0;

/// Two clicks on the same place within this time are a double-click.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(450);

/// What the picking backend can hit: an area of `w` × `h` centred on the entity.
#[derive(Component, Clone, Copy, Debug)]
pub struct Hitbox {
    pub w: f32,
    pub h: f32,
}
