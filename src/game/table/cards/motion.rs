//! The cards following the game: each change from the session moves entities between places and
//! starts their glides and flips; a card put back glides home, a refused one shakes; a resize
//! puts every card straight in its slot; a win sends them all round the table.

use super::*;
use crate::game::messages::{GameChanged, PutBack, Refused};
use crate::game::session::Session;
use crate::game::settings::Speed;
use crate::game::table::animation::{Glide, Shake};
use crate::patience::Status;
use crate::patience::layout::Ellipse;

/// After a resize, every card goes straight to its slot.
pub(super) fn snap_to_layout(
    mut commands: Commands,
    table: Res<Table>,
    mirror: Res<Mirror>,
    mut cards: Query<(
        Entity,
        &CardView,
        &mut Transform,
        &mut Facing,
        Option<&mut Glide>,
    )>,
) {
    for (entity, view, mut transform, mut facing, glide) in &mut cards {
        let slot = slot_translation(&table, &mirror, view.place, view.index);
        // A card on its way keeps going, to where its place now is.
        if let Some(mut glide) = glide {
            glide.retarget(slot);
            continue;
        }
        transform.translation = slot;
        transform.scale = Vec3::ONE;
        facing.set_if_neq(Facing(view.face_up));
        commands.entity(entity).remove::<Shake>();
    }
}

/// Mirrors each change from the session: moves entities between places and starts their glides.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow_changes(
    mut commands: Commands,
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    table: Res<Table>,
    speed: Res<Speed>,
    mut mirror: ResMut<Mirror>,
    mut cards: Query<(Entity, &mut CardView, &Transform)>,
) {
    let mut dealt = false;
    let mut any = false;
    for change in changes.read() {
        any = true;
        dealt |= matches!(change, GameChanged::Dealt);
    }
    if !any {
        return;
    }
    if dealt {
        // A new table: every card flies out from the stock afresh.
        mirror.piles.clear();
    }
    let entities: Vec<(Entity, Card)> = cards.iter().map(|(e, v, _)| (e, v.card)).collect();
    mirror.follow(session.game.as_ref(), &entities);
    // Every card whose slot changed glides there; a new deal flies out from the stock in order
    // (from the top of the table where the patience has no stock).
    let stock = if table.has(Place::Stock) {
        table.rect(Place::Stock)
    } else {
        let top = table.table.top();
        crate::patience::Rect::new(0.0, top, table.card_w, table.card_h)
    };
    let mut order = 0;
    let places: Vec<Place> = mirror.places().collect();
    for place in places {
        let pile = mirror.pile(place).to_vec();
        for (index, &entity) in pile.iter().enumerate() {
            let Ok((_, mut view, transform)) = cards.get_mut(entity) else {
                continue;
            };
            let target = slot_translation(&table, &mirror, place, index);
            let face_up = mirror.face_up(place, index);
            let moved = view.place != place
                || view.index != index
                || transform.translation.truncate() != target.truncate();
            let flipped = view.face_up != face_up;
            *view = CardView {
                card: view.card,
                place,
                index,
                face_up,
            };
            commands.entity(entity).remove::<Spare>();
            if dealt && place != Place::Stock {
                let from = Vec3::new(stock.x, stock.y, target.z);
                let delay = order as f32 * 0.02;
                order += 1;
                commands.entity(entity).insert(
                    Glide::new(from, target, &table, &speed)
                        .delayed(delay)
                        .flipping(face_up),
                );
            } else if moved || flipped {
                let glide = Glide::new(transform.translation, target, &table, &speed);
                commands.entity(entity).insert(if flipped {
                    glide.flipping(face_up)
                } else {
                    glide
                });
            }
        }
    }
    for &entity in &mirror.spare {
        commands
            .entity(entity)
            .insert(Spare)
            .remove::<(Glide, Shake)>();
    }
}

/// What did not happen, shown: a card put back glides home; a refused card shakes where it
/// lies, or, if it was let go somewhere else, glides home.
pub(super) fn put_back_and_refuse(
    mut commands: Commands,
    mut put_back: MessageReader<PutBack>,
    mut refused: MessageReader<Refused>,
    mirror: Res<Mirror>,
    table: Res<Table>,
    speed: Res<Speed>,
    cards: Query<(&CardView, &Transform, Has<Glide>)>,
) {
    let mut send_home = |entity: Entity, shake: bool| {
        let Ok((view, transform, gliding)) = cards.get(entity) else {
            return;
        };
        let home = slot_translation(&table, &mirror, view.place, view.index);
        if transform.translation.truncate().distance(home.truncate()) > 0.5 {
            commands.entity(entity).insert((
                Glide::new(transform.translation, home, &table, &speed),
                Transform::from_translation(transform.translation),
            ));
        } else if !gliding {
            // Home already (put back where it was lifted): set down at once, at its height in
            // the pile, at its size, without the shadow, so it rests and is laid again.
            if *transform != Transform::from_translation(home) {
                commands
                    .entity(entity)
                    .insert(Transform::from_translation(home));
            }
            if shake {
                commands.entity(entity).insert(Shake::default());
            }
        }
    };
    for PutBack(entity) in put_back.read() {
        send_home(*entity, false);
    }
    for r in refused.read() {
        if let Some(top) = mirror.top(r.place) {
            send_home(top, true);
        }
    }
}

/// A win: every card flies off the foundations to form one great wheel around the table.
pub(super) fn celebrate(
    mut commands: Commands,
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    table: Res<Table>,
    speed: Res<Speed>,
    mirror: Res<Mirror>,
    cards: Query<&Transform, With<CardView>>,
) {
    let won_now = changes.read().any(|c| {
        matches!(
            c,
            GameChanged::Played(_) | GameChanged::Auto(_) | GameChanged::Redone(_)
        )
    });
    if !won_now || session.game.status() != Status::Won {
        return;
    }
    let Ellipse { x: cx, y: cy, a, b } = table.wheel;
    let entities: Vec<Entity> = mirror
        .places()
        .filter(|p| matches!(p, Place::Foundation(_)))
        .flat_map(|f| mirror.pile(f).to_vec())
        .collect();
    let n = entities.len().max(1) as f32;
    let slow = Speed(speed.0.max(0.5) * 3.0);
    for (i, entity) in entities.into_iter().enumerate() {
        let Ok(transform) = cards.get(entity) else {
            continue;
        };
        let t = i as f32 / n * std::f32::consts::TAU;
        let target = Vec3::new(cx + a * t.sin(), cy + b * t.cos(), 60.0 + i as f32 * 0.01);
        let glide = Glide::new(transform.translation, target, &table, &slow)
            .delayed(1.0 + i as f32 * 0.015);
        commands.entity(entity).insert(glide);
    }
}
