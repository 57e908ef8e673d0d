//! A Zodiac game at the table: places and cards, clicks and lifting, the assistant and hints,
//! in the front end's words.

use super::*;

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
            .map(move_to_neutral)
    }

    fn home_move(game: &Game, place: Place) -> Option<patience::Move> {
        let from = from_neutral(place)?;
        (0..8)
            .filter_map(|f| Move::between(from, ZPlace::Foundation(f)))
            .find(|&m| game.position().check(game.rules(), m).is_ok())
            .map(move_to_neutral)
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

    fn destinations(game: &Game, from: Place, count: u8) -> Vec<Place> {
        match from_neutral(from) {
            Some(p) if count == 1 => game
                .position()
                .destinations(game.rules(), p)
                .into_iter()
                .map(to_neutral)
                .collect(),
            _ => Vec::new(),
        }
    }

    fn between(_: &Game, from: Place, to: Place, count: u8) -> Option<patience::Move> {
        (count <= 1)
            .then(|| Move::between(from_neutral(from)?, from_neutral(to)?))
            .flatten()
            .map(move_to_neutral)
    }

    fn moving_card(game: &Game, m: patience::Move) -> Option<Card> {
        game.position().moving_card(move_from_neutral(m)?)
    }

    fn turn_for_empty_waste(game: &Game) -> Option<patience::Move> {
        game.position().turn_for_empty_waste().map(move_to_neutral)
    }

    fn finishing_move(game: &Game) -> Option<patience::Move> {
        game.position()
            .finishing_move(game.rules())
            .map(move_to_neutral)
    }

    fn rules_hint(game: &Game) -> Option<patience::Move> {
        game.position().hint(game.rules()).map(move_to_neutral)
    }

    fn hint_from_line(game: &Game, line: &[patience::Move]) -> (String, Vec<Place>) {
        let line: Vec<Move> = line.iter().filter_map(|&m| move_from_neutral(m)).collect();
        hint_from_line(game.position(), game.rules(), &line)
    }

    fn inspects(_: &Game, place: Place) -> bool {
        matches!(place, Place::Pile(_))
    }

    fn redeal_possible(game: &Game) -> bool {
        game.position().phase() == Phase::One
    }
}
