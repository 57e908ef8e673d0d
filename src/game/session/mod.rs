//! The game in progress, as a Bevy resource, and the only place where requests become moves:
//! input, the HUD and the assistant write [`Request`]s; this plugin asks the rules and says what
//! happened with [`GameChanged`], [`Refused`] and [`Finished`].

pub mod files;
pub mod persistence;
pub mod placement;

use crate::game::LaunchOptions;
use crate::game::assistance::verdicts::Verdicts;
use crate::game::messages::{
    Finished, GameChanged, Outcome, Refusal, Refused, Request, Step, Toast,
};
use crate::game::session::files::{LoadFiles, SavedGames, Settings};
use crate::patience::{
    DealNumber, Game, Move, Patience, Place, Snapshot, Status, Verdict, registry,
};
use crate::rules::MAX_DEAL;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DealPicker>()
        .add_systems(PreStartup, start.after(LoadFiles))
        .add_systems(Update, handle_requests.in_set(Step::Session))
        .add_systems(Update, find_next_deal.in_set(Step::Present));
}

/// A rule set of a patience, by its statistics key (its rules, whatever its file is called):
/// what a deal number is found winnable under.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Under {
    patience: &'static str,
    rules: String,
}

fn under(game: &dyn Game) -> Under {
    Under {
        patience: game.patience().name(),
        rules: game.statistics_key(),
    }
}

/// Where new random deal numbers come from. With "winnable deals only" a number the solver
/// calls lost is skipped; the next winnable number is found ahead, on the task pool, so New
/// game never waits for the solver.
#[derive(Resource)]
pub struct DealPicker {
    rng: StdRng,
    /// A winnable number found ahead, for rule sets in play or shipped.
    ready: Vec<(Under, DealNumber)>,
    finding: Option<(Under, Task<Result<DealNumber, DealNumber>>)>,
    /// Rules under which a search found no winnable deal: not searched ahead again.
    barren: Vec<Under>,
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
            barren: Vec::new(),
        }
    }

    fn candidates(&mut self, n: usize) -> Vec<DealNumber> {
        (0..n)
            .filter_map(|_| DealNumber::new(self.rng.random_range(1..=MAX_DEAL)))
            .collect()
    }

    /// A new random deal number: the one found ahead if it suits, else one found now. `Err`
    /// carries a number when winnable deals were asked for and none was found (a rule set
    /// under which few deals or none can be won): the player must be told.
    /// `like` is any game under the rules wanted.
    fn pick(&mut self, like: &dyn Game, winnable_only: bool) -> Result<DealNumber, DealNumber> {
        if !winnable_only {
            return Ok(DealNumber::random_now());
        }
        let wanted = under(like);
        if let Some(i) = self.ready.iter().position(|(u, _)| *u == wanted) {
            return Ok(self.ready.swap_remove(i).1);
        }
        first_winnable(self.candidates(TRIES), like)
    }
}

/// How many random numbers are tried for a winnable deal (under the shipped rules all 64 are
/// lost about one time in 10^22).
const TRIES: usize = 64;

/// What the player is told when no winnable deal was found.
fn none_winnable() -> Toast {
    Toast(format!(
        "No winnable deal found under these rules in {TRIES} tries: this deal may be lost."
    ))
}

/// The first number of these the solver does not call lost, or `Err` with the last one if
/// the solver calls them all lost.
fn first_winnable(candidates: Vec<DealNumber>, like: &dyn Game) -> Result<DealNumber, DealNumber> {
    let last = *candidates.last().expect("candidates are never empty");
    candidates
        .into_iter()
        .find(|&d| !matches!(like.deal_snapshot(d).solve(), Verdict::Lost { .. }))
        .ok_or(last)
}

/// Keeps a winnable deal number ready for the rules in play and for each shipped rule set of
/// the patience in play (a change of rules in Settings deals at once too).
fn find_next_deal(
    mut picker: ResMut<DealPicker>,
    session: Res<Session>,
    settings: Option<Res<Settings>>,
    verdicts: Res<Verdicts>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !settings.is_none_or(|s| s.winnable_only) {
        return;
    }
    if let Some((u, task)) = picker.finding.as_mut() {
        let u = u.clone();
        if let Some(found) = block_on(poll_once(task)) {
            picker.finding = None;
            match found {
                Ok(deal) => picker.ready.push((u, deal)),
                Err(_) => picker.barren.push(u),
            }
        } else {
            redraw.write(RequestRedraw);
        }
        return;
    }
    let game = &session.game;
    let patience = game.patience();
    let deal = game.deal();
    let shipped = patience
        .rule_sets()
        .into_iter()
        .filter_map(|s| patience.new_game(&s.name, deal).ok());
    let wanted = std::iter::once(game.new_deal(deal))
        .chain(shipped)
        .find(|g| {
            let u = under(g.as_ref());
            picker.ready.iter().all(|(have, _)| *have != u) && !picker.barren.contains(&u)
        });
    let Some(like) = wanted else {
        return;
    };
    // Searching ahead waits for the table's own verdicts (which wait for the cards to land):
    // the player's game comes first.
    if verdicts.busy() {
        return;
    }
    let candidates = picker.candidates(TRIES);
    let u = under(like.as_ref());
    // A rule set with no winnable deal among these keeps nothing ready: New game then tries
    // again, and says so.
    let task =
        AsyncComputeTaskPool::get().spawn(async move { first_winnable(candidates, like.as_ref()) });
    picker.finding = Some((u, task));
    redraw.write(RequestRedraw);
}

/// The patience the window opens on: the command line's, else the one played last.
fn launch_patience(options: &LaunchOptions, settings: Option<&Settings>) -> &'static dyn Patience {
    options
        .patience
        .as_deref()
        .or(settings.map(|s| s.patience.as_str()))
        .and_then(registry::by_name)
        .unwrap_or_else(registry::default)
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
    let patience = launch_patience(&options, settings.as_ref());
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
            let winnable_only = settings.as_ref().is_none_or(|s| s.winnable_only);
            let mut picker = world.resource_mut::<DealPicker>();
            let mut none_found = false;
            let game = new_game(patience, &options, default_rules.as_deref(), |like| {
                picker.pick(like, winnable_only).unwrap_or_else(|deal| {
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
    /// The positions before and after the player's last move, while nothing but the
    /// assistant's moves has followed it (undo, redo and a new deal clear it): the move the
    /// lost notice judges.
    pub player_move: Option<(Arc<dyn Snapshot>, Arc<dyn Snapshot>)>,
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
        self.game.play(m)?;
        self.start_clock();
        if by_player {
            self.player_move = Some((before, self.game.snapshot()));
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
            rules: self.statistics_key(),
            outcome,
            deal_winnable: start.is_winnable(),
            elapsed_ms: self.game.elapsed_ms(),
            moves: u32::try_from(self.game.moves_played()).unwrap_or(u32::MAX),
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

#[allow(clippy::too_many_arguments)]
fn handle_requests(
    mut requests: MessageReader<Request>,
    mut session: ResMut<Session>,
    mut verdicts: ResMut<Verdicts>,
    mut picker: ResMut<DealPicker>,
    mut parked: ResMut<SavedGames>,
    settings: Option<Res<Settings>>,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<Refused>,
    mut finished: MessageWriter<Finished>,
    mut toasts: MessageWriter<Toast>,
) {
    for request in requests.read() {
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
            Request::Best(place, depth) => match session.game.best_move(*place, *depth) {
                Some(m) => match session.play(m, true) {
                    Ok(change) => vec![change],
                    Err(why) => {
                        refused.write(Refused {
                            place: *place,
                            why: Refusal::Illegal(why),
                        });
                        vec![]
                    }
                },
                None => {
                    refuse_best(session.game.as_ref(), *place, &mut refused);
                    vec![]
                }
            },
            Request::Home(place) => match session.game.home_move(*place) {
                Some(m) => session.play(m, true).map(|c| vec![c]).unwrap_or_default(),
                None => {
                    refuse_best(session.game.as_ref(), *place, &mut refused);
                    vec![]
                }
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
                finished.write_batch(session.leave(&mut verdicts));
                session.clock_since = None;
                session.game.restart();
                vec![GameChanged::Dealt]
            }
            Request::NewGame { deal, rules } => {
                finished.write_batch(session.leave(&mut verdicts));
                let patience = session.game.patience();
                let here = session.game.deal();
                // The rules asked for (a shipped name or a file), else the rules in play.
                let like = rules
                    .as_deref()
                    .and_then(|r| patience.new_game(r, here).ok())
                    .unwrap_or_else(|| session.game.new_deal(here));
                let deal = deal.unwrap_or_else(|| {
                    let winnable_only = settings.as_ref().is_none_or(|s| s.winnable_only);
                    picker
                        .pick(like.as_ref(), winnable_only)
                        .unwrap_or_else(|deal| {
                            toasts.write(none_winnable());
                            deal
                        })
                });
                session.clock_since = None;
                session.game = like.new_deal(deal);
                vec![GameChanged::Dealt]
            }
            Request::Switch(name) => {
                let Some(patience) = registry::by_name(name) else {
                    continue;
                };
                if patience.name() == session.game.patience().name() {
                    continue;
                }
                // The game left is parked as it stands (its clock stopped), never counted:
                // coming back resumes it exactly.
                session.settle_clock();
                session.clock_since = None;
                let next = match parked.0.remove(patience.name()) {
                    Some(game) => game,
                    None => {
                        let rules = settings
                            .as_ref()
                            .and_then(|s| s.rules_for(patience.name()))
                            .filter(|r| patience.rule_set(r).is_ok())
                            .map(str::to_string)
                            .unwrap_or_else(|| patience.rule_sets()[0].name.clone());
                        let winnable_only = settings.as_ref().is_none_or(|s| s.winnable_only);
                        match patience.new_game(&rules, DealNumber::random_now()) {
                            Ok(like) => {
                                let deal = picker
                                    .pick(like.as_ref(), winnable_only)
                                    .unwrap_or_else(|deal| {
                                        toasts.write(none_winnable());
                                        deal
                                    });
                                like.new_deal(deal)
                            }
                            Err(e) => {
                                toasts.write(Toast(e));
                                continue;
                            }
                        }
                    }
                };
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
                finished.write(f);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Winnable deals only never deals a lost deal in silence: among numbers the solver calls
    /// all lost, the search says it found none (and the session then tells the player).
    #[test]
    fn a_search_among_lost_deals_finds_none_and_says_so() {
        let zodiac = registry::by_name("zodiac").unwrap();
        let lost_under = |d: DealNumber| {
            matches!(
                zodiac.deal_snapshot("wikipedia", d).unwrap().solve(),
                Verdict::Lost { .. }
            )
        };
        let (lost, won): (Vec<DealNumber>, Vec<DealNumber>) = (1..40)
            .filter_map(DealNumber::new)
            .partition(|&d| lost_under(d));
        assert!(lost.len() >= 3 && !won.is_empty());
        let last = *lost.last().unwrap();
        let like = zodiac.new_game("wikipedia", won[0]).unwrap();
        assert_eq!(first_winnable(lost.clone(), like.as_ref()), Err(last));
        let mut mixed = lost.clone();
        mixed.push(won[0]);
        assert_eq!(first_winnable(mixed, like.as_ref()), Ok(won[0]));
        assert!(none_winnable().0.contains("may be lost"));
    }
}
