//! A Klondike game at the table: places and cards, clicks and lifting, the assistant and
//! hints, in the front end's words.

use super::*;
use crate::patience::score::Scoring;

impl patience::Table for Klondike {
    fn places(_: &Game) -> Vec<Place> {
        KPlace::all().map(to_neutral).collect()
    }

    /// The stock's cards face down, and the face-down cards of the columns; the rest face up.
    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let p = game.position();
        let Some(place) = from_neutral(place) else {
            return Vec::new();
        };
        let down = match place {
            KPlace::Stock => usize::MAX,
            KPlace::Column(c) => usize::from(p.face_down(c)),
            _ => 0,
        };
        let cards = p.cards_at(place).into_iter().enumerate();
        cards
            .map(|(i, card)| Slot {
                card,
                face_up: i >= down,
            })
            .collect()
    }

    fn stuck_reason(game: &Game) -> String {
        let p = game.position();
        let last_pass = game
            .rules()
            .passes
            .is_some_and(|n| p.pass() >= u16::from(n));
        if p.stock().is_empty() && p.waste().is_empty() {
            "No move is left: no card on the table fits anywhere, and the stock and the waste are empty."
        } else if last_pass && p.stock().is_empty() {
            "No move is left: no card on the table or the waste fits anywhere, and the stock's last pass is used up."
        } else if last_pass {
            "No move is left: no card on the table fits anywhere, and none that the stock's last pass can still bring up fits either."
        } else {
            "No move is left: no card on the table or in the stock fits anywhere."
        }
        .to_string()
    }

    fn foundation_caption(_: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        (f < 4).then(|| (Suit::ALL[usize::from(f)], "A", "up"))
    }

    fn score(game: &Game, scoring: Scoring, elapsed_ms: u64) -> Option<i64> {
        let p = game.position();
        Some(match scoring {
            Scoring::Off => return None,
            Scoring::Standard => crate::klondike::score::standard(
                game.rules(),
                game.moves(),
                game.done(),
                p.is_won(),
                elapsed_ms,
            ),
            Scoring::Vegas => crate::klondike::score::vegas(p),
        })
    }

    fn redeal_possible(game: &Game) -> bool {
        let p = game.position();
        let talon = !p.stock().is_empty() || !p.waste().is_empty();
        talon && game.rules().passes.is_none_or(|n| p.pass() < u16::from(n))
    }
}
