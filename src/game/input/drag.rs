//! Drag and drop: lift the top card, follow the pointer, drop it on the place it overlaps most (or send it home).

use super::{DRAG_THRESHOLD, Denied, DragState, Dragging, KeyboardCursor, Overlay};
use crate::game::animation::{Busy, Glide, Shake, Speed};
use crate::game::cards::{CardView, Mirror, slot_translation};
use crate::game::session::{Request, Session};
use crate::game::table::{DropHighlight, Table};
use crate::layout::Rect;
use crate::rules::{Move, Place};
use bevy::picking::pointer::PointerPress;
use bevy::prelude::*;
use bevy::window::WindowResized;

pub(super) fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    overlay: Res<Overlay>,
    cards: Query<&CardView>,
    transforms: Query<(&Transform, Option<&Glide>)>,
    mirror: Res<Mirror>,
    session: Res<Session>,
    table: Res<Table>,
    mut state: ResMut<DragState>,
) {
    if ev.button != PointerButton::Primary || overlay.0.is_some() {
        return;
    }
    let Ok(view) = cards.get(ev.entity) else {
        return;
    };
    let position = session.game.position();
    let top = mirror.top(view.place) == Some(ev.entity);
    let (px, py) = table.window_to_table(
        ev.pointer_location.position.x,
        ev.pointer_location.position.y,
    );
    // A card still on its way is taken from where it lands, as the hit test found it.
    let centre = transforms
        .get(ev.entity)
        .map(|(t, glide)| glide.map_or(t.translation, Glide::target).truncate())
        .unwrap_or_default();
    let movable = top && position.can_lift(view.place);
    state.drag = Some(Dragging {
        entity: ev.entity,
        from: view.place,
        grab: centre - Vec2::new(px, py),
        lifted: false,
        refused: !movable,
        targets: if movable {
            position.destinations(session.game.rules(), view.place)
        } else {
            Vec::new()
        },
    });
}

#[allow(clippy::too_many_arguments)]
pub(super) fn on_drag(
    ev: On<Pointer<Drag>>,
    mut commands: Commands,
    mut state: ResMut<DragState>,
    table: Res<Table>,
    mut transforms: Query<&mut Transform>,
    mut busy: ResMut<Busy>,
    mut denied: MessageWriter<Denied>,
    mut lifted: MessageWriter<crate::game::audio::Lifted>,
) {
    let Some(drag) = state.drag.as_mut() else {
        return;
    };
    if drag.entity != ev.entity || ev.button != PointerButton::Primary {
        return;
    }
    busy.0 = true;
    if !drag.lifted {
        if ev.distance.length() < DRAG_THRESHOLD {
            return;
        }
        if drag.refused {
            // A card the rules keep in place: shake once, so the player learns it stays.
            commands.entity(drag.entity).insert(Shake::default());
            denied.write(Denied);
            state.drag = None;
            return;
        }
        drag.lifted = true;
        lifted.write(crate::game::audio::Lifted);
        commands.entity(drag.entity).remove::<(Glide, Shake)>();
    }
    let (px, py) = table.window_to_table(
        ev.pointer_location.position.x,
        ev.pointer_location.position.y,
    );
    if let Ok(mut t) = transforms.get_mut(drag.entity) {
        // Above everything, and a touch larger: the card is in the hand.
        t.translation = (Vec2::new(px, py) + drag.grab).extend(100.0);
        t.scale = Vec3::splat(1.04);
    }
}

pub(super) fn on_drag_end(
    ev: On<Pointer<DragEnd>>,
    mut state: ResMut<DragState>,
    mut commands: Commands,
    table: Res<Table>,
    transforms: Query<&Transform>,
    mirror: Res<Mirror>,
    speed: Res<Speed>,
    mut requests: MessageWriter<Request>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Some(drag) = state.drag.take() else {
        return;
    };
    if drag.entity != ev.entity || !drag.lifted {
        return;
    }
    drop_card(
        &drag,
        &table,
        &mirror,
        &speed,
        &mut commands,
        &mut requests,
        &transforms,
    );
}

/// Where a dragged card released at `centre` lands: the accepting place it overlaps most, or
/// failing that the nearest accepting place within half a card; otherwise it glides home.
pub fn drop_target(drag: &Dragging, centre: Vec2, table: &Table) -> Option<Place> {
    let card = Rect::new(centre.x, centre.y, table.card_w, table.card_h);
    let best = drag
        .targets
        .iter()
        .map(|&p| (p, table.footprint(p).overlap_area(&card)))
        .filter(|(_, area)| *area > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((place, _)) = best {
        return Some(place);
    }
    let reach = table.card_w * 0.5;
    drag.targets
        .iter()
        .map(|&p| (p, table.footprint(p).inflate(reach).overlap_area(&card)))
        .filter(|(_, area)| *area > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

#[allow(clippy::too_many_arguments)]
/// Drops the dragged card where it is now: onto its target, or back home.
fn drop_card(
    drag: &Dragging,
    table: &Table,
    mirror: &Mirror,
    speed: &Speed,
    commands: &mut Commands,
    requests: &mut MessageWriter<Request>,
    transforms: &Query<&Transform>,
) {
    let centre = transforms
        .get(drag.entity)
        .map(|t| t.translation.truncate())
        .unwrap_or_default();
    let target = drop_target(drag, centre, table).and_then(|to| Move::between(drag.from, to));
    match target {
        Some(m) => {
            requests.write(Request::Play(m));
        }
        None => glide_home(drag, table, mirror, speed, commands, transforms),
    }
}

pub(super) fn glide_home(
    drag: &Dragging,
    table: &Table,
    mirror: &Mirror,
    speed: &Speed,
    commands: &mut Commands,
    transforms: &Query<&Transform>,
) {
    let pile = mirror.pile(drag.from);
    let index = pile
        .iter()
        .position(|&e| e == drag.entity)
        .unwrap_or(pile.len().saturating_sub(1));
    let home = slot_translation(table, drag.from, index, pile.len());
    let now = transforms
        .get(drag.entity)
        .map(|t| t.translation)
        .unwrap_or(home);
    commands.entity(drag.entity).insert((
        Glide::new(now, home, table, speed),
        Transform::from_translation(now),
    ));
}

/// A drag whose release never arrived (the pointer left the window, a key, a right click or a
/// resize interrupted it) ends here: the card drops where it is, or goes home.
#[allow(clippy::too_many_arguments)]
pub(super) fn end_lost_drags(
    mut state: ResMut<DragState>,
    pointers: Query<&PointerPress>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut resized: MessageReader<WindowResized>,
    table: Res<Table>,
    mirror: Res<Mirror>,
    speed: Res<Speed>,
    transforms: Query<&Transform>,
    mut commands: Commands,
    mut requests: MessageWriter<Request>,
) {
    let resized = resized.read().count() > 0;
    if state.drag.is_none() {
        return;
    }
    let released = pointers.iter().all(|p| !p.is_primary_pressed());
    let interrupted = keys.get_just_pressed().next().is_some()
        || mouse.just_pressed(MouseButton::Right)
        || resized;
    if !(released || interrupted) {
        return;
    }
    let drag = state.drag.take().expect("checked above");
    if !drag.lifted {
        return;
    }
    if interrupted {
        glide_home(&drag, &table, &mirror, &speed, &mut commands, &transforms);
    } else {
        drop_card(
            &drag,
            &table,
            &mirror,
            &speed,
            &mut commands,
            &mut requests,
            &transforms,
        );
    }
}

/// Lights up the places that would take the lifted (or keyboard-picked) card.
pub(super) fn show_drop_targets(
    state: Res<DragState>,
    cursor: Res<KeyboardCursor>,
    session: Res<Session>,
    mut highlights: Query<(&DropHighlight, &mut Visibility)>,
) {
    let keyboard_targets;
    let targets: &[Place] = match (&state.drag, cursor.picked) {
        (Some(d), _) if d.lifted => &d.targets,
        (_, Some(from)) => {
            keyboard_targets = session
                .game
                .position()
                .destinations(session.game.rules(), from);
            &keyboard_targets
        }
        _ => &[],
    };
    for (h, mut v) in &mut highlights {
        let on = targets.contains(&h.0) || cursor.at == Some(h.0);
        v.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
