//! A Klondike game at the table: places and cards, clicks and lifting, the assistant and
//! hints, in the front end's words.

use super::*;
use crate::patience::score::Scoring;

impl Game {
    fn legal(&self, m: Move) -> bool {
        self.position().check(self.rules(), m).is_ok()
    }
}

impl patience::Table for Klondike {
    fn places(_: &Game) -> Vec<Place> {
        KPlace::all().map(to_neutral).collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let p = game.position();
        match from_neutral(place) {
            None => Vec::new(),
            Some(KPlace::Column(c)) => {
                let down = usize::from(p.face_down(c));
                p.column(c)
                    .iter()
                    .enumerate()
                    .map(|(i, &card)| Slot {
                        card,
                        face_up: i >= down,
                    })
                    .collect()
            }
            Some(KPlace::Stock) => p
                .stock()
                .iter()
                .map(|&card| Slot {
                    card,
                    face_up: false,
                })
                .collect(),
            Some(place) => p
                .cards_at(place)
                .into_iter()
                .map(|card| Slot {
                    card,
                    face_up: true,
                })
                .collect(),
        }
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

    fn place_name(_: &Game, place: Place) -> String {
        from_neutral(place).map(place_words).unwrap_or_default()
    }

    fn lift(game: &Game, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let p = game.position();
        match from_neutral(place).ok_or(None)? {
            KPlace::Stock => Err(None),
            KPlace::Waste => {
                if depth == 0 && !p.waste().is_empty() {
                    Ok(1)
                } else {
                    Err(None)
                }
            }
            KPlace::Foundation(f) => {
                if depth > 0 || p.foundation_len(f) == 0 {
                    Err(None)
                } else if game.rules().foundation_to_column {
                    Ok(1)
                } else {
                    Err(Some(
                        "These rules keep foundation cards where they are.".to_string(),
                    ))
                }
            }
            KPlace::Column(c) => {
                let len = p.column(c).len();
                if depth >= len {
                    return Err(None);
                }
                if len - 1 - depth < usize::from(p.face_down(c)) {
                    return Err(Some(
                        "That card is face down: it turns up when the cards on it move away."
                            .to_string(),
                    ));
                }
                u8::try_from(depth + 1).map_err(|_| None)
            }
        }
    }

    fn finishing_move(game: &Game) -> Option<patience::Move> {
        let p = game.position();
        if !p.stock().is_empty() || !p.waste().is_empty() || (0..7).any(|c| p.face_down(c) > 0) {
            return None;
        }
        (0..7u8)
            .filter_map(|c| {
                let card = *p.column(c).last()?;
                let m = Move::ColumnToFoundation(c, card.suit() as u8);
                game.legal(m).then_some((card.rank(), m))
            })
            .min_by_key(|&(rank, _)| rank)
            .map(|(_, m)| move_to_neutral(m))
    }

    fn hint_from_line(game: &Game, line: &[patience::Move]) -> (String, Vec<Place>) {
        let line: Vec<Move> = line.iter().filter_map(|&m| move_from_neutral(m)).collect();
        hint_from_line(game.position(), game.rules(), &line)
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
