//! Drag and drop: lift the top card, follow the pointer, drop it on the place it overlaps most.
//! A card that may not be lifted is refused (it shakes, the toast says why); one let go where
//! nothing takes it is put back (the cards plugin glides it home).

use super::{DRAG_THRESHOLD, DragState, Dragging, KeyboardCursor};
use crate::game::assistance::show_me::ShowMe;
use crate::game::messages::Overlay;
use crate::game::messages::{Lifted, PutBack, Refusal, Refused, Request};
use crate::game::session::Session;
use crate::game::table::animation::{Busy, Glide, Shake};
use crate::game::table::cards::slot_translation;
use crate::game::table::cards::{CardView, Mirror};
use crate::game::table::{DropHighlight, Table};
use crate::patience::{Move, Place, Rect};
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
    let game = session.game.as_ref();
    let pile = mirror.pile(view.place);
    let index = pile
        .iter()
        .position(|&e| e == ev.entity)
        .unwrap_or(view.index);
    let depth = pile.len().saturating_sub(index + 1);
    let (px, py) = table.window_to_table(
        ev.pointer_location.position.x,
        ev.pointer_location.position.y,
    );
    // A card still on its way is taken from where it lands, as the hit test found it.
    let centre = transforms
        .get(ev.entity)
        .map(|(t, glide)| glide.map_or(t.translation, Glide::target).truncate())
        .unwrap_or_default();
    let lift = game.lift(view.place, depth);
    let count = lift.as_ref().map_or(1, |&n| n);
    let home = slot_translation(&table, &mirror, view.place, index).truncate();
    let hand = pile[index..]
        .iter()
        .take(usize::from(count).max(1))
        .enumerate()
        .map(|(i, &e)| {
            let slot = slot_translation(&table, &mirror, view.place, index + i).truncate();
            (e, slot - home)
        })
        .collect();
    let (targets, refusals) = match lift {
        Ok(n) => {
            let targets = game.destinations(view.place, n);
            let moves = |to: Place| Some((to, game.between(view.place, to, n)?));
            // Only a move of these very cards: never a turn of the stock or of the waste
            // (the stock and the waste take no card dropped on them).
            let refusals = game
                .places()
                .into_iter()
                .filter(|&to| to != view.place && !targets.contains(&to))
                .filter(|to| !matches!(to, Place::Stock | Place::Waste))
                .filter_map(moves)
                .filter(|(_, m)| m.count == n)
                .collect();
            (targets.into_iter().filter_map(moves).collect(), refusals)
        }
        Err(_) => (Vec::new(), Vec::new()),
    };
    state.drag = Some(Dragging {
        entity: ev.entity,
        hand,
        from: view.place,
        grab: centre - Vec2::new(px, py),
        lifted: false,
        refused: lift.is_err(),
        told: false,
        targets,
        refusals,
    });
}

pub(super) fn on_drag(
    ev: On<Pointer<Drag>>,
    mut commands: Commands,
    mut state: ResMut<DragState>,
    table: Res<Table>,
    session: Res<Session>,
    mirror: Res<Mirror>,
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
            let depth = mirror
                .pile(drag.from)
                .iter()
                .rev()
                .position(|&e| e == drag.entity)
                .unwrap_or(0);
            if !drag.told
                && let Err(Some(why)) = session.game.lift(drag.from, depth)
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
        for &(e, _) in &drag.hand {
            commands.entity(e).remove::<(Glide, Shake)>();
        }
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
            .map(|&(p, _)| (p, overlap(p, reach)))
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
    let chosen = drop_target(drag, centre, table)
        .and_then(|to| drag.targets.iter().find(|(p, _)| *p == to))
        .map(|&(_, m)| m);
    match chosen {
        Some(m) => {
            requests.write(Request::Play(m));
        }
        None => {
            put_back_hand(drag, put_back);
            // Let go over a place that does not take them: the rules say why not.
            if let Some(m) = refused_over(drag, centre, table) {
                requests.write(Request::Play(m));
            }
        }
    }
}

/// The move to the place a hand let go at `centre` covers most, when that place would not take
/// it and the hand covers it more than its own place.
fn refused_over(drag: &Dragging, centre: Vec2, table: &Table) -> Option<Move> {
    let card = Rect::new(centre.x, centre.y, table.card_w, table.card_h);
    let overlap = |p: Place| table.footprint(p).overlap_area(&card);
    let home = overlap(drag.from);
    drag.refusals
        .iter()
        .map(|&(p, m)| (overlap(p), m))
        .filter(|&(area, _)| area > home && area > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, m)| m)
}

/// Every card of the hand goes home.
fn put_back_hand(drag: &Dragging, put_back: &mut MessageWriter<PutBack>) {
    for &(e, _) in &drag.hand {
        put_back.write(PutBack(e));
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
        put_back_hand(&drag, &mut put_back);
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
    let targets: Vec<Place> = match (&state.drag, cursor.picked) {
        (Some(d), _) if d.lifted => d.targets.iter().map(|(p, _)| *p).collect(),
        (_, Some(from)) => (1..=52u8)
            .map_while(|n| session.game.lift(from, usize::from(n) - 1).ok().map(|_| n))
            .flat_map(|n| session.game.destinations(from, n))
            .collect(),
        _ => Vec::new(),
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
