//! Proving a position lost without searching it: cards that can never leave the stacks they
//! lie in, and why, in a player's words.
//!
//! A *stack* is a column's dealt pile (its face-down cards and the root on them) and, once no
//! pass through the stock is left, the waste: a card in either leaves only after every card
//! above it has. Every card must leave its stack to go home. A card (not a King: a King may
//! always hope for an empty column) leaves its stack either home, after every lower card of its
//! suit, or onto a parent (a card one rank up of the other colour) face up on the table.
//!
//! Take a set `S` of stacked cards (not Kings), and `U` the cards that lie under them. Say
//! each card of `S` has a lower card of its suit, not home, in `S` or `U`, and both its parents
//! in `U` or in the waste's part of `S` (a card home counts as a parent that may come back,
//! unless the rules forbid it). Then no card of `S` ever leaves its stack: look at the first to
//! leave. Until then every card of `U` stays face down or in the waste, and every card of `S`
//! in its stack: none of them is home, none in `U` or the waste is on the table to take a card
//! (a card of `S` in a column may turn up as its root and take one: it does not count). So
//! that first card cannot go home (a lower card of its suit is not), nor onto a parent: it
//! cannot leave, a contradiction. And a card that never leaves never goes home: the game is
//! lost. The largest such `S` is found by starting from every stacked card that is not a King
//! and striking out cards that fail, until none does.

use super::state::{Bit, State, Table, card, rank, suit};

/// The four Kings.
const KINGS: u64 = 0xf << 48;
/// The cards of suit ♣ (shifted by the suit for the others).
const CLUBS: u64 = 0x0001_1111_1111_1111;

/// A card that can never leave its stack, and the lower card of its suit it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stuck {
    pub card: Bit,
    pub waits_for: Bit,
    /// `waits_for` lies under `card` itself (not under another stuck card).
    pub directly: bool,
    /// `card` lies in the waste (not in a column).
    pub in_waste: bool,
}

/// The two parents of `b`: one rank up, the other colour (none for a King).
pub(super) fn parents(b: Bit) -> u64 {
    let r = rank(b);
    if r == 13 {
        return 0;
    }
    let other = if suit(b) < 2 { 2 } else { 0 };
    0b11 << (4 * r + other)
}

/// The lower cards of `b`'s suit not yet home.
fn lower_not_home(s: &State, b: Bit) -> u64 {
    let su = suit(b);
    let home = u32::from(s.home[usize::from(su)]);
    let below_rank = (1u64 << (4 * (u32::from(rank(b)) - 1))) - 1;
    let home_cards = (1u64 << (4 * home)) - 1;
    (CLUBS << su) & below_rank & !home_cards
}

/// A card that can never leave its stack, if there is one: the position is then lost.
pub fn stuck(s: &State, table: &Table) -> Option<Stuck> {
    // What lies under each stacked card.
    let mut under = [0u64; 52];
    let mut stacked = 0u64;
    for c in 0..7 {
        let n = usize::from(s.pile[c]);
        let mut below = 0u64;
        for &b in &table.piles[c][..n] {
            under[usize::from(b)] = below;
            below |= 1 << b;
        }
        stacked |= below;
    }
    let mut waste = 0u64;
    let last_pass = table.rules.passes.is_some_and(|n| s.pass >= u16::from(n));
    if last_pass {
        for &b in &table.talon[..usize::from(s.turned)] {
            if s.talon & (1 << b) != 0 {
                under[usize::from(b)] = waste;
                waste |= 1 << b;
            }
        }
        stacked |= waste;
    }
    let home_cards: u64 = (0..4)
        .map(|su| ((1u64 << (4 * u32::from(s.home[su]))) - 1) & (CLUBS << su))
        .fold(0, |a, m| a | m);
    let mut set = stacked & !KINGS;
    loop {
        let covered = under_any(set, &under);
        let blocked = set | covered;
        let mut no_holder = covered | (set & waste);
        if !table.rules.foundation_to_column {
            no_holder |= home_cards;
        }
        let mut kept = set;
        let mut rest = set;
        while rest != 0 {
            let b = rest.trailing_zeros() as Bit;
            rest &= rest - 1;
            let waits = lower_not_home(s, b) & blocked;
            if waits == 0 || parents(b) & !no_holder != 0 {
                kept &= !(1 << b);
            }
        }
        if kept == set {
            break;
        }
        set = kept;
    }
    if set == 0 {
        return None;
    }
    // Name a card whose wait lies under it, if one does (the lowest such); else the lowest.
    let all = set | under_any(set, &under);
    let lowest = |m: u64| m.trailing_zeros() as Bit;
    let direct = (0..52u8)
        .find(|&b| set & (1 << b) != 0 && lower_not_home(s, b) & under[usize::from(b)] != 0);
    let b = direct.unwrap_or(lowest(set));
    let waits = if direct.is_some() {
        lower_not_home(s, b) & under[usize::from(b)]
    } else {
        lower_not_home(s, b) & all
    };
    Some(Stuck {
        card: b,
        waits_for: lowest(waits),
        directly: direct.is_some(),
        in_waste: waste & (1 << b) != 0,
    })
}

/// The cards that lie under some card of `set`.
fn under_any(set: u64, under: &[u64; 52]) -> u64 {
    let (mut all, mut rest) = (0, set);
    while rest != 0 {
        let b = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        all |= under[b];
    }
    all
}

/// A stuck card in a player's words: "the 5♣ is buried under the 6♣ it must go home before,
/// and no red 7 can ever take the 6♣".
pub fn words(stuck: &Stuck) -> String {
    let (c, w) = (card(stuck.card).name(), card(stuck.waits_for).name());
    let colour = if suit(stuck.card) < 2 { "red" } else { "black" };
    let up = match rank(stuck.card) + 1 {
        11 => "Jack".to_string(),
        12 => "Queen".to_string(),
        13 => "King".to_string(),
        r => r.to_string(),
    };
    let place = if stuck.in_waste { "in the waste, " } else { "" };
    if stuck.directly {
        format!(
            "{place}the {w} is buried under the {c} it must go home before, and no {colour} {up} can ever take the {c}"
        )
    } else {
        format!(
            "{place}the {c} can never move: the {w} must go home before it but stays buried, and no {colour} {up} can ever take the {c}"
        )
    }
}
