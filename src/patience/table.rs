//! How the table of a game in play reads to the front end ([`Table`]): each patience's own
//! answers, over its game (`Played` over its [`super::Rules`]). It stands above both the rules
//! and the game written once over them (`played`), so that the rules need not know the game.

use super::played::Played;
use super::rules::CommandLine;
use super::{Move, Place, SecondClick, Slot};
use crate::cards::{Card, Suit};

/// A game of this patience: the generic game over its rules.
pub type GameOf<R> = Played<R>;

/// How the table of a game in play reads to the front end, and what a click, a lift or the
/// assistant may do there (see `patience::Game` for each). A patience writes what only its
/// rules can say: its places and their cards, what a hand may lift, the words, its hints.
/// The rest has a default here, derived from the rules' legal moves, written once; a patience
/// overrides one only where its rules differ, saying why.
pub trait Table: CommandLine {
    fn places(game: &GameOf<Self>) -> Vec<Place>;
    /// The patience a game is of: this one, but where one `Rules` plays many patiences (the
    /// files' engine), the game's own.
    fn patience(game: &GameOf<Self>) -> &'static dyn super::Patience
    where
        Self: super::Patience,
    {
        let _ = game;
        Self::this()
    }
    /// The cards of a place, bottom first.
    fn cards(game: &GameOf<Self>, place: Place) -> Vec<Slot>;
    fn stuck_reason(game: &GameOf<Self>) -> String;

    /// A place in a player's words: "the stock", "foundation f0", "column c3", "free cell r2".
    fn place_name(game: &GameOf<Self>, place: Place) -> String {
        let _ = game;
        place_words(place)
    }

    /// What a hand may lift `depth` cards below the top of `place`: that card and those on
    /// it, all face up, where the rules would move as many from there to some place, or refuse
    /// them only for where they would go. A refusal of the cards themselves, wherever they go
    /// ([`super::Rules::keeps_in_place`]), is said; so is a face-down card in a column.
    fn lift(game: &GameOf<Self>, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let cards = Self::cards(game, place);
        let count = u8::try_from(depth + 1).map_err(|_| None)?;
        let first = cards.len().checked_sub(depth + 1).ok_or(None)?;
        if cards[first..].iter().any(|s| !s.face_up) {
            let column = matches!(place, Place::Column(_));
            return Err(column.then(|| {
                "that card is face down: it turns up when the cards on it move away".into()
            }));
        }
        let mut why = None;
        for to in Self::places(game).into_iter().filter(|&to| to != place) {
            let Some(m) = Self::from_neutral(Move::new(place, to, count))
                .filter(|&m| Self::to_neutral(m).count == count)
            else {
                continue;
            };
            let mut p = *game.position();
            match Self::apply(game.rules(), &mut p, m) {
                Err(e) if Self::keeps_in_place(&e) => why = Some(e.to_string()),
                _ => return Ok(count),
            }
        }
        Err(why)
    }

    /// A card that goes home by itself: only where every card is face up and cards going home
    /// one after another (the lowest first, then the first in the table's order) win the game
    /// from here, so that a win is never lost by it, nor a face-down card told of.
    fn finishing_move(game: &GameOf<Self>) -> Option<Move> {
        let order = Self::places(game);
        let seen = |p: &Place| Self::cards(game, *p).iter().all(|s| s.face_up);
        if !order.iter().all(seen) {
            return None;
        }
        let home = |g: &GameOf<Self>| {
            let at = |p: Place| order.iter().position(|&q| q == p);
            Self::moves(g)
                .into_iter()
                .filter(|m| m.count == 1 && m.to_foundation())
                .filter(|m| !matches!(m.from, Place::Foundation(_)))
                .min_by_key(|&m| (Self::moving_card(g, m).map(Card::rank), at(m.from)))
        };
        let first = home(game)?;
        let mut ahead = game.ahead();
        let mut next = Some(first);
        while let Some(m) = next {
            ahead.play(Self::from_neutral(m)?).ok()?;
            next = home(&ahead);
        }
        Self::is_won(ahead.rules(), ahead.position()).then_some(first)
    }

    /// The hint for a winnable position from the solver's line: its first move in words, and
    /// the places to light; where the line turns the stock first, the card it turns for and
    /// how far off that card is.
    fn hint_from_line(game: &GameOf<Self>, line: &[Move]) -> (String, Vec<Place>) {
        let Some(&first) = line.first() else {
            return ("The game is won.".into(), Vec::new());
        };
        let talon = |m: &&Move| m.is_turn() || m.is_redeal();
        if !talon(&&first) {
            let card = Self::moving_card(game, first).map(Card::name);
            let with = if first.count > 1 {
                " and the cards on it"
            } else {
                ""
            };
            let words = format!(
                "Hint: {}{with} from {} to {}.",
                card.unwrap_or_default(),
                Self::place_name(game, first.from),
                Self::place_name(game, first.to)
            );
            return (words, vec![first.from, first.to]);
        }
        // The turns played on a copy: whether each took one card, and the card after them.
        let turns = line.iter().take_while(talon).count();
        let over = line[..turns].iter().any(Move::is_redeal);
        let mut ahead = game.ahead();
        let mut singly = true;
        for &m in &line[..turns] {
            let before = Self::cards(&ahead, Place::Stock).len();
            if Self::from_neutral(m).is_none_or(|m| ahead.play(m).is_err()) {
                break;
            }
            singly &= m.is_redeal() || Self::cards(&ahead, Place::Stock).len() + 1 == before;
        }
        let card = line.get(turns).and_then(|&m| Self::moving_card(&ahead, m));
        let words = match (card.map(Card::name), over) {
            (None, true) if turns == 1 => "Hint: turn the waste over.".to_string(),
            (None, _) => "Hint: turn the stock.".to_string(),
            (Some(card), false) if turns == 1 => format!("Turn the stock: {card} is next."),
            (Some(card), false) if singly => {
                format!("Turn the stock: {card} is {turns} cards down.")
            }
            (Some(card), false) => format!("Turn the stock: {card} comes up in {turns} turns."),
            (Some(card), true) if turns == 1 => {
                format!("Turn the waste over: {card} is then on top of the stock.")
            }
            (Some(card), true) => {
                format!("Turn the stock, and the waste over: {card} comes up in {turns} turns.")
            }
        };
        (words, vec![Place::Stock])
    }

    /// The legal moves in the front end's words.
    fn moves(game: &GameOf<Self>) -> Vec<Move> {
        Self::legal_moves(game.rules(), game.position())
            .into_iter()
            .map(Self::to_neutral)
            .collect()
    }

    /// The rules' own hint, for positions the solver does not decide: a card home; else a
    /// move that lets a face-down card turn up; else the waste's card somewhere; else a turn
    /// of the stock, or turning the waste over.
    fn rules_hint(game: &GameOf<Self>) -> Option<Move> {
        let moves = Self::moves(game);
        let turns_up = |m: &Move| {
            let cards = Self::cards(game, m.from);
            let under = cards.len().checked_sub(usize::from(m.count) + 1);
            m.count > 0 && under.is_some_and(|i| !cards[i].face_up)
        };
        let first = |wanted: &dyn Fn(&Move) -> bool| moves.iter().copied().find(|m| wanted(m));
        first(&|m| m.to_foundation())
            .or_else(|| first(&turns_up))
            .or_else(|| first(&|m| m.from == Place::Waste && m.count > 0))
            .or_else(|| first(&|m| m.is_turn()))
            .or_else(|| first(&|m| m.is_redeal()))
    }

    /// A stage within the game, if the patience has them.
    fn stage(game: &GameOf<Self>) -> Option<&'static str> {
        let _ = game;
        None
    }

    /// What an empty foundation shows, if anything.
    fn foundation_caption(
        game: &GameOf<Self>,
        f: u8,
    ) -> Option<(Suit, &'static str, &'static str)> {
        let _ = (game, f);
        None
    }

    /// A click on the card `depth` from the top: a turn of the stock (or turning the waste
    /// over) on the stock; else home if the top card can go, then onto a place with cards, an
    /// empty place, a cell (one card), the first of each in the table's order. Never a move
    /// that changes nothing (a whole pile into an empty one of its kind, a cell's card to
    /// another), nor a foundation's card taken back.
    fn best_move(game: &GameOf<Self>, place: Place, depth: usize) -> Option<Move> {
        if matches!(place, Place::Foundation(_)) {
            return None;
        }
        let moves = Self::moves(game);
        let talon = |m: &&Move| m.is_turn() || m.is_redeal();
        if place == Place::Stock
            && let Some(&m) = moves.iter().find(talon)
        {
            return (depth == 0).then_some(m);
        }
        // Else a stock's card is played as any other, where its top card plays (Sly Fox's
        // open stock; `lift` refuses the others).
        let count = Self::lift(game, place, depth).ok()?;
        if depth == 0
            && let Some(home) = Self::home_move(game, place)
        {
            return Some(home);
        }
        let order = Self::places(game);
        let len = |p: Place| Self::cards(game, p).len();
        let rank = |m: &Move| {
            let empty = len(m.to) == 0;
            let class = match m.to {
                Place::Cell(_) => 2,
                _ if empty => 1,
                _ => 0,
            };
            (class, order.iter().position(|&p| p == m.to))
        };
        moves
            .into_iter()
            .filter(|m| m.from == place && m.count == count && !m.to_foundation())
            .filter(|m| !matches!(m.to, Place::Cell(_)) || count == 1)
            .filter(|&m| !idle::<Self>(game, m))
            .min_by_key(rank)
    }

    /// The legal move of the top card of `place` to a foundation, the first foundation first.
    fn home_move(game: &GameOf<Self>, place: Place) -> Option<Move> {
        Self::moves(game)
            .into_iter()
            .filter(|m| m.from == place && m.count == 1 && m.to_foundation())
            .min_by_key(|m| m.to)
    }

    /// A double-click's second click: by default, a click like any other.
    fn second_click(game: &GameOf<Self>, place: Place) -> SecondClick {
        let _ = (game, place);
        SecondClick::Again
    }

    /// A click picks the top card of `place` up for a second click to pair: never, by default.
    fn click_picks(game: &GameOf<Self>, place: Place) -> bool {
        let _ = (game, place);
        false
    }

    /// The places `count` cards from `from` may go now, in the table's order.
    fn destinations(game: &GameOf<Self>, from: Place, count: u8) -> Vec<Place> {
        legal_destinations::<Self>(game, from, count)
    }

    /// The notation's move of `count` cards between two places, legality aside. A move that
    /// says no count (turning the talon) answers any.
    fn between(game: &GameOf<Self>, from: Place, to: Place, count: u8) -> Option<Move> {
        let _ = game;
        notation_between::<Self>(from, to, count)
    }

    /// The card a move takes hold of: the bottom one of those that move (a turn: the stock's
    /// top card; turning the waste over: none).
    fn moving_card(game: &GameOf<Self>, m: Move) -> Option<Card> {
        if m.count == 0 && !m.is_turn() {
            return None;
        }
        let cards = Self::cards(game, m.from);
        let n = usize::from(m.count.max(1));
        cards.len().checked_sub(n).map(|i| cards[i].card)
    }

    /// The assistant's turn of the stock when the waste is empty and the stock is not.
    fn turn_for_empty_waste(game: &GameOf<Self>) -> Option<Move> {
        // The assistant asks in every frame it runs: the legal moves only where a turn could
        // be among them.
        if !Self::cards(game, Place::Waste).is_empty() || Self::cards(game, Place::Stock).is_empty()
        {
            return None;
        }
        Self::moves(game).into_iter().find(|m| m.is_turn())
    }

    /// Right-click and double-click open the inspector on a squared pile, whose cards the
    /// table does not show.
    fn inspects(game: &GameOf<Self>, place: Place) -> bool {
        let _ = game;
        matches!(place, Place::Pile(_))
    }

    /// The waste can be turned over now or later: none by default.
    fn redeal_possible(game: &GameOf<Self>) -> bool {
        let _ = game;
        false
    }

    /// The game's score under this scoring after `elapsed_ms` of play (Vegas: what this game
    /// has won or lost so far), for a patience that keeps scores; none by default.
    fn score(game: &GameOf<Self>, scoring: super::score::Scoring, elapsed_ms: u64) -> Option<i64> {
        let _ = (game, scoring, elapsed_ms);
        None
    }
}

/// A place in the interface's own words (the default of [`Table::place_name`], for an
/// override to fall back on).
pub fn place_words(place: Place) -> String {
    match place {
        Place::Stock => "the stock".into(),
        Place::Waste => "the waste".into(),
        Place::Foundation(f) => format!("foundation f{f}"),
        Place::Cell(k) => format!("free cell r{k}"),
        Place::Pile(k) => format!("pile p{k}"),
        Place::Column(c) => format!("column c{c}"),
    }
}

/// The places the legal moves take `count` cards from `from` to, in the table's order (the
/// default of [`Table::destinations`], for an override to fall back on).
pub fn legal_destinations<T: Table>(game: &GameOf<T>, from: Place, count: u8) -> Vec<Place> {
    let moves = T::moves(game);
    T::places(game)
        .into_iter()
        .filter(|&to| {
            moves
                .iter()
                .any(|m| (m.from, m.to, m.count) == (from, to, count))
        })
        .collect()
}

/// The notation's move of `count` cards between two places (the default of
/// [`Table::between`], for an override to fall back on).
pub fn notation_between<T: Table>(from: Place, to: Place, count: u8) -> Option<Move> {
    let m = T::to_neutral(T::from_neutral(Move::new(from, to, count))?);
    (count == 0 || m.count == 0 || m.count == count).then_some(m)
}

/// Playing `m` changes nothing that matters: a whole pile into an empty one of its kind, or a
/// cell's card into another cell.
pub fn idle<T: Table>(game: &GameOf<T>, m: Move) -> bool {
    let len = |p: Place| T::cards(game, p).len();
    let same_kind = std::mem::discriminant(&m.from) == std::mem::discriminant(&m.to);
    same_kind && len(m.to) == 0 && usize::from(m.count) == len(m.from)
}
