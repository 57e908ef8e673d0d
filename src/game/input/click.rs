//! Clicks: a card goes to its best legal place (the session works out which, against the game
//! as it is when it reads the request); a second click on a Zodiac pile, or a right click,
//! opens it in the inspector instead. Where cards go out in pairs, a click picks a card up and
//! a click on its partner pairs them.

use super::keyboard::KeyboardCursor;
use super::picking::place_of;
use super::{DOUBLE_CLICK, DragState};
use crate::game::assistance::show_me::ShowMe;
use crate::game::messages::Overlay;
use crate::game::messages::{Inspect, Request};
use crate::game::session::Session;
use crate::game::table::PlaceMarker;
use crate::game::table::cards::CardView;
use crate::game::table::cards::Mirror;
use crate::patience::Place;
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
    session: Res<Session>,
    mirror: Res<Mirror>,
    mut cursor: ResMut<KeyboardCursor>,
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
    let inspects = session.game.inspects(place);
    if ev.button == PointerButton::Secondary {
        if inspects {
            inspect.write(Inspect(place));
        } else if !matches!(place, Place::Stock | Place::Foundation(_)) {
            requests.write(Request::Home(place));
        }
        return;
    }
    // How deep in its place the clicked card lies (0: the top card, or the place itself).
    let depth = cards.get(ev.entity).map_or(0, |view| {
        let pile = mirror.pile(place);
        let index = pile
            .iter()
            .position(|&e| e == ev.entity)
            .unwrap_or(view.index);
        pile.len().saturating_sub(index + 1)
    });
    if ev.button != PointerButton::Primary {
        return;
    }
    // Cards that go out in pairs: the first click picks one up (as Enter does, its partners
    // lit), the second, on a partner, pairs them; a click on the picked card puts it down.
    let game = session.game.as_ref();
    if let Some(from) = cursor.picked.filter(|&from| game.click_picks(from)) {
        (cursor.picked, cursor.at) = (None, None);
        *last = LastClick::default();
        if from == place {
            return;
        }
        if game.destinations(from, 1).contains(&place)
            && let Some(m) = game.between(from, place, 1)
        {
            requests.write(Request::Play(m));
            return;
        }
    }
    if depth == 0 && game.click_picks(place) {
        (cursor.picked, cursor.at) = (Some(place), Some(place));
        *last = LastClick::default();
        return;
    }
    // The second click on the same pile that inspects opens it, and never makes a second move.
    let now = Instant::now();
    let double = last.place == Some(place)
        && last
            .at
            .is_some_and(|t| now.duration_since(t) <= DOUBLE_CLICK);
    *last = LastClick {
        place: Some(place),
        at: Some(now),
    };
    // Elsewhere each click counts on its own: the first click of a double-click already sent
    // its card to its best place, a foundation first.
    if double && inspects {
        *last = LastClick::default();
        inspect.write(Inspect(place));
        return;
    }
    if double && depth == 0 {
        requests.write(Request::Second(place));
    } else {
        requests.write(Request::Best(place, depth));
    }
}
