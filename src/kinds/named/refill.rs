//! `Refill`: a pile a move leaves empty takes the next cards of the stock or the waste, and a
//! pile emptied so is refilled in turn; taken back exactly. `DealtInTurns`' count of the cards
//! dealt by hand, and its refill before the first.

use super::Named;
use crate::kinds::{DOWN, Position, Step};

/// The most piles refilled one after another after a move (a pile, the waste it took from,
/// the stock the waste took from).
pub const REFILLS: usize = 3;

/// Refills a pile a move left empty (`Refill`), then the pile that gave, if that left it
/// empty, and so on: how many cards each took, in turn. `open`: the stock whose top card lies
/// face up (its next card turns up). With `AcesHomeWhenDealt`, an Ace from the stock goes
/// to the foundation `home` names instead, and the pile takes the next card (the Aces are
/// counted in what it took: `unrefill` cannot take them back, the caller keeps the
/// position before).
pub fn refill(
    n: &Named,
    p: &mut Position,
    pile: u8,
    stock: Option<u8>,
    open: Option<u8>,
    home: &dyn Fn(&Position, u8) -> Option<u8>,
) -> [u8; REFILLS] {
    let mut taken = [0u8; REFILLS];
    // `DealtInTurns` refills only until the first card is dealt by hand.
    if n.turns.is_some_and(|(piles, ..)| piles & (1 << pile) != 0) && p.turns != 0 {
        return taken;
    }
    let mut at = pile;
    for k in taken.iter_mut() {
        let Some(&(_, from, cards)) = n.refill.iter().find(|(piles, ..)| piles & (1 << at) != 0)
        else {
            break;
        };
        if !p.is_empty(at) || p.is_empty(from) {
            break;
        }
        if n.aces_home && Some(from) == stock {
            *k = deal_past_aces(p, from, at, cards, home);
            at = from;
            continue;
        }
        *k = cards.min(p.len(from) as u8);
        for _ in 0..*k {
            p.shift(from, at, 1);
            // A stock's cards lie face down, a waste's face up: face up here either way.
            if p.top(at).is_some_and(|b| b & DOWN != 0) {
                p.flip_top(at);
            }
            if Some(from) == open && p.top(from).is_some_and(|b| b & DOWN != 0) {
                p.flip_top(from);
            }
        }
        at = from;
    }
    taken
}

/// Deals `cards` cards from the stock face up onto `pile`, each Ace on the way face up to
/// the foundation `home` names (PySolFC's `dealToStacksOrFoundations`): the cards drawn.
pub fn deal_past_aces(
    p: &mut Position,
    stock: u8,
    pile: u8,
    cards: u8,
    home: &dyn Fn(&Position, u8) -> Option<u8>,
) -> u8 {
    let (mut drawn, mut placed) = (0u8, 0u8);
    while placed < cards {
        let Some(top) = p.top(stock) else { break };
        drawn += 1;
        let to = match home(p, top & !DOWN) {
            Some(f) => f,
            None => {
                placed += 1;
                pile
            }
        };
        p.shift(stock, to, 1);
        if p.top(to).is_some_and(|b| b & DOWN != 0) {
            p.flip_top(to);
        }
    }
    drawn
}

/// Takes refills back, the last first: each pile's cards to the pile that gave them, as
/// they lay (face down again to a stock; to an open one, its top card alone face up).
pub fn unrefill(
    n: &Named,
    p: &mut Position,
    pile: u8,
    taken: [u8; REFILLS],
    to_stock: Option<u8>,
    open: Option<u8>,
) {
    let mut chain = [(0u8, 0u8); REFILLS];
    let mut at = pile;
    for link in chain.iter_mut() {
        let Some(&(_, from, _)) = n.refill.iter().find(|(piles, ..)| piles & (1 << at) != 0) else {
            break;
        };
        *link = (at, from);
        at = from;
    }
    for (&(at, from), &k) in chain.iter().zip(&taken).rev() {
        for _ in 0..k {
            if Some(from) == open {
                if p.top(from).is_some_and(|b| b & DOWN == 0) {
                    p.flip_top(from);
                }
            } else if Some(from) == to_stock {
                p.flip_top(at);
            }
            p.shift(at, from, 1);
        }
    }
}

/// `DealtInTurns`: a card dealt by hand from the stock to the piles counts in the turn, the
/// count starting again after the last; the count before, to take it back.
pub fn count_turn(n: &Named, p: &mut Position, stock: Option<u8>, m: Step) -> Option<u8> {
    let (piles, cards, ..) = n.turns?;
    if Some(m.from) != stock || piles & (1 << m.to) == 0 {
        return None;
    }
    let before = p.turns;
    // PySolFC's `num_dealled`, one less than ours: -1 before the first card, then 0..cards.
    let dealt = before.saturating_sub(1);
    p.turns = (dealt + 1) % cards + 1;
    Some(before)
}
