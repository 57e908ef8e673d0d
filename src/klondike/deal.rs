//! Klondike deal numbers, compatible with PySolFC: deal N gives the same opening as PySolFC's
//! Klondike game N (docs/rules.md, "Klondike deal numbers").

use crate::cards::{Card, DealNumber, Suit};

/// The 52 cards in the order they are dealt, first dealt first.
///
/// PySolFC makes the cards suit by suit (♣ ♠ ♥ ♦, Ace to King). Below 32000 a 52-card game
/// first reorders them rank by rank, in the suit order ♣ ♦ ♥ ♠ (its `ms_rearrange`, which
/// makes its LCG deals Microsoft's), then shuffles as for any game; the shuffled list is the
/// stock, dealt from its end.
pub fn deal_order(deal: DealNumber) -> [Card; 52] {
    let mut cards: [Card; 52] =
        std::array::from_fn(|i| Card::from_index(i as u8).expect("under 52"));
    if deal.get() < 32_000 {
        const ORDER: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        cards = std::array::from_fn(|i| Card::new(ORDER[i % 4], (i / 4) as u8 + 1));
    }
    deal.shuffle(&mut cards);
    cards.reverse();
    cards
}
