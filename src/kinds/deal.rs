//! PySolFC's deal of a patience written as a file: its pack in PySolFC's order, its shuffle for
//! the deal number, the file's cards moved to the top (`_shuffleHookMoveToTop`), then the
//! file's steps, each card taken from the top; the rest is the stock.

use super::compiled::{Again, Click, Compiled};
use super::file::{End, Key, Kind, Step, chosen};
use super::position::{DOWN, Position};
use crate::cards::{Card, DealNumber, Suit};

/// A card of the pack while dealing: which pack it came from counts for the hooks.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Dealt {
    deck: u8,
    card: Card,
}

/// The pack as PySolFC lists it before shuffling: pack by pack, suit by suit (♣ ♠ ♥ ♦), Ace
/// to King (or to the file's last rank); for one whole pack below deal 32000, rank by rank in the suits ♣ ♦ ♥ ♠ (its
/// `ms_rearrange`).
fn pack(decks: u8, ranks: u8, deal: DealNumber) -> Vec<Dealt> {
    let mut cards: Vec<Dealt> = (0..decks)
        .flat_map(|deck| {
            (0..52u8)
                .map(move |i| Dealt {
                    deck,
                    card: Card::from_index(i).expect("under 52"),
                })
                .filter(move |d| d.card.rank() <= ranks)
        })
        .collect();
    if decks == 1 && ranks == 13 && deal.get() < 32_000 {
        const ORDER: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        for (i, d) in cards.iter_mut().enumerate() {
            d.card = Card::new(ORDER[i % 4], (i / 4) as u8 + 1);
        }
    }
    cards
}

/// The deal `deal` of a compiled patience.
pub fn deal(rules: &Compiled, deal: DealNumber) -> Position {
    let mut cards = pack(rules.decks, rules.file.ranks.unwrap_or(13), deal);
    let drawn = deal.shuffle_then(&mut cards, |cards, draw| {
        super::named::before_deal(&rules.named, cards, draw, |d| d.card.rank());
    });
    for top in &rules.file.deal.hooks {
        let patterns: Vec<_> = top.cards.iter().filter_map(|c| chosen(c)).collect();
        let picked = |d: &Dealt| {
            (!top.first_deck || d.deck == 0)
                && patterns.iter().any(|&(rank, suit)| {
                    rank.is_none_or(|r| r == d.card.rank())
                        && suit.is_none_or(|s| s == d.card.suit())
                })
        };
        let key = |d: &Dealt| {
            let (rank, suit) = (u32::from(d.card.rank()), d.card.suit() as u32);
            match top.key {
                Key::Suit => suit,
                Key::Rank => rank,
                Key::RankThenSuit => rank * 4 + suit,
                Key::SuitThenRank => suit * 16 + rank,
                Key::RankDownThenSuit => (13 - rank) * 4 + suit,
                Key::None => 0,
            }
        };
        // As PySolFC: sorted by key, then by how near the top each lay, the smallest last in
        // the list, which is dealt first.
        let len = cards.len();
        let mut moved: Vec<(u32, usize, Dealt)> = Vec::new();
        let mut kept = Vec::with_capacity(len);
        // Only so many, those nearest the bottom (the list's start).
        let mut left = top.count.map_or(usize::MAX, usize::from);
        for (index, d) in cards.into_iter().enumerate() {
            if left > 0 && picked(&d) {
                left -= 1;
                moved.push((key(&d), len - index, d));
            } else {
                kept.push(d);
            }
        }
        moved.sort_by_key(|&(k, i, _)| (k, i));
        let moved = moved.into_iter().rev().map(|(_, _, d)| d);
        cards = match top.to {
            End::Top => kept.into_iter().chain(moved).collect(),
            End::Bottom => moved.chain(kept).collect(),
        };
    }
    let mut position = Position::empty(rules.piles.len());
    if matches!(rules.again, Again::Gather { shuffle: true, .. }) {
        position.seed = deal.get();
        position.drawn = drawn as u16;
    }
    // The next card for a pile: an Ace on the way goes home first (`AcesHomeWhenDealt`).
    let next = |position: &mut Position, cards: &mut Vec<Dealt>| loop {
        let d = cards.pop()?;
        match super::moves::ace_home(rules, position, d.card.index()) {
            Some(f) => position.push(f, d.card.index()),
            None => return Some(d),
        }
    };
    for step in &rules.file.deal.steps {
        match step {
            Step::Row {
                group,
                first,
                last,
                face_down,
                reverse,
            } => {
                let g = rules.group(group).expect("checked when compiled");
                let mut piles: Vec<u8> = rules.group_piles(g).collect();
                let end = last.map_or(piles.len(), usize::from);
                piles = piles[usize::from(first.unwrap_or(0))..end].to_vec();
                if *reverse {
                    piles.reverse();
                }
                for pile in piles {
                    let Some(d) = next(&mut position, &mut cards) else {
                        break;
                    };
                    let down = if *face_down { DOWN } else { 0 };
                    position.push(pile, d.card.index() | down);
                }
            }
            Step::Piles {
                group,
                cards: each,
                face_down,
            } => {
                let g = rules.group(group).expect("checked when compiled");
                let down = if *face_down { DOWN } else { 0 };
                for pile in rules.group_piles(g) {
                    for _ in 0..*each {
                        let Some(d) = next(&mut position, &mut cards) else {
                            break;
                        };
                        position.push(pile, d.card.index() | down);
                    }
                }
            }
            Step::BaseCard => {
                if let Some(d) = cards.pop() {
                    let home = rules
                        .foundations()
                        .find(|&f| rules.piles[usize::from(f)].suit == Some(d.card.suit()));
                    if let Some(f) = home {
                        position.push(f, d.card.index());
                        position.base = d.card.rank();
                    }
                }
            }
            Step::Turn => {
                // As the stock's click: its next cards, one by one, face up to the waste.
                if let (Click::ToWaste(n), Some(waste)) = (&rules.click, rules.waste) {
                    for _ in 0..*n {
                        let Some(d) = cards.pop() else { break };
                        position.push(waste, d.card.index());
                    }
                }
            }
        }
    }
    fill_stock(rules, &mut position, &mut cards);
    position
}

/// The rest of the pack to the stock, face down, the next card to deal on top.
fn fill_stock(rules: &Compiled, position: &mut Position, cards: &mut Vec<Dealt>) {
    let Some(stock) = rules.stock else { return };
    for d in cards.drain(..) {
        position.push(stock, d.card.index() | DOWN);
    }
    // An open stock shows its top card (PySolFC's `OpenTalonStack.fillStack`).
    if rules.click == Click::Open && !position.is_empty(stock) {
        position.flip_top(stock);
    }
    debug_assert!(matches!(rules.piles[usize::from(stock)].kind, Kind::Stock));
}
