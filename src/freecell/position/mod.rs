//! A FreeCell position: eight columns, the free cells and four foundations, every card face up.
//! `Copy`, no heap, so the solver and the game's history copy it freely. Dealing follows
//! PySolFC (and so Microsoft below 32000): the 52 cards in PySolFC's order, dealt left to
//! right across the columns, so the first four columns get seven cards and the rest six.

mod apply;
mod illegal;

pub use apply::builds_on;
pub use illegal::Illegal;

use super::moves::{COLUMNS, Place};
use super::ruleset::{MAX_CELLS, Rules};
use crate::cards::{Card, DealNumber, Suit};
use std::fmt;

/// The most cards a column can hold: seven dealt, and a King-to-Two run on the seventh.
pub const COLUMN_CAPACITY: usize = 19;

/// Bytes of a packed position: 52 cards, 8 ends of columns, 4 free cells.
pub const PACKED: usize = 64;

/// A position packed in [`PACKED`] bytes (see [`Position::pack`]).
pub type Packed = [u8; PACKED];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each column's cards, bottom first; `len` of them are there.
    columns: [[Option<Card>; COLUMN_CAPACITY]; COLUMNS as usize],
    len: [u8; COLUMNS as usize],
    /// The free cells; those past the rule set's number are never used.
    cells: [Option<Card>; MAX_CELLS as usize],
    /// Cards home per foundation (foundation f holds suit f: ♣ ♠ ♥ ♦).
    home: [u8; 4],
}

impl Position {
    /// Deal `deal` as PySolFC deals FreeCell game N.
    pub fn deal(deal: DealNumber) -> Position {
        let mut p = Position::empty();
        for (i, card) in deal.one_pack().into_iter().enumerate() {
            p.push(i as u8 % COLUMNS, card);
        }
        p
    }

    fn empty() -> Position {
        Position {
            columns: [[None; COLUMN_CAPACITY]; COLUMNS as usize],
            len: [0; COLUMNS as usize],
            cells: [None; MAX_CELLS as usize],
            home: [0; 4],
        }
    }

    /// A position from its parts, for tests and tools: the columns bottom first, the cells,
    /// and the cards home per foundation. `None` if a column is longer than one can be.
    pub fn from_parts(columns: [&[Card]; 8], cells: &[Card], home: [u8; 4]) -> Option<Position> {
        let mut p = Position::empty();
        for (c, cards) in columns.iter().enumerate() {
            if cards.len() > COLUMN_CAPACITY {
                return None;
            }
            for &card in cards.iter() {
                p.push(c as u8, card);
            }
        }
        for (k, &card) in cells.iter().enumerate().take(usize::from(MAX_CELLS)) {
            p.cells[k] = Some(card);
        }
        p.home = home.map(|n| n.min(13));
        Some(p)
    }

    fn push(&mut self, c: u8, card: Card) {
        let (c, n) = (usize::from(c), usize::from(self.len[usize::from(c)]));
        self.columns[c][n] = Some(card);
        self.len[c] += 1;
    }

    /// A column's cards, bottom first.
    pub fn column(&self, c: u8) -> Vec<Card> {
        let c = usize::from(c.min(COLUMNS - 1));
        self.columns[c][..usize::from(self.len[c])]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// The position in 64 bytes, as it lies (not up to order, unlike the solver's key): each
    /// column's cards bottom first (card index + 1), each column ended by a 0, then the free
    /// cells (0 for an empty one). The cards home are the ones missing.
    pub fn pack(&self) -> Packed {
        let mut out = [0u8; PACKED];
        let mut i = 0;
        for c in 0..COLUMNS {
            for card in self.column_slice(c).iter().flatten() {
                out[i] = card.index() + 1;
                i += 1;
            }
            i += 1;
        }
        for (k, cell) in self.cells.iter().enumerate() {
            out[PACKED - usize::from(MAX_CELLS) + k] = cell.map_or(0, |c| c.index() + 1);
        }
        out
    }

    /// The position [`Position::pack`] made: its columns, cells, and the cards home (each
    /// suit's missing cards, which are its lowest).
    pub fn unpack(packed: &Packed) -> Position {
        let mut p = Position::empty();
        let mut on_table = [0u8; 4];
        let mut c = 0u8;
        for &b in &packed[..PACKED - usize::from(MAX_CELLS)] {
            if c >= COLUMNS {
                break;
            }
            match b.checked_sub(1).and_then(Card::from_index) {
                Some(card) => {
                    p.push(c, card);
                    on_table[card.suit() as usize] += 1;
                }
                None => c += 1,
            }
        }
        for k in 0..MAX_CELLS {
            let b = packed[PACKED - usize::from(MAX_CELLS) + usize::from(k)];
            if let Some(card) = b.checked_sub(1).and_then(Card::from_index) {
                p.cells[usize::from(k)] = Some(card);
                on_table[card.suit() as usize] += 1;
            }
        }
        p.home = on_table.map(|n| 13u8.saturating_sub(n));
        p
    }

    /// A column's cards, bottom first, as they lie (every one `Some`), with no copy.
    pub fn column_slice(&self, c: u8) -> &[Option<Card>] {
        let c = usize::from(c.min(COLUMNS - 1));
        &self.columns[c][..usize::from(self.len[c])]
    }

    pub fn column_len(&self, c: u8) -> usize {
        self.len.get(usize::from(c)).map_or(0, |&n| usize::from(n))
    }

    /// The card `depth` from the top of a column (0: the top card).
    pub fn column_card(&self, c: u8, depth: usize) -> Option<Card> {
        let len = self.column_len(c);
        let i = len.checked_sub(depth + 1)?;
        self.columns[usize::from(c)][i]
    }

    pub fn cell(&self, k: u8) -> Option<Card> {
        self.cells.get(usize::from(k)).copied().flatten()
    }

    /// Cards home on foundation `f`.
    pub fn home(&self, f: u8) -> u8 {
        self.home.get(usize::from(f)).copied().unwrap_or(0)
    }

    /// The foundation's top card.
    pub fn foundation_top(&self, f: u8) -> Option<Card> {
        let n = self.home(f);
        (n > 0 && f < 4).then(|| Card::new(Suit::ALL[usize::from(f)], n))
    }

    /// The cards at a place, bottom first.
    pub fn cards_at(&self, place: Place) -> Vec<Card> {
        match place {
            Place::Column(c) if c < COLUMNS => self.column(c),
            Place::Cell(k) => self.cell(k).into_iter().collect(),
            Place::Foundation(f) if f < 4 => (1..=self.home(f))
                .map(|rank| Card::new(Suit::ALL[usize::from(f)], rank))
                .collect(),
            _ => Vec::new(),
        }
    }

    pub fn is_won(&self) -> bool {
        self.home == [13; 4]
    }

    /// Free cells empty, of the rule set's.
    pub fn free_cells(&self, rules: &Rules) -> usize {
        self.cells[..usize::from(rules.cells.min(MAX_CELLS))]
            .iter()
            .filter(|c| c.is_none())
            .count()
    }

    pub fn empty_columns(&self) -> usize {
        self.len.iter().filter(|&&n| n == 0).count()
    }

    /// How many cards move as one onto a column: (1 + free cells) × 2^(empty columns), the
    /// column moved to not counted when it is empty itself (with no empty column, none to
    /// move onto: 0 is taken for it).
    pub fn room(&self, rules: &Rules, onto_empty: bool) -> usize {
        let empty = self.empty_columns().saturating_sub(usize::from(onto_empty));
        (1 + self.free_cells(rules)) << empty.min(8)
    }

    /// The position as text, one place a line (what `zodiac show --patience freecell` prints):
    /// the columns, the free cells (`--` when empty), the foundations, then the status.
    pub fn to_text(&self, rules: &Rules) -> String {
        let mut out = String::new();
        let cards = |cards: &[Card]| -> String {
            cards.iter().map(|c| format!(" {c}")).collect::<String>()
        };
        for c in 0..COLUMNS {
            out.push_str(&format!("column c{c}:{}\n", cards(&self.column(c))));
        }
        for k in 0..rules.cells {
            let cell = self.cell(k).map_or(" --".to_string(), |c| format!(" {c}"));
            out.push_str(&format!("cell r{k}:{cell}\n"));
        }
        for f in 0..4 {
            out.push_str(&format!(
                "foundation f{f}:{}\n",
                cards(&self.cards_at(Place::Foundation(f)))
            ));
        }
        out.push_str(&format!("status: {}\n", self.status(rules)));
        out
    }

    /// Won, stuck (no legal move is left), or playing on.
    pub fn status(&self, rules: &Rules) -> crate::patience::Status {
        use crate::patience::Status;
        if self.is_won() {
            Status::Won
        } else if self.legal_moves(rules).is_empty() {
            Status::Stuck
        } else {
            Status::Playing
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in 0..COLUMNS {
            write!(f, "c{c}:")?;
            for card in self.column(c) {
                write!(f, " {card}")?;
            }
            write!(f, " | ")?;
        }
        write!(f, "cells {:?} home {:?}", self.cells, self.home)
    }
}
