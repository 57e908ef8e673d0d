//! FreeCell's moves: which are legal (and why not: `illegal`), playing one, taking it back
//! exactly, and every legal move of a position.

use super::Illegal;
use super::{COLUMN_CAPACITY, Position};
use crate::cards::Card;
use crate::freecell::moves::{COLUMNS, Move, Place};
use crate::freecell::ruleset::{Build, Rules};

/// `card` may go on `on` in a column.
pub fn builds_on(rules: &Rules, card: Card, on: Card) -> bool {
    card.rank() + 1 == on.rank()
        && match rules.build {
            Build::AlternateColours => card.is_red() != on.is_red(),
            Build::Suit => card.suit() == on.suit(),
        }
}

impl Position {
    fn exists(&self, rules: &Rules, place: Place) -> bool {
        match place {
            Place::Cell(k) => k < rules.cells,
            Place::Foundation(f) => f < 4,
            Place::Column(c) => c < COLUMNS,
        }
    }

    /// The card the move takes hold of: the bottom card of the cards that move.
    pub fn moving_card(&self, m: Move) -> Option<Card> {
        match m.from {
            Place::Column(c) => self.column_card(c, usize::from(m.count.max(1)) - 1),
            Place::Cell(k) => self.cell(k),
            Place::Foundation(f) => self.foundation_top(f),
        }
    }

    /// The top `n` cards of a column form a run that moves as one.
    pub fn is_run(&self, rules: &Rules, c: u8, n: usize) -> bool {
        n >= 1
            && n <= self.column_len(c)
            && (0..n - 1).all(
                |d| match (self.column_card(c, d), self.column_card(c, d + 1)) {
                    (Some(card), Some(on)) => builds_on(rules, card, on),
                    _ => false,
                },
            )
    }

    /// Checks a move against the rules.
    pub fn check(&self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        if !self.exists(rules, m.from) || !self.exists(rules, m.to) || m.from == m.to {
            return Err(Illegal::NoSuchPlace);
        }
        let n = usize::from(m.count);
        if n == 0 {
            return Err(Illegal::Empty);
        }
        if n > 1 && !matches!((m.from, m.to), (Place::Column(_), Place::Column(_))) {
            return Err(Illegal::NotASequenceMove);
        }
        let card = self.moving_card(m).ok_or(Illegal::Empty)?;
        if matches!(m.from, Place::Foundation(_)) && !rules.foundation_back {
            return Err(Illegal::HomeStaysHome);
        }
        if let Place::Column(c) = m.from
            && !self.is_run(rules, c, n)
        {
            return Err(Illegal::NotASequence);
        }
        match m.to {
            Place::Cell(k) => {
                if self.cell(k).is_some() {
                    return Err(Illegal::CellTaken);
                }
            }
            Place::Foundation(f) => {
                if card.suit() as u8 != f || card.rank() != self.home(f) + 1 {
                    return Err(Illegal::NotNextHome { card });
                }
            }
            Place::Column(c) => {
                let top = self.column_card(c, 0);
                if let Some(on) = top
                    && !builds_on(rules, card, on)
                {
                    return Err(Illegal::DoesNotBuild { card, on });
                }
                if self.column_len(c) + n > COLUMN_CAPACITY {
                    return Err(Illegal::ColumnFull);
                }
                let room = self.room(rules, top.is_none());
                if n > room {
                    return Err(Illegal::NoRoom { room });
                }
            }
        }
        Ok(())
    }

    /// Plays a move if it is legal.
    pub fn apply(&mut self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        self.check(rules, m)?;
        self.transfer(m.from, m.to, usize::from(m.count));
        Ok(())
    }

    /// Plays a move known to be legal here (one [`Position::legal_moves`] gave) without
    /// checking it again: the solver's hot path, whose lines are replayed through
    /// [`Position::apply`] before any verdict is given.
    pub(crate) fn play_legal(&mut self, m: Move) {
        self.transfer(m.from, m.to, usize::from(m.count));
    }

    /// Takes back a move just played from here.
    pub fn undo(&mut self, m: Move) {
        self.transfer(m.to, m.from, usize::from(m.count));
    }

    /// Moves the top `n` cards of one place onto another as they lie, no questions asked (a
    /// checked move, or its undoing).
    fn transfer(&mut self, from: Place, to: Place, n: usize) {
        // On the stack: the solver plays millions of moves, and a heap buffer each was a tenth
        // of its time.
        let mut cards = [None; COLUMN_CAPACITY];
        let n = n.min(COLUMN_CAPACITY);
        for slot in cards.iter_mut().take(n) {
            *slot = self.take(from);
        }
        for card in cards[..n].iter().rev().flatten() {
            self.put(to, *card);
        }
    }

    fn take(&mut self, place: Place) -> Option<Card> {
        match place {
            Place::Column(c) => {
                let card = self.column_card(c, 0)?;
                let c = usize::from(c);
                self.len[c] -= 1;
                self.columns[c][usize::from(self.len[c])] = None;
                Some(card)
            }
            Place::Cell(k) => self.cells.get_mut(usize::from(k))?.take(),
            Place::Foundation(f) => {
                let card = self.foundation_top(f)?;
                self.home[usize::from(f)] -= 1;
                Some(card)
            }
        }
    }

    fn put(&mut self, place: Place, card: Card) {
        match place {
            Place::Column(c) if self.column_len(c) < COLUMN_CAPACITY => self.push(c, card),
            Place::Cell(k) => {
                if let Some(cell) = self.cells.get_mut(usize::from(k)) {
                    *cell = Some(card);
                }
            }
            Place::Foundation(f) => {
                if let Some(home) = self.home.get_mut(usize::from(f)) {
                    *home += 1;
                }
            }
            Place::Column(_) => {}
        }
    }

    /// How many cards at the top of a column form a run (0 for an empty column).
    pub fn run_len(&self, rules: &Rules, c: u8) -> usize {
        let len = self.column_len(c);
        let mut n = usize::from(len > 0);
        while n < len {
            match (self.column_card(c, n - 1), self.column_card(c, n)) {
                (Some(card), Some(on)) if builds_on(rules, card, on) => n += 1,
                _ => break,
            }
        }
        n
    }

    /// Every legal move here: to the foundations first, then between columns (every run that
    /// fits), between the free cells and the columns, and back from the foundations where the
    /// rules allow; never one free cell's card to another, which changes nothing. Only legal
    /// moves are made (a run onto a card goes with the one count whose bottom card builds on
    /// it), without asking `check` of each, for this is the solver's hot path: debug builds
    /// ask it all the same, and `tests` holds the list against every move there could be.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut all = Vec::with_capacity(48);
        let cells = rules.cells.min(crate::freecell::ruleset::MAX_CELLS);
        let fits = |c: u8, n: usize| self.column_len(c) + n <= COLUMN_CAPACITY;
        let takes = |c: u8, card: Card| {
            fits(c, 1)
                && self
                    .column_card(c, 0)
                    .is_none_or(|on| builds_on(rules, card, on))
        };
        let home = |card: Card| card.rank() == self.home(card.suit() as u8) + 1;
        let tops = (0..cells)
            .filter_map(|k| Some((Place::Cell(k), self.cell(k)?)))
            .chain((0..COLUMNS).filter_map(|c| Some((Place::Column(c), self.column_card(c, 0)?))));
        for (from, card) in tops {
            if home(card) {
                all.push(Move::one(from, Place::Foundation(card.suit() as u8)));
            }
        }
        let room = self.room(rules, false);
        let room_empty = self.room(rules, true);
        for a in 0..COLUMNS {
            let run = self.run_len(rules, a);
            let Some(top) = self.column_card(a, 0) else {
                continue;
            };
            for b in (0..COLUMNS).filter(|&b| b != a) {
                let (from, to) = (Place::Column(a), Place::Column(b));
                match self.column_card(b, 0) {
                    None => {
                        for n in 1..=run.min(room_empty) {
                            all.push(Move {
                                from,
                                to,
                                count: n as u8,
                            });
                        }
                    }
                    Some(on) => {
                        // The run's card at depth d is d ranks above its top card.
                        let d = usize::from(on.rank()).checked_sub(usize::from(top.rank()) + 1);
                        if let Some(d) = d.filter(|&d| d < run && d < room)
                            && fits(b, d + 1)
                            && self
                                .column_card(a, d)
                                .is_some_and(|card| builds_on(rules, card, on))
                        {
                            all.push(Move {
                                from,
                                to,
                                count: d as u8 + 1,
                            });
                        }
                    }
                }
            }
        }
        for k in 0..cells {
            match self.cell(k) {
                Some(card) => {
                    for c in (0..COLUMNS).filter(|&c| takes(c, card)) {
                        all.push(Move::one(Place::Cell(k), Place::Column(c)));
                    }
                }
                None => {
                    for c in (0..COLUMNS).filter(|&c| self.column_len(c) > 0) {
                        all.push(Move::one(Place::Column(c), Place::Cell(k)));
                    }
                }
            }
        }
        if rules.foundation_back {
            for f in 0..4 {
                let Some(card) = self.foundation_top(f) else {
                    continue;
                };
                for k in (0..cells).filter(|&k| self.cell(k).is_none()) {
                    all.push(Move::one(Place::Foundation(f), Place::Cell(k)));
                }
                for c in (0..COLUMNS).filter(|&c| takes(c, card)) {
                    all.push(Move::one(Place::Foundation(f), Place::Column(c)));
                }
            }
        }
        debug_assert!(all.iter().all(|&m| self.check(rules, m).is_ok()));
        all
    }

    /// Every move a player may make: the legal moves, and a free cell's card to another free
    /// cell, which the solver's list leaves out (it changes nothing the rules look at).
    pub fn player_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut all = self.legal_moves(rules);
        let cells = 0..rules.cells;
        for k in cells.clone().filter(|&k| self.cell(k).is_some()) {
            for j in cells.clone().filter(|&j| self.cell(j).is_none()) {
                all.push(Move::one(Place::Cell(k), Place::Cell(j)));
            }
        }
        all
    }
}
