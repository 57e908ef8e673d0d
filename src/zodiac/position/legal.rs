//! What can be played: every legal move, stuck or not, the click's best move, the hint, the
//! assistant's moves, what can be lifted and where it may go.

use super::thumb::Runs;
use super::*;

impl Position {
    /// docs/rules.md: stuck when no move but turning the stock is left. In phase 1 every stock and
    /// waste card can be reached by turning, so each is checked against the Zodiac.
    pub fn is_stuck(&self, rules: &Rules) -> bool {
        match self.phase() {
            Phase::One => {
                let fits_zodiac = |c: Card| {
                    (0..24).any(|z| {
                        self.zodiac_top(z)
                            .is_some_and(|t| crate::zodiac::deal::neighbours(t, c))
                    })
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
                .is_some_and(|top| crate::zodiac::deal::neighbours(top, card))
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
    /// - Phase 1, waste or Equator card: the first Zodiac pile, clockwise from z0, that takes it
    ///   and stays one that comes apart in phase 2 (`thumb.rs`); for the waste card, failing
    ///   that, the leftmost empty Equator cell; failing that, the first pile that takes it.
    /// - Phase 2, Zodiac top or Equator card: the foundation that fits its pile best, f0 first
    ///   among equals; with PySolFC's option, failing that, a Zodiac pile for an Equator card.
    ///
    /// None when the card cannot go anywhere (or `place` has no card that may move).
    pub fn best_move_from(&self, rules: &Rules, place: Place) -> Option<Move> {
        let card = match place {
            Place::Waste => self.waste_top(),
            Place::Equator(e) => self.equator(e),
            _ => None,
        };
        let runs = Runs::of(self, rules);
        let keeps = |z: &u8| card.is_some_and(|c| runs.keeps(self, *z, c));
        let spoils = |z: &u8| !keeps(z);
        let candidates: Box<dyn Iterator<Item = Move>> = match place {
            Place::Stock => Box::new([Move::Turn, Move::Redeal].into_iter()),
            Place::Waste => Box::new(
                (0..24)
                    .filter(keeps)
                    .map(Move::WasteToZodiac)
                    .chain((0..8).map(Move::WasteToEquator))
                    .chain((0..24).filter(spoils).map(Move::WasteToZodiac)),
            ),
            Place::Equator(e) => Box::new(
                (0..8)
                    .map(move |f| Move::EquatorToFoundation(e, f))
                    .chain(
                        (0..24)
                            .filter(keeps)
                            .map(move |z| Move::EquatorToZodiac(e, z)),
                    )
                    .chain(
                        (0..24)
                            .filter(spoils)
                            .map(move |z| Move::EquatorToZodiac(e, z)),
                    ),
            ),
            Place::Zodiac(z) => Box::new((0..8).map(move |f| Move::ZodiacToFoundation(z, f))),
            Place::Foundation(_) => Box::new(std::iter::empty()),
        };
        let mut legal = candidates.filter(|&m| self.check(rules, m).is_ok());
        // In phase 2 a card that fits two foundations goes where its pile runs.
        let fit = |m: &Move| runs.move_fit(self, rules, *m).unwrap_or(3);
        let first = legal.next()?;
        Some(legal.fold(first, |best, m| if fit(&m) < fit(&best) { m } else { best }))
    }

    /// A move worth suggesting: a card to a foundation; then a card onto the Zodiac that keeps
    /// the piles coming apart in phase 2 (the Equator's before the waste's, since it frees a
    /// cell); then turning the stock (or the waste over); then filling an Equator cell from the
    /// waste; a card laid where it spoils a pile only last. None when no move is left at all.
    pub fn hint(&self, rules: &Rules) -> Option<Move> {
        let moves = self.legal_moves(rules);
        let runs = Runs::of(self, rules);
        let keeps = |z: u8, card: Option<Card>| card.is_some_and(|c| runs.keeps(self, z, c));
        let rank = |m: &Move| match *m {
            Move::ZodiacToFoundation(..) | Move::EquatorToFoundation(..) => {
                runs.move_fit(self, rules, *m).unwrap_or(2)
            }
            Move::EquatorToZodiac(e, z) if keeps(z, self.equator(e)) => 3,
            Move::WasteToZodiac(z) if keeps(z, self.waste_top()) => 4,
            Move::Turn | Move::Redeal => 5,
            Move::WasteToEquator(_) => 6,
            Move::EquatorToZodiac(..) | Move::WasteToZodiac(_) => 7,
        };
        moves.iter().copied().min_by_key(rank)
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
}
