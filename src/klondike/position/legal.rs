//! What can be played from a Klondike position, and how the game stands: won, stuck (no move
//! left, the stock included), or still playing.

use super::Position;
use crate::cards::Card;
use crate::klondike::moves::Move;
use crate::klondike::ruleset::Rules;

/// How a game stands (stuck: no move is left, none on the table, and no card the stock can
/// still bring up fits).
pub use crate::patience::Status;

impl Position {
    /// Every legal move here, in a fixed order: to the foundations first (by foundation, the
    /// waste before the columns), then onto each column (from the waste, then from the other
    /// columns), cards back from the foundations, and the stock last. Made directly from the
    /// cards on top, without trying each move (the solver asks this at every position).
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut all = Vec::with_capacity(32);
        let waste = self.waste_top();
        let tops: [Option<Card>; 7] = std::array::from_fn(|c| self.column(c as u8).last().copied());
        for f in 0..4 {
            if waste.is_some_and(|card| self.foundation_takes(card) == Some(f)) {
                all.push(Move::WasteToFoundation(f));
            }
            for (c, top) in tops.iter().enumerate() {
                if top.is_some_and(|card| self.foundation_takes(card) == Some(f)) {
                    all.push(Move::ColumnToFoundation(c as u8, f));
                }
            }
        }
        for to in 0..7 {
            if waste.is_some_and(|card| self.column_takes(card, to)) {
                all.push(Move::WasteToColumn(to));
            }
            for from in 0..7 {
                // At most one face-up card of a column fits another's top: found by its rank.
                if from != to
                    && let Some(n) = self.run_onto(from, to)
                {
                    all.push(Move::ColumnToColumn(from, to, n));
                }
            }
        }
        if rules.foundation_to_column {
            for f in 0..4 {
                if let Some(card) = self.foundation_top(f) {
                    for c in 0..7 {
                        if self.column_takes(card, c) {
                            all.push(Move::FoundationToColumn(f, c));
                        }
                    }
                }
            }
        }
        for m in [Move::Turn, Move::Redeal] {
            if self.check(rules, m).is_ok() {
                all.push(m);
            }
        }
        all
    }

    /// How many cards from the top of column `from` make the run that fits column `to`, if
    /// one does: the face-up card one rank below `to`'s top (a King for an empty column).
    pub(super) fn run_onto(&self, from: u8, to: u8) -> Option<u8> {
        let up = usize::from(self.face_up(from));
        let column = self.column(from);
        let run = &column[column.len() - up..];
        let wanted = self.column(to).last().map_or(13, |top| top.rank() - 1);
        let at = run.iter().position(|c| c.rank() == wanted)?;
        let n = (run.len() - at) as u8;
        self.column_takes(run[at], to).then_some(n)
    }

    /// A move that changes nothing a player cares about: a King with nothing under it moved to
    /// another empty column.
    pub fn is_idle(&self, m: Move) -> bool {
        matches!(m, Move::ColumnToColumn(from, to, n)
            if self.column(to).is_empty()
                && self.face_down(from) == 0
                && usize::from(n) == self.column(from).len())
    }

    /// Whether a card the stock can still bring to the top of the waste (turning, and turning
    /// over where the rules allow) fits somewhere on the table as it is now.
    fn talon_can_play(&self, rules: &Rules) -> bool {
        let mut p = *self;
        let limit = 2 * (self.stock().len() + self.waste().len()) + 4;
        for _ in 0..limit {
            if let Some(card) = p.waste_top()
                && (p.foundation_takes(card).is_some() || (0..7).any(|c| p.column_takes(card, c)))
            {
                return true;
            }
            let step = if !p.stock().is_empty() {
                Move::Turn
            } else {
                Move::Redeal
            };
            if p.apply(rules, step).is_err() {
                return false;
            }
        }
        false
    }

    pub fn status(&self, rules: &Rules) -> Status {
        if self.is_won() {
            return Status::Won;
        }
        let table_move = self
            .legal_moves(rules)
            .into_iter()
            .any(|m| !matches!(m, Move::Turn | Move::Redeal) && !self.is_idle(m));
        if table_move || self.talon_can_play(rules) {
            Status::Playing
        } else {
            Status::Stuck
        }
    }
}
