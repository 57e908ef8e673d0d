//! A Zodiac game at the table: places and cards, clicks and lifting, the assistant and hints,
//! in the front end's words.

use super::*;
use crate::patience::Rules as _;

impl patience::Table for Zodiac {
    fn places(_: &Game) -> Vec<Place> {
        ZPlace::all().map(to_neutral).collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let Some(p) = from_neutral(place) else {
            return Vec::new();
        };
        let face_up = p != ZPlace::Stock;
        game.position()
            .cards_at(game.rules(), p)
            .into_iter()
            .map(|card| Slot { card, face_up })
            .collect()
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

    fn foundation_caption(
        game: &Game,
        f: u8,
    ) -> Option<(crate::zodiac::Suit, &'static str, &'static str)> {
        let direction = game.rules().foundations.get(usize::from(f))?;
        let suit = crate::zodiac::Suit::ALL[usize::from(f) % 4];
        Some(match direction {
            Direction::Up => (suit, "A", "up"),
            Direction::Down => (suit, "K", "down"),
        })
    }

    fn place_name(_: &Game, place: Place) -> String {
        from_neutral(place).map(place_words).unwrap_or_default()
    }

    fn best_move(game: &Game, place: Place, depth: usize) -> Option<patience::Move> {
        if depth > 0 {
            return None;
        }
        game.position()
            .best_move_from(game.rules(), from_neutral(place)?)
            .map(Self::to_neutral)
    }

    fn lift(game: &Game, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let p = from_neutral(place).ok_or(None)?;
        if depth > 0 {
            return Err(None);
        }
        if game.position().can_lift(p) {
            Ok(1)
        } else {
            Err(game.position().lift_refusal(p).map(|why| why.to_string()))
        }
    }

    fn finishing_move(game: &Game) -> Option<patience::Move> {
        game.position()
            .finishing_move(game.rules())
            .map(Self::to_neutral)
    }

    fn rules_hint(game: &Game) -> Option<patience::Move> {
        game.position().hint(game.rules()).map(Self::to_neutral)
    }

    fn redeal_possible(game: &Game) -> bool {
        game.position().phase() == Phase::One
    }
}
