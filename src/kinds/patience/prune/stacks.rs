//! Rule 9 of `prune`: cards that can never leave their piles (with rule 7's switch,
//! `dead_ends`). Klondike's own solver knows it (`klondike/solver/dead.rs`); here it is derived
//! from the kinds' parameters, for any file whose foundations are built up by suit from the
//! Ace, one card at a time, with no named rule.
//!
//! A card leaves a pile that is not home in one of four ways: home, onto a foundation of its
//! suit whose top is one rank lower; onto a card of a pile that takes it on that card by its
//! build (a *parent* of it, for the piles taking from its group); into a pile that takes it
//! when empty; or carried in a run moved from a card below it. The stock's click moves the
//! stock's cards, the waste's when it turns the waste over and the gathered piles' when a
//! redeal gathers them: those piles count only once no round is left (the stock never).
//!
//! Take a set `S` of cards in those piles, and `U` the cards under a card of `S` in its pile.
//! Say each card `c` of `S`:
//! 1. cannot be carried off from below: it is a pile's bottom card, or the pile moves one
//!    card at a time, or the card under it is face down or does not build onto it by the
//!    pile's rule (the card under it is in `U` and stays, so this stays true);
//! 2. has a lower rank of its suit all of whose copies are in `S` or `U`;
//! 3. has every copy of every parent in `U`, or in `S` on a pile that never takes a card on
//!    another (a waste, a cell, a reserve), or home where the foundations give nothing back;
//! 4. and every pile that would take it when empty holds a card of `S`.
//!
//! Then no card of `S` ever leaves its pile. Look at the first move that takes one, `c`, out
//! of its pile. Until then every card of `S` is in its pile and so is every card of `U` (a
//! pile gives its cards from the top, and a card of `U` carried off in a run would carry the
//! card of `S` above it). By 1, `c` is the lowest card the move takes. It cannot go home: the
//! foundation would hold a copy of the lower rank of 2, which is in `S` or `U`. Nor onto a
//! parent: a copy in `U` lies under a card of `S`, one in `S` lies where no card is laid on
//! it, one home stays there (3). Nor into an empty pile: each that would take it holds a card
//! of `S` (4). No named rule moves cards here. So no such move exists, and since the game is
//! won only with every card home, a position with such a set is lost. The largest set is
//! found by starting from every card that keeps 1 and striking out those that fail 2 to 4,
//! until none does (striking a card out only shrinks `U`, so what failed stays failed).
//!
//! Without 4 (`Mutant::StuckIgnoresSpaces`) a card that waits for a space is called stuck,
//! and without 1 (`Mutant::StuckIgnoresRuns`) a card a run carries off: the differential
//! test catches both.

use super::{Mutant, Prune};
use crate::cards::Card;
use crate::kinds::compiled::{Again, Compiled, MAX_PILES, Pile};
use crate::kinds::file::{Build, Dir, Empty, Kind, Moves, Takes};
use crate::kinds::position::{DOWN, Position, card};
use crate::kinds::takes::{follows, rank, suit};

/// What rule 9 needs of a file, worked out once. Sets of cards are a bit a card (52 bits);
/// with two packs a card counts in a set when both its copies do.
#[derive(Clone, Debug)]
pub(super) struct Stacks {
    /// For each group (by number) and card: the cards it could be laid on by a pile that
    /// takes from that group.
    pub(super) parents: Vec<[u64; 52]>,
    /// For each group and card: the piles that would take it from that group when empty (a
    /// bit a pile).
    pub(super) spaces: Vec<[u128; 52]>,
    /// For each pile that moves runs, by group, and each card: the cards that, lying on it,
    /// a run from it would carry.
    pub(super) carried: Vec<Option<[u64; 52]>>,
    /// Each card's lower cards of its suit.
    pub(super) lower: [u64; 52],
    /// Each card's children: the cards some pile could lay on it.
    pub(super) children: [u64; 52],
    /// The piles a card of `S` may lie in: not home, not the stock.
    piles: u128,
    /// Those that count only once no round is left: the waste turned over, the piles a
    /// redeal gathers.
    last_round: u128,
    /// The piles on which no card is ever laid on another.
    pub(super) never_on: u128,
    /// The piles that take any card from anywhere when empty: while one is empty, no card
    /// is stuck.
    any_space: u128,
    /// Cards may come back from the foundations.
    pub(super) back: bool,
    /// The groups (a bit a group) whose cards, once on the table, move only to piles of the
    /// same group or home (rule 10's seats).
    pub(super) kept: u128,
}

impl Stacks {
    pub(super) fn new(rules: &Compiled) -> Option<Stacks> {
        if !rules.file.named.is_empty() || rules.decks > 2 {
            return None;
        }
        let piles = &rules.piles;
        let home = |p: &Pile| p.kind.is_home();
        // Every foundation built up by suit from the Ace, a card at a time: a card goes home
        // only onto its suit's next lower rank.
        let plain_home = |p: &Pile| {
            p.kind == Kind::Foundation
                && p.build == Build::SameSuit
                && p.takes == Takes::One
                && p.dir == Dir::Up
                && p.step == 1
                && !p.wrap
                && p.empty == Empty::Rank(1)
        };
        if !piles.iter().any(home) || !piles.iter().filter(|p| home(p)).all(plain_home) {
            return None;
        }
        let dirs = |p: &Pile| -> &'static [Dir] {
            match p.dir {
                Dir::Either => &[Dir::Up, Dir::Down],
                Dir::Up => &[Dir::Up],
                Dir::Down => &[Dir::Down],
            }
        };
        let groups = usize::from(piles.iter().map(|p| p.group).max().unwrap_or(0)) + 1;
        let mut parents = vec![[0u64; 52]; groups];
        let mut spaces = vec![[0u128; 52]; groups];
        let mut carried = vec![None; groups];
        for (t, target) in piles.iter().enumerate() {
            if home(target) {
                continue;
            }
            if matches!(target.moves, Moves::Run | Moves::SuperMove) {
                let mut on = [0u64; 52];
                for (under, on) in on.iter_mut().enumerate() {
                    for c in 0..52u8 {
                        if dirs(target)
                            .iter()
                            .any(|&d| follows(target, d, under as u8, c))
                        {
                            *on |= 1 << c;
                        }
                    }
                }
                carried[usize::from(target.group)] = Some(on);
            }
            if target.takes == Takes::Nothing {
                continue;
            }
            for g in (0..groups).filter(|&g| target.from & (1 << g) != 0) {
                for c in 0..52u8 {
                    for p in 0..52u8 {
                        if dirs(target).iter().any(|&d| follows(target, d, p, c)) {
                            parents[g][usize::from(c)] |= 1 << p;
                        }
                    }
                    let rank_ok = match target.empty {
                        Empty::Nothing => false,
                        Empty::Rank(r) => rank(c) == r,
                        Empty::Any | Empty::FirstCard => true,
                    };
                    if rank_ok && target.suit.is_none_or(|s| s as u8 == suit(c)) {
                        spaces[g][usize::from(c)] |= 1 << t;
                    }
                }
            }
        }
        let mut kept = u128::MAX >> (128 - groups);
        for target in piles
            .iter()
            .filter(|t| !home(t) && t.takes != Takes::Nothing)
        {
            for g in (0..groups).filter(|&g| target.from & (1 << g) != 0) {
                if usize::from(target.group) != g {
                    kept &= !(1 << g);
                }
            }
        }
        let mut children = [0u64; 52];
        for group in &parents {
            for (c, &on) in group.iter().enumerate() {
                let mut bits = on;
                while bits != 0 {
                    children[bits.trailing_zeros() as usize] |= 1 << c;
                    bits &= bits - 1;
                }
            }
        }
        let any_space = (0..piles.len())
            .filter(|&t| (0..groups).all(|g| spaces[g].iter().all(|m| m & 1 << t != 0)))
            .fold(0u128, |bits, t| bits | 1 << t);
        let mut lower = [0u64; 52];
        for (c, l) in lower.iter_mut().enumerate() {
            for b in 0..52u8 {
                if suit(b) == suit(c as u8) && rank(b) < rank(c as u8) {
                    *l |= 1 << b;
                }
            }
        }
        let again = |q: u8| match &rules.again {
            Again::TurnWaste => rules.waste == Some(q),
            Again::Gather { piles, .. } => piles.contains(&q),
            Again::Nothing => false,
        };
        let (mut fixed, mut last_round, mut never_on) = (0, 0, 0);
        for (i, p) in piles.iter().enumerate() {
            let bit = 1u128 << i;
            if !home(p) && rules.stock != Some(i as u8) {
                fixed |= bit;
                if again(i as u8) {
                    last_round |= bit;
                }
                if p.takes == Takes::Nothing || p.build == Build::Nothing {
                    never_on |= bit;
                }
            }
        }
        Some(Stacks {
            parents,
            spaces,
            carried,
            lower,
            children,
            piles: fixed,
            last_round,
            never_on,
            any_space,
            back: piles.iter().any(|p| home(p) && p.moves != Moves::Nothing),
            kept,
        })
    }
}

/// A set of cards counted by copies: a card is in `all` when every copy of it is in.
#[derive(Clone, Copy)]
struct Copies {
    count: [u8; 52],
    all: u64,
    decks: u8,
}

impl Copies {
    fn new(decks: u8) -> Copies {
        Copies {
            count: [0; 52],
            all: 0,
            decks,
        }
    }

    fn add(&mut self, b: u8) {
        let c = usize::from(b & !DOWN);
        self.count[c] += 1;
        if self.count[c] == self.decks {
            self.all |= 1 << c;
        }
    }

    fn remove(&mut self, b: u8) {
        let c = usize::from(b & !DOWN);
        self.all &= !(1 << c);
        self.count[c] -= 1;
    }
}

/// A card of rule 9's set, and the lower card of its suit it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    pub card: Card,
    pub waits_for: Card,
}

impl Prune {
    /// Rule 9: some cards can never leave their piles (`stacks`), the first of them.
    ///
    /// Only each pile's highest card of `S` shapes `U` (the cards under it), so the set is
    /// kept as that card, a pile each. When it fails, it leaves `S` and `U` with the cards
    /// down to the next card of `S` that still holds, which becomes the pile's highest; a card
    /// that failed fails for good (what the set holds only shrinks). Piles are gone through
    /// until none changes.
    pub fn stuck(&self, rules: &Compiled, p: &Position) -> Option<Stuck> {
        if !self.switches.dead_ends {
            return None;
        }
        let s = self.stacks.as_ref()?;
        if p.any_empty(s.any_space) {
            return None;
        }
        let round_left = rules.round_left(p.round);
        let mut piles = s.piles;
        if round_left {
            piles &= !s.last_round;
        }
        // Whether the card at depth `i` of pile `q` may be in S: no run from below carries it.
        let candidate = |q: u8, i: usize| {
            let cards = p.pile(q);
            match (
                &s.carried[usize::from(rules.piles[usize::from(q)].group)],
                i,
            ) {
                (Some(on), 1..) if self.mutant != Some(Mutant::StuckIgnoresRuns) => {
                    let under = cards[i - 1];
                    under & DOWN != 0 || on[usize::from(under)] & 1 << (cards[i] & !DOWN) == 0
                }
                _ => true,
            }
        };
        // Each pile's highest card of S (its depth plus one; 0: none), the cards in S or U,
        // those no card can be laid on (in U, in S where nothing is laid on a card, home for
        // good), and the piles holding a card of S.
        let mut top = [0u8; MAX_PILES];
        let (mut held, mut blocked) = (Copies::new(rules.decks), Copies::new(rules.decks));
        let mut with_s = 0u128;
        let mut bits = piles;
        while bits != 0 {
            let q = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let cards = p.pile(q);
            let Some(t) = (0..cards.len()).rev().find(|&i| candidate(q, i)) else {
                continue;
            };
            top[usize::from(q)] = t as u8 + 1;
            with_s |= 1 << q;
            for &b in &cards[..t] {
                held.add(b);
                blocked.add(b);
            }
            held.add(cards[t]);
            if s.never_on & (1 << q) != 0 {
                blocked.add(cards[t]);
            }
        }
        // Every foundation takes cards here (`new`), so `homes` holds them all.
        if !s.back {
            for &q in &self.homes {
                for &b in p.pile(q) {
                    blocked.add(b);
                }
            }
        }
        // The card it waits for, where it holds.
        let holds = |q: u8, b: u8, held: &Copies, blocked: &Copies, with_s: u128| {
            let c = usize::from(b & !DOWN);
            let group = usize::from(rules.piles[usize::from(q)].group);
            let waits = s.lower[c] & held.all;
            let free_parent = s.parents[group][c] & !blocked.all != 0;
            let space = s.spaces[group][c] & !with_s != 0
                && self.mutant != Some(Mutant::StuckIgnoresSpaces);
            (waits != 0 && !free_parent && !space).then(|| waits.trailing_zeros() as u8)
        };
        loop {
            let mut changed = false;
            let mut bits = with_s;
            while bits != 0 {
                let q = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let cards = p.pile(q);
                let never_on = s.never_on & (1 << q) != 0;
                let mut t = usize::from(top[usize::from(q)]) - 1;
                if holds(q, cards[t], &held, &blocked, with_s).is_some() {
                    continue;
                }
                changed = true;
                // Down to the next card that holds: those passed leave S and U.
                loop {
                    held.remove(cards[t]);
                    if never_on {
                        blocked.remove(cards[t]);
                    }
                    let next = (0..t).rev().find(|&i| candidate(q, i));
                    let below = next.map_or(0, |i| i + 1);
                    for &b in &cards[below..t] {
                        held.remove(b);
                        blocked.remove(b);
                    }
                    let Some(i) = next else {
                        top[usize::from(q)] = 0;
                        with_s &= !(1 << q);
                        break;
                    };
                    // Now the highest: in U it counted as blocked.
                    if !never_on {
                        blocked.remove(cards[i]);
                    }
                    t = i;
                    if holds(q, cards[t], &held, &blocked, with_s).is_some() {
                        top[usize::from(q)] = t as u8 + 1;
                        break;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if with_s == 0 {
            return None;
        }
        let q = with_s.trailing_zeros() as u8;
        let b = p.pile(q)[usize::from(top[usize::from(q)]) - 1];
        let w = holds(q, b, &held, &blocked, with_s)?;
        Some(Stuck {
            card: card(b),
            waits_for: card(w),
        })
    }
}

/// Why the position is lost, in a player's words (as Klondike's solver says it).
pub fn words(stuck: &Stuck) -> String {
    let (c, w) = (stuck.card.name(), stuck.waits_for.name());
    format!(
        "the {c} can never move: the {w} must go home before it but stays buried, and no card \
         it could lie on, nor any space, can ever take the {c}"
    )
}
