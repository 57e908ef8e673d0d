//! FreeCell's places and moves, with their notation (docs/rules.md, "FreeCell"): columns
//! `c0`..`c7`, free cells `r0`..`r3` (reserves, as PySolFC calls them), foundations `f0`..`f3`;
//! a move is `from>to`, with the number of cards after a colon when a column moves several
//! (`c3>c5`, `c3:4>c5`, `c3>r0`, `r0>f1`).

use crate::cards::notation::{PlaceToken, write_token};
use std::fmt;

/// Every place a card can lie in FreeCell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Free cell r0.. (as many as the rule set has), left to right.
    Cell(u8),
    /// Foundation f0..f3, one per suit in the order ♣ ♠ ♥ ♦.
    Foundation(u8),
    /// Column c0..c7, left to right.
    Column(u8),
}

/// Columns on the table.
pub const COLUMNS: u8 = 8;

impl Place {
    /// Every place with `cells` free cells: the cells, the foundations, the columns.
    pub fn all(cells: u8) -> impl Iterator<Item = Place> {
        (0..cells)
            .map(Place::Cell)
            .chain((0..4).map(Place::Foundation))
            .chain((0..COLUMNS).map(Place::Column))
    }

    /// Parses `r0`, `f3`, `c7` (the letter in either case).
    pub fn parse(text: &str) -> Option<Place> {
        Place::from_token(text)
    }
}

impl PlaceToken for Place {
    fn every() -> Vec<Place> {
        Place::all(crate::freecell::ruleset::MAX_CELLS).collect()
    }

    fn token(self) -> (char, Option<u8>) {
        match self {
            Place::Cell(i) => ('r', Some(i)),
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

/// A move: `count` cards from the top of one place onto another (more than one only from a
/// column to a column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Place,
    pub to: Place,
    pub count: u8,
}

/// A token that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadToken(pub String);

impl fmt::Display for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a FreeCell move (c3>c5, c3:4>c5, c3>r0, r0>c3, c3>f1, r0>f1)",
            self.0
        )
    }
}

impl std::error::Error for BadToken {}

impl Move {
    /// One card from one place to another.
    pub fn one(from: Place, to: Place) -> Move {
        Move { from, to, count: 1 }
    }

    /// Reads `from>to` or `cA:N>cB`; the places must differ, and several cards move only
    /// between columns (2 to 13, no leading zero).
    pub fn parse(token: &str) -> Result<Move, BadToken> {
        let bad = || BadToken(token.to_string());
        let (from, to) = token.split_once('>').ok_or_else(bad)?;
        let (from, count) = match from.split_once(':') {
            Some((column, n)) => {
                let canonical = !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit());
                let n: u8 = n
                    .parse()
                    .ok()
                    .filter(|n| (2..=13).contains(n) && canonical)
                    .ok_or_else(bad)?;
                (column, n)
            }
            None => (from, 1),
        };
        let (from, to) = (
            Place::parse(from).ok_or_else(bad)?,
            Place::parse(to).ok_or_else(bad)?,
        );
        let columns = matches!((from, to), (Place::Column(_), Place::Column(_)));
        if from == to || (count > 1 && !columns) {
            return Err(bad());
        }
        Ok(Move { from, to, count })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count > 1 {
            write!(f, "{}:{}>{}", self.from, self.count, self.to)
        } else {
            write!(f, "{}>{}", self.from, self.to)
        }
    }
}
