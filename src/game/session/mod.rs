//! The game in progress, as a Bevy resource, and the only place where requests become moves:
//! input, the HUD and the assistant write `Request`s; this plugin asks the rules and says what
//! happened with [`GameChanged`], `Refused` and [`Finished`] (`requests`); new deals come from
//! `deals`. What is kept between runs: [`files`], [`persistence`], [`placement`].

pub mod files;
pub mod persistence;
pub mod placement;

mod deals;
mod requests;

pub use deals::DealPicker;

use crate::game::LaunchOptions;
use crate::game::messages::{Finished, GameChanged, Outcome, Request, Step};
use crate::game::verdicts::Verdicts;
use crate::patience::score::Scoring;
use crate::patience::{DealNumber, Game, Move, Patience, Snapshot, Status};
use crate::registry;
use bevy::prelude::*;
pub use deals::Want;
use deals::{Pick, find_next_deal, none_winnable};
use files::{LoadFiles, SavedGames, Settings};
use requests::handle_requests;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Patiences>()
        .init_resource::<DealPicker>()
        .add_systems(PreStartup, start.after(LoadFiles))
        .add_systems(Update, handle_requests.in_set(Step::Session))
        .add_systems(Update, find_next_deal.in_set(Step::Present));
}

/// The patiences the window offers, the default first: the registry's, unless a test gives
/// others (a patience of its own) before the first frame.
#[derive(Resource, Clone)]
pub struct Patiences(pub Vec<&'static dyn Patience>);

impl Default for Patiences {
    fn default() -> Self {
        Patiences(registry::all())
    }
}

impl Patiences {
    /// A patience by its name, in any case.
    pub fn by_name(&self, name: &str) -> Option<&'static dyn Patience> {
        self.0
            .iter()
            .copied()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The patience a game starts with when nothing says otherwise.
    pub fn first(&self) -> &'static dyn Patience {
        self.0.first().copied().unwrap_or_else(registry::default)
    }
}

/// The patience the window opens on: the command line's, else the one played last.
fn launch_patience(
    patiences: &Patiences,
    options: &LaunchOptions,
    settings: Option<&Settings>,
) -> &'static dyn Patience {
    options
        .patience
        .as_deref()
        .or(settings.map(|s| s.patience.as_str()))
        .and_then(|name| patiences.by_name(name))
        .unwrap_or_else(|| patiences.first())
}

/// The first game: the saved one resumed, unless the command line asks for another deal or
/// rule set; then the saved game is left through a request like any other, so leaving it
/// unwon counts as a loss in one place only.
fn start(world: &mut World) {
    let options = world
        .get_resource::<LaunchOptions>()
        .cloned()
        .unwrap_or_default();
    let settings = world.get_resource::<Settings>().cloned();
    let patiences = world
        .get_resource::<Patiences>()
        .cloned()
        .unwrap_or_default();
    let patience = launch_patience(&patiences, &options, settings.as_ref());
    let saved = world
        .get_resource_mut::<SavedGames>()
        .and_then(|mut s| s.0.remove(patience.name()));
    let (game, request) = match saved {
        Some(saved) => {
            let same_rules = options
                .rules
                .as_deref()
                .is_none_or(|r| patience.rule_set(r).is_err() || saved.same_rules(r));
            let request = (options.deal.is_some() || !same_rules).then(|| Request::NewGame {
                deal: options.deal,
                rules: options.rules.clone(),
            });
            (saved, request)
        }
        None => {
            let default_rules = settings
                .as_ref()
                .and_then(|s| s.rules_for(patience.name()))
                .map(str::to_string);
            let want = deals::Want::of(settings.as_ref());
            let mut picker = world.resource_mut::<DealPicker>();
            let mut none_found = false;
            let game = new_game(patience, &options, default_rules.as_deref(), |like| {
                picker.pick_now(like, want).unwrap_or_else(|deal| {
                    none_found = true;
                    deal
                })
            })
            .unwrap_or_else(|e| {
                warn!("{e}");
                let first = &patience.rule_sets()[0].name;
                patience
                    .new_game(first, DealNumber::random_now())
                    .expect("a shipped rule set deals")
            });
            if none_found {
                world.write_message(none_winnable());
            }
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
    pub game: Box<dyn Game>,
    /// When the clock last started running (None while stopped: won, stuck or not yet moved).
    clock_since: Option<Instant>,
    /// The player's last move, while nothing but the assistant's moves has followed it (undo,
    /// redo and a new deal clear it): the move the lost notice judges.
    pub player_move: Option<PlayerMove>,
}

/// A move of the player's: the positions before and after it, and the move in words, as the
/// lost notice names it ("7♥ from the waste to column c3").
#[derive(Clone)]
pub struct PlayerMove {
    pub before: Arc<dyn Snapshot>,
    pub after: Arc<dyn Snapshot>,
    pub words: String,
}

impl Session {
    pub fn new(game: Box<dyn Game>) -> Session {
        Session {
            game,
            clock_since: None,
            player_move: None,
        }
    }

    fn running_ms(&self) -> u64 {
        self.clock_since
            .map(|t| u64::try_from(t.elapsed().as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0)
    }

    /// Play time including the running stretch.
    pub fn elapsed(&self) -> Duration {
        Duration::from_millis(self.game.elapsed_ms().saturating_add(self.running_ms()))
    }

    /// Whether the play clock is running (it starts with the first move, stops when the game ends).
    pub fn clock_running(&self) -> bool {
        self.clock_since.is_some()
    }

    /// The game as it should be saved now (RON), the running stretch of the clock included.
    pub fn record(&self) -> String {
        self.game
            .record_at(self.game.elapsed_ms().saturating_add(self.running_ms()))
    }

    /// The key the game's rule set is counted under in the statistics.
    pub fn statistics_key(&self) -> String {
        self.game.statistics_key()
    }

    /// Folds the running stretch into the game's elapsed time.
    fn settle_clock(&mut self) {
        let ran = self.running_ms();
        if self.clock_since.take().is_some() {
            let total = self.game.elapsed_ms().saturating_add(ran);
            self.game.set_elapsed_ms(total);
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

    /// Plays a move for the player (`by_player`) or the assistant.
    fn play(&mut self, m: Move, by_player: bool) -> Result<GameChanged, String> {
        let before = self.game.snapshot();
        let words = crate::patience::words::move_words(self.game.as_ref(), m);
        self.game.play(m)?;
        self.start_clock();
        if by_player {
            self.player_move = Some(PlayerMove {
                before,
                after: self.game.snapshot(),
                words,
            });
            Ok(GameChanged::Played(m))
        } else {
            Ok(GameChanged::Auto(m))
        }
    }

    /// The player leaves this game for another, or restarts it: a game played and never
    /// counted is counted now, as a loss (the game remembers, so this happens once).
    fn leave(&mut self, verdicts: &mut Verdicts) -> Option<Finished> {
        self.settle_clock();
        let outcome = self.game.count_leaving()?;
        Some(self.finished(outcome, verdicts))
    }

    fn finished(&self, outcome: Outcome, verdicts: &mut Verdicts) -> Finished {
        // The deal's verdict was asked for when it was dealt; worked out here only if not yet.
        let start = verdicts.decide_now(&self.game.start_snapshot());
        Finished {
            patience: self.game.patience().name(),
            rules: self.statistics_key(),
            deal: self.game.deal().get(),
            outcome,
            deal_winnable: start.is_winnable(),
            elapsed_ms: self.game.elapsed_ms(),
            moves: u32::try_from(self.game.moves_played()).unwrap_or(u32::MAX),
            standard: self.game.score(Scoring::Standard, self.game.elapsed_ms()),
            vegas: self.game.score(Scoring::Vegas, self.game.elapsed_ms()),
            daily: None,
        }
    }
}

/// The first game when none is saved: the command line's deal, or a random one from `pick`.
fn new_game(
    patience: &'static dyn Patience,
    options: &LaunchOptions,
    rules: Option<&str>,
    pick: impl FnOnce(&dyn Game) -> DealNumber,
) -> Result<Box<dyn Game>, String> {
    let first = patience.rule_sets()[0].name.clone();
    let name = options
        .rules
        .as_deref()
        .or(rules.filter(|r| patience.rule_set(r).is_ok()))
        .unwrap_or(&first);
    let game = patience.new_game(name, options.deal.unwrap_or(DealNumber::random_now()))?;
    Ok(match options.deal {
        Some(_) => game,
        None => {
            let deal = pick(game.as_ref());
            game.new_deal(deal)
        }
    })
}
