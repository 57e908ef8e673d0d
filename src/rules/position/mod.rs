//! A position on the Zodiac table and the rules that move it: legal moves, applying and undoing,
//! won and stuck. This is the one authority on legality; everything else asks it.
//!
//! Longer than the other files on purpose: legality (`check`), move generation (`legal_moves`)
//! and applying and undoing moves must agree exactly, and are easiest to keep in step side by
//! side in one file. The tests are elsewhere (`tests.rs`, `property_tests.rs`).

use super::card::{Card, Suit};
use super::deal::DealNumber;
use super::moves::{Move, MoveList, Place};
use super::ruleset::{Direction, Rules};
use std::fmt;

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

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    Won,
    /// No move but turning the stock is left (docs/rules.md, "Winning and losing").
    Stuck,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Stuck => "stuck",
        })
    }
}

/// Why a move was refused, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    StockEmpty,
    StockNotEmpty,
    WasteEmpty,
    EquatorEmpty(u8),
    EquatorOccupied(u8),
    ZodiacEmpty(u8),
    NotZodiacNeighbour {
        card: Card,
        top: Card,
    },
    ZodiacInPhase2,
    FoundationInPhase1,
    ZodiacMovesInPhase1,
    FoundationRefuses {
        card: Card,
        foundation: u8,
        wants: Option<Card>,
    },
    /// Cards never come back off a foundation.
    FoundationGivesNothingBack,
    /// Stock cards are played by turning them onto the waste.
    StockIsTurned,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::StockEmpty => write!(f, "the stock is empty"),
            Illegal::StockNotEmpty => write!(
                f,
                "the waste can only be turned over when the stock is empty"
            ),
            Illegal::WasteEmpty => write!(f, "the waste is empty"),
            Illegal::EquatorEmpty(e) => write!(f, "Equator cell e{e} is empty"),
            Illegal::EquatorOccupied(e) => write!(f, "Equator cell e{e} already holds a card"),
            Illegal::ZodiacEmpty(z) => write!(f, "Zodiac pile z{z} is empty"),
            Illegal::NotZodiacNeighbour { card, top } => write!(
                f,
                "{} does not go on {}: a Zodiac pile takes the same suit, one rank up or down",
                card.name(),
                top.name()
            ),
            Illegal::ZodiacInPhase2 => write!(f, "in phase 2 cards only go to the foundations"),
            Illegal::FoundationInPhase1 => write!(f, "nothing goes to a foundation in phase 1"),
            Illegal::ZodiacMovesInPhase1 => write!(f, "Zodiac cards never move in phase 1"),
            Illegal::FoundationGivesNothingBack => {
                write!(f, "cards never come back off a foundation")
            }
            Illegal::StockIsTurned => {
                write!(
                    f,
                    "stock cards are turned onto the waste first (click the stock)"
                )
            }
            Illegal::FoundationRefuses {
                card,
                foundation,
                wants: Some(want),
            } => {
                write!(
                    f,
                    "foundation f{foundation} takes {} next, not {}",
                    want.name(),
                    card.name()
                )
            }
            Illegal::FoundationRefuses {
                card,
                foundation,
                wants: None,
            } => {
                write!(
                    f,
                    "foundation f{foundation} is complete and takes no {}",
                    card.name()
                )
            }
        }
    }
}

impl std::error::Error for Illegal {}

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
        let cards = deal.deal_order();
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

    /// docs/rules.md: stuck when no move but turning the stock is left. In phase 1 every stock and
    /// waste card can be reached by turning, so each is checked against the Zodiac.
    pub fn is_stuck(&self, rules: &Rules) -> bool {
        match self.phase() {
            Phase::One => {
                let fits_zodiac = |c: Card| {
                    (0..24).any(|z| self.zodiac_top(z).is_some_and(|t| t.is_zodiac_neighbour(c)))
                };
                let talon = &self.talon[..usize::from(self.talon_len)];
                !(self.equator.iter().any(Option::is_none)
                    || talon.iter().any(|&c| fits_zodiac(c))
                    || self.equator.iter().flatten().any(|&c| fits_zodiac(c)))
            }
            Phase::Two => !self.is_won() && self.legal_moves(rules).is_empty(),
        }
    }

    /// Every legal move, in a fixed order. Allocates nothing.
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::new();
        match self.phase() {
            Phase::One => {
                if self.waste_len < self.talon_len {
                    list.push(Move::Turn);
                } else {
                    list.push(Move::Redeal);
                }
                if let Some(card) = self.waste_top() {
                    self.push_zodiac_targets(card, &mut list, Move::WasteToZodiac);
                    for e in 0..8 {
                        if self.equator(e).is_none() {
                            list.push(Move::WasteToEquator(e));
                        }
                    }
                }
                for e in 0..8 {
                    if let Some(card) = self.equator(e) {
                        self.push_zodiac_targets(card, &mut list, |z| Move::EquatorToZodiac(e, z));
                    }
                }
            }
            Phase::Two => {
                for z in 0..24 {
                    if let Some(card) = self.zodiac_top(z) {
                        self.push_foundation_targets(rules, card, &mut list, |f| {
                            Move::ZodiacToFoundation(z, f)
                        });
                    }
                }
                for e in 0..8 {
                    if let Some(card) = self.equator(e) {
                        self.push_foundation_targets(rules, card, &mut list, |f| {
                            Move::EquatorToFoundation(e, f)
                        });
                        if rules.equator_to_zodiac_in_phase_2 {
                            self.push_zodiac_targets(card, &mut list, |z| {
                                Move::EquatorToZodiac(e, z)
                            });
                        }
                    }
                }
            }
        }
        list
    }

    fn push_zodiac_targets(&self, card: Card, list: &mut MoveList, make: impl Fn(u8) -> Move) {
        for z in 0..24 {
            if self
                .zodiac_top(z)
                .is_some_and(|top| top.is_zodiac_neighbour(card))
            {
                list.push(make(z));
            }
        }
    }

    fn push_foundation_targets(
        &self,
        rules: &Rules,
        card: Card,
        list: &mut MoveList,
        make: impl Fn(u8) -> Move,
    ) {
        for f in 0..8 {
            if self.foundation_wants(rules, f) == Some(card) {
                list.push(make(f));
            }
        }
    }

    /// The move a click on `place` makes: its card's best legal destination, by a fixed priority.
    ///
    /// - Stock: turn a card, or turn the waste over when the stock is empty.
    /// - Phase 1, waste or Equator card: the first Zodiac pile that takes it, clockwise from z0;
    ///   for the waste card, failing that, the leftmost empty Equator cell.
    /// - Phase 2, Zodiac top or Equator card: the first foundation that takes it (f0 first);
    ///   with PySolFC's option, failing that, the first Zodiac pile that takes an Equator card.
    ///
    /// None when the card cannot go anywhere (or `place` has no card that may move).
    pub fn best_move_from(&self, rules: &Rules, place: Place) -> Option<Move> {
        let mut candidates: Box<dyn Iterator<Item = Move>> = match place {
            Place::Stock => Box::new([Move::Turn, Move::Redeal].into_iter()),
            Place::Waste => Box::new(
                (0..24)
                    .map(Move::WasteToZodiac)
                    .chain((0..8).map(Move::WasteToEquator)),
            ),
            Place::Equator(e) => Box::new(
                (0..8)
                    .map(move |f| Move::EquatorToFoundation(e, f))
                    .chain((0..24).map(move |z| Move::EquatorToZodiac(e, z))),
            ),
            Place::Zodiac(z) => Box::new((0..8).map(move |f| Move::ZodiacToFoundation(z, f))),
            Place::Foundation(_) => Box::new(std::iter::empty()),
        };
        candidates.find(|&m| self.check(rules, m).is_ok())
    }

    /// A move worth suggesting: a card to a foundation, then a card onto the Zodiac (the Equator
    /// before the waste, since it frees a cell), then filling an Equator cell from the waste,
    /// and only then turning the stock (or the waste over). None when no move is left at all.
    pub fn hint(&self, rules: &Rules) -> Option<Move> {
        let moves = self.legal_moves(rules);
        let rank = |m: &Move| match m {
            Move::ZodiacToFoundation(..) | Move::EquatorToFoundation(..) => 0,
            Move::EquatorToZodiac(..) => 1,
            Move::WasteToZodiac(_) => 2,
            Move::WasteToEquator(_) => 3,
            Move::Turn | Move::Redeal => 4,
        };
        moves.iter().copied().min_by_key(rank)
    }

    /// True in phase 2 when playing the first legal move over and over wins: the rest of the
    /// game needs no decisions, so it can finish by itself.
    pub fn finishes_by_itself(&self, rules: &Rules) -> bool {
        if self.phase() != Phase::Two {
            return false;
        }
        let mut p = *self;
        while let Some(&m) = p.legal_moves(rules).first() {
            p.apply_unchecked(m);
        }
        p.is_won()
    }

    /// The turn a player makes without thinking when the waste runs empty in phase 1 (the
    /// "turn a card when the waste is empty" helper, as PySolFC does it): `d` when the waste is
    /// empty and the stock is not.
    pub fn turn_for_empty_waste(&self) -> Option<Move> {
        (self.phase() == Phase::One && self.waste_len == 0 && self.talon_len > 0)
            .then_some(Move::Turn)
    }

    /// The next move of a phase 2 that finishes by itself (see
    /// [`Position::finishes_by_itself`]), for the "finish automatically" helper.
    pub fn finishing_move(&self, rules: &Rules) -> Option<Move> {
        if !self.finishes_by_itself(rules) {
            return None;
        }
        self.legal_moves(rules).first().copied()
    }

    /// Why the card on top of `place` may not be lifted now, if it may not (see
    /// [`Position::can_lift`]).
    pub fn lift_refusal(&self, place: Place) -> Option<Illegal> {
        if self.can_lift(place) {
            return None;
        }
        Some(match (self.phase(), place) {
            (_, Place::Stock) => Illegal::StockIsTurned,
            (_, Place::Waste) => Illegal::WasteEmpty,
            (_, Place::Equator(e)) => Illegal::EquatorEmpty(e),
            (Phase::One, Place::Zodiac(_)) => Illegal::ZodiacMovesInPhase1,
            (Phase::Two, Place::Zodiac(z)) => Illegal::ZodiacEmpty(z),
            (_, Place::Foundation(_)) => Illegal::FoundationGivesNothingBack,
        })
    }

    /// Whether the card on top of `place` is one the rules let move in this phase (it may still
    /// have nowhere to go): the waste card and Equator cards in phase 1, Zodiac tops and Equator
    /// cards in phase 2.
    pub fn can_lift(&self, place: Place) -> bool {
        match (self.phase(), place) {
            (Phase::One, Place::Waste) => self.waste_top().is_some(),
            (_, Place::Equator(e)) => self.equator(e).is_some(),
            (Phase::Two, Place::Zodiac(z)) => self.zodiac_top(z).is_some(),
            _ => false,
        }
    }

    /// Every place the card on top of `from` may legally go to now.
    pub fn destinations(&self, rules: &Rules, from: Place) -> Vec<Place> {
        Place::all()
            .filter(|&to| Move::between(from, to).is_some_and(|m| self.check(rules, m).is_ok()))
            .collect()
    }

    /// The card a move would carry (None for `d` and `r` on an empty source).
    pub fn moving_card(&self, m: Move) -> Option<Card> {
        match m {
            Move::Turn => self.stock().first().copied(),
            Move::Redeal => None,
            Move::WasteToZodiac(_) | Move::WasteToEquator(_) => self.waste_top(),
            Move::EquatorToZodiac(e, _) | Move::EquatorToFoundation(e, _) => self.equator(e),
            Move::ZodiacToFoundation(z, _) => self.zodiac_top(z),
        }
    }

    /// Whether `m` is legal here, and if not, why.
    pub fn check(&self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        let phase = self.phase();
        match m {
            Move::Turn => (self.waste_len < self.talon_len)
                .then_some(())
                .ok_or(Illegal::StockEmpty),
            Move::Redeal => {
                if self.waste_len < self.talon_len {
                    Err(Illegal::StockNotEmpty)
                } else if self.waste_len == 0 {
                    Err(Illegal::WasteEmpty)
                } else {
                    Ok(())
                }
            }
            Move::WasteToZodiac(z) => {
                let card = self.waste_top().ok_or(Illegal::WasteEmpty)?;
                self.check_zodiac(card, z)
            }
            Move::WasteToEquator(e) => {
                self.waste_top().ok_or(Illegal::WasteEmpty)?;
                match self.equator(e) {
                    Some(_) => Err(Illegal::EquatorOccupied(e)),
                    None => Ok(()),
                }
            }
            Move::EquatorToZodiac(e, z) => {
                let card = self.equator(e).ok_or(Illegal::EquatorEmpty(e))?;
                if phase == Phase::Two && !rules.equator_to_zodiac_in_phase_2 {
                    return Err(Illegal::ZodiacInPhase2);
                }
                self.check_zodiac(card, z)
            }
            Move::ZodiacToFoundation(z, f) => {
                if phase == Phase::One {
                    return Err(Illegal::ZodiacMovesInPhase1);
                }
                let card = self.zodiac_top(z).ok_or(Illegal::ZodiacEmpty(z))?;
                self.check_foundation(rules, card, f)
            }
            Move::EquatorToFoundation(e, f) => {
                let card = self.equator(e).ok_or(Illegal::EquatorEmpty(e))?;
                if phase == Phase::One {
                    return Err(Illegal::FoundationInPhase1);
                }
                self.check_foundation(rules, card, f)
            }
        }
    }

    fn check_zodiac(&self, card: Card, z: u8) -> Result<(), Illegal> {
        let top = self.zodiac_top(z).ok_or(Illegal::ZodiacEmpty(z))?;
        if top.is_zodiac_neighbour(card) {
            Ok(())
        } else {
            Err(Illegal::NotZodiacNeighbour { card, top })
        }
    }

    fn check_foundation(&self, rules: &Rules, card: Card, f: u8) -> Result<(), Illegal> {
        let wants = self.foundation_wants(rules, f);
        if wants == Some(card) {
            Ok(())
        } else {
            Err(Illegal::FoundationRefuses {
                card,
                foundation: f,
                wants,
            })
        }
    }

    /// Plays `m` if it is legal.
    pub fn apply(&mut self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        self.check(rules, m)?;
        self.apply_unchecked(m);
        Ok(())
    }

    /// Plays a move already known to be legal (for example from [`Position::legal_moves`]).
    pub fn apply_unchecked(&mut self, m: Move) {
        match m {
            Move::Turn => self.waste_len += 1,
            Move::Redeal => self.waste_len = 0,
            Move::WasteToZodiac(z) => {
                let card = self.pop_waste();
                self.push_zodiac(z, card);
            }
            Move::WasteToEquator(e) => self.equator[usize::from(e)] = Some(self.pop_waste()),
            Move::EquatorToZodiac(e, z) => {
                let card = self.equator[usize::from(e)].take().expect("checked");
                self.push_zodiac(z, card);
            }
            Move::ZodiacToFoundation(z, f) => {
                self.pop_zodiac(z);
                self.foundation_len[usize::from(f)] += 1;
            }
            Move::EquatorToFoundation(e, f) => {
                self.equator[usize::from(e)] = None;
                self.foundation_len[usize::from(f)] += 1;
            }
        }
    }

    /// Takes back `m`, which must be the last move played on this position.
    pub fn undo(&mut self, rules: &Rules, m: Move) {
        match m {
            Move::Turn => self.waste_len -= 1,
            Move::Redeal => self.waste_len = self.talon_len,
            Move::WasteToZodiac(z) => {
                let card = self.pop_zodiac(z);
                self.push_waste(card);
            }
            Move::WasteToEquator(e) => {
                let card = self.equator[usize::from(e)]
                    .take()
                    .expect("undo of a move just played");
                self.push_waste(card);
            }
            Move::EquatorToZodiac(e, z) => self.equator[usize::from(e)] = Some(self.pop_zodiac(z)),
            Move::ZodiacToFoundation(z, f) => {
                let card = self
                    .foundation_top(rules, f)
                    .expect("undo of a move just played");
                self.push_zodiac(z, card);
                self.foundation_len[usize::from(f)] -= 1;
            }
            Move::EquatorToFoundation(e, f) => {
                self.equator[usize::from(e)] = self.foundation_top(rules, f);
                self.foundation_len[usize::from(f)] -= 1;
            }
        }
    }

    fn pop_waste(&mut self) -> Card {
        let i = usize::from(self.waste_len) - 1;
        let card = self.talon[i];
        self.talon
            .copy_within(i + 1..usize::from(self.talon_len), i);
        self.talon_len -= 1;
        // Unused slots stay FILLER, so equal tables compare and hash equal.
        self.talon[usize::from(self.talon_len)] = FILLER;
        self.waste_len -= 1;
        card
    }

    fn push_waste(&mut self, card: Card) {
        let i = usize::from(self.waste_len);
        self.talon
            .copy_within(i..usize::from(self.talon_len), i + 1);
        self.talon[i] = card;
        self.talon_len += 1;
        self.waste_len += 1;
    }

    fn push_zodiac(&mut self, z: u8, card: Card) {
        let at = usize::from(self.zodiac_end[usize::from(z)]);
        let end = usize::from(self.zodiac_end[23]);
        self.zodiac.copy_within(at..end, at + 1);
        self.zodiac[at] = card;
        self.zodiac_end[usize::from(z)..]
            .iter_mut()
            .for_each(|e| *e += 1);
    }

    fn pop_zodiac(&mut self, z: u8) -> Card {
        let at = usize::from(self.zodiac_end[usize::from(z)]) - 1;
        let end = usize::from(self.zodiac_end[23]);
        let card = self.zodiac[at];
        self.zodiac.copy_within(at + 1..end, at);
        self.zodiac[end - 1] = FILLER;
        self.zodiac_end[usize::from(z)..]
            .iter_mut()
            .for_each(|e| *e -= 1);
        card
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
