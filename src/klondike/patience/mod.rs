//! Klondike as the front end sees it: the rules, the layout and the solver behind
//! [`crate::patience`]'s interface. Klondike's places are the interface's own: the stock, the
//! waste, foundations f0..f3 and columns c0..c6.
//!
//! Moves: a turn of the stock is stock → waste and turning the waste over is waste → stock,
//! both with count 0; a column-to-column move carries its count; every other move is of one
//! card.

use super::moves::{Move, Place as KPlace};
use super::position::{Position, Status};
use super::ruleset::{RuleSet, Rules};
use crate::cards::{DealNumber, Suit};
use crate::patience::{self, Layout, Place, Slot};

mod command_line;
mod in_play;

/// The patience Klondike.
pub struct Klondike;

pub static KLONDIKE: Klondike = Klondike;

/// A Klondike game in progress: the one generic game (`patience::Played`) over Klondike's
/// rules. Its record is a RON file, as Zodiac's is; loading one replays every move through the
/// rules.
pub type Game = patience::Played<Klondike>;
pub type GameRecord = patience::played::GameRecord<RuleSet>;
pub type RecordRules = patience::played::RecordRules<RuleSet>;

impl patience::Rules for Klondike {
    type RuleSet = RuleSet;
    type Params = Rules;
    type Position = Position;
    type Move = Move;
    type Done = super::Done;
    type Illegal = super::Illegal;

    const NAME: &'static str = "klondike";
    const TITLE: &'static str = "Klondike";
    const RULES_TEXT: &'static str = include_str!("rules.txt");
    const SUMMARY: &'static str = "One pack: seven columns built down in alternate colours, \
        Kings to the empty ones; turn the stock and bring every card home, Ace to King.";
    const FAMILY: &'static str = "Klondike type";
    const SAVE_FILE: &'static str = "klondike-game.ron";
    const FORMAT: &'static str = "klondike-game";
    const VERSION: u32 = 1;

    fn this() -> &'static Self {
        &KLONDIKE
    }

    crate::patience::rule_sets::rule_sets_from_files!();

    /// The statistics file is shared with Zodiac: Klondike's keys carry its name.
    fn statistics_key(set: &RuleSet) -> String {
        format!("klondike/{}", set.key())
    }

    fn deal(rules: &Rules, deal: DealNumber) -> Position {
        Position::deal(deal, rules)
    }

    fn apply(
        rules: &Rules,
        position: &mut Position,
        m: Move,
    ) -> Result<super::Done, super::Illegal> {
        position.apply(rules, m)
    }

    fn undo(_: &Rules, position: &mut Position, m: Move, done: super::Done) {
        position.undo(m, done);
    }

    fn is_won(_: &Rules, position: &Position) -> bool {
        position.is_won()
    }

    fn status(rules: &Rules, position: &Position) -> Status {
        position.status(rules)
    }

    fn legal_moves(rules: &Rules, position: &Position) -> Vec<Move> {
        position.legal_moves(rules)
    }

    fn parse_move(token: &str) -> Result<Move, String> {
        Move::parse(token).map_err(|e| e.to_string())
    }

    /// Turns and turning the waste over count 0, a column-to-column move its cards, every other
    /// move 1.
    fn to_neutral(m: Move) -> patience::Move {
        let count = match m {
            Move::Turn | Move::Redeal => 0,
            Move::ColumnToColumn(_, _, n) => n,
            _ => 1,
        };
        patience::Move::new(to_neutral(m.from()), to_neutral(m.to()), count)
    }

    /// A turn (or turning the waste over) whatever its count, a column-to-column move of at
    /// least one card, any other of one.
    fn from_neutral(m: patience::Move) -> Option<Move> {
        let (from, to) = (from_neutral(m.from)?, from_neutral(m.to)?);
        match (from, to) {
            (KPlace::Column(a), KPlace::Column(b)) => {
                (a != b && m.count >= 1).then_some(Move::ColumnToColumn(a, b, m.count))
            }
            (KPlace::Stock, KPlace::Waste) | (KPlace::Waste, KPlace::Stock) => {
                Move::between(from, to)
            }
            _ if m.count <= 1 => Move::between(from, to),
            _ => None,
        }
    }

    fn keeps_in_place(illegal: &super::Illegal) -> bool {
        *illegal == super::Illegal::NoWayBack
    }

    fn layout(_: &Rules, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }
}

patience::neutral_places!(KPlace { Stock, Waste; Foundation(4) => Foundation, Column(7) => Column });

#[cfg(test)]
mod tests;
