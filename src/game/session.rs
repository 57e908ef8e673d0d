//! The game in progress, as a Bevy resource, and the only place where requests become moves.
//! Input writes [`Request`]s; this plugin asks the rules and writes [`GameChanged`] for everyone else.

use super::LaunchOptions;
use crate::rules::{DealNumber, Game, Illegal, Move, Place, RuleSet, Status};
use bevy::prelude::*;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Request>()
        .add_message::<GameChanged>()
        .add_message::<Finished>()
        .add_systems(Update, handle_requests.in_set(SessionSystems));
}

/// Systems that turn requests into changes; input runs before, views after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionSystems;

/// The game being played.
#[derive(Resource)]
pub struct Session {
    pub game: Game,
    /// When the clock last started running (None while stopped: won, stuck or not yet moved).
    clock_since: Option<Instant>,
    /// This game's win is already in the statistics (undo then redo must not count it twice).
    win_counted: bool,
}

impl Session {
    pub fn new(game: Game) -> Session {
        Session {
            game,
            clock_since: None,
            win_counted: false,
        }
    }

    /// Play time including the running stretch.
    pub fn elapsed(&self) -> Duration {
        let running = self.clock_since.map(|t| t.elapsed()).unwrap_or_default();
        Duration::from_millis(self.game.elapsed_ms) + running
    }

    /// Whether the play clock is running (it starts with the first move, stops when the game ends).
    pub fn clock_running(&self) -> bool {
        self.clock_since.is_some()
    }

    /// Folds the running stretch into the game's elapsed time (before saving).
    pub fn settle_clock(&mut self) {
        if let Some(since) = self.clock_since.take() {
            self.game.elapsed_ms += since.elapsed().as_millis() as u64;
            if self.game.status() == Status::Playing {
                self.clock_since = Some(Instant::now());
            }
        }
    }

    fn start_clock(&mut self) {
        if self.clock_since.is_none() && self.game.status() == Status::Playing {
            self.clock_since = Some(Instant::now());
        }
    }
}

/// What the player asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Request {
    Play(Move),
    Undo,
    Redo,
    /// Deal the same number again from the start.
    Restart,
    /// A fresh game: this deal number (or a random one), this rule set (or the current one).
    NewGame {
        deal: Option<DealNumber>,
        rules: Option<String>,
    },
}

/// What happened, for the views to mirror.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GameChanged {
    Played(Move),
    Undone(Move),
    Redone(Move),
    /// A whole new table: a new game, a restart or a loaded game.
    Dealt,
    /// The rules refused a move; the card at `from` should say so.
    Refused {
        from: Place,
        why: Illegal,
    },
    /// Undo or redo with nothing to take back or replay.
    Nothing,
}

/// A game ended: won, or abandoned for another game before it was won (a loss).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Finished {
    pub rules: String,
    pub won: bool,
    pub elapsed_ms: u64,
    pub moves: u32,
}

/// Starts the session from the command line's deal, or a random one. Persistence may replace the
/// game with the saved one before the first frame.
pub fn new_game(options: &LaunchOptions, rules: Option<&str>) -> Result<Game, String> {
    let name = options.rules.as_deref().or(rules).unwrap_or("cadogan");
    let rule_set = RuleSet::by_name_or_path(name).map_err(|e| e.to_string())?;
    Ok(Game::new(
        rule_set,
        options.deal.unwrap_or_else(DealNumber::random_now),
    ))
}

fn handle_requests(
    mut requests: MessageReader<Request>,
    mut session: ResMut<Session>,
    mut changed: MessageWriter<GameChanged>,
    mut finished: MessageWriter<Finished>,
) {
    for request in requests.read() {
        let was_won = session.game.status() == Status::Won;
        let change = match request {
            Request::Play(m) => match session.game.play(*m) {
                Ok(()) => {
                    session.start_clock();
                    GameChanged::Played(*m)
                }
                Err(why) => GameChanged::Refused {
                    from: m.from(),
                    why,
                },
            },
            Request::Undo => session
                .game
                .undo()
                .map_or(GameChanged::Nothing, GameChanged::Undone),
            Request::Redo => session
                .game
                .redo()
                .map_or(GameChanged::Nothing, GameChanged::Redone),
            Request::Restart => {
                session.clock_since = None;
                session.win_counted = false;
                session.game.restart();
                GameChanged::Dealt
            }
            Request::NewGame { deal, rules } => {
                // Leaving a game that was started and not won counts as a loss.
                if !was_won && !session.game.moves().is_empty() {
                    session.settle_clock();
                    finished.write(Finished {
                        rules: session.game.rule_set().name.clone(),
                        won: false,
                        elapsed_ms: session.game.elapsed_ms,
                        moves: session.game.moves().len() as u32,
                    });
                }
                let name = rules
                    .clone()
                    .unwrap_or_else(|| session.game.rule_set().name.clone());
                let rule_set =
                    RuleSet::by_name_or_path(&name).unwrap_or_else(|_| RuleSet::default_set());
                session.clock_since = None;
                session.win_counted = false;
                session.game = Game::new(rule_set, deal.unwrap_or_else(DealNumber::random_now));
                GameChanged::Dealt
            }
        };
        // Finishing a game stops the clock; a first win is counted once.
        if session.game.status() != Status::Playing {
            session.settle_clock();
            session.clock_since = None;
            if !was_won && !session.win_counted && session.game.status() == Status::Won {
                session.win_counted = true;
                finished.write(Finished {
                    rules: session.game.rule_set().name.clone(),
                    won: true,
                    elapsed_ms: session.game.elapsed_ms,
                    moves: session.game.moves().len() as u32,
                });
            }
        } else if matches!(change, GameChanged::Undone(_) | GameChanged::Redone(_)) {
            session.start_clock();
        }
        changed.write(change);
    }
}
