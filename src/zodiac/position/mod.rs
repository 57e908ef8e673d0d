//! A position on the Zodiac table and the rules that move it: legal moves, applying and undoing,
//! won and stuck. This is the one authority on legality; everything else asks it.
//!
//! Here the position itself and what it holds; `legal` generates moves (and says stuck),
//! `apply` checks, applies and undoes them (they must agree exactly), `illegal` words refusals.
//! The tests are elsewhere (`../tests.rs`, `../property_tests.rs`).

use super::moves::{Move, MoveList, Place};
use super::ruleset::{Direction, Rules};
use crate::cards::DealNumber;
use crate::cards::{Card, Suit};
use std::fmt;

mod apply;
mod illegal;
mod legal;
mod thumb;

pub use illegal::Illegal;

/// Phase 1 fills the Zodiac; phase 2 (stock and waste both empty) clears it to the foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    One,
    Two,
}

impl Phase {
    pub fn number(self) -> u8 {
        match self {
            Phase::One => 1,
            Phase::Two => 2,
        }
    }
}

/// Where a game stands (stuck: no move but turning the stock is left; docs/rules.md,
/// "Winning and losing").
pub use crate::patience::Status;

const FILLER: Card = match Card::from_index(0) {
    Some(c) => c,
    None => unreachable!(),
};

/// The whole table: about 230 bytes, `Copy` and `Hash`, so a solver can keep millions.
///
/// The stock and the waste are one sequence, the *talon*: `talon[..waste_len]` is the waste
/// (bottom to top) and `talon[waste_len..talon_len]` the stock (next card first). Turning a card
/// moves the boundary; turning the waste over resets it to 0, which keeps the order.
/// The Zodiac piles are packed one after another in `zodiac`; pile k ends at `zodiac_end[k]`.
/// A foundation holds a run from its base, so its length says everything.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    talon: [Card; 72],
    talon_len: u8,
    waste_len: u8,
    zodiac: [Card; 104],
    zodiac_end: [u8; 24],
    equator: [Option<Card>; 8],
    foundation_len: [u8; 8],
}

impl Position {
    /// The opening position of a deal: 8 cards to the Equator, 24 to the Zodiac, one card turned
    /// onto the waste and 71 in the stock.
    pub fn deal(deal: DealNumber) -> Position {
        let cards = super::deal::deal_order(deal);
        let mut talon = [FILLER; 72];
        talon.copy_from_slice(&cards[32..]);
        let mut zodiac = [FILLER; 104];
        zodiac[..24].copy_from_slice(&cards[8..32]);
        Position {
            talon,
            talon_len: 72,
            waste_len: 1,
            zodiac,
            zodiac_end: std::array::from_fn(|k| k as u8 + 1),
            equator: std::array::from_fn(|e| Some(cards[e])),
            foundation_len: [0; 8],
        }
    }

    /// Builds any position, for tests and tools. It does not check that the cards add up to a
    /// double deck, or that foundations and Zodiac piles fit the rules.
    pub fn from_parts(
        equator: [Option<Card>; 8],
        zodiac: [&[Card]; 24],
        foundation_len: [u8; 8],
        waste: &[Card],
        stock: &[Card],
    ) -> Position {
        let mut p = Position {
            talon: [FILLER; 72],
            talon_len: (waste.len() + stock.len()) as u8,
            waste_len: waste.len() as u8,
            zodiac: [FILLER; 104],
            zodiac_end: [0; 24],
            equator,
            foundation_len: foundation_len.map(|n| n.min(13)),
        };
        for (i, c) in waste.iter().chain(stock).enumerate() {
            p.talon[i] = *c;
        }
        let mut end = 0;
        for (k, pile) in zodiac.iter().enumerate() {
            p.zodiac[end..end + pile.len()].copy_from_slice(pile);
            end += pile.len();
            p.zodiac_end[k] = end as u8;
        }
        p
    }

    pub fn phase(&self) -> Phase {
        if self.talon_len == 0 {
            Phase::Two
        } else {
            Phase::One
        }
    }

    /// The waste, bottom to top (the playable card last).
    pub fn waste(&self) -> &[Card] {
        &self.talon[..usize::from(self.waste_len)]
    }

    /// The stock, the next card to turn first.
    pub fn stock(&self) -> &[Card] {
        &self.talon[usize::from(self.waste_len)..usize::from(self.talon_len)]
    }

    pub fn waste_top(&self) -> Option<Card> {
        self.waste().last().copied()
    }

    pub fn equator(&self, e: u8) -> Option<Card> {
        self.equator[usize::from(e)]
    }

    fn zodiac_range(&self, z: u8) -> std::ops::Range<usize> {
        let z = usize::from(z);
        let start = if z == 0 {
            0
        } else {
            usize::from(self.zodiac_end[z - 1])
        };
        start..usize::from(self.zodiac_end[z])
    }

    /// Zodiac pile z, bottom to top.
    pub fn zodiac(&self, z: u8) -> &[Card] {
        &self.zodiac[self.zodiac_range(z)]
    }

    pub fn zodiac_top(&self, z: u8) -> Option<Card> {
        self.zodiac(z).last().copied()
    }

    pub fn foundation_len(&self, f: u8) -> u8 {
        self.foundation_len[usize::from(f)]
    }

    /// Foundation f's cards, bottom to top.
    pub fn foundation(&self, rules: &Rules, f: u8) -> impl Iterator<Item = Card> + use<> {
        let suit = Suit::from_index(usize::from(f));
        let direction = rules.foundations[usize::from(f)];
        (1..=self.foundation_len(f)).map(move |n| Card::new(suit, rank_at(direction, n)))
    }

    pub fn foundation_top(&self, rules: &Rules, f: u8) -> Option<Card> {
        let n = self.foundation_len(f);
        (n > 0).then(|| {
            Card::new(
                Suit::from_index(usize::from(f)),
                rank_at(rules.foundations[usize::from(f)], n),
            )
        })
    }

    /// The card foundation f takes next, or None when it is complete.
    pub fn foundation_wants(&self, rules: &Rules, f: u8) -> Option<Card> {
        let n = self.foundation_len(f);
        (n < 13).then(|| {
            Card::new(
                Suit::from_index(usize::from(f)),
                rank_at(rules.foundations[usize::from(f)], n + 1),
            )
        })
    }

    /// The cards at a place, bottom to top (the stock: next card to turn *last*, like a pile).
    pub fn cards_at(&self, rules: &Rules, place: Place) -> Vec<Card> {
        match place {
            Place::Stock => self.stock().iter().rev().copied().collect(),
            Place::Waste => self.waste().to_vec(),
            Place::Equator(e) => self.equator(e).into_iter().collect(),
            Place::Zodiac(z) => self.zodiac(z).to_vec(),
            Place::Foundation(f) => self.foundation(rules, f).collect(),
        }
    }

    /// How many of each card (by [`Card::index`]) lie on the table; a real game has 2 of each.
    pub fn card_counts(&self, rules: &Rules) -> [u8; 52] {
        let mut counts = [0u8; 52];
        let mut count = |c: Card| counts[usize::from(c.index())] += 1;
        self.talon[..usize::from(self.talon_len)]
            .iter()
            .for_each(|&c| count(c));
        self.zodiac[..usize::from(self.zodiac_end[23])]
            .iter()
            .for_each(|&c| count(c));
        self.equator.iter().flatten().for_each(|&c| count(c));
        (0..8)
            .flat_map(|f| self.foundation(rules, f))
            .for_each(count);
        counts
    }

    pub fn is_won(&self) -> bool {
        self.foundation_len.iter().all(|&n| n == 13)
    }

    pub fn status(&self, rules: &Rules) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.is_stuck(rules) {
            Status::Stuck
        } else {
            Status::Playing
        }
    }

    /// The position as plain text, one line per place, cards bottom to top (the format of
    /// `zodiac show`).
    pub fn to_text(&self, rules: &Rules) -> String {
        use std::fmt::Write;
        let join = |cards: &mut dyn Iterator<Item = Card>| {
            cards.map(|c| format!(" {c}")).collect::<String>()
        };
        let mut out = String::from("equator:");
        for e in 0..8 {
            match self.equator(e) {
                Some(c) => write!(out, " {c}").unwrap(),
                None => out.push_str(" --"),
            }
        }
        out.push('\n');
        for z in 0..24 {
            writeln!(
                out,
                "zodiac z{z}:{}",
                join(&mut self.zodiac(z).iter().copied())
            )
            .unwrap();
        }
        for f in 0..8 {
            writeln!(
                out,
                "foundation f{f}:{}",
                join(&mut self.foundation(rules, f))
            )
            .unwrap();
        }
        writeln!(out, "waste:{}", join(&mut self.waste().iter().copied())).unwrap();
        writeln!(out, "stock:{}", join(&mut self.stock().iter().copied())).unwrap();
        writeln!(out, "phase: {}", self.phase().number()).unwrap();
        writeln!(out, "status: {}", self.status(rules)).unwrap();
        out
    }
}

/// The rank of the n-th card (1-based) of a foundation built in `direction`.
fn rank_at(direction: Direction, n: u8) -> u8 {
    match direction {
        Direction::Up => n,
        Direction::Down => 14 - n,
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Without the rule set, show foundations by length.
        write!(f, "Position {{ equator: {:?}, zodiac: [", self.equator)?;
        for z in 0..24 {
            write!(f, "{:?} ", self.zodiac(z))?;
        }
        write!(
            f,
            "], foundations: {:?}, waste: {:?}, stock: {:?} }}",
            self.foundation_len,
            self.waste(),
            self.stock()
        )
    }
}
