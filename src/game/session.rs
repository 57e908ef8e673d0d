//! The game in progress, as a Bevy resource, and the only place where requests become moves:
//! input, the HUD and the assistant write [`Request`]s; this plugin asks the rules and says what
//! happened with [`GameChanged`], [`Refused`] and [`Finished`].

use super::LaunchOptions;
use super::files::{LoadFiles, SavedGame, Settings};
use super::messages::{Finished, GameChanged, Outcome, Refusal, Refused, Request, Step};
use super::verdicts::Verdicts;
use crate::rules::{
    DealNumber, Game, GameRecord, MAX_DEAL, Place, Position, RuleSet, Rules, Status,
};
use crate::solver::{Decision, Verdict};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DealPicker>()
        .add_systems(PreStartup, start.after(LoadFiles))
        .add_systems(Update, handle_requests.in_set(Step::Session))
        .add_systems(Update, find_next_deal.in_set(Step::Present));
}

/// Where new random deal numbers come from. With "winnable deals only" a number the solver
/// calls lost is skipped; the next winnable number is found ahead, on the task pool, so New
/// game never waits for the solver.
#[derive(Resource)]
pub struct DealPicker {
    rng: StdRng,
    /// A winnable number found ahead, for each rule set in play or shipped.
    ready: Vec<(Rules, DealNumber)>,
    finding: Option<(Rules, Task<DealNumber>)>,
    /// The shipped rule sets' rules.
    shipped: Vec<Rules>,
}

impl Default for DealPicker {
    fn default() -> Self {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        DealPicker::seeded(now.as_nanos() as u64)
    }
}

impl DealPicker {
    /// A picker whose numbers are always the same (for tests).
    pub fn seeded(seed: u64) -> DealPicker {
        DealPicker {
            rng: StdRng::seed_from_u64(seed),
            ready: Vec::new(),
            finding: None,
            shipped: RuleSet::all_builtin().iter().map(RuleSet::rules).collect(),
        }
    }

    fn candidates(&mut self, n: usize) -> Vec<DealNumber> {
        (0..n)
            .filter_map(|_| DealNumber::new(self.rng.random_range(1..=MAX_DEAL)))
            .collect()
    }

    /// A new random deal number: the one found ahead if it suits, else one found now.
    fn pick(&mut self, rules: &Rules, winnable_only: bool) -> DealNumber {
        if !winnable_only {
            return DealNumber::random_now();
        }
        if let Some(i) = self.ready.iter().position(|(r, _)| r == rules) {
            return self.ready.swap_remove(i).1;
        }
        first_winnable(self.candidates(64), *rules)
    }
}

/// The first number of these the solver does not call lost (the last one if all are: about
/// one chance in 10^22 under the hardest shipped rules).
fn first_winnable(candidates: Vec<DealNumber>, rules: Rules) -> DealNumber {
    let mut solver = crate::solver::Solver::new();
    let last = *candidates.last().expect("candidates are never empty");
    candidates
        .into_iter()
        .find(|&d| solver.decide(&Position::deal(d), &rules) != Decision::Lost)
        .unwrap_or(last)
}

/// Keeps a winnable deal number ready for the rules in play and for each shipped rule set (a
/// change of rules in Settings deals at once too).
fn find_next_deal(
    mut picker: ResMut<DealPicker>,
    session: Res<Session>,
    settings: Option<Res<Settings>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !settings.is_none_or(|s| s.winnable_only) {
        return;
    }
    if let Some((r, task)) = picker.finding.as_mut() {
        let r = *r;
        if let Some(deal) = block_on(poll_once(task)) {
            picker.finding = None;
            picker.ready.push((r, deal));
        } else {
            redraw.write(RequestRedraw);
        }
        return;
    }
    let wanted = std::iter::once(*session.game.rules())
        .chain(picker.shipped.iter().copied())
        .find(|r| picker.ready.iter().all(|(have, _)| have != r));
    let Some(rules) = wanted else {
        return;
    };
    let candidates = picker.candidates(64);
    let task = AsyncComputeTaskPool::get().spawn(async move { first_winnable(candidates, rules) });
    picker.finding = Some((rules, task));
    redraw.write(RequestRedraw);
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
            let settings = world.get_resource::<Settings>().cloned();
            let default_rules = settings.as_ref().map(|s| s.rules.clone());
            let winnable_only = settings.is_none_or(|s| s.winnable_only);
            let mut picker = world.resource_mut::<DealPicker>();
            let game = new_game(&options, default_rules.as_deref(), |rules| {
                picker.pick(rules, winnable_only)
            })
            .unwrap_or_else(|e| {
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

    fn finished(&self, outcome: Outcome, verdicts: &mut Verdicts) -> Finished {
        // The deal's verdict was asked for when it was dealt; worked out here only if not yet.
        let start = verdicts.decide_now(self.game.rules(), self.game.start());
        Finished {
            rules: self.statistics_key(),
            outcome,
            deal_winnable: matches!(*start, Verdict::Winnable { .. }),
            elapsed_ms: self.game.elapsed_ms,
            moves: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
        }
    }
}

/// The first game when none is saved: the command line's deal, or a random one from `pick`.
fn new_game(
    options: &LaunchOptions,
    rules: Option<&str>,
    pick: impl FnOnce(&Rules) -> DealNumber,
) -> Result<Game, String> {
    let name = options.rules.as_deref().or(rules).unwrap_or("cadogan");
    let rule_set = RuleSet::by_name_or_path(name).map_err(|e| e.to_string())?;
    let deal = options.deal.unwrap_or_else(|| pick(&rule_set.rules()));
    Ok(Game::new(rule_set, deal))
}

#[allow(clippy::too_many_arguments)]
fn handle_requests(
    mut requests: MessageReader<Request>,
    mut session: ResMut<Session>,
    mut verdicts: ResMut<Verdicts>,
    mut picker: ResMut<DealPicker>,
    settings: Option<Res<Settings>>,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<Refused>,
    mut finished: MessageWriter<Finished>,
) {
    for request in requests.read() {
        let was_won = session.game.status() == Status::Won;
        let changes: Vec<GameChanged> = match request {
            Request::Play(m) | Request::Shown(m) => match session.game.play(*m) {
                Ok(()) => {
                    session.start_clock();
                    if matches!(request, Request::Shown(_)) {
                        session.game.helped = true;
                    }
                    vec![GameChanged::Played(*m)]
                }
                Err(why) => {
                    refused.write(Refused {
                        place: m.from(),
                        why: Refusal::Illegal(why),
                    });
                    vec![]
                }
            },
            Request::Best(place) => {
                let position = session.game.position();
                match position.best_move_from(session.game.rules(), *place) {
                    Some(m) => {
                        session.game.play(m).expect("the rules chose a legal move");
                        session.start_clock();
                        vec![GameChanged::Played(m)]
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
                        vec![]
                    }
                }
            }
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
                session.clock_since = None;
                session.win_counted = false;
                session.game.restart();
                vec![GameChanged::Dealt]
            }
            Request::NewGame { deal, rules } => {
                // Leaving a game that was started and not won counts as a loss: here, and only here.
                if !was_won && !session.game.moves().is_empty() {
                    session.settle_clock();
                    finished.write(session.finished(Outcome::Lost, &mut verdicts));
                }
                let rule_set = match rules {
                    Some(name) => {
                        RuleSet::by_name_or_path(name).unwrap_or_else(|_| RuleSet::default_set())
                    }
                    None => session.game.rule_set().clone(),
                };
                let deal = deal.unwrap_or_else(|| {
                    let winnable_only = settings.as_ref().is_none_or(|s| s.winnable_only);
                    picker.pick(&rule_set.rules(), winnable_only)
                });
                session.clock_since = None;
                session.win_counted = false;
                session.game = Game::new(rule_set, deal);
                vec![GameChanged::Dealt]
            }
        };
        if changes.is_empty() {
            continue;
        }
        // Finishing a game stops the clock; a first win is counted once.
        if session.game.status() != Status::Playing {
            session.settle_clock();
            session.clock_since = None;
            if !was_won && !session.win_counted && session.game.status() == Status::Won {
                session.win_counted = true;
                let outcome = if session.game.helped {
                    Outcome::Helped
                } else {
                    Outcome::Won
                };
                finished.write(session.finished(outcome, &mut verdicts));
            }
        } else if changes
            .iter()
            .any(|c| matches!(c, GameChanged::Undone(_) | GameChanged::Redone(_)))
        {
            session.start_clock();
        }
        changed.write_batch(changes);
    }
}
