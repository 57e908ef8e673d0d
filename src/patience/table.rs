//! How the table of a game in play reads to the front end ([`Table`]): each patience's own
//! answers, over its game (`Played` over its [`super::Rules`]). It stands above both the rules
//! and the game written once over them (`played`), so that the rules need not know the game.

use super::played::Played;
use super::rules::CommandLine;
use super::{Place, SecondClick, Slot};
use crate::cards::{Card, Suit};

/// A game of this patience: the generic game over its rules.
pub type GameOf<R> = Played<R>;

/// How the table of a game in play reads to the front end, and what a click, a lift or the
/// assistant may do there: each patience's own answers (see `patience::Game` for each).
pub trait Table: CommandLine {
    fn places(game: &GameOf<Self>) -> Vec<Place>;
    fn cards(game: &GameOf<Self>, place: Place) -> Vec<Slot>;
    fn stage(game: &GameOf<Self>) -> Option<&'static str>;
    fn stuck_reason(game: &GameOf<Self>) -> String;
    fn foundation_caption(game: &GameOf<Self>, f: u8)
    -> Option<(Suit, &'static str, &'static str)>;
    fn place_name(game: &GameOf<Self>, place: Place) -> String;
    fn best_move(game: &GameOf<Self>, place: Place, depth: usize) -> Option<super::Move>;
    fn home_move(game: &GameOf<Self>, place: Place) -> Option<super::Move>;
    /// A double-click's second click: by default, a click like any other.
    fn second_click(game: &GameOf<Self>, place: Place) -> SecondClick {
        let _ = (game, place);
        SecondClick::Again
    }
    fn lift(game: &GameOf<Self>, place: Place, depth: usize) -> Result<u8, Option<String>>;
    fn destinations(game: &GameOf<Self>, from: Place, count: u8) -> Vec<Place>;
    fn between(game: &GameOf<Self>, from: Place, to: Place, count: u8) -> Option<super::Move>;
    fn moving_card(game: &GameOf<Self>, m: super::Move) -> Option<Card>;
    fn turn_for_empty_waste(game: &GameOf<Self>) -> Option<super::Move>;
    fn finishing_move(game: &GameOf<Self>) -> Option<super::Move>;
    fn rules_hint(game: &GameOf<Self>) -> Option<super::Move>;
    fn hint_from_line(game: &GameOf<Self>, line: &[super::Move]) -> (String, Vec<Place>);
    fn inspects(game: &GameOf<Self>, place: Place) -> bool;
    fn redeal_possible(game: &GameOf<Self>) -> bool;
    /// The game's score under this scoring after `elapsed_ms` of play (Vegas: what this game
    /// has won or lost so far), for a patience that keeps scores; none by default.
    fn score(game: &GameOf<Self>, scoring: super::score::Scoring, elapsed_ms: u64) -> Option<i64> {
        let _ = (game, scoring, elapsed_ms);
        None
    }
}
