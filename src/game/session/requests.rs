//! Requests become moves: every `Request` (a move, a click's best move, undo and redo, a new
//! deal, another patience or rule set, restart) is asked of the rules here, and what happened is
//! said with `GameChanged`, `Refused` and `Finished`.

use super::*;
use crate::game::messages::{Announce, Refusal, Refused, Toast};
use crate::game::settings::daily_date;
use crate::patience::{Place, SecondClick, words};

/// What a screen reader hears of a request's changes, said from the table they left.
fn said(game: &dyn Game, request: &Request, changes: &[GameChanged]) -> Option<Announce> {
    Some(match changes {
        [GameChanged::Dealt] => Announce::notice(words::dealt_said(game)),
        [GameChanged::Nothing] if *request == Request::Undo => Announce::notice("Nothing to undo."),
        [GameChanged::Nothing] => Announce::notice("Nothing to redo."),
        [GameChanged::Played(m) | GameChanged::Auto(m)] => {
            Announce::a_move(words::move_said(game, *m))
        }
        [GameChanged::Undone(m)] => Announce::a_move(words::undo_said(game, *m)),
        [GameChanged::Redone(m)] => {
            Announce::a_move(format!("Redone: {}", words::move_said(game, *m)))
        }
        // A double-click's move in place of its first click's.
        [GameChanged::Undone(_), GameChanged::Played(m)] => {
            Announce::a_move(words::move_said(game, *m))
        }
        [GameChanged::Undone(_), ..] => Announce::a_move(format!(
            "Undone: {} moves, back to move {}.",
            changes.len(),
            game.moves_played()
        )),
        [GameChanged::Redone(_), ..] => Announce::a_move(format!(
            "Redone: {} moves, to move {}.",
            changes.len(),
            game.moves_played()
        )),
        _ => return None,
    })
}

/// Plays the move a click or a double-click found for the card at `place`, the player's own;
/// when there is none, or the rules refuse it, the card shakes and the reason is said. Nothing
/// asked is ever dropped in silence.
fn play_or_refuse(
    session: &mut Session,
    m: Option<Move>,
    place: Place,
    refused: &mut MessageWriter<Refused>,
) -> Vec<GameChanged> {
    let Some(m) = m else {
        refuse_best(session.game.as_ref(), place, refused);
        return vec![];
    };
    match session.play(m, true) {
        Ok(change) => vec![change],
        Err(why) => {
            refused.write(Refused {
                place,
                why: Refusal::Illegal(why),
            });
            vec![]
        }
    }
}

/// A card that may move but has nowhere to go says so; an empty place, a foundation or a card
/// the rules keep in place is no mistake worth a shake, unless the patience inspects it.
fn refuse_best(game: &dyn Game, place: Place, refused: &mut MessageWriter<Refused>) {
    let card = game.cards(place).last().map(|s| s.card);
    let Some(card) = card else {
        return;
    };
    match game.lift(place, 0) {
        Ok(_) => {
            refused.write(Refused {
                place,
                why: Refusal::NowhereToGo(card),
            });
        }
        Err(Some(why)) if game.inspects(place) => {
            refused.write(Refused {
                place,
                why: Refusal::Illegal(why),
            });
        }
        Err(_) => {}
    }
}

/// The first click's move taken back and `m` played instead, as a double-click asks; if the
/// rules refuse `m`, the first move is played again and the refusal said.
fn instead(
    session: &mut Session,
    m: Move,
    refused: &mut MessageWriter<Refused>,
) -> Vec<GameChanged> {
    let Some(first) = session.game.undo() else {
        return vec![];
    };
    match session.play(m, true) {
        Ok(change) => vec![GameChanged::Undone(first), change],
        Err(why) => {
            session.game.redo_step();
            refused.write(Refused {
                place: m.from,
                why: Refusal::Illegal(why),
            });
            vec![]
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn handle_requests(
    mut requests: MessageReader<Request>,
    mut session: ResMut<Session>,
    mut verdicts: ResMut<Verdicts>,
    mut picker: ResMut<DealPicker>,
    mut parked: ResMut<SavedGames>,
    patiences: Res<Patiences>,
    settings: Option<Res<Settings>>,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<Refused>,
    mut finished: MessageWriter<Finished>,
    mut toasts: MessageWriter<Toast>,
    mut announce: MessageWriter<Announce>,
) {
    // Requests that waited for a deal go first: they were made before any read now.
    let due = picker.take_due();
    for request in due.iter().chain(requests.read()) {
        // A new game of the patience in play is a NewGame.
        let same;
        let request = match request {
            Request::NewOf {
                patience,
                deal,
                rules,
            } if patience == session.game.patience().name() => {
                same = Request::NewGame {
                    deal: *deal,
                    rules: rules.clone(),
                };
                &same
            }
            r => r,
        };
        let changes: Vec<GameChanged> = match request {
            Request::Play(m) | Request::Shown(m) | Request::Auto(m) => {
                let by_player = !matches!(request, Request::Auto(_));
                match session.play(*m, by_player) {
                    Ok(change) => {
                        if matches!(request, Request::Shown(_)) {
                            session.game.set_helped();
                        }
                        vec![change]
                    }
                    Err(why) => {
                        refused.write(Refused {
                            place: m.from,
                            why: Refusal::Illegal(why),
                        });
                        vec![]
                    }
                }
            }
            Request::Best(place, depth) => {
                let m = session.game.best_move(*place, *depth);
                play_or_refuse(&mut session, m, *place, &mut refused)
            }
            Request::Home(place) => {
                let m = session.game.home_move(*place);
                play_or_refuse(&mut session, m, *place, &mut refused)
            }
            Request::Second(place) => match session.game.second_click(*place) {
                SecondClick::Again => {
                    let m = session.game.best_move(*place, 0);
                    play_or_refuse(&mut session, m, *place, &mut refused)
                }
                SecondClick::Nothing => vec![],
                SecondClick::Instead(m) => instead(&mut session, m, &mut refused),
            },
            Request::Undo => vec![
                session
                    .game
                    .undo()
                    .map_or(GameChanged::Nothing, GameChanged::Undone),
            ],
            Request::UndoTo(len) => {
                let undone = session.game.undo_to(*len);
                if undone.is_empty() {
                    vec![GameChanged::Nothing]
                } else {
                    undone.into_iter().map(GameChanged::Undone).collect()
                }
            }
            Request::Redo => {
                let redone = session.game.redo_step();
                if redone.is_empty() {
                    vec![GameChanged::Nothing]
                } else {
                    redone.into_iter().map(GameChanged::Redone).collect()
                }
            }
            Request::Restart => {
                // Restarting is leaving the game as it stood: a played, uncounted game is lost.
                let left = session.leave(&mut verdicts);
                finished.write_batch(left.map(|f| daily(f, settings.as_deref(), &session)));
                session.clock_since = None;
                session.game.restart();
                vec![GameChanged::Dealt]
            }
            Request::NewGame { deal, rules } => {
                let patience = session.game.patience();
                let here = session.game.deal();
                // The rules asked for (a shipped name or a file), else the rules in play.
                let like = rules
                    .as_deref()
                    .and_then(|r| patience.new_game(r, here).ok())
                    .unwrap_or_else(|| session.game.new_deal(here));
                let want = Want::of(settings.as_deref());
                // The game in play stays until the deal is found (and is left then).
                let Some(deal) = deal_for(&mut picker, like.as_ref(), want, *deal, &mut toasts)
                else {
                    picker.wait_with(request.clone());
                    continue;
                };
                let left = session.leave(&mut verdicts);
                finished.write_batch(left.map(|f| daily(f, settings.as_deref(), &session)));
                session.clock_since = None;
                session.game = like.new_deal(deal);
                vec![GameChanged::Dealt]
            }
            Request::NewOf {
                patience,
                deal,
                rules,
            } => {
                let Some(patience) = patiences.by_name(patience) else {
                    continue;
                };
                let rules = rules
                    .clone()
                    .or_else(|| {
                        settings
                            .as_ref()
                            .and_then(|s| s.rules_for(patience.name()))
                            .map(str::to_string)
                    })
                    .filter(|r| patience.rule_set(r).is_ok())
                    .unwrap_or_else(|| patience.rule_sets()[0].name.clone());
                let like = match patience.new_game(&rules, DealNumber::random_now()) {
                    Ok(like) => like,
                    Err(e) => {
                        toasts.write(Toast(e));
                        continue;
                    }
                };
                let want = Want::of(settings.as_deref());
                let Some(deal) = deal_for(&mut picker, like.as_ref(), want, *deal, &mut toasts)
                else {
                    picker.wait_with(request.clone());
                    continue;
                };
                // That patience's game waiting is left, as New leaves a game.
                if let Some(waiting) = parked.0.remove(patience.name()) {
                    let mut waiting = Session::new(waiting);
                    let left = waiting.leave(&mut verdicts);
                    finished.write_batch(left.map(|f| daily(f, settings.as_deref(), &waiting)));
                }
                session.settle_clock();
                session.clock_since = None;
                let left = std::mem::replace(&mut session.game, like.new_deal(deal));
                parked.0.insert(left.patience().name(), left);
                vec![GameChanged::Dealt]
            }
            Request::Switch(name) => {
                let Some(patience) = patiences.by_name(name) else {
                    continue;
                };
                if patience.name() == session.game.patience().name() {
                    continue;
                }
                let next = match parked.0.remove(patience.name()) {
                    Some(game) => game,
                    None => {
                        let rules = settings
                            .as_ref()
                            .and_then(|s| s.rules_for(patience.name()))
                            .filter(|r| patience.rule_set(r).is_ok())
                            .map(str::to_string)
                            .unwrap_or_else(|| patience.rule_sets()[0].name.clone());
                        let want = Want::of(settings.as_deref());
                        let like = match patience.new_game(&rules, DealNumber::random_now()) {
                            Ok(like) => like,
                            Err(e) => {
                                toasts.write(Toast(e));
                                continue;
                            }
                        };
                        // The patience in play stays until the deal is found.
                        let Some(deal) =
                            deal_for(&mut picker, like.as_ref(), want, None, &mut toasts)
                        else {
                            picker.wait_with(request.clone());
                            continue;
                        };
                        like.new_deal(deal)
                    }
                };
                // The game left is parked as it stands (its clock stopped), never counted:
                // coming back resumes it exactly.
                session.settle_clock();
                session.clock_since = None;
                let left = std::mem::replace(&mut session.game, next);
                parked.0.insert(left.patience().name(), left);
                vec![GameChanged::Dealt]
            }
        };
        if changes.is_empty() {
            continue;
        }
        if changes.iter().any(|c| {
            matches!(
                c,
                GameChanged::Undone(_) | GameChanged::Redone(_) | GameChanged::Dealt
            )
        }) {
            // Undo, redo or a new deal: the player's last move is no longer the news.
            session.player_move = None;
        }
        // Finishing a game stops the clock; the first win is counted, once ever.
        if session.game.status() != Status::Playing {
            session.settle_clock();
            session.clock_since = None;
            if let Some(outcome) = session.game.count_win() {
                let f = session.finished(outcome, &mut verdicts);
                finished.write(daily(f, settings.as_deref(), &session));
            }
        } else if changes
            .iter()
            .any(|c| matches!(c, GameChanged::Undone(_) | GameChanged::Redone(_)))
        {
            session.start_clock();
        }
        announce.write_batch(said(session.game.as_ref(), request, &changes));
        changed.write_batch(changes);
    }
}

/// A finished game marked with its day when it is a daily deal's game.
fn daily(mut f: Finished, settings: Option<&Settings>, session: &Session) -> Finished {
    f.daily = settings.and_then(|s| daily_date(s, session.game.as_ref()));
    f
}

/// The deal for a new game: the one asked for, or a random one of the kind wanted (an unproved
/// one said to the player); `None` while the search it needs runs, and the request must wait.
fn deal_for(
    picker: &mut DealPicker,
    like: &dyn Game,
    want: Want,
    asked: Option<DealNumber>,
    toasts: &mut MessageWriter<Toast>,
) -> Option<DealNumber> {
    match asked.map_or_else(|| picker.pick(like, want), Pick::Deal) {
        Pick::Deal(deal) => Some(deal),
        Pick::Unproved(deal) => {
            toasts.write(none_winnable());
            Some(deal)
        }
        Pick::Wait => None,
    }
}
