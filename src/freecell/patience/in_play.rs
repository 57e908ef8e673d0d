//! A FreeCell game at the table: places and cards, clicks and lifting, auto-play and hints,
//! in the front end's words.

use super::*;
use crate::freecell::solver;

impl FreeCell {
    /// Playing `m` changes nothing that matters: a whole column into an empty one, or a card
    /// from a free cell to another.
    fn idle(game: &Game, m: Move) -> bool {
        let p = game.position();
        match (m.from, m.to) {
            (FPlace::Cell(_), FPlace::Cell(_)) => true,
            (FPlace::Column(a), FPlace::Column(b)) => {
                p.column_len(b) == 0 && usize::from(m.count) == p.column_len(a)
            }
            _ => false,
        }
    }
}

impl patience::Table for FreeCell {
    fn places(game: &Game) -> Vec<Place> {
        FPlace::all(game.rules().cells).map(to_neutral).collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        from_neutral(place).map_or_else(Vec::new, |p| face_up(game.position().cards_at(p)))
    }

    fn stuck_reason(_: &Game) -> String {
        "No move is left: no card fits on a column or its foundation, and every free cell is taken."
            .to_string()
    }

    fn foundation_caption(_: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        caption(f)
    }

    fn place_name(_: &Game, place: Place) -> String {
        from_neutral(place).map(place_words).unwrap_or_default()
    }

    /// As Microsoft's FreeCell: a double-click puts a column's top card in a free cell. The
    /// first click sent it to a column already: that move is taken back for this one. A card
    /// the first click sent home or to a free cell stays there.
    fn second_click(game: &Game, place: Place) -> SecondClick {
        let Some(from @ FPlace::Column(_)) = from_neutral(place) else {
            return SecondClick::Nothing;
        };
        let p = game.position();
        let free = (0..game.rules().cells).find(|&k| p.cell(k).is_none());
        match game.moves().last() {
            Some(m) if m.from == from && m.count == 1 && matches!(m.to, FPlace::Column(_)) => free
                .map_or(SecondClick::Nothing, |k| {
                    SecondClick::Instead(move_to_neutral(Move::one(from, FPlace::Cell(k))))
                }),
            Some(m) if m.from == from => SecondClick::Nothing,
            _ => SecondClick::Again,
        }
    }

    fn lift(game: &Game, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let p = game.position();
        match from_neutral(place).ok_or(None)? {
            FPlace::Cell(k) => {
                if depth == 0 && p.cell(k).is_some() {
                    Ok(1)
                } else {
                    Err(None)
                }
            }
            FPlace::Foundation(f) => {
                if depth > 0 || p.home(f) == 0 {
                    Err(None)
                } else if game.rules().foundation_back {
                    Ok(1)
                } else {
                    Err(Some(super::super::Illegal::HomeStaysHome.to_string()))
                }
            }
            FPlace::Column(c) => {
                if depth >= p.column_len(c) {
                    Err(None)
                } else if !p.is_run(game.rules(), c, depth + 1) {
                    Err(Some(super::super::Illegal::NotASequence.to_string()))
                } else {
                    u8::try_from(depth + 1).map_err(|_| None)
                }
            }
        }
    }

    /// A card no other card can use any more goes home (see `solver::safe`: where cards may come
    /// back, only once every lower card is home).
    fn finishing_move(game: &Game) -> Option<patience::Move> {
        solver::safe_home(game.position(), game.rules()).map(move_to_neutral)
    }

    /// Home first, then the move the solver would try first.
    fn rules_hint(game: &Game) -> Option<patience::Move> {
        solver::ordered_moves(game.position(), game.rules())
            .into_iter()
            .find(|&m| !Self::idle(game, m))
            .map(move_to_neutral)
    }

    fn hint_from_line(game: &Game, line: &[patience::Move]) -> (String, Vec<Place>) {
        let line: Vec<Move> = line.iter().filter_map(|&m| move_from_neutral(m)).collect();
        hint_from_line(game.position(), &line)
    }
}
