//! What the search asks of rules 7, 9 and 10 after each move (`dead`), and how it keeps rule 9
//! and rule 10 from costing more than they prove: each is asked while it pays, in a trial at
//! the start of each decision.

use super::Prune;
use crate::kinds::Step;
use crate::kinds::compiled::Compiled;
use crate::kinds::position::{DOWN, Position};
use crate::kinds::takes::{rank, suit};

/// How many times rule 9 is asked in a decision before it is given up where it found nothing.
const STUCK_TRIAL: u32 = 2_000;

/// How many times rule 10 is asked after cards laid on others in a decision before it is given
/// up where it found nothing. Shamrocks, whose seats rarely bind, paid a quarter more time at
/// 2,000 (rule 9's trial); Klondike single pass searched the same positions at 200, one deal
/// fewer won at 50.
const LOOSER_TRIAL: u32 = 200;

impl Prune {
    /// The position `q`, reached by move `m` (and the moves played at once after it) from a
    /// position not dead, can never be won: rule 7, rule 9 or rule 10 says so. Rule 10 is
    /// asked only on the last round (`looser_lost_after`): after every turn with a round
    /// left, it cut draw three's positions by 7% and cost 3% more (docs/performance.md).
    pub fn dead(&self, rules: &Compiled, q: &Position, m: Step) -> bool {
        self.line_dead(rules, q)
            || self.may_stick(rules, q, m) && self.stuck_paying(rules, q)
            || self.relax && !rules.round_left(q.round) && self.looser_lost_after(rules, q, m)
    }

    /// Rule 9 as the search asks it: while it pays. Where no set of cards is stuck in the
    /// first `STUCK_TRIAL` asks of a decision, it is not asked again in that decision (a
    /// rule left out only searches more: no verdict changes its truth). Seven Devils and
    /// Shamrocks never meet one at the table's budget, where asking cost a sixth of the time.
    fn stuck_paying(&self, rules: &Compiled, q: &Position) -> bool {
        let (asked, found) = self.stuck_asks.get();
        if !found && asked >= STUCK_TRIAL {
            return false;
        }
        let stuck = self.stuck(rules, q).is_some();
        self.stuck_asks
            .set((asked.saturating_add(1), found || stuck));
        stuck
    }

    /// A new decision: rule 9 is on trial again.
    pub fn new_decision(&self) {
        self.stuck_asks.set((0, false));
        self.looser_asks.set((0, false));
        if let Some(inner) = &self.stay_home {
            inner.1.new_decision();
        }
    }

    /// Whether the move `m` that made `q` could have made cards stuck (rule 9). Not a run
    /// laid on a card it builds on by a pile that moves runs, nor a card sent home where
    /// cards come back or where its children are all home: every set stuck after any of
    /// these was stuck before. Its cards lie where they lay, on the same cards; the moved
    /// cards were in no set's `U` before (they were on top of their pile but for cards of
    /// their own run) and are in none after (no run carries a card of `S`, so none lies on
    /// the run), and home they block no card of a set. Nor do the cards sent home at once
    /// after a move (rule 1), whose children are all home.
    fn may_stick(&self, rules: &Compiled, q: &Position, m: Step) -> bool {
        let Some(s) = &self.stacks else {
            return false;
        };
        if m.count == 0 {
            return true;
        }
        let to = &rules.piles[usize::from(m.to)];
        if to.kind.is_home() {
            let Some(c) = q.top(m.to) else {
                return true;
            };
            return !s.back && !self.all_home(rules, q, s.children[usize::from(c & !DOWN)]);
        }
        let cards = q.pile(m.to);
        let n = usize::from(m.count);
        match (
            &s.carried[usize::from(to.group)],
            cards.len().checked_sub(n + 1),
        ) {
            (Some(on), Some(i)) => {
                let (under, first) = (cards[i], cards[i + 1]);
                under & DOWN != 0 || on[usize::from(under)] & 1 << (first & !DOWN) == 0
            }
            _ => true,
        }
    }

    /// Every copy of each of these cards is home (foundations built up by suit from the Ace).
    fn all_home(&self, rules: &Compiled, q: &Position, mut cards: u64) -> bool {
        while cards != 0 {
            let c = cards.trailing_zeros() as u8;
            cards &= cards - 1;
            let copies = self
                .homes
                .iter()
                .filter(|&&f| {
                    let pile = q.pile(f);
                    pile.len() >= usize::from(rank(c)) && suit(pile[0]) == suit(c)
                })
                .count();
            if copies < usize::from(rules.decks) {
                return false;
            }
        }
        true
    }

    /// Rule 10 after move `m` made `q`, on the last round: after a turn of the stock (a card
    /// turned over may bury what the table waits for), and after a card laid on another (it
    /// may take the seat its twin needs, `seats.rs`) while that pays (`LOOSER_TRIAL`), as rule
    /// 9 is asked (`stuck_paying`). Not after a card sent home: that only takes a holder from
    /// the looser game. Asked after cards laid too, Klondike single pass written as a file
    /// (deals 1-200 at 200,000 positions) left 47 deals unknown, against 63 asked after turns
    /// only, in the same time (docs/performance.md).
    fn looser_lost_after(&self, rules: &Compiled, q: &Position, m: Step) -> bool {
        if m.count == 0 {
            return self.never_out(rules, q) != 0;
        }
        if rules.piles[usize::from(m.to)].kind.is_home() {
            return false;
        }
        let (asked, found) = self.looser_asks.get();
        if !found && asked >= LOOSER_TRIAL {
            return false;
        }
        let lost = self.never_out(rules, q) != 0;
        self.looser_asks
            .set((asked.saturating_add(1), found || lost));
        lost
    }
}
