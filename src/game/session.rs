//! The game in progress, as a Bevy resource, and the only place where requests become moves:
//! input, the HUD and the assistant write [`Request`]s; this plugin asks the rules and says what
//! happened with [`GameChanged`], [`Refused`] and [`Finished`].

use super::LaunchOptions;
use super::files::{LoadFiles, SavedGame, Settings};
use super::messages::{Finished, GameChanged, Refusal, Refused, Request, Step};
use crate::rules::{DealNumber, Game, GameRecord, Place, RuleSet, Status};
use bevy::prelude::*;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, start.after(LoadFiles))
        .add_systems(Update, handle_requests.in_set(Step::Session));
}

/// The first game: the saved one resumed, unless the command line asks for another deal or
/// rule set; then the saved game is left through a request like any other, so leaving it
/// unwon counts as a loss in one place only.
fn start(world: &mut World) {
    let options = world
        .get_resource::<LaunchOptions>()
        .cloned()
        .unwrap_or_default();
    let saved = world.remove_resource::<SavedGame>().and_then(|s| s.0);
    let wanted_rules = options
        .rules
        .as_deref()
        .and_then(|r| RuleSet::by_name_or_path(r).ok());
    let (game, request) = match saved {
        Some(saved) => {
            let same_rules = wanted_rules
                .as_ref()
                .is_none_or(|r| r.same_rules(saved.rule_set()));
            let request = (options.deal.is_some() || !same_rules).then(|| Request::NewGame {
                deal: options.deal,
                rules: options.rules.clone(),
            });
            (saved, request)
        }
        None => {
            let default_rules = world.get_resource::<Settings>().map(|s| s.rules.clone());
            let game = new_game(&options, default_rules.as_deref()).unwrap_or_else(|e| {
                warn!("{e}");
                Game::new(RuleSet::default_set(), DealNumber::random_now())
            });
            (game, None)
        }
    };
    world.insert_resource(Session::new(game));
    world.write_message(GameChanged::Dealt);
    if let Some(request) = request {
        world.write_message(request);
    }
}

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

    fn running_ms(&self) -> u64 {
        self.clock_since
            .map(|t| u64::try_from(t.elapsed().as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0)
    }

    /// Play time including the running stretch.
    pub fn elapsed(&self) -> Duration {
        Duration::from_millis(self.game.elapsed_ms.saturating_add(self.running_ms()))
    }

    /// Whether the play clock is running (it starts with the first move, stops when the game ends).
    pub fn clock_running(&self) -> bool {
        self.clock_since.is_some()
    }

    /// The game as it should be saved now, the running stretch of the clock included.
    pub fn record(&self) -> GameRecord {
        let mut record = self.game.to_record();
        record.elapsed_ms = record.elapsed_ms.saturating_add(self.running_ms());
        record
    }

    /// The key the game's rule set is counted under in the statistics.
    pub fn statistics_key(&self) -> String {
        self.game.rule_set().key()
    }

    /// Folds the running stretch into the game's elapsed time.
    fn settle_clock(&mut self) {
        let ran = self.running_ms();
        if self.clock_since.take().is_some() {
            self.game.elapsed_ms = self.game.elapsed_ms.saturating_add(ran);
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

    fn finished(&self, won: bool) -> Finished {
        Finished {
            rules: self.statistics_key(),
            won,
            elapsed_ms: self.game.elapsed_ms,
            moves: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
        }
    }
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
    mut refused: MessageWriter<Refused>,
    mut finished: MessageWriter<Finished>,
) {
    for request in requests.read() {
        let was_won = session.game.status() == Status::Won;
        let change = match request {
            Request::Play(m) => match session.game.play(*m) {
                Ok(()) => {
                    session.start_clock();
                    Some(GameChanged::Played(*m))
                }
                Err(why) => {
                    refused.write(Refused {
                        place: m.from(),
                        why: Refusal::Illegal(why),
                    });
                    None
                }
            },
            Request::Best(place) => {
                let position = session.game.position();
                match position.best_move_from(session.game.rules(), *place) {
                    Some(m) => {
                        session.game.play(m).expect("the rules chose a legal move");
                        session.start_clock();
                        Some(GameChanged::Played(m))
                    }
                    None => {
                        // A card that may move but has nowhere to go says so; an empty place, a
                        // foundation or a Zodiac card in phase 1 is no mistake worth a shake.
                        let card = position
                            .cards_at(session.game.rules(), *place)
                            .last()
                            .copied();
                        if let Some(card) = card
                            && position.can_lift(*place)
                        {
                            refused.write(Refused {
                                place: *place,
                                why: Refusal::NowhereToGo(card),
                            });
                        } else if let Some(why) = position.lift_refusal(*place)
                            && card.is_some()
                            && matches!(place, Place::Zodiac(_))
                        {
                            refused.write(Refused {
                                place: *place,
                                why: Refusal::Illegal(why),
                            });
                        }
                        None
                    }
                }
            }
            Request::Undo => Some(
                session
                    .game
                    .undo()
                    .map_or(GameChanged::Nothing, GameChanged::Undone),
            ),
            Request::Redo => Some(
                session
                    .game
                    .redo()
                    .map_or(GameChanged::Nothing, GameChanged::Redone),
            ),
            Request::Restart => {
                session.clock_since = None;
                session.win_counted = false;
                session.game.restart();
                Some(GameChanged::Dealt)
            }
            Request::NewGame { deal, rules } => {
                // Leaving a game that was started and not won counts as a loss: here, and only here.
                if !was_won && !session.game.moves().is_empty() {
                    session.settle_clock();
                    finished.write(session.finished(false));
                }
                let rule_set = match rules {
                    Some(name) => {
                        RuleSet::by_name_or_path(name).unwrap_or_else(|_| RuleSet::default_set())
                    }
                    None => session.game.rule_set().clone(),
                };
                session.clock_since = None;
                session.win_counted = false;
                session.game = Game::new(rule_set, deal.unwrap_or_else(DealNumber::random_now));
                Some(GameChanged::Dealt)
            }
        };
        let Some(change) = change else { continue };
        // Finishing a game stops the clock; a first win is counted once.
        if session.game.status() != Status::Playing {
            session.settle_clock();
            session.clock_since = None;
            if !was_won && !session.win_counted && session.game.status() == Status::Won {
                session.win_counted = true;
                finished.write(session.finished(true));
            }
        } else if matches!(change, GameChanged::Undone(_) | GameChanged::Redone(_)) {
            session.start_clock();
        }
        changed.write(change);
    }
}
