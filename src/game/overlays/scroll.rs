//! A panel taller than the window (Settings at 1024×640) scrolls under the mouse wheel, and
//! to the button the keyboard's focus moves to (Tab), and keeps its place while the overlay is
//! open: a click that changes a setting builds the panel again, at the same offset.

use super::Overlay;
use crate::game::theme::Scrolls;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Offset>()
        .add_systems(
            Update,
            (
                scroll,
                keep_place.after(super::Rebuild),
                follow_focus.run_if(resource_changed::<InputFocus>),
            ),
        )
        .add_systems(OnEnter(Overlay::None), forget);
}

/// How far the open overlay's panel is scrolled down, in logical pixels.
#[derive(Resource, Default)]
struct Offset(Overlay, f32);

/// Pixels a wheel's line scrolls.
const LINE: f32 = 42.0;

/// The wheel moves the open panel's rows up or down within it, from their first row at the
/// panel's top to their last at its foot. Measured from the rows as laid out (a panel held to
/// its `max_height` is no taller than the window, whatever it holds).
#[allow(clippy::type_complexity)]
fn scroll(
    mut wheels: MessageReader<MouseWheel>,
    mut boxes: Query<(&mut Node, &ChildOf, &Children), With<Scrolls>>,
    laid_out: Query<(&ComputedNode, &UiGlobalTransform)>,
    mut offset: ResMut<Offset>,
    open: Res<State<Overlay>>,
) {
    let down: f32 = wheels
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => -w.y * LINE,
            MouseScrollUnit::Pixel => -w.y,
        })
        .sum();
    if down == 0.0 {
        return;
    }
    for (mut node, parent, rows) in &mut boxes {
        let Ok((panel, at)) = laid_out.get(parent.parent()) else {
            continue;
        };
        let scale = panel.inverse_scale_factor();
        // Physical pixels: the panel's inner foot, and the lowest row's as laid out now.
        let inside = at.translation.y + panel.size().y / 2.0 - panel.padding().max_inset.y;
        let foot = laid_out
            .iter_many(rows)
            .map(|(row, p)| p.translation.y + row.size().y / 2.0)
            .fold(f32::MIN, f32::max);
        let now = match node.top {
            Val::Px(top) => -top,
            _ => 0.0,
        };
        let most = now + ((foot - inside) * scale).max(0.0);
        let to = (now + down).clamp(0.0, most);
        node.top = Val::Px(-to);
        *offset = Offset(*open.get(), to);
    }
}

/// The button the focus moves to brought into sight within its panel: the rows move the least
/// that shows it whole.
fn follow_focus(
    focus: Res<InputFocus>,
    parents: Query<&ChildOf>,
    mut boxes: Query<&mut Node, With<Scrolls>>,
    laid_out: Query<(&ComputedNode, &UiGlobalTransform)>,
    mut offset: ResMut<Offset>,
    open: Res<State<Overlay>>,
    mut last: Local<Option<Entity>>,
) {
    // Only a move of the focus from one button to another (the wheel may take the focused
    // button out of sight after), not its return to a panel built again (through none).
    let before = std::mem::replace(&mut *last, focus.get());
    if before == focus.get() || before.is_none_or(|b| laid_out.get(b).is_err()) {
        return;
    }
    let Some(focused) = focus.get() else { return };
    let Some(rows) = parents.iter_ancestors(focused).find(|&a| boxes.contains(a)) else {
        return;
    };
    let Ok(panel) = parents.get(rows).map(ChildOf::parent) else {
        return;
    };
    let (Ok((panel, at)), Ok((button, place)), Ok(mut node)) = (
        laid_out.get(panel),
        laid_out.get(focused),
        boxes.get_mut(rows),
    ) else {
        return;
    };
    let scale = panel.inverse_scale_factor();
    let inset = panel.padding();
    let top = at.translation.y - panel.size().y / 2.0 + inset.min_inset.y;
    let foot = at.translation.y + panel.size().y / 2.0 - inset.max_inset.y;
    let (b_top, b_foot) = (
        place.translation.y - button.size().y / 2.0,
        place.translation.y + button.size().y / 2.0,
    );
    // Logical pixels to move the rows up (positive) or down.
    let by = if b_foot > foot {
        (b_foot - foot) * scale
    } else if b_top < top {
        (b_top - top) * scale
    } else {
        return;
    };
    let now = match node.top {
        Val::Px(top) => -top,
        _ => 0.0,
    };
    let to = (now + by).max(0.0);
    node.top = Val::Px(-to);
    *offset = Offset(*open.get(), to);
}

/// A panel built again (its data changed) opens where the last one was scrolled to; another
/// overlay's at its top.
fn keep_place(
    mut built: Query<&mut Node, Added<Scrolls>>,
    offset: Res<Offset>,
    open: Res<State<Overlay>>,
) {
    for mut node in &mut built {
        let to = if offset.0 == *open.get() {
            offset.1
        } else {
            0.0
        };
        node.top = Val::Px(-to);
    }
}

/// A panel opened afresh starts at its top.
fn forget(mut offset: ResMut<Offset>) {
    *offset = Offset::default();
}
