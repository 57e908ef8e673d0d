//! Hints: H or the Hint button shows the next move of the solver's plan. The cards that move
//! (the whole run) and the card they go onto light up in the hint colour (not the drop colour,
//! not a shake) until the game changes, and the toast says it in words. When the plan turns
//! the stock first, the toast says how far down the card is and the stock lights up; in a lost
//! position the hint says why, and the lost notice offers to undo to the last winnable
//! position.

use crate::game::messages::{AskHint, CannotWin, GameChanged, Step, Toast};
use crate::game::session::Session;
use crate::game::table::{Framing, HintHighlight};
use crate::game::verdicts::Verdicts;
use crate::patience::{Game, Move, Place, Status, Verdict};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HintWait>();
    // Before the lost notice, which takes its `CannotWin`.
    app.add_systems(Update, show_hint.in_set(Step::Advise));
}

/// A hint asked for and still being worked out by the solver: after a glance the toasts say
/// so (frames keep coming while the solver works).
#[derive(Resource, Default, PartialEq)]
pub struct HintWait(pub bool);

#[allow(clippy::too_many_arguments)]
fn show_hint(
    mut asks: MessageReader<AskHint>,
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    verdicts: Res<Verdicts>,
    mut waiting: ResMut<HintWait>,
    mut toasts: MessageWriter<Toast>,
    mut lost: MessageWriter<CannotWin>,
    mut highlights: Query<(&HintHighlight, &mut Visibility, &mut Framing)>,
) {
    let asked = asks.read().count() > 0;
    let changed = changes.read().count() > 0;
    // The game changed: an old hint no longer holds (and one still being worked out is moot).
    if changed {
        waiting.set_if_neq(HintWait(false));
        light(&mut highlights, &[], None);
    }
    if asked {
        waiting.set_if_neq(HintWait(true));
    }
    if !waiting.0 {
        return;
    }
    let game = &session.game;
    let Some(verdict) = verdicts.want(&game.snapshot()) else {
        return;
    };
    waiting.0 = false;
    // The move's source is framed with the whole run that moves.
    let mut run = None;
    let lit = match &*verdict {
        _ if game.status() == Status::Won => {
            toasts.write(Toast("The game is won.".into()));
            Vec::new()
        }
        Verdict::Winnable { line, .. } => {
            let (words, lit) = game.hint_from_line(line);
            toasts.write(Toast(words));
            run = line
                .first()
                .filter(|m| !m.is_turn() && !m.is_redeal())
                .map(|m| (m.from, m.count));
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
        Verdict::Unknown { .. } => match guess(game.as_ref()) {
            Some(m) if m.is_turn() || m.is_redeal() => {
                let what = if m.is_turn() {
                    "turn the stock"
                } else {
                    "turn the waste over"
                };
                toasts.write(Toast(format!("Hint: {what}.")));
                vec![Place::Stock]
            }
            Some(m) => {
                toasts.write(Toast(format!(
                    "Hint: from {} to {}.",
                    game.place_name(m.from),
                    game.place_name(m.to)
                )));
                run = Some((m.from, m.count));
                vec![m.from, m.to]
            }
            None => {
                toasts.write(Toast("No move is left.".into()));
                Vec::new()
            }
        },
    };
    light(&mut highlights, &lit, run);
}

/// The hint where the solver cannot decide: the rules' own, else what a click on the first
/// face-up card that can move does (a line's move, Accordion's, is neither home nor a turn),
/// so that "No move is left" is said only where none is.
fn guess(game: &dyn Game) -> Option<Move> {
    game.rules_hint()
        .or_else(|| crate::patience::difficulty::clicks(game).first().copied())
}

fn light(
    highlights: &mut Query<(&HintHighlight, &mut Visibility, &mut Framing)>,
    lit: &[Place],
    run: Option<(Place, u8)>,
) {
    for (h, mut v, mut framing) in highlights {
        let cards = run.filter(|(from, _)| *from == h.0).map_or(1, |(_, n)| n);
        framing.set_if_neq(Framing(cards));
        v.set_if_neq(if lit.contains(&h.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::DealNumber;

    #[test]
    fn without_the_solver_a_move_is_offered_where_the_rules_have_no_hint() {
        // Accordion's moves are neither home nor a turn: the rules give no hint of their own.
        let accordion = crate::registry::by_name("accordion").unwrap();
        let mut game = accordion
            .new_game("accordion", DealNumber::new(1).unwrap())
            .unwrap();
        assert_eq!(game.rules_hint(), None);
        let m = guess(game.as_ref()).expect("a move");
        assert!(game.play(m).is_ok(), "{m:?}");
    }
}
