//! Klondike's places and moves, with their notation (docs/rules.md, "Klondike"): `d`, `r`,
//! `w>c3`, `w>f0`, `c3>f0`, `f0>c3`, `c6>c2` (the top card), `c6:3>c2` (the top three).

use crate::cards::notation::{PlaceToken, write_token};
use std::fmt;

/// Every place a card can lie in Klondike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Stock,
    Waste,
    /// Foundation f0..f3, one per suit in the order ♣ ♠ ♥ ♦.
    Foundation(u8),
    /// Column c0..c6, left to right.
    Column(u8),
}

impl Place {
    /// All 13 places: stock, waste, f0..f3, c0..c6.
    pub fn all() -> impl Iterator<Item = Place> {
        [Place::Stock, Place::Waste]
            .into_iter()
            .chain((0..4).map(Place::Foundation))
            .chain((0..7).map(Place::Column))
    }

    /// Parses `s`, `w`, `f0`..`f3`, `c0`..`c6` (the letter in either case).
    pub fn parse(text: &str) -> Option<Place> {
        Place::from_token(text)
    }
}

impl PlaceToken for Place {
    fn every() -> Vec<Place> {
        Place::all().collect()
    }

    fn token(self) -> (char, Option<u8>) {
        match self {
            Place::Stock => ('s', None),
            Place::Waste => ('w', None),
            Place::Foundation(i) => ('f', Some(i)),
            Place::Column(i) => ('c', Some(i)),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_token(f, self.token())
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn one card (or three, as the rule set says) from the stock onto the waste.
    Turn,
    /// Turn the waste over into the empty stock (a new pass).
    Redeal,
    WasteToFoundation(u8),
    WasteToColumn(u8),
    ColumnToFoundation(u8, u8),
    /// The top `n` cards of a column onto another: from, to, n.
    ColumnToColumn(u8, u8, u8),
    FoundationToColumn(u8, u8),
}

/// A token that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadToken(pub String);

impl fmt::Display for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a Klondike move (d, r, w>c3, w>f0, c3>f0, f0>c3, c6>c2, c6:3>c2)",
            self.0
        )
    }
}

impl std::error::Error for BadToken {}

impl Move {
    pub fn from(self) -> Place {
        match self {
            Move::Turn => Place::Stock,
            Move::Redeal => Place::Waste,
            Move::WasteToFoundation(_) | Move::WasteToColumn(_) => Place::Waste,
            Move::ColumnToFoundation(c, _) | Move::ColumnToColumn(c, _, _) => Place::Column(c),
            Move::FoundationToColumn(f, _) => Place::Foundation(f),
        }
    }

    pub fn to(self) -> Place {
        match self {
            Move::Turn => Place::Waste,
            Move::Redeal => Place::Stock,
            Move::WasteToFoundation(f) | Move::ColumnToFoundation(_, f) => Place::Foundation(f),
            Move::WasteToColumn(c)
            | Move::ColumnToColumn(_, c, _)
            | Move::FoundationToColumn(_, c) => Place::Column(c),
        }
    }

    /// The move from one place to another, if there is such a kind of move (of the top card
    /// alone, from a column to a column).
    pub fn between(from: Place, to: Place) -> Option<Move> {
        match (from, to) {
            (Place::Stock, Place::Waste) => Some(Move::Turn),
            (Place::Waste, Place::Stock) => Some(Move::Redeal),
            (Place::Waste, Place::Foundation(f)) => Some(Move::WasteToFoundation(f)),
            (Place::Waste, Place::Column(c)) => Some(Move::WasteToColumn(c)),
            (Place::Column(c), Place::Foundation(f)) => Some(Move::ColumnToFoundation(c, f)),
            (Place::Column(a), Place::Column(b)) if a != b => Some(Move::ColumnToColumn(a, b, 1)),
            (Place::Foundation(f), Place::Column(c)) => Some(Move::FoundationToColumn(f, c)),
            _ => None,
        }
    }

    pub fn parse(token: &str) -> Result<Move, BadToken> {
        let bad = || BadToken(token.to_string());
        match token.to_ascii_lowercase().as_str() {
            "d" => return Ok(Move::Turn),
            "r" => return Ok(Move::Redeal),
            _ => {}
        }
        let (from, to) = token.split_once('>').ok_or_else(bad)?;
        // `c6:3`: three cards from c6 (2 to 13, no leading zero).
        let (from, count) = match from.split_once(':') {
            Some((column, n)) => {
                let canonical = !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit());
                let n: u8 = n
                    .parse()
                    .ok()
                    .filter(|n| (2..=13).contains(n) && canonical)
                    .ok_or_else(bad)?;
                (column, Some(n))
            }
            None => (from, None),
        };
        let (from, to) = (
            Place::parse(from).ok_or_else(bad)?,
            Place::parse(to).ok_or_else(bad)?,
        );
        if let Some(n) = count {
            return match (from, to) {
                (Place::Column(a), Place::Column(b)) if a != b => Ok(Move::ColumnToColumn(a, b, n)),
                _ => Err(bad()),
            };
        }
        match (from, to) {
            (Place::Stock, _) | (_, Place::Stock) | (_, Place::Waste) => Err(bad()),
            _ => Move::between(from, to).ok_or_else(bad),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn => write!(f, "d"),
            Move::Redeal => write!(f, "r"),
            Move::ColumnToColumn(from, to, n) if *n > 1 => write!(f, "c{from}:{n}>c{to}"),
            m => write!(f, "{}>{}", m.from(), m.to()),
        }
    }
}
