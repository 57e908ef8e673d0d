//! Hints: H or the Hint button shows the next move of the solver's plan. The card's place and
//! its destination light up in the hint colour (not the drop colour, not a shake) until the
//! game changes, and the toast says it in words. When the plan turns the stock first, the toast
//! says how far down the card is and the stock lights up; in a lost position the hint says why,
//! and the lost notice offers to undo to the last winnable position.

use super::messages::{AskHint, CannotWin, GameChanged, Step, Toast};
use super::session::Session;
use super::table::HintHighlight;
use super::verdicts::Verdicts;
use crate::rules::{Card, Move, Place, Position, Rules, Status};
use crate::solver::Verdict;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Before the lost notice, which takes its `CannotWin`.
    app.add_systems(Update, show_hint.in_set(Step::Advise));
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

/// The hint for a winnable position, from the solver's line: the words, and the places to light.
pub fn from_line(position: &Position, rules: &Rules, line: &[Move]) -> (String, Vec<Place>) {
    let Some(&first) = line.first() else {
        return ("The game is won.".into(), Vec::new());
    };
    if !matches!(first, Move::Turn | Move::Redeal) {
        let card = position
            .moving_card(first)
            .map(Card::name)
            .unwrap_or_default();
        let words = format!(
            "Hint: {card} from {} to {}.",
            place_name(first.from()),
            place_name(first.to())
        );
        return (words, vec![first.from(), first.to()]);
    }
    // The plan turns the stock first: say which card it is after, and how far down it is.
    let turns = line
        .iter()
        .take_while(|m| matches!(m, Move::Turn | Move::Redeal))
        .count();
    let over = line[..turns].contains(&Move::Redeal);
    let mut p = *position;
    for &m in &line[..turns] {
        if p.apply(rules, m).is_err() {
            break;
        }
    }
    let card = line
        .get(turns)
        .and_then(|&m| p.moving_card(m))
        .map(Card::name);
    let words = match (card, over) {
        (None, _) => "Hint: turn the stock.".to_string(),
        (Some(card), false) if turns == 1 => format!("Turn the stock: {card} is next."),
        (Some(card), false) => format!("Turn the stock: {card} is {turns} cards down."),
        (Some(card), true) => {
            format!("Turn the stock, and the waste over: {card} comes up in {turns} turns.")
        }
    };
    (words, vec![Place::Stock])
}

#[allow(clippy::too_many_arguments)]
fn show_hint(
    mut asks: MessageReader<AskHint>,
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    verdicts: Res<Verdicts>,
    mut waiting: Local<bool>,
    mut toasts: MessageWriter<Toast>,
    mut lost: MessageWriter<CannotWin>,
    mut highlights: Query<(&HintHighlight, &mut Visibility)>,
) {
    let asked = asks.read().count() > 0;
    let changed = changes.read().count() > 0;
    // The game changed: an old hint no longer holds (and one still being worked out is moot).
    if changed {
        *waiting = false;
        light(&mut highlights, &[]);
    }
    *waiting |= asked;
    if !*waiting {
        return;
    }
    let game = &session.game;
    let Some(verdict) = verdicts.want(game.rules(), game.position()) else {
        return;
    };
    *waiting = false;
    let lit = match &*verdict {
        _ if game.status() == Status::Won => {
            toasts.write(Toast("The game is won.".into()));
            Vec::new()
        }
        Verdict::Winnable { line, .. } => {
            let (words, lit) = from_line(game.position(), game.rules(), line);
            toasts.write(Toast(words));
            lit
        }
        Verdict::Lost { why } => {
            lost.write(CannotWin {
                why: why.clone(),
                after_move: false,
            });
            Vec::new()
        }
        // Outside what the solver decides (a hand-made position): the rules' own hint.
        Verdict::Unknown { .. } => match game.position().hint(game.rules()) {
            Some(m @ (Move::Turn | Move::Redeal)) => {
                toasts.write(Toast(format!("Hint: {m}.")));
                vec![Place::Stock]
            }
            Some(m) => {
                toasts.write(Toast(format!(
                    "Hint: from {} to {}.",
                    place_name(m.from()),
                    place_name(m.to())
                )));
                vec![m.from(), m.to()]
            }
            None => {
                toasts.write(Toast("No move is left.".into()));
                Vec::new()
            }
        },
    };
    light(&mut highlights, &lit);
}

fn light(highlights: &mut Query<(&HintHighlight, &mut Visibility)>, lit: &[Place]) {
    for (h, mut v) in highlights {
        v.set_if_neq(if lit.contains(&h.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
