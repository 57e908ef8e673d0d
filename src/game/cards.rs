//! The 104 card entities. Each mirrors where the rules say its card lies; when the rules change
//! the table, the cards that moved glide to their new places.

use super::animation::{Facing, Glide, Shake, Speed};
use super::art::{CardAtlas, LiftShadow};
use super::backdrop::Still;
use super::messages::{GameChanged, PutBack, Refused, Step};
use super::session::Session;
use super::table::Table;
use super::theme::Palette;
use crate::layout::place_index;
use crate::rules::{Card, Move, Place, Position, Rules};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
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

/// The card entities at each place, bottom to top, mirroring the rules' position.
#[derive(Resource, Default)]
pub struct Mirror {
    piles: Vec<Vec<Entity>>,
}

impl Mirror {
    pub fn pile(&self, place: Place) -> &[Entity] {
        self.piles
            .get(place_index(place))
            .map_or(&[], Vec::as_slice)
    }

    pub fn top(&self, place: Place) -> Option<Entity> {
        self.pile(place).last().copied()
    }

    fn pile_mut(&mut self, place: Place) -> &mut Vec<Entity> {
        if self.piles.len() < 42 {
            self.piles.resize(42, Vec::new());
        }
        &mut self.piles[place_index(place)]
    }

    /// Moves the top entity of `from` onto `to`.
    fn shift(&mut self, from: Place, to: Place) {
        if let Some(e) = self.pile_mut(from).pop() {
            self.pile_mut(to).push(e);
        }
    }

    /// Mirrors one move (or its undoing) without asking the rules again.
    fn apply(&mut self, m: Move, undo: bool) {
        match (m, undo) {
            (Move::Redeal, false) => {
                let waste = std::mem::take(self.pile_mut(Place::Waste));
                *self.pile_mut(Place::Stock) = waste.into_iter().rev().collect();
            }
            (Move::Redeal, true) => {
                let stock = std::mem::take(self.pile_mut(Place::Stock));
                *self.pile_mut(Place::Waste) = stock.into_iter().rev().collect();
            }
            (m, false) => self.shift(m.from(), m.to()),
            (m, true) => self.shift(m.to(), m.from()),
        }
    }
}

/// The slot a card should occupy: its rectangle's centre and its height in the stack.
pub fn slot_translation(table: &Table, place: Place, index: usize, len: usize) -> Vec3 {
    let r = table.card_rect(place, len.saturating_sub(index + 1));
    Vec3::new(r.x, r.y, 1.0 + index as f32 * 0.01)
}

fn spawn_cards(mut commands: Commands) {
    // Every card exists for the whole run; `follow_changes` puts them in place.
    for i in 0..104u8 {
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
        let len = mirror.pile(view.place).len();
        let slot = slot_translation(&table, view.place, view.index, len);
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
        match change {
            GameChanged::Played(m) | GameChanged::Auto(m) | GameChanged::Redone(m) => {
                mirror.apply(*m, false)
            }
            GameChanged::Undone(m) => mirror.apply(*m, true),
            GameChanged::Dealt => dealt = true,
            GameChanged::Nothing => {}
        }
    }
    if !any {
        return;
    }
    let position = session.game.position();
    let rules = session.game.rules();
    if dealt || !mirror_matches(&mirror, &cards, position, rules) {
        if !dealt {
            warn!("card entities out of step with the rules; laying them out afresh");
        }
        rebuild(&mut mirror, &cards, position, rules);
    }
    // Every card whose slot changed glides there; a new deal flies out from the stock in order.
    let stock = table.rect(Place::Stock);
    let mut order = 0;
    for place in Place::all() {
        let pile = mirror.pile(place).to_vec();
        for (index, &entity) in pile.iter().enumerate() {
            let Ok((_, mut view, transform)) = cards.get_mut(entity) else {
                continue;
            };
            let target = slot_translation(&table, place, index, pile.len());
            let face_up = place != Place::Stock;
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
        let len = mirror.pile(view.place).len();
        let home = slot_translation(&table, view.place, view.index, len);
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
    if !won_now || session.game.status() != crate::rules::Status::Won {
        return;
    }
    let (cx, cy) = table.ring_center();
    let entities: Vec<Entity> = (0..8)
        .flat_map(|f| mirror.pile(Place::Foundation(f)).to_vec())
        .collect();
    let slow = Speed(speed.0.max(0.5) * 3.0);
    for (i, entity) in entities.into_iter().enumerate() {
        let Ok(transform) = cards.get(entity) else {
            continue;
        };
        let t = i as f32 / 104.0 * std::f32::consts::TAU;
        let target = Vec3::new(
            cx + table.ring_a * 0.82 * t.sin(),
            cy + table.ring_b * 0.8 * t.cos(),
            60.0 + i as f32 * 0.01,
        );
        let glide = Glide::new(transform.translation, target, &table, &slow)
            .delayed(1.0 + i as f32 * 0.015);
        commands.entity(entity).insert(glide);
    }
}

fn mirror_matches(
    mirror: &Mirror,
    cards: &Query<(Entity, &mut CardView, &Transform)>,
    position: &Position,
    rules: &Rules,
) -> bool {
    Place::all().all(|place| {
        let want = position.cards_at(rules, place);
        let have = mirror.pile(place);
        want.len() == have.len()
            && have
                .iter()
                .zip(&want)
                .all(|(e, c)| cards.get(*e).is_ok_and(|(_, v, _)| v.card == *c))
    })
}

/// Assigns entities to places from scratch, matching them by card.
fn rebuild(
    mirror: &mut Mirror,
    cards: &Query<(Entity, &mut CardView, &Transform)>,
    position: &Position,
    rules: &Rules,
) {
    let mut pool: Vec<Vec<Entity>> = vec![Vec::new(); 52];
    for (entity, view, _) in cards.iter() {
        pool[usize::from(view.card.index())].push(entity);
    }
    for place in Place::all() {
        let pile = mirror.pile_mut(place);
        pile.clear();
        for card in position.cards_at(rules, place) {
            if let Some(e) = pool[usize::from(card.index())].pop() {
                pile.push(e);
            }
        }
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
    mut cards: Query<(
        &CardView,
        &Transform,
        &mut Visibility,
        Option<&mut Still>,
        Has<Glide>,
        Has<Shake>,
    )>,
) {
    for (view, transform, mut visibility, still, gliding, shaking) in &mut cards {
        let len = mirror.pile(view.place).len();
        let keep = match view.place {
            Place::Zodiac(_) => crate::layout::MAX_DEPTH_EDGES + 1,
            _ => 2,
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
