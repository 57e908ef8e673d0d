//! A Klondike position and its rules: what is legal, playing a move and taking it back, and
//! when the game is won or stuck. Small and `Copy` (no heap), so a solver can keep millions.

use super::moves::{Move, Place};
use super::ruleset::Rules;
use crate::cards::{Card, DealNumber, Suit};

mod apply;
mod illegal;
mod legal;
mod text;

pub use illegal::Illegal;
pub use legal::Status;

/// The most cards a column can hold: six face down and a King-to-Ace run.
const COLUMN_MAX: usize = 19;
/// The stock and waste together hold at most this many (52 − 28 dealt to the columns).
const TALON_MAX: usize = 24;

/// A card that is neither in play nor meaningful: fills unused slots.
const NONE: Card = match Card::from_index(0) {
    Some(c) => c,
    None => unreachable!(),
};

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    columns: [[Card; COLUMN_MAX]; 7],
    column_len: [u8; 7],
    /// How many cards at the bottom of each column are face down.
    face_down: [u8; 7],
    /// The stock, its top (the next card to turn) last.
    stock: [Card; TALON_MAX],
    stock_len: u8,
    /// The waste, its top (the playable card) last.
    waste: [Card; TALON_MAX],
    waste_len: u8,
    /// Cards on each foundation (f0..f3 = ♣ ♠ ♥ ♦), built up from the Ace.
    foundation_len: [u8; 4],
    /// Passes through the stock begun (the first counts: 1 at the deal). Wide enough for any
    /// game a person plays under unlimited passes; it stops at its top.
    pass: u16,
}

/// What playing a move changed that the move alone does not say: what undoing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Done {
    /// Cards moved (a turn, or a column-to-column move).
    pub count: u8,
    /// The move exposed a face-down card, which was turned face up.
    pub flipped: bool,
}

fn red(card: Card) -> bool {
    matches!(card.suit(), Suit::Hearts | Suit::Diamonds)
}

/// `card` may go on `under` in a column: one rank lower, the other colour.
fn builds_on(card: Card, under: Card) -> bool {
    card.rank() + 1 == under.rank() && red(card) != red(under)
}

impl Position {
    /// The opening of deal `deal` under `rules`, as PySolFC deals it: rows right to left, face
    /// down to columns i..6 for i = 1..6, then one face-up card to each column; then one turn.
    pub fn deal(deal: DealNumber, rules: &Rules) -> Position {
        let order = deal.one_pack();
        let mut p = Position::empty([0; 4], 1);
        let mut next = order.iter().copied();
        for first in 1..7u8 {
            for c in (first..7).rev() {
                p.push_column(c, next.next().expect("52 cards"));
            }
        }
        for c in (0..7).rev() {
            p.push_column(c, next.next().expect("52 cards"));
        }
        for c in 0..7 {
            p.face_down[c] = p.column_len[c] - 1;
        }
        // The rest is the stock, the next card to turn on top (dealt after all the others).
        let rest: Vec<Card> = next.collect();
        for &card in rest.iter().rev() {
            p.stock[usize::from(p.stock_len)] = card;
            p.stock_len += 1;
        }
        p.turn(rules);
        p
    }

    /// A position from its parts (for tests and tools): columns bottom to top with how many
    /// are face down, the stock with its next card last, the waste with its top last, the
    /// foundations' heights, and the pass begun.
    pub fn from_parts(
        columns: [(&[Card], u8); 7],
        stock: &[Card],
        waste: &[Card],
        foundation_len: [u8; 4],
        pass: u8,
    ) -> Position {
        let mut p = Position::empty(foundation_len, u16::from(pass.max(1)));
        for (c, (cards, down)) in columns.iter().enumerate() {
            for &card in cards.iter().take(COLUMN_MAX) {
                p.push_column(c as u8, card);
            }
            p.face_down[c] = (*down).min(p.column_len[c].saturating_sub(1));
        }
        for &card in stock.iter().take(TALON_MAX) {
            p.stock[usize::from(p.stock_len)] = card;
            p.stock_len += 1;
        }
        for &card in waste.iter().take(TALON_MAX) {
            p.waste[usize::from(p.waste_len)] = card;
            p.waste_len += 1;
        }
        p
    }

    /// No card on the table but the foundations' heights.
    fn empty(foundation_len: [u8; 4], pass: u16) -> Position {
        Position {
            columns: [[NONE; COLUMN_MAX]; 7],
            column_len: [0; 7],
            face_down: [0; 7],
            stock: [NONE; TALON_MAX],
            stock_len: 0,
            waste: [NONE; TALON_MAX],
            waste_len: 0,
            foundation_len,
            pass,
        }
    }

    fn push_column(&mut self, c: u8, card: Card) {
        let c = usize::from(c);
        self.columns[c][usize::from(self.column_len[c])] = card;
        self.column_len[c] += 1;
    }

    /// A column, bottom to top.
    pub fn column(&self, c: u8) -> &[Card] {
        let c = usize::from(c);
        &self.columns[c][..usize::from(self.column_len[c])]
    }

    /// How many cards at the bottom of a column are face down.
    pub fn face_down(&self, c: u8) -> u8 {
        self.face_down[usize::from(c)]
    }

    /// The stock, the next card to turn last.
    pub fn stock(&self) -> &[Card] {
        &self.stock[..usize::from(self.stock_len)]
    }

    /// The waste, its top last.
    pub fn waste(&self) -> &[Card] {
        &self.waste[..usize::from(self.waste_len)]
    }

    pub fn waste_top(&self) -> Option<Card> {
        self.waste().last().copied()
    }

    pub fn foundation_len(&self, f: u8) -> u8 {
        self.foundation_len[usize::from(f)]
    }

    /// The top card of a foundation.
    pub fn foundation_top(&self, f: u8) -> Option<Card> {
        let n = self.foundation_len(f);
        (n > 0).then(|| Card::new(Suit::ALL[usize::from(f)], n))
    }

    /// Passes through the stock begun, the first included.
    pub fn pass(&self) -> u16 {
        self.pass
    }

    pub fn is_won(&self) -> bool {
        self.foundation_len.iter().all(|&n| n == 13)
    }

    /// The cards at a place, bottom to top (face-down ones included).
    pub fn cards_at(&self, place: Place) -> Vec<Card> {
        match place {
            Place::Stock => self.stock().to_vec(),
            Place::Waste => self.waste().to_vec(),
            Place::Foundation(f) => (1..=self.foundation_len(f))
                .map(|r| Card::new(Suit::ALL[usize::from(f)], r))
                .collect(),
            Place::Column(c) => self.column(c).to_vec(),
        }
    }

    /// The foundation a card goes to if it is the next one there.
    pub(super) fn foundation_takes(&self, card: Card) -> Option<u8> {
        let f = card.suit() as u8;
        (self.foundation_len(f) + 1 == card.rank()).then_some(f)
    }

    /// Whether `card` may go on column `c` as it stands.
    pub(super) fn column_takes(&self, card: Card, c: u8) -> bool {
        match self.column(c).last() {
            Some(&top) => builds_on(card, top),
            None => card.rank() == 13,
        }
    }

    /// How many cards lie face up on top of a column.
    pub(super) fn face_up(&self, c: u8) -> u8 {
        self.column_len[usize::from(c)] - self.face_down(c)
    }

    /// Every card once: the deal's 52, wherever they are (for tests).
    pub fn card_count(&self) -> usize {
        let columns: usize = self.column_len.iter().map(|&n| usize::from(n)).sum();
        let foundations: usize = self.foundation_len.iter().map(|&n| usize::from(n)).sum();
        columns + foundations + usize::from(self.stock_len) + usize::from(self.waste_len)
    }
}
