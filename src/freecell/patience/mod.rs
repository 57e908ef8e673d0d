//! FreeCell as the front end sees it: the rules, the layout and the solver behind
//! [`crate::patience`]'s interface. Free cells are cells, columns are columns, and FreeCell
//! has no stock and no waste.

use super::moves::{Move, Place as FPlace};
use super::position::Position;
use super::ruleset::{RuleSet, Rules};
use crate::cards::{DealNumber, Suit};
use crate::patience::{self, Layout, Place, SecondClick, Slot, Status};

mod command_line;
mod in_play;

/// The patience FreeCell.
pub struct FreeCell;

pub static FREECELL: FreeCell = FreeCell;

/// A FreeCell game in progress: the generic game over FreeCell's rules.
pub type Game = patience::Played<FreeCell>;

impl patience::Rules for FreeCell {
    type RuleSet = RuleSet;
    type Params = Rules;
    type Position = Position;
    type Move = Move;
    type Done = ();
    type Illegal = super::Illegal;

    const NAME: &'static str = "freecell";
    const TITLE: &'static str = "FreeCell";
    const RULES_TEXT: &'static str = include_str!("rules.txt");
    const SUMMARY: &'static str = "One pack, every card face up: eight columns built down in \
        alternate colours and four free cells; bring every card home, Ace to King.";
    const FAMILY: &'static str = "FreeCell type";
    const SAVE_FILE: &'static str = "freecell-game.ron";
    const FORMAT: &'static str = "freecell-game";
    const VERSION: u32 = 1;

    fn this() -> &'static Self {
        &FREECELL
    }

    crate::patience::rule_sets::rule_sets_from_files!();

    /// The statistics file is shared: FreeCell's keys carry its name.
    fn statistics_key(set: &RuleSet) -> String {
        format!("freecell/{}", set.key())
    }

    fn deal(_: &Rules, deal: DealNumber) -> Position {
        Position::deal(deal)
    }

    fn apply(rules: &Rules, position: &mut Position, m: Move) -> Result<(), super::Illegal> {
        position.apply(rules, m)
    }

    fn undo(_: &Rules, position: &mut Position, m: Move, _: ()) {
        position.undo(m);
    }

    fn is_won(_: &Rules, position: &Position) -> bool {
        position.is_won()
    }

    fn status(rules: &Rules, position: &Position) -> Status {
        position.status(rules)
    }

    fn legal_moves(rules: &Rules, position: &Position) -> Vec<Move> {
        position.player_moves(rules)
    }

    fn parse_move(token: &str) -> Result<Move, String> {
        Move::parse(token).map_err(|e| e.to_string())
    }

    fn to_neutral(m: Move) -> patience::Move {
        patience::Move::new(to_neutral(m.from), to_neutral(m.to), m.count)
    }

    /// Several cards move only from a column to another.
    fn from_neutral(m: patience::Move) -> Option<Move> {
        let (from, to) = (from_neutral(m.from)?, from_neutral(m.to)?);
        let columns = matches!((from, to), (FPlace::Column(_), FPlace::Column(_)));
        (from != to && m.count >= 1 && (m.count == 1 || columns)).then_some(Move {
            from,
            to,
            count: m.count,
        })
    }

    fn keeps_in_place(illegal: &super::Illegal) -> bool {
        use super::Illegal::{HomeStaysHome, NotASequence};
        matches!(illegal, HomeStaysHome | NotASequence)
    }

    fn layout(_: &Rules, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }
}

patience::neutral_places!(FPlace {
    ; Cell(super::ruleset::MAX_CELLS) => Cell, Foundation(4) => Foundation,
    Column(super::COLUMNS) => Column
});

#[cfg(test)]
mod tests;
