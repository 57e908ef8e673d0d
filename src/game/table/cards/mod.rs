//! The card entities (as many of each card as the patience that uses the most of it has; those
//! the patience in play does not use are spare and hidden). Each mirrors where the rules say its card lies; when the rules change the table, the
//! cards that moved glide to their new places.

mod drawn;
mod motion;

use crate::game::draw::art::CardAtlas;
use crate::game::messages::Step;
use crate::game::session::Patiences;
use crate::game::table::Table;
use crate::game::table::animation::Facing;
use crate::patience::{Card, DealNumber, Game, Patience, Place, Slot};
use bevy::prelude::*;
use drawn::{dress_cards, hide_covered, lift_shadows, show_sides};
use motion::{celebrate, follow_changes, put_back_and_refuse, snap_to_layout};
use std::collections::BTreeMap;

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
    /// Which cards of each place show their face, bottom first: face-down cards need not all
    /// lie at the bottom (Stonewall's columns are dealt face down and face up in turn).
    faces: BTreeMap<Place, Vec<bool>>,
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

    /// Whether the card `index` of a place shows its face.
    pub fn face_up(&self, place: Place, index: usize) -> bool {
        self.faces
            .get(&place)
            .and_then(|f| f.get(index).copied())
            .unwrap_or(true)
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
        self.faces.clear();
        for (place, want) in &wanted {
            let pile = kept.entry(*place).or_default();
            for slot in &want[pile.len()..] {
                if let Some(e) = pool[usize::from(slot.card.index())].pop() {
                    pile.push(e);
                }
            }
            let down = want.iter().take_while(|s| !s.face_up).count();
            self.face_down.insert(*place, down);
            self.faces
                .insert(*place, want.iter().map(|s| s.face_up).collect());
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

/// How many of each card (by index) the patiences deal at the most: a deal of each, under its
/// first rule set, counted.
pub fn cards_needed(patiences: &[&'static dyn Patience]) -> [usize; 52] {
    let mut most = [0; 52];
    for patience in patiences {
        let Some(rules) = patience.rule_sets().into_iter().next() else {
            continue;
        };
        let Ok(game) = patience.new_game(&rules.name, DealNumber::new(1).expect("deal 1")) else {
            continue;
        };
        let mut count = [0; 52];
        for place in game.places() {
            for slot in game.cards(place) {
                count[usize::from(slot.card.index())] += 1;
            }
        }
        for (m, c) in most.iter_mut().zip(count) {
            *m = (*m).max(c);
        }
    }
    most
}

fn spawn_cards(mut commands: Commands, patiences: Res<Patiences>) {
    // Every card exists for the whole run; `follow_changes` puts them in place.
    let needed = cards_needed(&patiences.0);
    for (i, &copies) in needed.iter().enumerate() {
        let card = Card::from_index(i as u8).expect("index < 52");
        for _ in 0..copies {
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
}
