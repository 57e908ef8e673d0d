//! Cards, suits and ranks, and their two-character notation (`TD`, `AS`): the same for every
//! patience.

use std::fmt;

/// The four suits in PySolFC's order: foundation `i` belongs to suit `i % 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs = 0,
    Spades = 1,
    Hearts = 2,
    Diamonds = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    pub fn from_index(i: usize) -> Suit {
        Suit::ALL[i % 4]
    }

    pub fn letter(self) -> char {
        ['C', 'S', 'H', 'D'][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["clubs", "spades", "hearts", "diamonds"][self as usize]
    }
}

/// One card of a pack. Stored as one byte, `suit * 13 + rank - 1`, so positions stay small;
/// in a game of two packs the two copies of a card are the same value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

pub const RANK_LETTERS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

impl Card {
    /// `rank` is 1 (Ace) to 13 (King).
    pub fn new(suit: Suit, rank: u8) -> Card {
        assert!((1..=13).contains(&rank), "rank out of range: {rank}");
        Card(suit as u8 * 13 + rank - 1)
    }

    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// 0..52, unique per card (not per copy).
    pub fn index(self) -> u8 {
        self.0
    }

    pub fn suit(self) -> Suit {
        Suit::from_index(usize::from(self.0 / 13))
    }

    /// 1 (Ace) to 13 (King).
    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    /// Hearts and diamonds are red, clubs and spades black.
    pub fn is_red(self) -> bool {
        matches!(self.suit(), Suit::Hearts | Suit::Diamonds)
    }

    pub fn rank_letter(self) -> char {
        RANK_LETTERS[usize::from(self.rank() - 1)]
    }

    /// Parses the two-character notation, `TD`, `as`, … (case-insensitive).
    pub fn parse(text: &str) -> Option<Card> {
        let mut chars = text.chars();
        let (r, s, rest) = (chars.next()?, chars.next()?, chars.next());
        if rest.is_some() {
            return None;
        }
        let r = r.to_ascii_uppercase();
        let rank = RANK_LETTERS.iter().position(|&c| c == r)? as u8 + 1;
        let s = s.to_ascii_uppercase();
        let suit = Suit::ALL.into_iter().find(|suit| suit.letter() == s)?;
        Some(Card::new(suit, rank))
    }

    /// The card as a player writes it: 7♣, 10♥, Q♠ (`Display` gives the notation: 7C, TH, QS).
    pub fn name(self) -> String {
        let symbol = ['♣', '♠', '♥', '♦'][self.suit() as usize];
        match self.rank() {
            10 => format!("10{symbol}"),
            _ => format!("{}{symbol}", self.rank_letter()),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for i in 0..52 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(Card::parse(&card.to_string()), Some(card));
        }
        assert_eq!(Card::parse("TD"), Some(Card::new(Suit::Diamonds, 10)));
        assert_eq!(Card::parse("as"), Some(Card::new(Suit::Spades, 1)));
        for bad in ["", "A", "1S", "AX", "ASX", "10D"] {
            assert_eq!(Card::parse(bad), None, "{bad:?}");
        }
    }
}
