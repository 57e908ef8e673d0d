//! Places on the table and moves between them, with RULES.md's move notation (`w>z5`, `d`, …).

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

    /// Parses `w`, `s`, `e2`, `z17`, `f0`.
    pub fn parse(text: &str) -> Option<Place> {
        let (kind, number) = text.split_at_checked(1)?;
        if number.is_empty() {
            return match kind {
                "w" | "W" => Some(Place::Waste),
                "s" | "S" => Some(Place::Stock),
                _ => None,
            };
        }
        if !number.bytes().all(|b| b.is_ascii_digit()) || number.len() > 2 {
            return None;
        }
        let n: u8 = number.parse().ok()?;
        match kind {
            "e" | "E" if n < 8 => Some(Place::Equator(n)),
            "z" | "Z" if n < 24 => Some(Place::Zodiac(n)),
            "f" | "F" if n < 8 => Some(Place::Foundation(n)),
            _ => None,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Stock => write!(f, "s"),
            Place::Waste => write!(f, "w"),
            Place::Equator(i) => write!(f, "e{i}"),
            Place::Zodiac(i) => write!(f, "z{i}"),
            Place::Foundation(i) => write!(f, "f{i}"),
        }
    }
}

/// One move, as in RULES.md's notation. Three bytes, `Copy`.
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

/// A token that is not a move in RULES.md's notation.
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
    fn places_are_42() {
        assert_eq!(Place::all().count(), 42);
        for p in Place::all() {
            assert_eq!(Place::parse(&p.to_string()), Some(p));
        }
    }
}
