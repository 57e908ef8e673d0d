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

const RULES_TEXT: &str = "\
The goal — build four foundations, one per suit, from the Ace up to the King.

The columns — eight of them, every card face up. They build down in alternate colours (a red 6 on a black 7; in Baker's Game, in suit). Any card, or run, fills an empty column.

The free cells — four, each holding any one card until it goes to a column or home. A run moves as one when there is room for it: one card more than the empty free cells, doubled for each empty column (not counting the one it moves into). A card home stays home.

Mouse: drag a card, and the cards on it, to a place. Click a card to send it to its foundation if it can go, else to the best column, else to a free cell. Double-click a card to put it in a free cell; right-click to send it home. Cards no other card can use any more go home by themselves (Settings).";

impl patience::Rules for FreeCell {
    type RuleSet = RuleSet;
    type Params = Rules;
    type Position = Position;
    type Move = Move;
    type Done = ();
    type Illegal = super::Illegal;

    const NAME: &'static str = "freecell";
    const TITLE: &'static str = "FreeCell";
    const RULES_TEXT: &'static str = RULES_TEXT;
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

/// A FreeCell place in the front end's words.
pub fn to_neutral(place: FPlace) -> Place {
    match place {
        FPlace::Cell(k) => Place::Cell(k),
        FPlace::Foundation(f) => Place::Foundation(f),
        FPlace::Column(c) => Place::Column(c),
    }
}

/// The FreeCell place a neutral one stands for, if FreeCell has it.
pub fn from_neutral(place: Place) -> Option<FPlace> {
    Some(match place {
        Place::Cell(k) if k < super::ruleset::MAX_CELLS => FPlace::Cell(k),
        Place::Foundation(f) if f < 4 => FPlace::Foundation(f),
        Place::Column(c) if c < super::COLUMNS => FPlace::Column(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
