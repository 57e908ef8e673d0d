//! Hints: H or the Hint button asks the rules for a move worth making; the card's place and
//! its destination light up in the hint colour (not the drop colour, not a shake) until the
//! game changes, and the toast says it in words.

use super::messages::{AskHint, GameChanged, Step, Toast};
use super::session::Session;
use super::table::HintHighlight;
use crate::rules::{Move, Place};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_hint.in_set(Step::Present));
}

/// A place named as the toast says it.
pub fn place_name(place: Place) -> String {
    match place {
        Place::Stock => "the stock".to_string(),
        Place::Waste => "the waste".to_string(),
        Place::Equator(e) => format!("Equator cell e{e}"),
        Place::Zodiac(z) => format!("Zodiac pile z{z}"),
        Place::Foundation(f) => format!("foundation f{f}"),
    }
}

fn describe(m: Move, session: &Session) -> String {
    let p = session.game.position();
    let card = p.moving_card(m).map(|c| c.to_string()).unwrap_or_default();
    match m {
        Move::Turn => "Only turning the stock is left: turn a card.".into(),
        Move::Redeal => "Only the waste is left: turn it over into the stock.".into(),
        m => format!(
            "Hint: {card} from {} to {}.",
            place_name(m.from()),
            place_name(m.to())
        ),
    }
}

fn show_hint(
    mut asks: MessageReader<AskHint>,
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    mut toasts: MessageWriter<Toast>,
    mut highlights: Query<(&HintHighlight, &mut Visibility)>,
) {
    let asked = asks.read().count() > 0;
    let changed = changes.read().count() > 0;
    if !asked && !changed {
        return;
    }
    // The game changed: an old hint no longer holds.
    let mut lit: Vec<Place> = Vec::new();
    if asked {
        match session.game.position().hint(session.game.rules()) {
            Some(m) => {
                lit = match m {
                    Move::Turn | Move::Redeal => vec![Place::Stock],
                    m => vec![m.from(), m.to()],
                };
                toasts.write(Toast(describe(m, &session)));
            }
            None => {
                toasts.write(Toast("No move is left.".into()));
            }
        }
    }
    for (h, mut v) in &mut highlights {
        v.set_if_neq(if lit.contains(&h.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
