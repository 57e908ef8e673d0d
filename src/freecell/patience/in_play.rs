//! A FreeCell game at the table: places and cards, clicks and lifting, auto-play and hints,
//! in the front end's words.

use super::*;
use crate::freecell::solver;
use crate::patience::Rules as _;

impl patience::Table for FreeCell {
    fn places(game: &Game) -> Vec<Place> {
        FPlace::all(game.rules().cells).map(to_neutral).collect()
    }

    /// Every card face up.
    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let cards = from_neutral(place).map(|p| game.position().cards_at(p));
        let slot = |card| Slot {
            card,
            face_up: true,
        };
        cards.unwrap_or_default().into_iter().map(slot).collect()
    }

    fn stuck_reason(_: &Game) -> String {
        "No move is left: no card fits on a column or its foundation, and every free cell is taken."
            .to_string()
    }

    fn foundation_caption(_: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        (f < 4).then(|| (Suit::ALL[usize::from(f)], "A", "up"))
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
                    SecondClick::Instead(Self::to_neutral(Move::one(from, FPlace::Cell(k))))
                }),
            Some(m) if m.from == from => SecondClick::Nothing,
            _ => SecondClick::Again,
        }
    }

    /// A card no other card can use any more goes home (see `solver::safe`: where cards may come
    /// back, only once every lower card is home).
    fn finishing_move(game: &Game) -> Option<patience::Move> {
        solver::safe_home(game.position(), game.rules()).map(Self::to_neutral)
    }

    /// Home first, then the move the solver would try first.
    fn rules_hint(game: &Game) -> Option<patience::Move> {
        solver::ordered_moves(game.position(), game.rules())
            .into_iter()
            .map(Self::to_neutral)
            .find(|&m| !patience::table::idle::<Self>(game, m))
    }
}
