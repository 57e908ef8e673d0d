//! A Zodiac game at the table: places and cards, clicks and lifting, the assistant and hints,
//! in the front end's words.

use super::*;
use crate::patience::Rules as _;
use crate::zodiac::Suit;

impl patience::Table for Zodiac {
    fn places(_: &Game) -> Vec<Place> {
        ZPlace::all().map(to_neutral).collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let cards = from_neutral(place).map(|p| game.position().cards_at(game.rules(), p));
        Slot::each(cards.unwrap_or_default(), place != Place::Stock)
    }

    fn stage(game: &Game) -> Option<&'static str> {
        Some(match game.position().phase() {
            Phase::One => "Phase 1 — fill the Zodiac",
            Phase::Two => "Phase 2 — to the foundations",
        })
    }

    fn stuck_reason(game: &Game) -> String {
        match game.position().phase() {
            Phase::One => "Nothing more can move: no card in the stock, the waste or the Equator fits a Zodiac pile, and no Equator cell is free.",
            Phase::Two => "Nothing more can move: no Zodiac top card and no Equator card fits a foundation.",
        }
        .to_string()
    }

    fn foundation_caption(game: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        let suit = Suit::ALL[usize::from(f) % 4];
        Some(match game.rules().foundations.get(usize::from(f))? {
            Direction::Up => (suit, "A", "up"),
            Direction::Down => (suit, "K", "down"),
        })
    }

    fn place_name(_: &Game, place: Place) -> String {
        match place {
            Place::Cell(e) => format!("Equator cell e{e}"),
            Place::Pile(z) => format!("Zodiac pile z{z}"),
            _ => patience::table::place_words(place),
        }
    }

    /// The rules core's: a Zodiac pile that still comes apart in phase 2 first, and the
    /// foundation a card's pile runs to.
    fn best_move(game: &Game, place: Place, depth: usize) -> Option<patience::Move> {
        let p = from_neutral(place).filter(|_| depth == 0)?;
        let best = game.position().best_move_from(game.rules(), p);
        best.map(Self::to_neutral)
    }

    fn rules_hint(game: &Game) -> Option<patience::Move> {
        game.position().hint(game.rules()).map(Self::to_neutral)
    }

    fn redeal_possible(game: &Game) -> bool {
        game.position().phase() == Phase::One
    }
}
