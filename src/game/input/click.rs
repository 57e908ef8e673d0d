//! Clicks: a card goes to its best legal place (the session works out which, against the game
//! as it is when it reads the request); a second click on a Zodiac pile, or a right click,
//! opens it in the inspector instead.

use super::picking::place_of;
use super::{DOUBLE_CLICK, DragState};
use crate::game::cards::CardView;
use crate::game::messages::Overlay;
use crate::game::messages::{Inspect, Request};
use crate::game::show_me::ShowMe;
use crate::game::table::PlaceMarker;
use crate::rules::Place;
use bevy::prelude::*;
use std::time::Instant;

/// The last click, for double-clicks.
#[derive(Resource, Default, Debug)]
pub(super) struct LastClick {
    place: Option<Place>,
    at: Option<Instant>,
}

pub(super) fn on_click(
    ev: On<Pointer<Click>>,
    overlay: Res<State<Overlay>>,
    state: Res<DragState>,
    cards: Query<&CardView>,
    markers: Query<&PlaceMarker>,
    mut last: ResMut<LastClick>,
    mut requests: MessageWriter<Request>,
    mut inspect: MessageWriter<Inspect>,
    show_me: Res<ShowMe>,
) {
    if *overlay.get() != Overlay::None || show_me.takes_input() {
        return;
    }
    // A click that ended a real drag is the drag's business.
    if state.drag.as_ref().is_some_and(|d| d.lifted || d.refused) {
        return;
    }
    let Some(place) = place_of(ev.entity, &cards, &markers) else {
        return;
    };
    if ev.button == PointerButton::Secondary {
        if matches!(place, Place::Zodiac(_)) {
            inspect.write(Inspect(place));
        }
        return;
    }
    if ev.button != PointerButton::Primary {
        return;
    }
    // The second click on the same Zodiac pile opens it, and never makes a second move.
    let now = Instant::now();
    let double = last.place == Some(place)
        && last
            .at
            .is_some_and(|t| now.duration_since(t) <= DOUBLE_CLICK);
    *last = LastClick {
        place: Some(place),
        at: Some(now),
    };
    if double && matches!(place, Place::Zodiac(_)) {
        *last = LastClick::default();
        inspect.write(Inspect(place));
        return;
    }
    requests.write(Request::Best(place));
}
