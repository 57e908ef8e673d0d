//! Requests become moves: every `Request` (a move, a click's best move, undo and redo, a new
//! deal, another patience or rule set, restart) is asked of the rules here, and what happened is
//! said with `GameChanged`, `Refused` and `Finished`.

use super::*;
use crate::game::messages::{Announce, Refusal, Refused, Toast};
use crate::game::settings::daily_date;
use crate::patience::{Place, SecondClick, words};
use bevy::ecs::system::SystemParam;

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

/// Plays `m` (the player's unless `by_player` is false); when the rules refuse it, the card at
/// `place` shakes and the reason is said.
fn play_at(
    session: &mut Session,
    m: Move,
    by_player: bool,
    place: Place,
    refused: &mut MessageWriter<Refused>,
) -> Vec<GameChanged> {
    match session.play(m, by_player) {
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
    play_at(session, m, true, place, refused)
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

/// What dealing, leaving and finishing a game need beside the session.
#[derive(SystemParam)]
pub(super) struct Dealing<'w> {
    verdicts: ResMut<'w, Verdicts>,
    picker: ResMut<'w, DealPicker>,
    parked: ResMut<'w, SavedGames>,
    patiences: Res<'w, Patiences>,
    settings: Option<Res<'w, Settings>>,
    finished: MessageWriter<'w, Finished>,
    toasts: MessageWriter<'w, Toast>,
}

/// Every request of the frame, in order, by its family: moves, the history, new games.
pub(super) fn handle_requests(
    mut requests: MessageReader<Request>,
    mut session: ResMut<Session>,
    mut dealing: Dealing,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<Refused>,
    mut announce: MessageWriter<Announce>,
) {
    // Requests that waited for a deal go first: they were made before any read now.
    let due = dealing.picker.take_due();
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
        // `session` goes on as `ResMut`, so that only what writes the game marks it changed.
        let changes = match request {
            Request::Play(_)
            | Request::Shown(_)
            | Request::Auto(_)
            | Request::Best(..)
            | Request::Home(_)
            | Request::Second(_) => moves(&mut session, request, &mut refused),
            Request::Undo | Request::UndoTo(_) | Request::Redo => history(&mut session, request),
            Request::Restart
            | Request::NewGame { .. }
            | Request::NewOf { .. }
            | Request::Switch(_) => new_games(&mut session, request, &mut dealing),
        };
        if changes.is_empty() {
            continue;
        }
        conclude(
            &mut session,
            request,
            changes,
            &mut dealing,
            &mut changed,
            &mut announce,
        );
    }
}

/// A move: played as asked (the player's, Show me's or the assistant's), or the one the rules
/// find for a click, a double-click or a send home.
fn moves(
    session: &mut ResMut<Session>,
    request: &Request,
    refused: &mut MessageWriter<Refused>,
) -> Vec<GameChanged> {
    match *request {
        Request::Play(m) | Request::Shown(m) | Request::Auto(m) => {
            let by_player = !matches!(request, Request::Auto(_));
            let changes = play_at(session, m, by_player, m.from, refused);
            if !changes.is_empty() && matches!(request, Request::Shown(_)) {
                session.game.set_helped();
            }
            changes
        }
        Request::Best(place, depth) => {
            let m = session.game.best_move(place, depth);
            play_or_refuse(session, m, place, refused)
        }
        Request::Home(place) => {
            let m = session.game.home_move(place);
            play_or_refuse(session, m, place, refused)
        }
        Request::Second(place) => match session.game.second_click(place) {
            SecondClick::Again => {
                let m = session.game.best_move(place, 0);
                play_or_refuse(session, m, place, refused)
            }
            SecondClick::Nothing => vec![],
            SecondClick::Instead(m) => instead(session, m, refused),
        },
        ref other => unreachable!("not a move: {other:?}"),
    }
}

/// Undo, undo back to a length, redo: each move undone or redone, or `Nothing` (said).
fn history(session: &mut ResMut<Session>, request: &Request) -> Vec<GameChanged> {
    let changes: Vec<GameChanged> = match *request {
        Request::Undo => session
            .game
            .undo()
            .into_iter()
            .map(GameChanged::Undone)
            .collect(),
        Request::UndoTo(len) => {
            let undone = session.game.undo_to(len);
            undone.into_iter().map(GameChanged::Undone).collect()
        }
        Request::Redo => {
            let redone = session.game.redo_step();
            redone.into_iter().map(GameChanged::Redone).collect()
        }
        ref other => unreachable!("not a step of the history: {other:?}"),
    };
    if changes.is_empty() {
        vec![GameChanged::Nothing]
    } else {
        changes
    }
}

/// A game dealt: the one in play again, a new deal of it, a new game of another patience (the
/// game of it waiting is left), or a switch to another patience (its game waiting resumed). A
/// game left for a new deal is counted as the rules say; one left for another patience is
/// parked. A new deal that needs the search waits for it, the game in play staying till then.
fn new_games(
    session: &mut ResMut<Session>,
    request: &Request,
    d: &mut Dealing,
) -> Vec<GameChanged> {
    match request {
        Request::Restart => {
            // Restarting is leaving the game as it stood: a played, uncounted game is lost.
            d.leave(session);
            session.clock_since = None;
            session.game.restart();
        }
        Request::NewGame { deal, rules } => {
            let patience = session.game.patience();
            let here = session.game.deal();
            // The rules asked for (a shipped name or a file), else the rules in play.
            let like = rules
                .as_deref()
                .and_then(|r| patience.new_game(r, here).ok())
                .unwrap_or_else(|| session.game.new_deal(here));
            let Some(deal) = d.deal_for(like.as_ref(), *deal, request) else {
                return vec![];
            };
            d.leave(session);
            session.clock_since = None;
            session.game = like.new_deal(deal);
        }
        Request::NewOf {
            patience,
            deal,
            rules,
        } => {
            let Some(patience) = d.patiences.by_name(patience) else {
                return vec![];
            };
            let Some(next) = d.new_game_of(patience, rules.clone(), *deal, request) else {
                return vec![];
            };
            // That patience's game waiting is left, as New leaves a game.
            if let Some(waiting) = d.parked.0.remove(patience.name()) {
                d.leave(&mut Session::new(waiting));
            }
            d.park_and_play(session, next);
        }
        Request::Switch(name) => {
            let Some(patience) = d.patiences.by_name(name) else {
                return vec![];
            };
            if patience.name() == session.game.patience().name() {
                return vec![];
            }
            let waiting = d.parked.0.remove(patience.name());
            let Some(next) = waiting.or_else(|| d.new_game_of(patience, None, None, request))
            else {
                return vec![];
            };
            d.park_and_play(session, next);
        }
        other => unreachable!("not a new game: {other:?}"),
    }
    vec![GameChanged::Dealt]
}

impl Dealing<'_> {
    /// Leaves the game in play: a played, uncounted game is counted as the rules say, and its
    /// end written (with its day, if it was a daily deal).
    fn leave(&mut self, session: &mut Session) {
        let left = session.leave(&mut self.verdicts);
        let settings = self.settings.as_deref();
        self.finished
            .write_batch(left.map(|f| daily(f, settings, session)));
    }

    /// Parks the game in play as it stands (its clock stopped), never counted: coming back
    /// resumes it exactly. `next` is played instead.
    fn park_and_play(&mut self, session: &mut Session, next: Box<dyn Game>) {
        session.settle_clock();
        session.clock_since = None;
        let left = std::mem::replace(&mut session.game, next);
        self.parked.0.insert(left.patience().name(), left);
    }

    /// A new game of `patience` under the rules asked for, else the player's for it, else its
    /// first; on the deal asked for, else a picked one. `None` when its rules cannot be read
    /// (said) or the deal waits for the search (and `request` with it).
    fn new_game_of(
        &mut self,
        patience: &'static dyn Patience,
        rules: Option<String>,
        deal: Option<DealNumber>,
        request: &Request,
    ) -> Option<Box<dyn Game>> {
        let rules = rules
            .or_else(|| {
                self.settings
                    .as_ref()
                    .and_then(|s| s.rules_for(patience.name()))
                    .map(str::to_string)
            })
            .filter(|r| patience.rule_set(r).is_ok())
            .unwrap_or_else(|| patience.rule_sets()[0].name.clone());
        let like = match patience.new_game(&rules, DealNumber::random_now()) {
            Ok(like) => like,
            Err(e) => {
                self.toasts.write(Toast(e));
                return None;
            }
        };
        let deal = self.deal_for(like.as_ref(), deal, request)?;
        Some(like.new_deal(deal))
    }

    /// The deal for a new game like `like`: the one asked for, or a random one of the kind
    /// wanted (an unproved one said to the player); `None` while the search it needs runs, and
    /// `request` waits for it.
    fn deal_for(
        &mut self,
        like: &dyn Game,
        asked: Option<DealNumber>,
        request: &Request,
    ) -> Option<DealNumber> {
        let want = Want::of(self.settings.as_deref());
        let deal = match asked.map_or_else(|| self.picker.pick(like, want), Pick::Deal) {
            Pick::Deal(deal) => Some(deal),
            Pick::Unproved(deal) => {
                self.toasts.write(none_winnable());
                Some(deal)
            }
            Pick::Wait => None,
        };
        if deal.is_none() {
            self.picker.wait_with(request.clone());
        }
        deal
    }
}

/// What a request changed, made known: the player's last move forgotten after an undo, a redo
/// or a new deal; the clock stopped on a finished game (its first win counted, once ever) or
/// started again by an undo or a redo; the screen reader's words; `GameChanged`.
fn conclude(
    session: &mut ResMut<Session>,
    request: &Request,
    changes: Vec<GameChanged>,
    d: &mut Dealing,
    changed: &mut MessageWriter<GameChanged>,
    announce: &mut MessageWriter<Announce>,
) {
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
            let f = session.finished(outcome, &mut d.verdicts);
            d.finished.write(daily(f, d.settings.as_deref(), session));
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

/// A finished game marked with its day when it is a daily deal's game.
fn daily(mut f: Finished, settings: Option<&Settings>, session: &Session) -> Finished {
    f.daily = settings.and_then(|s| daily_date(s, session.game.as_ref()));
    f
}
