//! Zodiac as the front end sees it: the rules, the layout and the solver behind
//! [`crate::patience`]'s interface. Equator cells are cells, Zodiac piles are squared piles.

use super::{DealNumber, Direction, Move, Phase, Place as ZPlace, Position, RuleSet, Rules};
use crate::patience::{self, Layout, Place, Slot, Status};

mod command_line;
mod in_play;

/// The patience Zodiac.
pub struct Zodiac;

pub static ZODIAC: Zodiac = Zodiac;

/// A Zodiac game in progress: the one generic game (`patience::Played`) over Zodiac's rules.
/// Its record is a RON file; loading one replays every move through the rules.
pub type Game = patience::Played<Zodiac>;
pub type GameRecord = patience::played::GameRecord<RuleSet>;
pub type RecordRules = patience::played::RecordRules<RuleSet>;

impl patience::Rules for Zodiac {
    type RuleSet = RuleSet;
    type Params = Rules;
    type Position = Position;
    type Move = Move;
    type Done = ();
    type Illegal = super::Illegal;

    const NAME: &'static str = "zodiac";
    const TITLE: &'static str = "Zodiac";
    const RULES_TEXT: &'static str = include_str!("rules.txt");
    const SUMMARY: &'static str = "Two packs: fill the ring of 24 Zodiac piles up or down by \
        suit, with the Equator's eight cells to spare, then clear every card home.";
    // One stray card laid on the wrong pile in phase 1 stays there until phase 2 and can spoil
    // it: straying one move in four, the simple player never won a Zodiac deal, so its wins
    // could not tell the levels apart. One in sixteen puts its wins among Klondike's and
    // FreeCell's (docs/difficulty.md).
    const STRAY: u64 = 16;
    const FAMILY: &'static str = "Two-deck games";
    const SAVE_FILE: &'static str = "game.ron";
    const FORMAT: &'static str = "zodiac-game";
    const VERSION: u32 = 3;
    const COUNTED_SINCE: u32 = 3;

    fn this() -> &'static Self {
        &ZODIAC
    }

    crate::patience::rule_sets::rule_sets_from_files!();

    fn statistics_key(set: &RuleSet) -> String {
        set.key()
    }

    /// Each version is written only when the record needs it, so older Zodiacs read the rest:
    /// 2 for a rule set inline, 3 for how the game was played and counted.
    fn record_version(inline: bool, counting: bool) -> u32 {
        if counting { 3 } else { 1 + u32::from(inline) }
    }

    fn deal(_: &Rules, deal: DealNumber) -> Position {
        Position::deal(deal)
    }

    fn apply(rules: &Rules, position: &mut Position, m: Move) -> Result<(), super::Illegal> {
        position.apply(rules, m)
    }

    fn undo(rules: &Rules, position: &mut Position, m: Move, _: ()) {
        position.undo(rules, m);
    }

    fn is_won(_: &Rules, position: &Position) -> bool {
        position.is_won()
    }

    fn status(rules: &Rules, position: &Position) -> Status {
        position.status(rules)
    }

    fn legal_moves(rules: &Rules, position: &Position) -> Vec<Move> {
        position.legal_moves(rules).as_slice().to_vec()
    }

    /// Zodiac cards never move in phase 1: a hand does not lift them.
    fn keeps_in_place(illegal: &super::Illegal) -> bool {
        *illegal == super::Illegal::ZodiacMovesInPhase1
    }

    fn parse_move(token: &str) -> Result<Move, String> {
        Move::parse(token).map_err(|e| e.to_string())
    }

    fn to_neutral(m: Move) -> patience::Move {
        let count = u8::from(!matches!(m, Move::Redeal));
        patience::Move::new(to_neutral(m.from()), to_neutral(m.to()), count)
    }

    fn from_neutral(m: patience::Move) -> Option<Move> {
        Move::between(from_neutral(m.from)?, from_neutral(m.to)?)
    }

    fn layout(_: &Rules, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }
}

patience::neutral_places!(ZPlace {
    Stock, Waste; Equator(8) => Cell, Zodiac(24) => Pile, Foundation(8) => Foundation
});
