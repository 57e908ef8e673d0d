//! Drag and drop: lift the top card, follow the pointer, drop it on the place it overlaps most.
//! A card that may not be lifted is refused (it shakes, the toast says why); one let go where
//! nothing takes it is put back (the cards plugin glides it home).

use super::{DRAG_THRESHOLD, DragState, Dragging, KeyboardCursor};
use crate::game::animation::{Busy, Glide, Shake};
use crate::game::cards::{CardView, Mirror};
use crate::game::messages::Overlay;
use crate::game::messages::{Lifted, PutBack, Refusal, Refused, Request};
use crate::game::session::Session;
use crate::game::show_me::ShowMe;
use crate::game::table::{DropHighlight, Table};
use crate::layout::Rect;
use crate::rules::{Move, Place};
use bevy::picking::pointer::PointerPress;
use bevy::prelude::*;
use bevy::window::WindowResized;

pub(super) fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    overlay: Res<State<Overlay>>,
    cards: Query<&CardView>,
    transforms: Query<(&Transform, Option<&Glide>)>,
    mirror: Res<Mirror>,
    session: Res<Session>,
    table: Res<Table>,
    mut state: ResMut<DragState>,
    show_me: Res<ShowMe>,
) {
    if ev.button != PointerButton::Primary
        || *overlay.get() != Overlay::None
        || show_me.takes_input()
    {
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
        told: false,
        targets: if movable {
            position.destinations(session.game.rules(), view.place)
        } else {
            Vec::new()
        },
    });
}

pub(super) fn on_drag(
    ev: On<Pointer<Drag>>,
    mut commands: Commands,
    mut state: ResMut<DragState>,
    table: Res<Table>,
    session: Res<Session>,
    mut transforms: Query<&mut Transform>,
    mut busy: ResMut<Busy>,
    mut refused: MessageWriter<Refused>,
    mut lifted: MessageWriter<Lifted>,
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
            // A card the rules keep in place: say so once, so the player learns it stays. The
            // press stays the drag's until the release, so that release makes no click.
            if !drag.told
                && let Some(why) = session.game.position().lift_refusal(drag.from)
            {
                refused.write(Refused {
                    place: drag.from,
                    why: Refusal::Illegal(why),
                });
            }
            drag.told = true;
            return;
        }
        drag.lifted = true;
        lifted.write(Lifted);
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
    table: Res<Table>,
    transforms: Query<&Transform>,
    mut requests: MessageWriter<Request>,
    mut put_back: MessageWriter<PutBack>,
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
    drop_card(&drag, &table, &transforms, &mut requests, &mut put_back);
}

/// Where a dragged card released at `centre` lands: the accepting place it overlaps most, if it
/// overlaps that more than its own place; failing any overlap at all, the nearest accepting
/// place within half a card. Over its own place (or as near it as to any other), or over
/// nothing, it goes home: only a release over a place that takes it makes a move.
pub fn drop_target(drag: &Dragging, centre: Vec2, table: &Table) -> Option<Place> {
    let card = Rect::new(centre.x, centre.y, table.card_w, table.card_h);
    let overlap = |p: Place, reach: f32| table.footprint(p).inflate(reach).overlap_area(&card);
    let best_of = |reach: f32| {
        drag.targets
            .iter()
            .map(|&p| (p, overlap(p, reach)))
            .filter(|(_, area)| *area > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1))
    };
    let home = overlap(drag.from, 0.0);
    if let Some((place, area)) = best_of(0.0) {
        return (area > home).then_some(place);
    }
    if home > 0.0 {
        return None;
    }
    let reach = table.card_w * 0.5;
    let (place, area) = best_of(reach)?;
    (area > overlap(drag.from, reach)).then_some(place)
}

/// Drops the dragged card where it is now: a request for its target, or back home.
fn drop_card(
    drag: &Dragging,
    table: &Table,
    transforms: &Query<&Transform>,
    requests: &mut MessageWriter<Request>,
    put_back: &mut MessageWriter<PutBack>,
) {
    let centre = transforms
        .get(drag.entity)
        .map(|t| t.translation.truncate())
        .unwrap_or_default();
    match drop_target(drag, centre, table).and_then(|to| Move::between(drag.from, to)) {
        Some(m) => {
            requests.write(Request::Play(m));
        }
        None => {
            put_back.write(PutBack(drag.entity));
        }
    }
}

/// A drag whose release never arrived (the pointer left the window, a key, a right click or a
/// resize interrupted it) ends here: the card drops where it is, or goes home.
pub(super) fn end_lost_drags(
    mut state: ResMut<DragState>,
    pointers: Query<&PointerPress>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut resized: MessageReader<WindowResized>,
    table: Res<Table>,
    transforms: Query<&Transform>,
    mut requests: MessageWriter<Request>,
    mut put_back: MessageWriter<PutBack>,
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
        put_back.write(PutBack(drag.entity));
    } else {
        drop_card(&drag, &table, &transforms, &mut requests, &mut put_back);
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
