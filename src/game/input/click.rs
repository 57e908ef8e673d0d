//! Clicks: a card goes to its best legal place; a second click on a Zodiac pile (or a right click) opens it.

use super::picking::place_of;
use super::{DOUBLE_CLICK, Denied, DragState, OpenInspector, Overlay};
use crate::game::animation::Shake;
use crate::game::cards::{CardView, Mirror};
use crate::game::session::{Request, Session};
use crate::game::table::PlaceMarker;
use crate::rules::Place;
use bevy::prelude::*;
use std::time::Instant;

#[derive(Resource, Default, Debug)]
pub(super) struct LastClick {
    place: Option<Place>,
    at: Option<Instant>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn on_click(
    ev: On<Pointer<Click>>,
    overlay: Res<Overlay>,
    state: Res<DragState>,
    cards: Query<&CardView>,
    markers: Query<&PlaceMarker>,
    mirror: Res<Mirror>,
    session: Res<Session>,
    mut last: ResMut<LastClick>,
    mut commands: Commands,
    mut requests: MessageWriter<Request>,
    mut denied: MessageWriter<Denied>,
    mut inspect: MessageWriter<OpenInspector>,
) {
    if overlay.0.is_some() {
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
            inspect.write(OpenInspector(place));
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
        inspect.write(OpenInspector(place));
        return;
    }
    let position = session.game.position();
    if let Some(m) = position.best_move_from(session.game.rules(), place)
        && (place == Place::Stock || mirror.top(place).is_some())
    {
        requests.write(Request::Play(m));
        return;
    }
    // Foundations never give cards back: clicking one is not a mistake worth a shake.
    if place != Place::Stock
        && !matches!(place, Place::Foundation(_))
        && let Some(top) = mirror.top(place)
    {
        commands.entity(top).insert(Shake::default());
        denied.write(Denied);
    }
}
