//! Places on the table and moves between them, with the move notation of docs/rules.md
//! (`w>z5`, `d`, …).

use crate::cards::notation::{PlaceToken, write_token};
use std::fmt;

/// Every place a card can lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Stock,
    Waste,
    /// Equator cell e0..e7, left to right.
    Equator(u8),
    /// Zodiac pile z0..z23, z0 at twelve o'clock, clockwise.
    Zodiac(u8),
    /// Foundation f0..f7; f<i> holds suit i % 4.
    Foundation(u8),
}

impl Place {
    /// All 42 places, in a fixed order (stock, waste, e0..e7, z0..z23, f0..f7).
    pub fn all() -> impl Iterator<Item = Place> {
        [Place::Stock, Place::Waste]
            .into_iter()
            .chain((0..8).map(Place::Equator))
            .chain((0..24).map(Place::Zodiac))
            .chain((0..8).map(Place::Foundation))
    }

    /// Parses `w`, `s`, `e2`, `z17`, `f0`: the letter in either case, the number as written by
    /// [`Place`]'s `Display` (no sign, no leading zero), as [`Move::parse`] explains.
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
            Place::Equator(i) => ('e', Some(i)),
            Place::Zodiac(i) => ('z', Some(i)),
            Place::Foundation(i) => ('f', Some(i)),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_token(f, self.token())
    }
}

/// One move, as in the notation of docs/rules.md. Three bytes, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `d`: turn the top stock card onto the waste.
    Turn,
    /// `r`: turn the waste over into the empty stock.
    Redeal,
    /// `w>z5`
    WasteToZodiac(u8),
    /// `w>e2`
    WasteToEquator(u8),
    /// `e2>z5`
    EquatorToZodiac(u8, u8),
    /// `z5>f0`
    ZodiacToFoundation(u8, u8),
    /// `e2>f4`
    EquatorToFoundation(u8, u8),
}

/// A token that is not a move in the notation of docs/rules.md.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadToken(pub String);

impl fmt::Display for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a move (expected d, r, w>z5, w>e2, e2>z5, z5>f0 or e2>f4)",
            self.0
        )
    }
}

impl std::error::Error for BadToken {}

impl Move {
    /// Where the moving card (or cards, for `d`/`r`) comes from.
    pub fn from(self) -> Place {
        match self {
            Move::Turn => Place::Stock,
            Move::Redeal | Move::WasteToZodiac(_) | Move::WasteToEquator(_) => Place::Waste,
            Move::EquatorToZodiac(e, _) | Move::EquatorToFoundation(e, _) => Place::Equator(e),
            Move::ZodiacToFoundation(z, _) => Place::Zodiac(z),
        }
    }

    /// Where it lands.
    pub fn to(self) -> Place {
        match self {
            Move::Turn => Place::Waste,
            Move::Redeal => Place::Stock,
            Move::WasteToZodiac(z) | Move::EquatorToZodiac(_, z) => Place::Zodiac(z),
            Move::WasteToEquator(e) => Place::Equator(e),
            Move::ZodiacToFoundation(_, f) | Move::EquatorToFoundation(_, f) => {
                Place::Foundation(f)
            }
        }
    }

    /// The move of one card from `from` to `to`, if the notation has one (legality aside).
    pub fn between(from: Place, to: Place) -> Option<Move> {
        Some(match (from, to) {
            (Place::Stock, Place::Waste) => Move::Turn,
            (Place::Waste, Place::Stock) => Move::Redeal,
            (Place::Waste, Place::Zodiac(z)) => Move::WasteToZodiac(z),
            (Place::Waste, Place::Equator(e)) => Move::WasteToEquator(e),
            (Place::Equator(e), Place::Zodiac(z)) => Move::EquatorToZodiac(e, z),
            (Place::Zodiac(z), Place::Foundation(f)) => Move::ZodiacToFoundation(z, f),
            (Place::Equator(e), Place::Foundation(f)) => Move::EquatorToFoundation(e, f),
            _ => return None,
        })
    }

    /// Reads one token of the notation (docs/rules.md, "Move notation").
    ///
    /// - **Capitals are accepted**: letters are read in either case, so `W>Z5`, `w>Z5` and `D`
    ///   are `w>z5` and `d`, as card names (`as`, `AS`) are. Moves are always *written* in
    ///   lower case.
    /// - **Leading zeros are refused**: a number is written as [`Move`]'s `Display` writes it,
    ///   `0` to `23`, so `z05`, `e00` and `z007` are not moves. With zeros allowed one move
    ///   would have many spellings, and `z05` could as well be a slip for `z0` as for `z5`.
    /// - Nothing else is accepted either: no spaces, no signs, no other separator than `>`.
    ///
    /// So a token is accepted exactly when it is the lower-case token of its move up to the
    /// case of its letters: `Move::parse(t)?.to_string() == t.to_ascii_lowercase()`.
    pub fn parse(token: &str) -> Result<Move, BadToken> {
        let bad = || BadToken(token.to_string());
        match token {
            "d" | "D" => return Ok(Move::Turn),
            "r" | "R" => return Ok(Move::Redeal),
            _ => {}
        }
        let (from, to) = token.split_once('>').ok_or_else(bad)?;
        let (from, to) = (
            Place::parse(from).ok_or_else(bad)?,
            Place::parse(to).ok_or_else(bad)?,
        );
        match Move::between(from, to) {
            Some(Move::Turn | Move::Redeal) | None => Err(bad()),
            Some(m) => Ok(m),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn => write!(f, "d"),
            Move::Redeal => write!(f, "r"),
            m => write!(f, "{}>{}", m.from(), m.to()),
        }
    }
}

/// A fixed-capacity list of moves, so legal-move generation never allocates.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than any position can offer: phase 1 has at most 1 + 24 + 8 + 8 × 24 = 225 moves,
    /// phase 2 at most 32 sources × 2 foundations + 8 × 24 = 256.
    pub const CAPACITY: usize = 256;

    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Turn; MoveList::CAPACITY],
            len: 0,
        }
    }

    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for token in [
            "d", "r", "w>z5", "w>e2", "e2>z5", "z5>f0", "e2>f4", "z23>f7", "e7>z0",
        ] {
            let m = Move::parse(token).unwrap();
            assert_eq!(m.to_string(), token);
        }
        for bad in [
            "", "x", "w>z24", "w>f0", "z1>z2", "e8>z0", "z5>e2", "f0>z1", "s>w", "w>s", "w>",
            ">z1", "w>z01x", "w>z-1",
        ] {
            assert!(Move::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn capitals_are_read_and_leading_zeros_refused() {
        for (token, canonical) in [
            ("W>Z5", "w>z5"),
            ("w>Z5", "w>z5"),
            ("W>e2", "w>e2"),
            ("E2>Z23", "e2>z23"),
            ("Z5>F0", "z5>f0"),
            ("e7>F4", "e7>f4"),
            ("D", "d"),
            ("R", "r"),
            ("z0>f0", "z0>f0"),
            ("e0>z10", "e0>z10"),
        ] {
            let m = Move::parse(token).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(m.to_string(), canonical, "{token}");
        }
        for bad in [
            "w>z05", "z05>f0", "w>e00", "e00>z1", "z5>f00", "w>z007", "w>z+5", "w>z 5", " d", "d ",
            "W > Z5", "w->z5", "w>>z5", "dd", "W>Z24", "Z5>S", "ẁ>z5",
        ] {
            assert!(Move::parse(bad).is_err(), "{bad:?} should be refused");
        }
        assert_eq!(Place::parse("Z17"), Some(Place::Zodiac(17)));
        assert_eq!(Place::parse("S"), Some(Place::Stock));
        assert_eq!(Place::parse("z017"), None);
        assert_eq!(Place::parse("f08"), None);
    }

    #[test]
    fn places_are_42() {
        assert_eq!(Place::all().count(), 42);
        for p in Place::all() {
            assert_eq!(Place::parse(&p.to_string()), Some(p));
        }
    }
}
