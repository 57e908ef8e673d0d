//! The cards in hand: the drag that `input/drag` starts, moves and ends, here below the steps
//! that read it (the assistant waits while the player holds cards; the probe reports it).

use crate::patience::{Move, Place};
use bevy::prelude::*;

/// The card being dragged, if any.
#[derive(Resource, Default, Debug)]
pub struct DragState {
    pub drag: Option<Dragging>,
}

#[derive(Debug, Clone)]
pub struct Dragging {
    /// The card taken hold of.
    pub entity: Entity,
    /// It and the cards on it, bottom first, each with its offset from it.
    pub hand: Vec<(Entity, Vec2)>,
    pub from: Place,
    /// Card centre minus pointer, in table coordinates, at the press.
    pub grab: Vec2,
    /// Past the threshold and lifted (else it may still be a click).
    pub lifted: bool,
    /// The rules keep this card in place (the press is still the drag's, to its release).
    pub refused: bool,
    /// The refusal was said (once per press).
    pub told: bool,
    /// The places that would take the cards, each with the move that takes them there.
    pub targets: Vec<(Place, Move)>,
    /// The places that would not, each with the move there: let go over one, the cards go
    /// home and the rules say why not ("No room to move them…").
    pub refusals: Vec<(Place, Move)>,
}
