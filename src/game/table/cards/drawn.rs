//! How the cards are drawn: each card's sprite cut from the atlas, its face or its back, the
//! cards buried in a pile hidden (and the resting ones marked for the backdrop), the shadow
//! of a lifted card.

use super::*;
use crate::game::draw::art::LiftShadow;
use crate::game::draw::backdrop::Still;
use crate::game::table::animation::{Glide, Shake};
use crate::game::theme::Palette;
use crate::patience::Shape;
use crate::patience::layout::MAX_DEPTH_EDGES;

/// Gives every card its sprite from the atlas (again, after the card size changes), and the
/// shadow it casts when lifted.
pub(super) fn dress_cards(
    mut commands: Commands,
    atlas: Res<CardAtlas>,
    cards: Query<(Entity, &CardView, &Facing)>,
) {
    for (entity, view, facing) in &cards {
        commands
            .entity(entity)
            .insert((
                atlas.sprite(view.card, facing.0),
                Still {
                    texels: atlas.texels.clone(),
                    resting: false,
                },
            ))
            .despawn_related::<Children>()
            .with_children(|parent| {
                parent.spawn((
                    LiftShadow,
                    Sprite {
                        image: atlas.shadow.clone(),
                        custom_size: Some(atlas.shadow_size),
                        color: Palette::SHADOW,
                        ..default()
                    },
                    Transform::from_xyz(atlas.w * 0.09, -atlas.h * 0.07, -0.004),
                    Visibility::Hidden,
                ));
            });
    }
}

/// Shows the face or the back, as the card's [`Facing`] says (a flip changes it mid-turn).
pub(super) fn show_sides(
    atlas: Option<Res<CardAtlas>>,
    mut cards: Query<(&Facing, &CardView, &mut Sprite), Changed<Facing>>,
) {
    let Some(atlas) = atlas else { return };
    for (facing, view, mut sprite) in &mut cards {
        let cell = Some(atlas.cell(view.card, facing.0));
        if sprite.rect != cell {
            sprite.rect = cell;
        }
    }
}

/// Cards buried under others are not drawn (software rendering pays for every one); a pile keeps
/// the cards that show: a Zodiac pile's depth edges, a spread's cards and the one under them,
/// the top two elsewhere (the second shows as the top one leaves). Moving cards always show.
/// A card that does not move rests: it may be laid onto the backdrop (`backdrop::Still`).
pub(super) fn hide_covered(
    mirror: Res<Mirror>,
    table: Res<Table>,
    mut cards: Query<(
        &CardView,
        Has<Spare>,
        &Transform,
        &mut Visibility,
        Option<&mut Still>,
        Has<Glide>,
        Has<Shake>,
    )>,
) {
    for (view, spare, transform, mut visibility, still, gliding, shaking) in &mut cards {
        if spare {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let len = mirror.pile(view.place).len();
        let keep = match table.shape(view.place) {
            Shape::Squared => MAX_DEPTH_EDGES + 1,
            Shape::Fanned { .. } => len,
            Shape::Spread { shown, .. } => shown + 1,
            Shape::Stacked => 2,
        };
        let lifted = transform.translation.z >= 50.0;
        let moving = gliding || shaking || lifted;
        if let Some(mut still) = still
            && still.resting == moving
        {
            still.resting = !moving;
        }
        let shown = moving || view.index + keep >= len;
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// A card in the hand casts a soft shadow on the table.
pub(super) fn lift_shadows(
    cards: Query<(&Transform, &Children), (With<CardView>, Changed<Transform>)>,
    mut shadows: Query<&mut Visibility, With<LiftShadow>>,
) {
    for (transform, children) in &cards {
        let lifted = transform.translation.z >= 100.0;
        for child in children.iter() {
            if let Ok(mut v) = shadows.get_mut(child) {
                v.set_if_neq(if lifted {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}
