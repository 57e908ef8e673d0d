//! Hit-testing for Bevy picking: a backend over the layout, so cards and places are hit exactly where they are drawn.

use super::Hitbox;
use crate::game::table::animation::Glide;
use crate::game::table::cards::CardView;
use crate::game::table::{PlaceMarker, Table};
use crate::patience::{Place, Rect};
use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::entity::ContainsEntity;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Hit-tests every entity with a [`Hitbox`] under the mouse pointer; higher z is nearer.
pub(super) fn hit_test(
    pointers: Query<(&PointerId, &PointerLocation)>,
    windows: Query<Entity, With<PrimaryWindow>>,
    cameras: Query<Entity, With<Camera2d>>,
    table: Res<Table>,
    targets: Query<(
        Entity,
        &GlobalTransform,
        &Hitbox,
        &InheritedVisibility,
        Option<&Glide>,
    )>,
    mut hits: MessageWriter<PointerHits>,
) {
    let (Ok(window), Some(camera)) = (windows.single(), cameras.iter().next()) else {
        return;
    };
    for (&pointer, location) in &pointers {
        let Some(location) = location.location() else {
            continue;
        };
        let NormalizedRenderTarget::Window(target) = &location.target else {
            continue;
        };
        if target.entity() != window {
            continue;
        }
        let (x, y) = table.window_to_table(location.position.x, location.position.y);
        // A card on its way is hit where it is going (cards have no parent, so its glide's
        // end is in table coordinates): a click on a place acts on the card landing there,
        // never on one just leaving it.
        let picks: Vec<(Entity, HitData)> = targets
            .iter()
            .filter_map(|(entity, gt, hitbox, visible, glide)| {
                let p = glide.map_or(gt.translation(), Glide::target);
                (visible.get() && Rect::new(p.x, p.y, hitbox.w, hitbox.h).contains(x, y))
                    .then_some((entity, p.z))
            })
            .map(|(entity, z)| {
                (
                    entity,
                    HitData::new(camera, 1000.0 - z, Some(Vec3::new(x, y, z)), None),
                )
            })
            .collect();
        if !picks.is_empty() {
            hits.write(PointerHits::new(pointer, picks, 0.0));
        }
    }
}

/// Cards and places are hit where they are drawn: a card's rectangle, a place's footprint.
pub(super) fn fit_hitboxes(
    mut commands: Commands,
    table: Res<Table>,
    cards: Query<Entity, With<CardView>>,
    new_cards: Query<Entity, Added<CardView>>,
    markers: Query<(Entity, &PlaceMarker), Added<PlaceMarker>>,
) {
    let card = Hitbox {
        w: table.card_w,
        h: table.card_h,
    };
    if table.is_changed() {
        for e in &cards {
            commands.entity(e).insert(card);
        }
    } else {
        for e in &new_cards {
            commands.entity(e).insert(card);
        }
    }
    for (e, marker) in &markers {
        let r = table.rect(marker.0);
        commands.entity(e).insert(Hitbox { w: r.w, h: r.h });
    }
}

/// The place an entity stands for: a card's place, or a place marker's.
pub(super) fn place_of(
    entity: Entity,
    cards: &Query<&CardView>,
    markers: &Query<&PlaceMarker>,
) -> Option<Place> {
    cards
        .get(entity)
        .map(|v| v.place)
        .ok()
        .or_else(|| markers.get(entity).map(|m| m.0).ok())
}
