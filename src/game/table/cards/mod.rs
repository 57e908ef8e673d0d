//! The card entities (104: enough for any patience; those a patience does not use are spare and
//! hidden). Each mirrors where the rules say its card lies; when the rules change the table, the
//! cards that moved glide to their new places.

use crate::game::draw::art::{CardAtlas, LiftShadow};
use crate::game::draw::backdrop::Still;
use crate::game::messages::{GameChanged, PutBack, Refused, Step};
use crate::game::session::Session;
use crate::game::table::Table;
use crate::game::table::animation::{Facing, Glide, Shake, Speed};
use crate::game::theme::Palette;
use crate::patience::layout::MAX_DEPTH_EDGES;
use crate::patience::{Card, Game, Place, Shape, Slot, Status};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// Card entities spawned: two decks, the most any patience uses.
const CARD_ENTITIES: u8 = 104;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Mirror>()
        .add_systems(Startup, spawn_cards)
        .add_systems(
            Update,
            (
                follow_changes,
                put_back_and_refuse,
                celebrate,
                (dress_cards, snap_to_layout).run_if(resource_changed::<CardAtlas>),
            )
                .chain()
                .in_set(Step::Mirror),
        )
        .add_systems(
            PostUpdate,
            (show_sides, hide_covered, lift_shadows)
                .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
}

/// A card on the table: which card it is, where it lies and whether it shows its face.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct CardView {
    pub card: Card,
    pub place: Place,
    /// 0 at the bottom of its place.
    pub index: usize,
    pub face_up: bool,
}

/// The card entities at each place, bottom to top, mirroring the rules' position, and the
/// spare ones the patience in play does not use.
#[derive(Resource, Default)]
pub struct Mirror {
    piles: BTreeMap<Place, Vec<Entity>>,
    /// How many cards at the bottom of each place are face down (a fan steps them tighter).
    face_down: BTreeMap<Place, usize>,
    spare: Vec<Entity>,
}

impl Mirror {
    pub fn pile(&self, place: Place) -> &[Entity] {
        self.piles.get(&place).map_or(&[], Vec::as_slice)
    }

    pub fn top(&self, place: Place) -> Option<Entity> {
        self.pile(place).last().copied()
    }

    pub fn face_down(&self, place: Place) -> usize {
        self.face_down.get(&place).copied().unwrap_or(0)
    }

    /// The places, in the patience's order.
    pub fn places(&self) -> impl Iterator<Item = Place> + '_ {
        self.piles.keys().copied()
    }

    /// Follows the game: each place keeps the entities of the cards still there from the
    /// bottom; the cards that moved are matched by card to the entities that left their places
    /// (so each flies from where it was), then to spare ones.
    fn follow(&mut self, game: &dyn Game, entities: &[(Entity, Card)]) {
        let cards: std::collections::HashMap<Entity, Card> = entities.iter().copied().collect();
        let card_of = |e: &Entity| cards.get(e).copied();
        let wanted: Vec<(Place, Vec<Slot>)> = game
            .places()
            .into_iter()
            .map(|p| (p, game.cards(p)))
            .collect();
        // Spare entities first, so the ones that left a place are taken before them.
        let mut pool: Vec<Vec<Entity>> = vec![Vec::new(); 52];
        let all_known: Vec<Entity> = self
            .piles
            .values()
            .flatten()
            .chain(&self.spare)
            .copied()
            .collect();
        for &(entity, card) in entities {
            if !all_known.contains(&entity) {
                pool[usize::from(card.index())].push(entity);
            }
        }
        for e in std::mem::take(&mut self.spare) {
            if let Some(card) = card_of(&e) {
                pool[usize::from(card.index())].push(e);
            }
        }
        let mut kept: BTreeMap<Place, Vec<Entity>> = BTreeMap::new();
        let old = std::mem::take(&mut self.piles);
        for (place, want) in &wanted {
            let have = old.get(place).map_or(&[][..], Vec::as_slice);
            let same = have
                .iter()
                .zip(want)
                .take_while(|(e, slot)| card_of(e) == Some(slot.card))
                .count();
            for e in &have[same..] {
                if let Some(card) = card_of(e) {
                    pool[usize::from(card.index())].push(*e);
                }
            }
            kept.insert(*place, have[..same].to_vec());
        }
        // Entities of places the patience no longer has (another patience) are free too.
        for (place, entities) in &old {
            if !kept.contains_key(place) {
                for e in entities {
                    if let Some(card) = card_of(e) {
                        pool[usize::from(card.index())].push(*e);
                    }
                }
            }
        }
        self.face_down.clear();
        for (place, want) in &wanted {
            let pile = kept.entry(*place).or_default();
            for slot in &want[pile.len()..] {
                if let Some(e) = pool[usize::from(slot.card.index())].pop() {
                    pile.push(e);
                }
            }
            let down = want.iter().take_while(|s| !s.face_up).count();
            self.face_down.insert(*place, down);
        }
        self.piles = kept;
        self.spare = pool.into_iter().flatten().collect();
    }
}

/// The slot a card should occupy: its rectangle's centre and its height in the stack.
pub fn slot_translation(table: &Table, mirror: &Mirror, place: Place, index: usize) -> Vec3 {
    let len = mirror.pile(place).len();
    let r = table.card_rect(place, index, len, mirror.face_down(place));
    Vec3::new(r.x, r.y, 1.0 + index as f32 * 0.01)
}

/// A card the patience in play does not use: hidden, and no place.
#[derive(Component)]
pub struct Spare;

fn spawn_cards(mut commands: Commands) {
    // Every card exists for the whole run; `follow_changes` puts them in place.
    for i in 0..CARD_ENTITIES {
        let card = Card::from_index(i % 52).expect("index < 52");
        commands.spawn((
            CardView {
                card,
                place: Place::Stock,
                index: 0,
                face_up: false,
            },
            Facing(false),
            Transform::default(),
            Visibility::default(),
        ));
    }
}

/// Gives every card its sprite from the atlas (again, after the card size changes), and the
/// shadow it casts when lifted.
fn dress_cards(
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

/// After a resize, every card goes straight to its slot.
fn snap_to_layout(
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
fn follow_changes(
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
    // Every card whose slot changed glides there; a new deal flies out from the stock in order.
    let stock = table.rect(Place::Stock);
    let mut order = 0;
    let places: Vec<Place> = mirror.places().collect();
    for place in places {
        let pile = mirror.pile(place).to_vec();
        let down = mirror.face_down(place);
        for (index, &entity) in pile.iter().enumerate() {
            let Ok((_, mut view, transform)) = cards.get_mut(entity) else {
                continue;
            };
            let target = slot_translation(&table, &mirror, place, index);
            let face_up = index >= down;
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
fn put_back_and_refuse(
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
fn celebrate(
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
    let (cx, cy, a, b) = table.wheel;
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

/// Shows the face or the back, as the card's [`Facing`] says (a flip changes it mid-turn).
fn show_sides(
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
/// the cards that show: a Zodiac pile's depth edges, the top two elsewhere. Moving cards always
/// show. A card that does not move rests: it may be laid onto the backdrop (`backdrop::Still`).
fn hide_covered(
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
fn lift_shadows(
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
