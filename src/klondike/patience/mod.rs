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

const RULES_TEXT: &str = "\
The goal — build four foundations, one per suit, from the Ace up to the King.

The columns — seven of them, the top card of each face up. They build down in alternate colours (a red 6 on a black 7). A face-up card moves with all the cards on it; only a King, or a run headed by one, goes into an empty column. A face-down card left on top turns face up.

The stock — turn it onto the waste one card at a time (three in Draw three); the waste's top card may go onto a column or a foundation. When the stock is empty the waste may be turned over to make it again, as often as the rule set allows (never in Single pass). A card may come back from a foundation onto a column.

Mouse: drag a card, and the cards on it, to a place. Click a card to send it with the cards on it to its best place: its foundation if it can go, else the first column from the left that takes it. Double-click or right-click a card to send it to its foundation. Click the stock to turn; click the empty stock to turn the waste over, when the rules allow.";

impl patience::Rules for Klondike {
    type RuleSet = RuleSet;
    type Params = Rules;
    type Position = Position;
    type Move = Move;
    type Done = super::Done;
    type Illegal = super::Illegal;

    const NAME: &'static str = "klondike";
    const TITLE: &'static str = "Klondike";
    const RULES_TEXT: &'static str = RULES_TEXT;
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

    fn to_neutral(m: Move) -> patience::Move {
        move_to_neutral(m)
    }

    fn from_neutral(m: patience::Move) -> Option<Move> {
        move_from_neutral(m)
    }

    fn keeps_in_place(illegal: &super::Illegal) -> bool {
        *illegal == super::Illegal::NoWayBack
    }

    fn layout(_: &Rules, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }
}

/// A Klondike place in the front end's words.
pub fn to_neutral(place: KPlace) -> Place {
    match place {
        KPlace::Stock => Place::Stock,
        KPlace::Waste => Place::Waste,
        KPlace::Foundation(f) => Place::Foundation(f),
        KPlace::Column(c) => Place::Column(c),
    }
}

/// The Klondike place a neutral one stands for, if Klondike has it.
pub fn from_neutral(place: Place) -> Option<KPlace> {
    Some(match place {
        Place::Stock => KPlace::Stock,
        Place::Waste => KPlace::Waste,
        Place::Foundation(f) if f < 4 => KPlace::Foundation(f),
        Place::Column(c) if c < 7 => KPlace::Column(c),
        _ => return None,
    })
}

/// A Klondike move in the front end's words: turns and turning the waste over count 0, a
/// column-to-column move its cards, every other move 1.
pub fn move_to_neutral(m: Move) -> patience::Move {
    let count = match m {
        Move::Turn | Move::Redeal => 0,
        Move::ColumnToColumn(_, _, n) => n,
        _ => 1,
    };
    patience::Move::new(to_neutral(m.from()), to_neutral(m.to()), count)
}

/// The Klondike move a neutral one stands for, if there is one: a turn (or turning the waste
/// over) whatever its count, a column-to-column move of at least one card, any other of one.
pub fn move_from_neutral(m: patience::Move) -> Option<Move> {
    let (from, to) = (from_neutral(m.from)?, from_neutral(m.to)?);
    match (from, to) {
        (KPlace::Column(a), KPlace::Column(b)) => {
            (a != b && m.count >= 1).then_some(Move::ColumnToColumn(a, b, m.count))
        }
        (KPlace::Stock, KPlace::Waste) | (KPlace::Waste, KPlace::Stock) => Move::between(from, to),
        _ if m.count <= 1 => Move::between(from, to),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
