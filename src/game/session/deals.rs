//! New random deal numbers (`DealPicker`). With "winnable deals only" the next deal the solver
//! proves winnable is found ahead, on the task pool, for the rules in play, each shipped rule
//! set of the patience in play and the patience the New chooser shows (`Considering`), so New
//! game and a switch of patience find one ready. When none is ready yet, the request waits for the
//! search (on the task pool, never in a frame) and is made again once it ends.

use super::*;
use crate::cards::MAX_DEAL;
use crate::game::messages::{Considering, Toast};
use crate::patience::Verdict;
use crate::patience::difficulty::{self, Level};
use crate::profile;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A rule set of a patience, by its statistics key (its rules, whatever its file is called):
/// what a deal number is found winnable under.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Under {
    patience: &'static str,
    rules: String,
    /// Winnable at this level only.
    level: Option<Level>,
}

fn under(game: &dyn Game, level: Option<Level>) -> Under {
    Under {
        patience: game.patience().name(),
        rules: game.statistics_key(),
        level,
    }
}

/// What kind of random deal the player wants (Settings, the New chooser).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    Any,
    Winnable,
    /// Winnable, at this level.
    Level(Level),
}

impl Want {
    /// As the settings say (winnable, at a level, when there are no settings).
    pub fn of(settings: Option<&Settings>) -> Want {
        match settings.map(|s| (s.winnable_only, s.level)) {
            Some((_, Some(level))) => Want::Level(level),
            Some((false, None)) => Want::Any,
            _ => Want::Winnable,
        }
    }

    fn level(self) -> Option<Level> {
        match self {
            Want::Level(level) => Some(level),
            _ => None,
        }
    }

    /// What can be wanted of a game's patience: a level only where its levels are measured
    /// (`difficulty::measured`); elsewhere a winnable deal.
    fn within(self, game: &dyn Game) -> Want {
        match self {
            Want::Level(_)
                if !crate::patience::difficulty::measured(
                    game.patience(),
                    &game.rule_set().name,
                ) =>
            {
                Want::Winnable
            }
            want => want,
        }
    }
}

/// Where new random deal numbers come from. With "winnable deals only" a number is dealt only
/// when the solver proves it winnable (lost and undecided numbers are skipped); the next such
/// number is found ahead, on the task pool, so New game never waits for the solver.
#[derive(Resource)]
pub struct DealPicker {
    rng: StdRng,
    /// A winnable number found ahead, for rule sets in play or shipped.
    ready: Vec<(Under, DealNumber)>,
    finding: Option<(Under, Task<Result<DealNumber, DealNumber>>)>,
    /// Rules under which a search found no winnable deal: not searched ahead again.
    barren: Vec<Under>,
    /// The last number tried under rules a search found no winnable deal for, until a request
    /// that waited for that search takes it (and the player is told).
    gave_up: Vec<(Under, DealNumber)>,
    /// Requests for a new deal that wait for the search under way.
    waiting: Vec<Request>,
    /// Requests whose search has ended, to be made again before any newer request.
    due: Vec<Request>,
    /// `ready` changed since it was last saved.
    unsaved: bool,
    /// The patience and rule set the New chooser last showed (`Considering`): the one other
    /// patience searched ahead.
    considered: Option<(String, String)>,
}

/// What [`DealPicker::pick`] gives.
pub(super) enum Pick {
    /// This number: random, or proved winnable.
    Deal(DealNumber),
    /// Winnable deals were asked for and a search found none: this number, unproved; the
    /// player must be told.
    Unproved(DealNumber),
    /// The search for a winnable deal is under way: the request waits for it.
    Wait,
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
            gave_up: Vec::new(),
            waiting: Vec::new(),
            due: Vec::new(),
            unsaved: false,
            considered: None,
        }
    }

    /// The deals found ahead, as the file keeps them (`NextDeals`).
    pub(super) fn next_deals(&self) -> profile::NextDeals {
        profile::NextDeals {
            deals: self
                .ready
                .iter()
                .map(|(u, deal)| {
                    let level = u.level.map_or(String::new(), |l| format!("#{l}"));
                    (
                        format!("{} {}{level}", u.patience, u.rules),
                        deal.to_string(),
                    )
                })
                .collect(),
            ..Default::default()
        }
    }

    /// Takes the deals found ahead in an earlier run, for these patiences; anything else in
    /// the file is passed over.
    pub(super) fn take_next_deals(&mut self, file: &profile::NextDeals, patiences: &Patiences) {
        for (key, deal) in &file.deals {
            let Some((name, rules)) = key.split_once(' ') else {
                continue;
            };
            // A deal found at a level is kept as `RULES#LEVEL`.
            let (rules, level) = match rules.rsplit_once('#') {
                Some((rules, level)) => match Level::by_name(level) {
                    Some(level) => (rules, Some(level)),
                    None => continue,
                },
                None => (rules, None),
            };
            let (Some(patience), Ok(deal)) = (patiences.by_name(name), DealNumber::parse(deal))
            else {
                continue;
            };
            let u = Under {
                patience: patience.name(),
                rules: rules.to_string(),
                level,
            };
            if self.ready.iter().all(|(have, _)| *have != u) {
                self.ready.push((u, deal));
            }
        }
    }

    /// `ready` changed since last asked: it is to be saved.
    pub(super) fn take_unsaved(&mut self) -> bool {
        std::mem::take(&mut self.unsaved)
    }

    /// A request for a new deal waits for the search under way.
    pub(super) fn wait_with(&mut self, request: Request) {
        self.waiting.push(request);
    }

    /// A new deal waits for the solver, or is about to be dealt: the table is not yet at
    /// rest.
    pub fn dealing(&self) -> bool {
        !self.waiting.is_empty() || !self.due.is_empty()
    }

    /// A search ahead is under way.
    pub fn searching(&self) -> bool {
        self.finding.is_some()
    }

    /// How many of this patience's rule sets have a winnable deal ready.
    pub fn ready_for(&self, patience: &str) -> usize {
        self.ready
            .iter()
            .filter(|(u, _)| u.patience == patience)
            .count()
    }

    /// The requests whose search has ended, oldest first: the session makes them before any
    /// newer request, so the player's requests keep their order.
    pub(super) fn take_due(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.due)
    }

    fn candidates(&mut self, n: usize) -> Vec<DealNumber> {
        (0..n)
            .filter_map(|_| DealNumber::new(self.rng.random_range(1..=MAX_DEAL)))
            .collect()
    }

    /// A new random deal number, without the solver in this frame: random, or the winnable one
    /// found ahead, or the unproved one a search that found none left; else the search for the
    /// rules wanted starts (in place of any other under way) and the caller waits for it.
    /// `like` is any game under the rules wanted.
    pub(super) fn pick(&mut self, like: &dyn Game, want: Want) -> Pick {
        let want = want.within(like);
        if want == Want::Any {
            return Pick::Deal(DealNumber::random_now());
        }
        let wanted = under(like, want.level());
        if let Some(i) = self.ready.iter().position(|(u, _)| *u == wanted) {
            self.unsaved = true;
            return Pick::Deal(self.ready.swap_remove(i).1);
        }
        if let Some(i) = self.gave_up.iter().position(|(u, _)| *u == wanted) {
            return Pick::Unproved(self.gave_up.swap_remove(i).1);
        }
        if self.finding.as_ref().is_none_or(|(u, _)| *u != wanted) {
            // Dropping a task cancels it: the rules wanted now come first.
            self.finding = Some((wanted, self.search(like, want.level())));
        }
        Pick::Wait
    }

    /// A new random deal number found now, on this thread: only for the first game, before
    /// the first frame. `Err` carries an unproved number when none was found.
    pub(super) fn pick_now(
        &mut self,
        like: &dyn Game,
        want: Want,
    ) -> Result<DealNumber, DealNumber> {
        let want = want.within(like);
        if want == Want::Any {
            return Ok(DealNumber::random_now());
        }
        let wanted = under(like, want.level());
        if let Some(i) = self.ready.iter().position(|(u, _)| *u == wanted) {
            self.unsaved = true;
            return Ok(self.ready.swap_remove(i).1);
        }
        first_winnable(self.candidates(tries(want.level())), like, want.level())
    }

    /// The search for a winnable deal under `like`'s rules, on the task pool.
    fn search(
        &mut self,
        like: &dyn Game,
        level: Option<Level>,
    ) -> Task<Result<DealNumber, DealNumber>> {
        let candidates = self.candidates(tries(level));
        let like = like.new_deal(like.deal());
        AsyncComputeTaskPool::get()
            .spawn(async move { first_winnable(candidates, like.as_ref(), level) })
    }
}

/// How many random numbers are tried for a winnable deal (under Zodiac's shipped rules all 64
/// are lost about one time in 10^22; under Klondike's single pass, where about 28% are
/// winnable and a few are undecided within the table's budget, about one time in 10^9).
const TRIES: usize = 64;

/// Numbers tried for a deal at a level: about a quarter of the winnable deals are at each, so
/// four times as many.
fn tries(level: Option<Level>) -> usize {
    if level.is_some() { 4 * TRIES } else { TRIES }
}

/// What the player is told when no winnable deal was found.
pub(super) fn none_winnable() -> Toast {
    Toast(format!(
        "No winnable deal found under these rules in {TRIES} tries: this deal may be lost."
    ))
}

/// The first number of these the solver proves winnable, or `Err` with the last one if it
/// proves none: a deal it calls lost is skipped, and so is one it cannot decide within its
/// budget (`Unknown`), which may be lost.
fn first_winnable(
    candidates: Vec<DealNumber>,
    like: &dyn Game,
    level: Option<Level>,
) -> Result<DealNumber, DealNumber> {
    match level {
        None => first_proved(candidates, |d| like.deal_snapshot(d).solve()),
        // The rating solves first: a deal at the level is a proved winnable one.
        Some(level) => {
            let last = *candidates.last().expect("candidates are never empty");
            candidates
                .into_iter()
                .find(|&d| difficulty::rate_game(like.new_deal(d).as_ref()).level() == Some(level))
                .ok_or(last)
        }
    }
}

/// The first of `candidates` whose verdict is `Winnable`, or `Err` with the last one.
fn first_proved(
    candidates: Vec<DealNumber>,
    verdict: impl Fn(DealNumber) -> Verdict,
) -> Result<DealNumber, DealNumber> {
    let last = *candidates.last().expect("candidates are never empty");
    candidates
        .into_iter()
        .find(|&d| matches!(verdict(d), Verdict::Winnable { .. }))
        .ok_or(last)
}

/// Keeps a winnable deal number ready for the rules in play, for each shipped rule set of the
/// patience in play (a change of rules in Settings deals at once too), and for the patience
/// and rules the New chooser shows (Deal there finds it ready); hands the requests that waited
/// for a search back to the session once it ends.
pub(super) fn find_next_deal(
    mut picker: ResMut<DealPicker>,
    session: Res<Session>,
    patiences: Res<Patiences>,
    settings: Option<Res<Settings>>,
    verdicts: Res<Verdicts>,
    mut considering: MessageReader<Considering>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if let Some(c) = considering.read().last() {
        picker.considered = Some((c.patience.clone(), c.rules.clone()));
    }
    if let Some((u, task)) = picker.finding.as_mut() {
        let u = u.clone();
        if let Some(found) = block_on(poll_once(task)) {
            picker.finding = None;
            match found {
                Ok(deal) => {
                    picker.ready.push((u, deal));
                    picker.unsaved = true;
                }
                Err(last) => {
                    picker.barren.push(u.clone());
                    picker.gave_up.push((u, last));
                }
            }
            // Whatever the search found, the requests that waited for it go again: each finds
            // its deal ready, or the unproved one, or starts the search it wants.
            let waiting = std::mem::take(&mut picker.waiting);
            picker.due.extend(waiting);
        }
        redraw.write(RequestRedraw);
        return;
    }
    let want = Want::of(settings.as_deref());
    if want == Want::Any {
        return;
    }
    let game = &session.game;
    let patience = game.patience();
    let deal = game.deal();
    let shipped = patience
        .rule_sets()
        .into_iter()
        .filter_map(|s| patience.new_game(&s.name, deal).ok());
    // Of the other patiences, only the one the New chooser shows: searching ahead for every
    // one at the first start cost seconds of both cores for patiences a player may never open.
    // And only where the solver's verdicts are quick: a patience not yet measured deals its
    // first winnable deal when switched to, after its search.
    let others = picker.considered.iter().filter_map(|(name, rules)| {
        let p = patiences.by_name(name)?;
        if p.name() == patience.name() {
            return None;
        }
        // The chooser's rule set, else the one the settings keep for it, else its first.
        let own = settings.as_ref().and_then(|s| s.rules_for(p.name()));
        let rules = [Some(rules.as_str()), own]
            .into_iter()
            .flatten()
            .find(|r| p.rule_set(r).is_ok())
            .map(str::to_string)
            .or_else(|| p.rule_sets().first().map(|r| r.name.clone()))?;
        if !crate::patience::difficulty::measured(p, &rules) {
            return None;
        }
        p.new_game(&rules, deal).ok()
    });
    let wanted = std::iter::once(game.new_deal(deal))
        .chain(shipped)
        .chain(others)
        .find(|g| {
            let u = under(g.as_ref(), want.within(g.as_ref()).level());
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
    // A rule set with no winnable deal among these keeps nothing ready: New game then tries
    // again, and says so.
    let level = want.within(like.as_ref()).level();
    let task = picker.search(like.as_ref(), level);
    picker.finding = Some((under(like.as_ref(), level), task));
    redraw.write(RequestRedraw);
}

#[cfg(test)]
mod tests;
