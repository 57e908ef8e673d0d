//! The game in progress, as a Bevy resource, and the only place where requests become moves:
//! input, the HUD and the assistant write [`Request`]s; this plugin asks the rules and says what
//! happened with [`GameChanged`], [`Refused`] and [`Finished`].

use super::LaunchOptions;
use super::files::{LoadFiles, SavedGame, Settings};
use super::messages::{Finished, GameChanged, Outcome, Refusal, Refused, Request, Step, Toast};
use super::verdicts::Verdicts;
use crate::rules::{
    DealNumber, Game, GameRecord, Illegal, MAX_DEAL, Move, Place, Position, RuleSet, Rules, Status,
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
    finding: Option<(Rules, Task<Result<DealNumber, DealNumber>>)>,
    /// Rules under which a search found no winnable deal: not searched ahead again.
    barren: Vec<Rules>,
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
            barren: Vec::new(),
            shipped: RuleSet::all_builtin().iter().map(RuleSet::rules).collect(),
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
    fn pick(&mut self, rules: &Rules, winnable_only: bool) -> Result<DealNumber, DealNumber> {
        if !winnable_only {
            return Ok(DealNumber::random_now());
        }
        if let Some(i) = self.ready.iter().position(|(r, _)| r == rules) {
            return Ok(self.ready.swap_remove(i).1);
        }
        first_winnable(self.candidates(TRIES), *rules)
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
fn first_winnable(candidates: Vec<DealNumber>, rules: Rules) -> Result<DealNumber, DealNumber> {
    let mut solver = crate::solver::Solver::new();
    let last = *candidates.last().expect("candidates are never empty");
    candidates
        .into_iter()
        .find(|&d| solver.decide(&Position::deal(d), &rules) != Decision::Lost)
        .ok_or(last)
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
        if let Some(found) = block_on(poll_once(task)) {
            picker.finding = None;
            match found {
                Ok(deal) => picker.ready.push((r, deal)),
                Err(_) => picker.barren.push(r),
            }
        } else {
            redraw.write(RequestRedraw);
        }
        return;
    }
    let wanted = std::iter::once(*session.game.rules())
        .chain(picker.shipped.iter().copied())
        .find(|r| picker.ready.iter().all(|(have, _)| have != r) && !picker.barren.contains(r));
    let Some(rules) = wanted else {
        return;
    };
    let candidates = picker.candidates(TRIES);
    // A rule set with no winnable deal among these keeps nothing ready: New game then tries
    // again, and says so.
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
            let mut none_found = false;
            let game = new_game(&options, default_rules.as_deref(), |rules| {
                picker.pick(rules, winnable_only).unwrap_or_else(|deal| {
                    none_found = true;
                    deal
                })
            })
            .unwrap_or_else(|e| {
                warn!("{e}");
                Game::new(RuleSet::default_set(), DealNumber::random_now())
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
    pub game: Game,
    /// When the clock last started running (None while stopped: won, stuck or not yet moved).
    clock_since: Option<Instant>,
    /// The positions before and after the player's last move, while nothing but the
    /// assistant's moves has followed it (undo, redo and a new deal clear it): the move the
    /// lost notice judges.
    pub player_move: Option<(Position, Position)>,
}

impl Session {
    pub fn new(game: Game) -> Session {
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

    /// Plays a move for the player (`by_player`) or the assistant.
    fn play(&mut self, m: Move, by_player: bool) -> Result<GameChanged, Illegal> {
        let before = *self.game.position();
        self.game.play(m)?;
        self.start_clock();
        if by_player {
            self.player_move = Some((before, *self.game.position()));
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
    mut toasts: MessageWriter<Toast>,
) {
    for request in requests.read() {
        let changes: Vec<GameChanged> = match request {
            Request::Play(m) | Request::Shown(m) | Request::Auto(m) => {
                let by_player = !matches!(request, Request::Auto(_));
                match session.play(*m, by_player) {
                    Ok(change) => {
                        if matches!(request, Request::Shown(_)) {
                            session.game.helped = true;
                        }
                        vec![change]
                    }
                    Err(why) => {
                        refused.write(Refused {
                            place: m.from(),
                            why: Refusal::Illegal(why),
                        });
                        vec![]
                    }
                }
            }
            Request::Best(place) => {
                let position = session.game.position();
                match position.best_move_from(session.game.rules(), *place) {
                    Some(m) => {
                        let change = session.play(m, true).expect("the rules chose a legal move");
                        vec![change]
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
                // Restarting is leaving the game as it stood: a played, uncounted game is lost.
                finished.write_batch(session.leave(&mut verdicts));
                session.clock_since = None;
                session.game.restart();
                vec![GameChanged::Dealt]
            }
            Request::NewGame { deal, rules } => {
                finished.write_batch(session.leave(&mut verdicts));
                let rule_set = match rules {
                    Some(name) => {
                        RuleSet::by_name_or_path(name).unwrap_or_else(|_| RuleSet::default_set())
                    }
                    None => session.game.rule_set().clone(),
                };
                let deal = deal.unwrap_or_else(|| {
                    let winnable_only = settings.as_ref().is_none_or(|s| s.winnable_only);
                    picker
                        .pick(&rule_set.rules(), winnable_only)
                        .unwrap_or_else(|deal| {
                            toasts.write(none_winnable());
                            deal
                        })
                });
                session.clock_since = None;
                session.game = Game::new(rule_set, deal);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Winnable deals only never deals a lost deal in silence: among numbers the solver calls
    /// all lost, the search says it found none (and the session then tells the player).
    #[test]
    fn a_search_among_lost_deals_finds_none_and_says_so() {
        let rules = RuleSet::builtin("wikipedia").unwrap().rules();
        let mut solver = crate::solver::Solver::new();
        let (lost, won): (Vec<DealNumber>, Vec<DealNumber>) = (1..40)
            .filter_map(DealNumber::new)
            .partition(|&d| solver.decide(&Position::deal(d), &rules) == Decision::Lost);
        assert!(lost.len() >= 3 && !won.is_empty());
        let last = *lost.last().unwrap();
        assert_eq!(first_winnable(lost.clone(), rules), Err(last));
        let mut mixed = lost.clone();
        mixed.push(won[0]);
        assert_eq!(first_winnable(mixed, rules), Ok(won[0]));
        assert!(none_winnable().0.contains("may be lost"));
    }
}
