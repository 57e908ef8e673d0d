//! New random deal numbers (`DealPicker`). With "winnable deals only" the next deal the solver
//! proves winnable is found ahead, on the task pool, for the rules in play and each shipped rule
//! set, so New game never waits for the solver.

use super::*;
use crate::cards::MAX_DEAL;
use crate::game::messages::Toast;
use crate::patience::Verdict;
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
}

fn under(game: &dyn Game) -> Under {
    Under {
        patience: game.patience().name(),
        rules: game.statistics_key(),
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
    pub(super) fn pick(
        &mut self,
        like: &dyn Game,
        winnable_only: bool,
    ) -> Result<DealNumber, DealNumber> {
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
pub(super) fn none_winnable() -> Toast {
    Toast(format!(
        "No winnable deal found under these rules in {TRIES} tries: this deal may be lost."
    ))
}

/// The first number of these the solver proves winnable, or `Err` with the last one if it
/// proves none: a deal it calls lost is skipped, and so is one it cannot decide within its
/// budget (`Unknown`), which may be lost.
fn first_winnable(candidates: Vec<DealNumber>, like: &dyn Game) -> Result<DealNumber, DealNumber> {
    first_proved(candidates, |d| like.deal_snapshot(d).solve())
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

/// Keeps a winnable deal number ready for the rules in play and for each shipped rule set of
/// the patience in play (a change of rules in Settings deals at once too).
pub(super) fn find_next_deal(
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

    /// Only a proof takes a deal: one the solver cannot decide within its budget is passed over
    /// like a lost one, however the others go.
    #[test]
    fn an_unknown_verdict_is_not_taken() {
        let deals: Vec<DealNumber> = (1..=3).filter_map(DealNumber::new).collect();
        let unknown = || Verdict::Unknown {
            why: "the budget ran out".into(),
        };
        assert_eq!(first_proved(deals.clone(), |_| unknown()), Err(deals[2]));
        let last_proved = |d: DealNumber| {
            if d == deals[2] {
                Verdict::Winnable {
                    line: Vec::new(),
                    note: None,
                }
            } else {
                unknown()
            }
        };
        assert_eq!(first_proved(deals.clone(), last_proved), Ok(deals[2]));
    }
}
